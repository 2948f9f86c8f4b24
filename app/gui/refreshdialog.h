#pragma once

#include <QDialog>
#include <QPointer>

#include <atomic>
#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace gpuplan::gui {

class AppContext;

/// Catalog → Refresh Prices…: fetches one source's public price API (providers::fetch::updateCatalog) on a worker
/// thread with its own store connection, shows progress, can be cancelled, and reports what changed. Nothing is
/// fetched unless the user presses Refresh; a failure leaves the active catalog exactly as it was.
class RefreshDialog : public QDialog
{
    Q_OBJECT
public:
    explicit RefreshDialog(AppContext* context, QWidget* parent = nullptr);
    ~RefreshDialog() override;

    /// For tests: the source and endpoint fields.
    void setSource(const QString& source, const QString& endpoint);
    /// Starts the refresh (as the Refresh button does).
    void start();
    bool running() const { return m_running; }
    QString resultText() const;

Q_SIGNALS:
    /// The refresh ended; ok = a new snapshot was stored (or the source was unchanged).
    void finished(bool ok, const QString& summary);

protected:
    void reject() override;
    void changeEvent(QEvent* event) override;

private:
    void retranslate();
    void run(const QString& gcpKey);
    void progress(const QString& line, double fraction);
    void finish(bool ok, const QString& summary);

    AppContext* m_context;
    QComboBox* m_source;
    QLineEdit* m_endpoint;
    QLineEdit* m_regions;
    QProgressBar* m_bar;
    QLabel* m_status;
    QPlainTextEdit* m_log;
    QPushButton* m_start;
    QPushButton* m_cancel;
    QLabel* m_sourceLabel;
    QLabel* m_endpointLabel;
    QLabel* m_regionsLabel;
    std::shared_ptr<std::atomic<bool>> m_cancelFlag;
    bool m_running = false;
};

} // namespace gpuplan::gui
