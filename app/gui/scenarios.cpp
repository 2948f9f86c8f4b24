#include "scenarios.h"

#include "errortext.h"
#include "format.h"

#include "providers/store.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QJsonDocument>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace gpuplan::gui {

// ---- ScenarioListModel -----------------------------------------------------------------------------------------

ScenarioListModel::ScenarioListModel(providers::Store* store, QObject* parent)
    : QAbstractListModel(parent)
    , m_store(store)
{
    refresh();
}

void ScenarioListModel::refresh()
{
    beginResetModel();
    m_rows.clear();
    if (m_store)
        if (auto list = m_store->scenarios())
            for (const auto& s : *list)
                if (s.name != autosaveScenarioName)
                    m_rows.push_back({s.id, QString::fromStdString(s.name), QString::fromStdString(s.updatedAt),
                        QString::fromStdString(s.workloadJson)});
    endResetModel();
}

int ScenarioListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

QVariant ScenarioListModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
        return r.name;
    case Qt::ToolTipRole: {
        const QDateTime t = QDateTime::fromString(r.updated, Qt::ISODate);
        return tr("Saved %1").arg(t.isValid() ? QLocale().toString(t.toLocalTime(), QLocale::ShortFormat) : r.updated);
    }
    case IdRole:
        return r.id;
    case UpdatedRole:
        return r.updated;
    case WorkloadRole:
        return r.workload;
    default:
        return {};
    }
}

int ScenarioListModel::rowOf(long long id) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id)
            return static_cast<int>(i);
    return -1;
}

// ---- ScenarioDialog ----------------------------------------------------------------------------------------------

ScenarioDialog::ScenarioDialog(providers::Store* store, long long currentId, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
{
    setWindowTitle(tr("Scenarios"));
    setObjectName(QStringLiteral("scenarioDialog"));
    auto* v = new QVBoxLayout(this);
    auto* hint = new QLabel(
        tr("Scenarios are kept in %1").arg(store ? QString::fromStdString(store->path().string()) : QString()));
    hint->setWordWrap(true);
    hint->setTextInteractionFlags(Qt::TextSelectableByMouse);
    v->addWidget(hint);
    auto* h = new QHBoxLayout;
    m_model = new ScenarioListModel(store, this);
    m_view = new QListView;
    m_view->setModel(m_model);
    m_view->setAccessibleName(tr("Saved scenarios"));
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    h->addWidget(m_view, 1);
    auto* buttons = new QVBoxLayout;
    m_open = new QPushButton(tr("&Open"));
    m_duplicate = new QPushButton(tr("D&uplicate"));
    m_rename = new QPushButton(tr("&Rename…"));
    m_delete = new QPushButton(tr("&Delete…"));
    for (auto* b : {m_open, m_duplicate, m_rename, m_delete})
        buttons->addWidget(b);
    buttons->addStretch();
    h->addLayout(buttons);
    v->addLayout(h, 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
    v->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_open->setDefault(true);
    resize(520, 360);

    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, &ScenarioDialog::updateButtons);
    connect(m_model, &QAbstractItemModel::modelReset, this, &ScenarioDialog::updateButtons);
    connect(m_view, &QListView::activated, this, [this] { m_open->click(); });
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (const long long id = selectedId(); id > 0) {
            Q_EMIT openRequested(id);
            accept();
        }
    });
    connect(m_duplicate, &QPushButton::clicked, this, [this] {
        QString error;
        if (auto id = duplicate(m_store, selectedId(), &error)) {
            m_model->refresh();
            m_view->setCurrentIndex(m_model->index(m_model->rowOf(*id)));
        } else {
            showError(error);
        }
    });
    connect(m_rename, &QPushButton::clicked, this, [this] {
        const long long id = selectedId();
        const QModelIndex idx = m_view->currentIndex();
        bool ok = false;
        const QString name = QInputDialog::getText(
            this, tr("Rename scenario"), tr("Name:"), QLineEdit::Normal, idx.data().toString(), &ok)
                                 .trimmed();
        if (!ok || name.isEmpty())
            return;
        if (auto st = m_store->renameScenario(id, name.toStdString()); !st) {
            showError(ErrorText::describe(st.error()));
            return;
        }
        m_model->refresh();
        m_view->setCurrentIndex(m_model->index(m_model->rowOf(id)));
        Q_EMIT renamed(id, name);
    });
    connect(m_delete, &QPushButton::clicked, this, [this] {
        const long long id = selectedId();
        const QString name = m_view->currentIndex().data().toString();
        if (QMessageBox::question(this, tr("Delete scenario"), tr("Delete “%1”? This cannot be undone.").arg(name))
            != QMessageBox::Yes)
            return;
        if (auto st = m_store->deleteScenario(id); !st) {
            showError(ErrorText::describe(st.error()));
            return;
        }
        m_model->refresh();
        Q_EMIT deleted(id);
    });
    const int row = m_model->rowOf(currentId);
    m_view->setCurrentIndex(m_model->index(row >= 0 ? row : 0));
    updateButtons();
}

long long ScenarioDialog::selectedId() const
{
    const QModelIndex i = m_view->currentIndex();
    return i.isValid() ? i.data(ScenarioListModel::IdRole).toLongLong() : 0;
}

void ScenarioDialog::updateButtons()
{
    const bool any = m_view->currentIndex().isValid();
    for (auto* b : {m_open, m_duplicate, m_rename, m_delete})
        b->setEnabled(any);
}

void ScenarioDialog::showError(const QString& text)
{
    QMessageBox::warning(this, tr("Scenarios"), text);
}

std::optional<long long> ScenarioDialog::duplicate(providers::Store* store, long long id, QString* error)
{
    auto s = store ? store->scenario(id)
                   : core::Result<providers::Store::Scenario>(core::Error {core::ErrorCode::Io, "no store"});
    if (!s) {
        if (error)
            *error = ErrorText::describe(s.error());
        return std::nullopt;
    }
    const std::string name = tr("%1 (copy)").arg(QString::fromStdString(s->name)).toStdString();
    auto newId = store->saveScenario(name, s->workloadJson);
    if (!newId) {
        if (error)
            *error = ErrorText::describe(newId.error());
        return std::nullopt;
    }
    return *newId;
}

// ---- Autosave --------------------------------------------------------------------------------------------------

namespace {

/// Without a store the autosave is a file next to where the store would be, replaced atomically (QSaveFile).
QString fallbackPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QDir().mkpath(dir);
    return dir + QStringLiteral("/autosave.json");
}

} // namespace

/// The autosave's store connection, used only on the autosave thread.
class AutosaveWriter : public QObject
{
public:
    explicit AutosaveWriter(std::filesystem::path db)
        : m_path(std::move(db))
    { }
    struct Outcome
    {
        bool ok = false;
        bool busy = false; ///< another connection held the write lock past the wait
        QString error;
    };
    Outcome write(const std::string& text, int busyMs)
    {
        if (!m_store) {
            auto s = providers::Store::open(m_path);
            if (!s)
                return {false, false, ErrorText::describe(s.error())};
            m_store = std::move(*s);
        }
        m_store->setBusyTimeout(busyMs);
        auto id = m_store->replaceScenarioNamed(autosaveScenarioName, text);
        if (!id)
            return {false, id.error().detail.find("locked") != std::string::npos, ErrorText::describe(id.error())};
        return {true, false, {}};
    }

private:
    std::filesystem::path m_path;
    std::unique_ptr<providers::Store> m_store;
};

namespace {
constexpr int backgroundBusyMs = 250; ///< a save in the background waits this long for another writer's lock
constexpr int retryMs = 1000;         ///< then tries again this much later
constexpr int closingBusyMs = 2000;   ///< the last save (flush, on quit) waits longer
} // namespace

Autosave::Autosave(providers::Store* store, QObject* parent)
    : QObject(parent)
    , m_store(store)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(300);
    connect(&m_timer, &QTimer::timeout, this, &Autosave::write);
    if (m_store) {
        m_writer = new AutosaveWriter(m_store->path());
        m_writer->moveToThread(&m_thread);
        connect(&m_thread, &QThread::finished, m_writer, &QObject::deleteLater);
        m_thread.setObjectName(QStringLiteral("gpuplan-autosave"));
        m_thread.start();
    }
}

Autosave::~Autosave()
{
    flush();
    m_thread.quit();
    m_thread.wait();
}

void Autosave::schedule(const QJsonObject& doc)
{
    m_pending = QJsonDocument(doc).toJson(QJsonDocument::Compact);
    m_timer.start();
}

void Autosave::flush()
{
    m_timer.stop();
    if (!m_pending)
        return;
    const QByteArray text = *m_pending;
    m_pending.reset();
    if (!m_writer) {
        QSaveFile f(fallbackPath());
        if (!f.open(QIODevice::WriteOnly) || f.write(text) != text.size() || !f.commit()) {
            Q_EMIT failed(tr("%1: cannot write the autosave: %2").arg(f.fileName(), f.errorString()));
            return;
        }
        finished(true, false, {}, text);
        return;
    }
    // Waits for the autosave thread (after any save in flight there): the document is in the store on return.
    AutosaveWriter::Outcome r;
    QMetaObject::invokeMethod(
        m_writer, [&] { r = m_writer->write(text.toStdString(), closingBusyMs); }, Qt::BlockingQueuedConnection);
    finished(r.ok, false, r.error, text); // no retry: the caller wants it written now, or to hear why not
}

void Autosave::write()
{
    if (!m_pending)
        return;
    if (!m_writer) {
        flush();
        return;
    }
    if (m_inFlight) { // the newest document goes when this save is done
        m_timer.start();
        return;
    }
    const QByteArray text = *m_pending;
    m_pending.reset();
    m_inFlight = true;
    QMetaObject::invokeMethod(
        m_writer,
        [this, writer = m_writer, text] {
            const auto r = writer->write(text.toStdString(), backgroundBusyMs);
            QMetaObject::invokeMethod(
                this, [this, r, text] { finished(r.ok, r.busy, r.error, text); }, Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void Autosave::finished(bool ok, bool busy, const QString& error, const QByteArray& text)
{
    m_inFlight = false;
    if (ok) {
        ++m_saves;
        Q_EMIT saved();
    } else if (busy) {
        if (!m_pending) // nothing newer: try this one again
            m_pending = text;
        m_timer.start(retryMs);
        return;
    } else {
        Q_EMIT failed(error);
    }
    if (m_pending && !m_timer.isActive())
        m_timer.start();
}

std::optional<QJsonObject> Autosave::load() const
{
    QByteArray text;
    if (m_store) {
        auto list = m_store->scenarios();
        if (!list)
            return std::nullopt;
        auto it
            = std::find_if(list->begin(), list->end(), [](const auto& s) { return s.name == autosaveScenarioName; });
        if (it == list->end())
            return std::nullopt;
        text = QByteArray::fromStdString(it->workloadJson);
    } else {
        QFile f(fallbackPath());
        if (!f.open(QIODevice::ReadOnly))
            return std::nullopt;
        text = f.readAll();
    }
    const QJsonDocument doc = QJsonDocument::fromJson(text);
    if (!doc.isObject())
        return std::nullopt;
    return doc.object();
}

} // namespace gpuplan::gui
