#include "planengine.h"

#include <QtConcurrent/QtConcurrentRun>

#include <chrono>

namespace gpuplan::gui {

std::shared_ptr<PlanResult> computePlan(const std::shared_ptr<const CatalogData>& data, const core::Workload& w,
    const QString& currency, const core::CancelFlag* cancel)
{
    const auto t0 = std::chrono::steady_clock::now();
    auto r = std::make_shared<PlanResult>();
    r->data = data;
    r->workload = w;
    r->inputs = data->inputs;
    r->inputs.currency = currency.toStdString();
    auto planned = core::planWorkload(w, r->inputs, cancel);
    if (planned) {
        r->plan = std::move(*planned);
        r->priced = r->plan.priced;
        r->currency = QString::fromStdString(r->plan.currency);
    } else {
        r->error = planned.error();
        r->currency = currency;
    }
    r->computeMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

LivePlanner::LivePlanner(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const gpuplan::gui::PlanResult>>();
    m_debounce.setSingleShot(true);
    m_debounce.setInterval(150);
    connect(&m_debounce, &QTimer::timeout, this, &LivePlanner::startPending);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &LivePlanner::onFinished);
}

LivePlanner::~LivePlanner()
{
    waitForIdle();
}

void LivePlanner::setData(std::shared_ptr<const CatalogData> catalog)
{
    m_data = std::move(catalog);
    if (m_last && !m_pending)
        request(*m_last);
}

void LivePlanner::setCurrency(const QString& currency)
{
    if (currency == m_currency)
        return;
    m_currency = currency;
    if (m_last && !m_pending)
        request(*m_last);
}

void LivePlanner::request(const core::Workload& w)
{
    m_pending = w;
    m_last = w;
    m_pendingGeneration = ++m_generation;
    setBusy(true);
    m_debounce.start();
}

void LivePlanner::invalidate()
{
    ++m_generation;
    m_pending.reset();
    m_debounce.stop();
    setBusy(m_running);
}

void LivePlanner::flush()
{
    if (m_pending) {
        m_debounce.stop();
        startPending();
    }
}

void LivePlanner::startPending()
{
    if (!m_pending || !m_data)
        return;
    if (m_running)
        return; // onFinished starts the newest pending edit
    core::Workload w = std::move(*m_pending);
    m_pending.reset();
    const quint64 gen = m_pendingGeneration;
    auto data = m_data;
    const QString currency = m_currency;
    m_running = true;
    m_watcher.setFuture(QtConcurrent::run([data, w = std::move(w), currency, gen]() {
        auto r = computePlan(data, w, currency);
        r->generation = gen;
        return r;
    }));
    Q_EMIT started(gen);
}

void LivePlanner::onFinished()
{
    m_running = false;
    std::shared_ptr<PlanResult> r = m_watcher.future().result();
    if (r && r->generation == m_generation) {
        m_current = r;
        setBusy(false);
        Q_EMIT planReady(m_current);
    }
    // A newer edit arrived while this one ran: plan it now if its debounce already elapsed.
    if (m_pending && !m_debounce.isActive())
        startPending();
    setBusy(m_pending.has_value() || m_running);
}

void LivePlanner::waitForIdle()
{
    m_debounce.stop();
    m_watcher.waitForFinished();
}

void LivePlanner::setBusy(bool busy)
{
    if (busy == m_busySignalled)
        return;
    m_busySignalled = busy;
    Q_EMIT busyChanged(busy);
}

} // namespace gpuplan::gui
