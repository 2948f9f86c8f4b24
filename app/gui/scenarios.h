#pragma once
// Scenarios in the SQLite store: a list model, the Open dialog (open, duplicate, rename, delete) and the
// autosave that keeps what is typed across crashes.

#include <QAbstractListModel>
#include <QDialog>
#include <QJsonObject>
#include <QString>
#include <QThread>
#include <QTimer>

#include <optional>
#include <string>
#include <vector>

class QListView;
class QPushButton;

namespace gpuplan::providers {
class Store;
}

namespace gpuplan::gui {

/// The name of the scenario that holds the autosave; hidden from the scenario list.
inline const char* const autosaveScenarioName = "gpuplan:autosave";

class ScenarioListModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role { IdRole = Qt::UserRole, UpdatedRole, WorkloadRole };
    explicit ScenarioListModel(providers::Store* store, QObject* parent = nullptr);

    /// Reads the store again (a model reset).
    void refresh();
    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    /// The row of scenario `id`, or -1.
    int rowOf(long long id) const;

private:
    struct Row
    {
        long long id;
        QString name;
        QString updated;
        QString workload;
    };
    providers::Store* m_store;
    std::vector<Row> m_rows;
};

class ScenarioDialog : public QDialog
{
    Q_OBJECT
public:
    ScenarioDialog(providers::Store* store, long long currentId, QWidget* parent = nullptr);
    ScenarioListModel* model() const { return m_model; }
    QListView* view() const { return m_view; }

    /// Duplicates `id` as "<name> (copy)"; returns the new id.
    static std::optional<long long> duplicate(providers::Store* store, long long id, QString* error);

Q_SIGNALS:
    void openRequested(long long id);
    /// A scenario was renamed or deleted (the window updates its title or forgets the scenario).
    void renamed(long long id, const QString& name);
    void deleted(long long id);

private:
    long long selectedId() const;
    void updateButtons();
    void showError(const QString& text);

    providers::Store* m_store;
    ScenarioListModel* m_model;
    QListView* m_view;
    QPushButton* m_open;
    QPushButton* m_duplicate;
    QPushButton* m_rename;
    QPushButton* m_delete;
};

class AutosaveWriter;

/// Saves a document (the form's state and which scenario it belongs to) a short while after each change,
/// into the reserved autosave scenario, so that nothing typed is lost when the app is killed. The store write runs
/// on a thread of its own with its own connection and a short lock wait (250 ms): another process holding the
/// store's write lock (a CLI import) never blocks the window; a save that finds the store locked is retried a
/// second later with the newest document. One row holds the autosave, whoever else writes
/// (Store::replaceScenarioNamed).
class Autosave : public QObject
{
    Q_OBJECT
public:
    explicit Autosave(providers::Store* store, QObject* parent = nullptr);
    ~Autosave() override;

    void setDelay(int ms) { m_timer.setInterval(ms); }
    /// Schedules a save of `doc` after the delay (replacing any pending one).
    void schedule(const QJsonObject& doc);
    /// Saves the pending document now.
    void flush();
    /// The last autosaved document, if any.
    std::optional<QJsonObject> load() const;
    /// How many saves reached the store (tests).
    int saves() const { return m_saves; }

Q_SIGNALS:
    void saved();
    void failed(const QString& message);

private:
    void write();
    /// A background save's result, back on the GUI thread.
    void finished(bool ok, bool busy, const QString& error, const QByteArray& text);

    providers::Store* m_store;
    QTimer m_timer;
    std::optional<QByteArray> m_pending;
    QThread m_thread;
    AutosaveWriter* m_writer = nullptr; ///< lives in m_thread
    bool m_inFlight = false;
    int m_saves = 0;
};

} // namespace gpuplan::gui
