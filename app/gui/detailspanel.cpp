#include "detailspanel.h"

#include "candidatemodel.h"
#include "chartadapters.h"
#include "errortext.h"
#include "format.h"
#include "quiettabs.h"
#include "settings.h"

#include "app/charts/stackedbarchart.h"
#include "app/charts/stepchart.h"
#include "app/report/format.h"
#include "app/report/plan_output.h"
#include "core/serving_calibration.h"

#include <QEvent>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QResizeEvent>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace gpuplan::gui {

namespace {

/// Cells whose text wraps at the column's width, with the height the wrapped lines need (QTreeView sizes rows from
/// the delegate's hint, which by default is one line however narrow the column).
class WrappingDelegate : public QStyledItemDelegate
{
public:
    explicit WrappingDelegate(QTreeView* view)
        : QStyledItemDelegate(view)
        , m_view(view)
    { }

    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QStyleOptionViewItem opt = option;
        initStyleOption(&opt, index);
        int width = m_view->columnWidth(index.column());
        if (index.column() == 0) { // the tree's indentation and branch come off the first column
            int depth = 0;
            for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
                ++depth;
            width -= m_view->indentation() * (depth + (m_view->rootIsDecorated() ? 1 : 0));
        }
        // Items with an icon or a check box are laid out each time.
        if (opt.features & (QStyleOptionViewItem::HasDecoration | QStyleOptionViewItem::HasCheckIndicator))
            return wrappedHint(opt, index, width);
        // A new plan rebuilds the panel with mostly the same texts (every label, most values): a text's size at a
        // width in a font is laid out once, not at each rebuild (the text layout is most of the panel's cost).
        const QString key = opt.font.key() + QLatin1Char('\x1f') + QString::number(width) + QLatin1Char('\x1f')
            + QString::number(int(opt.displayAlignment)) + QLatin1Char('\x1f') + opt.text;
        if (const auto it = m_hints.constFind(key); it != m_hints.cend())
            return *it;
        if (m_hints.size() >= 4096) // a bound, not an eviction policy: one plan's panel shows a few hundred texts
            m_hints.clear();
        return *m_hints.insert(key, wrappedHint(opt, index, width));
    }

    /// Forgets the remembered sizes (the style, the screen or the fonts changed).
    void forget() { m_hints.clear(); }

private:
    QSize wrappedHint(const QStyleOptionViewItem& opt, const QModelIndex& index, int width) const
    {
        QSize hint = QStyledItemDelegate::sizeHint(opt, index);
        if (hint.width() <= width || opt.text.isEmpty())
            return hint; // fits on one line: the usual case, no second layout of the text
        // The style's margins around the text: the hint's width less the text's own width.
        const QFontMetrics fm(opt.font);
        const int margins = hint.width() - fm.horizontalAdvance(opt.text);
        const int textWidth = width - std::max(margins, 0);
        if (textWidth <= 0)
            return hint;
        const QRect r
            = fm.boundingRect(QRect(0, 0, textWidth, 1 << 20), Qt::TextWordWrap | int(opt.displayAlignment), opt.text);
        hint.setHeight(std::max(hint.height(), r.height() + (hint.height() - fm.height())));
        return hint;
    }

    QTreeView* m_view;
    mutable QHash<QString, QSize> m_hints;
};

/// What set a serving operating point or a replica count ("slo_tpot", "minimum+availability") in words.
QString reasons(const std::string& ids)
{
    auto one = [](const QString& id) -> QString {
        if (id == QLatin1String("memory"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "memory");
        if (id == QLatin1String("slo"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "the latency targets");
        if (id == QLatin1String("slo_tpot"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "the TPOT target");
        if (id == QLatin1String("slo_ttft") || id == QLatin1String("ttft"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "the TTFT target");
        if (id == QLatin1String("concurrency"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "the concurrency given");
        if (id == QLatin1String("stability"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "queue stability");
        if (id == QLatin1String("headroom"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "headroom");
        if (id == QLatin1String("availability"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "availability");
        if (id == QLatin1String("minimum"))
            return QCoreApplication::translate("gpuplan::gui::DetailsPanel", "the minimum");
        return id;
    };
    QStringList out;
    for (const QString& id : qs(ids).split(QLatin1Char('+'), Qt::SkipEmptyParts))
        out << one(id);
    return out.join(QStringLiteral(", "));
}

} // namespace

DetailsPanel::DetailsPanel(QWidget* parent)
    : QWidget(parent)
{
    auto* v = new QVBoxLayout(this);
    v->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("detailsTitle"));
    m_title->setWordWrap(true);
    QFont f = m_title->font();
    f.setBold(true);
    m_title->setFont(f);
    v->addWidget(m_title);
    auto* split = new QSplitter(Qt::Vertical);
    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("detailsTree"));
    m_tree->setColumnCount(3);
    m_tree->setRootIsDecorated(true);
    m_tree->setAlternatingRowColors(true);
    // Values wrap onto more lines rather than end in "…" (a range, a calibration source, what limits a fleet):
    // rows take the height their text needs at the column's width, recomputed when a column is resized.
    m_tree->setUniformRowHeights(false);
    m_tree->setWordWrap(true);
    m_tree->setItemDelegate(new WrappingDelegate(m_tree));
    m_tree->header()->setStretchLastSection(true);
    m_tree->header()->setSectionResizeMode(QHeaderView::Interactive);
    m_tree->setTextElideMode(Qt::ElideRight); // only a single word wider than its column
    connect(m_tree->header(), &QHeaderView::sectionResized, m_tree, [this] { m_tree->doItemsLayout(); });
    split->addWidget(m_tree);
    // The selected candidate's charts, one tab each so that each gets the panel's width and height.
    m_charts = new QTabWidget;
    m_charts->setObjectName(QStringLiteral("detailCharts"));
    m_charts->setDocumentMode(true);
    quietLayoutRequests(m_charts);
    m_memory = new charts::StackedBarChartView;
    m_memory->setObjectName(QStringLiteral("memoryChart"));
    m_charts->addTab(m_memory, QString());
    m_cost = new charts::StackedBarChartView;
    m_cost->setObjectName(QStringLiteral("costChart"));
    m_charts->addTab(m_cost, QString());
    // Serving only: demand against capacity over the day or week, and downtime against the budget.
    m_demand = new charts::StepChartView;
    m_demand->setObjectName(QStringLiteral("demandChart"));
    m_charts->addTab(m_demand, QString());
    m_availability = new charts::StackedBarChartView;
    m_availability->setObjectName(QStringLiteral("availabilityChart"));
    m_charts->addTab(m_availability, QString());
    split->addWidget(m_charts);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    v->addWidget(split, 1);
    rebuild();
}

void DetailsPanel::showCandidate(std::shared_ptr<const PlanResult> result, int index)
{
    m_result = std::move(result);
    m_index = index;
    rebuild();
}

void DetailsPanel::setOutOfDate(bool outOfDate)
{
    if (m_outOfDate == outOfDate)
        return;
    m_outOfDate = outOfDate;
    rebuild();
}

QString DetailsPanel::title() const
{
    return m_title->text();
}

void DetailsPanel::refresh()
{
    rebuild();
}

void DetailsPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    // Quantity, value and range share the width 40 : 33 : 27; long texts wrap (WrappingDelegate).
    const int w = m_tree->viewport()->width();
    m_tree->setColumnWidth(0, w * 40 / 100);
    m_tree->setColumnWidth(1, w * 33 / 100);
}

bool DetailsPanel::chartOffered(QWidget* chart) const
{
    const int i = m_charts->indexOf(chart);
    return i >= 0 && m_charts->isTabVisible(i);
}

void DetailsPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::StyleChange || event->type() == QEvent::FontChange
        || event->type() == QEvent::LanguageChange)
        static_cast<WrappingDelegate*>(m_tree->itemDelegate())->forget();
    if (event->type() == QEvent::LanguageChange)
        rebuild();
    QWidget::changeEvent(event);
}

QTreeWidgetItem* DetailsPanel::section(const QString& title, bool expanded)
{
    auto* item = new QTreeWidgetItem(m_tree, {title});
    QFont f = item->font(0);
    f.setBold(true);
    item->setFont(0, f);
    m_spanned.push_back(item); // spanned and expanded once the tree is filled (finishTree)
    if (expanded)
        m_expanded.push_back(item);
    return item;
}

void DetailsPanel::finishTree()
{
    // QTreeView::setFirstColumnSpanned lays out every row there is before it returns, so spanning each row as it was
    // added laid the tree out once per span (with word wrap, a text layout per row each time): the spans and the
    // expanded sections are set here, after the last row, and the tree is laid out once with them.
    for (QTreeWidgetItem* item : std::as_const(m_spanned))
        item->setFirstColumnSpanned(true);
    for (QTreeWidgetItem* item : std::as_const(m_expanded))
        item->setExpanded(true);
    m_spanned.clear();
    m_expanded.clear();
    m_tree->doItemsLayout();
}

void DetailsPanel::row(
    QTreeWidgetItem* parent, const QString& quantity, const QString& value, const QString& range, const QString& tip)
{
    auto* item = new QTreeWidgetItem(parent, {quantity, value, range});
    item->setTextAlignment(1, Qt::AlignRight | Qt::AlignVCenter);
    item->setToolTip(0, tip.isEmpty() ? quantity : tip);
    item->setToolTip(1, tip.isEmpty() ? value : tip);
    if (!range.isEmpty())
        item->setToolTip(2, tr("80 % range: %1").arg(range));
    if (value.isEmpty() && range.isEmpty())
        m_spanned.push_back(item); // a sentence (an assumption, a suggestion)
}

QString DetailsPanel::value(const QString& quantity) const
{
    const auto items = m_tree->findItems(quantity, Qt::MatchExactly | Qt::MatchRecursive, 0);
    return items.isEmpty() ? QString() : items.first()->text(1);
}

void DetailsPanel::rebuild()
{
    // Painted once, filled: not after each of the clear, the rows and the layout.
    m_tree->setUpdatesEnabled(false);
    fill();
    finishTree();
    m_tree->setUpdatesEnabled(true);
    m_tree->setEnabled(!m_outOfDate);
    m_charts->setEnabled(!m_outOfDate);
    if (m_outOfDate)
        m_title->setText(tr("Out of date: fix the input to update the plan. %1").arg(m_title->text()));
}

void DetailsPanel::fill()
{
    m_tree->clear();
    m_tree->setHeaderLabels({tr("Quantity"), tr("Value"), tr("80 % range")});
    m_charts->setTabText(m_charts->indexOf(m_memory), tr("Memory per GPU"));
    m_charts->setTabText(m_charts->indexOf(m_cost), tr("Cost breakdown"));
    m_charts->setTabText(m_charts->indexOf(m_demand), tr("Demand vs capacity"));
    m_charts->setTabText(m_charts->indexOf(m_availability), tr("Availability"));
    const core::Candidate* c = nullptr;
    if (m_result) {
        const auto& cs = m_result->plan.candidates;
        if (m_index >= 0 && m_index < static_cast<int>(cs.size()))
            c = &cs[static_cast<std::size_t>(m_index)];
        else if (m_result->plan.pinned)
            c = &*m_result->plan.pinned;
        else if (!cs.empty())
            c = &cs.front();
    }
    if (!c || !c->gpu) {
        m_title->setText(tr("No candidate selected"));
        m_memory->clear(tr("Select a candidate to see its memory per GPU"));
        m_cost->clear(tr("Select a priced candidate to see its cost breakdown"));
        m_charts->setTabVisible(m_charts->indexOf(m_demand), false);
        m_charts->setTabVisible(m_charts->indexOf(m_availability), false);
        return;
    }
    const bool pinnedShown = m_result->plan.pinned && c == &*m_result->plan.pinned;
    const core::AccuracyReport* acc = m_result->data ? m_result->data->accuracy.get() : nullptr;
    const report::CandidateView view = report::viewCandidate(m_result->workload, *c, acc);
    auto range = [&](const report::Ranged& r, const std::function<QString(double)>& f) {
        return r.hasRange() ? tr("%1 – %2").arg(f(r.low), f(r.high)) : QString();
    };
    const auto* p = c->pricing ? &*c->pricing : nullptr;
    const QString currency = p ? qs(p->currency) : m_result->currency;
    if (p)
        m_title->setText(
            tr("%1 %2 in %3: %4 × %5")
                .arg(qs(p->offering.provider), qs(p->offering.instanceType), qs(p->offering.region), qs(c->gpu->id))
                .arg(c->gpus));
    else
        m_title->setText(
            (pinnedShown ? tr("Pinned deployment: %1 × %2") : tr("%1 × %2")).arg(qs(report::gpuText(*c))).arg(c->gpus));

    auto memorySection = [&](const core::MemoryBreakdown& m) {
        auto* s = section(tr("Memory per GPU"));
        const std::pair<QString, double> parts[]
            = {{tr("Weights"), m.weights}, {tr("Gradients"), m.gradients}, {tr("Optimizer"), m.optimizer},
                {tr("Activations"), m.activations}, {tr("KV cache"), m.kvCache}, {tr("Overhead"), m.overhead}};
        for (const auto& [name, bytes] : parts)
            if (bytes > 0)
                row(s, name, Fmt::gib(bytes));
        row(s, tr("Total"), tr("%1 of %2").arg(Fmt::gib(m.total()), Fmt::gib(c->gpu->memoryBytes)), {},
            tr("GiB = 2^30 bytes; a vendor's \"80 GB\" of HBM is 80 GiB"));
    };
    // Memory that does not hold it, or (memory holding it) what the plan found short: a pinned fleet too small for
    // the traffic says so in the same suggestions.
    auto fitSection = [&](const core::FitReport& fit) {
        if (fit.fits && (c->fits || fit.suggestions.empty()))
            return;
        auto* s = section(fit.fits ? tr("Not feasible") : tr("Does not fit"));
        if (!fit.fits)
            row(s, tr("Needs"), tr("%1 per GPU").arg(Fmt::gib(fit.requiredBytes)));
        for (const auto& sug : fit.suggestions)
            row(s, ErrorText::message(sug), {});
    };

    auto* dep = section(tr("Deployment"));
    row(dep, tr("GPU"), tr("%1 × %2").arg(qs(report::gpuText(*c))).arg(c->gpus));
    row(dep, tr("Fits in memory"), view.fitsInMemory ? tr("yes") : tr("no"));
    {
        // Measured (gpuplan-probe, the Calibrate page) or the datasheet × published-run defaults.
        const core::CalibrationProfile* cal = nullptr;
        if (c->calibrated && m_result->data && m_result->data->inputs.calibrations)
            if (auto it = m_result->data->inputs.calibrations->find(c->gpu->id);
                it != m_result->data->inputs.calibrations->end())
                cal = &it->second;
        // Serving estimates use the factors fitted to the published runs (core/engine.cpp); training, the datasheet
        // peaks times the measured GEMM efficiencies.
        QString efficiency = c->calibrated ? tr("calibrated")
            : c->inference                 ? tr("fitted to published runs")
                                           : tr("datasheet defaults");
        if (c->calibrationRatio) {
            const double pct = (*c->calibrationRatio - 1.0) * 100.0;
            const QString change = (pct >= 0 ? QStringLiteral("+") : QString()) + Fmt::number(pct, 1);
            efficiency = c->training ? tr("calibrated: wall time %1 %").arg(change)
                                     : tr("calibrated: throughput %1 %").arg(change);
        }
        if (const auto& sc = c->servingCalibration) {
            // Serving factors fitted to the user's benchmark (the Calibrate page shows its residuals per run).
            row(dep, tr("Efficiency"), efficiency, {},
                tr("Serving factors fitted to %1 (%2, %3 × %4, %5), imported %6; the range comes from its held-out "
                   "runs")
                    .arg(qs(sc->file), qs(sc->model), qs(sc->gpuId))
                    .arg(sc->gpus)
                    .arg(qs(std::string(core::toString(sc->engine))), Fmt::date(qs(sc->importedAt))));
            row(dep, tr("Calibrated by"), qs(sc->file));
        } else {
            row(dep, tr("Efficiency"), efficiency, {},
                cal ? tr("Measured on %1 at %2: %3")
                          .arg(qs(cal->gpuName), Fmt::date(qs(cal->measuredAt)), qs(cal->source))
                    : tr("Datasheet figures × efficiencies from published runs; measure this GPU on the Calibrate "
                         "page"));
        }
    }

    if (c->training) {
        const auto& e = *c->training;
        const auto& l = e.layout;
        QString layout = tr("TP %1 × PP %2 × DP %3").arg(l.tp).arg(l.pp).arg(l.dp);
        if (l.cp > 1)
            layout += tr(" × CP %1").arg(l.cp);
        if (l.ep > 1)
            layout += tr(", EP %1").arg(l.ep);
        if (l.etp() != l.tp)
            layout += tr(", expert TP %1").arg(l.etp());
        row(dep, tr("Layout"), layout);
        row(dep, tr("Micro-batch, ZeRO"), tr("%1, stage %2").arg(l.microBatch).arg(l.zeroStage));
        const QString recompute = l.recompute == core::Recompute::Full && l.recomputeShare < 1.0
            ? tr("full, %1 % of layers").arg(std::lround(l.recomputeShare * 100))
            : l.recompute == core::Recompute::Full      ? tr("full")
            : l.recompute == core::Recompute::Selective ? tr("selective")
            : l.recompute == core::Recompute::Op        ? tr("per-op selective (torchtitan)")
                                                        : tr("none");
        row(dep, tr("Recompute"), recompute);
        auto* m = section(tr("Model and compute"));
        const auto unit = report::largeCountUnit(Language::current().toStdString()); // billions, or 亿 in Chinese
        row(m, tr("Parameters"), tr("%1 billion").arg(Fmt::number(e.paramsTotal / unit.size, unit.decimals)));
        if (e.paramsActive < e.paramsTotal * 0.999)
            row(m, tr("Active parameters"),
                tr("%1 billion").arg(Fmt::number(e.paramsActive / unit.size, unit.decimals)));
        if (e.trainableParams > 0 && e.trainableParams < e.paramsTotal * 0.999)
            row(m, tr("Trainable parameters"), tr("%1 million").arg(Fmt::number(e.trainableParams / 1e6, 1)));
        row(m, tr("Total compute"), tr("%1 FLOPs").arg(qs(report::scientific(e.totalFlops, 3))), {},
            m_result->workload.training && m_result->workload.training->method != core::FinetuneMethod::Full
                ? tr("4·N·D + attention: LoRA skips the frozen weights' gradients (PaLM, appendix B)")
                : tr("6·N·D + attention (PaLM, appendix B)"));
        row(m, tr("Compute"), tr("%1 PFLOPS-days").arg(Fmt::significant(e.pflopsDays)));
        auto* t = section(tr("Speed"));
        row(t, tr("Step time"), tr("%1 s").arg(Fmt::significant(e.stepTimeS)),
            range(view.stepTimeS, [](double v) { return Fmt::significant(v); }));
        row(t, tr("Throughput"), tr("%1 tokens/s").arg(Fmt::count(e.tokensPerSecond)),
            range(view.tokensPerSecond, [](double v) { return Fmt::count(v); }));
        row(t, tr("MFU"), Fmt::percent(e.mfu), range(view.mfu, [](double v) { return Fmt::percent(v); }),
            tr("Model FLOPs utilization"));
        row(t, tr("HFU"), Fmt::percent(e.hfu), {}, tr("Hardware FLOPs utilization (with recompute)"));
        row(t, tr("Wall time"), Fmt::duration(e.wallHours),
            range(view.wallHours, [](double v) { return Fmt::duration(v); }));
        row(t, tr("GPU-hours"), Fmt::count(e.gpuHours));
        row(t, tr("Goodput"), Fmt::percent(e.goodput), {}, tr("Share of wall time that advances training"));
        row(t, tr("Lost to restarts"), Fmt::percent(e.goodputLoss.restarts), {},
            tr("Detection, rescheduling and reloading after each failure (Llama 3's failure rate, 15 min each)"));
        row(t, tr("Lost work"), Fmt::percent(e.goodputLoss.lostWork), {},
            tr("Work since the last checkpoint, redone after each failure"));
        row(t, tr("Checkpoint writes"), Fmt::percent(e.goodputLoss.checkpoints), {},
            tr("Writing checkpoints at Young's interval"));
        row(t, tr("Stragglers"), Fmt::percent(e.goodputLoss.stragglers), {},
            tr("Slow ranks that hold the others back: 10.4 % of GPU-hours in runs across nodes (Lin et al. 2025)"));
        memorySection(e.memory);
        fitSection(e.fit);
    } else if (c->inference) {
        const auto& e = *c->inference;
        if (c->disaggregated) {
            // Separate prefill and decode pools (issue #21): each pool, the KV cache between them, and the best
            // co-located plan it was compared with.
            const auto& d = *c->disaggregated;
            const QString cur = qs(c->pricing ? c->pricing->currency : std::string("USD"));
            auto pool = [&](const core::PoolPlan& pp) {
                return tr("%1 × TP %2 on %3 (%4 × %5)")
                    .arg(pp.layout.replicas)
                    .arg(pp.layout.tp)
                    .arg(qs(pp.gpu->id), qs(pp.offering.instanceType))
                    .arg(pp.instances);
            };
            auto* pd = section(tr("Disaggregated prefill and decode"));
            row(pd, tr("Prefill pool"), pool(d.prefill), {},
                tr("%n prompt(s) a step of %1; utilization at the peak %2; decided by %3", nullptr, d.prefill.batch)
                    .arg(Fmt::milliseconds(d.prefill.stepMs), Fmt::percent(d.prefill.capacity.utilization),
                        reasons(d.prefill.capacity.decidedBy)));
            row(pd, tr("Prefill pool cost"), tr("%1 / month").arg(Fmt::money(d.prefill.monthlyCost, cur)));
            row(pd, tr("Decode pool"), pool(d.decode), {},
                tr("%n sequence(s) at %1 a token; utilization at the peak %2; decided by %3", nullptr, d.decode.batch)
                    .arg(Fmt::milliseconds(d.decode.stepMs), Fmt::percent(d.decode.capacity.utilization),
                        reasons(d.decode.capacity.decidedBy)));
            row(pd, tr("Decode pool cost"), tr("%1 / month").arg(Fmt::money(d.decode.monthlyCost, cur)));
            row(pd, tr("Prefill : decode GPUs"), tr("%1 : %2").arg(d.prefill.gpus()).arg(d.decode.gpus()));
            const QString link = d.link == core::DisaggregatedPlan::Link::ScaleUp ? tr("NVLink inside one instance")
                : d.link == core::DisaggregatedPlan::Link::Network                ? tr("the instance network")
                                                                                  : tr("an inter-region link");
            row(pd, tr("KV cache transfer"),
                tr("%1 MB in %2").arg(Fmt::number(d.kvBytesPerRequest / 1e6, 1), Fmt::milliseconds(d.transferMs)), {},
                tr("Each prompt's KV cache, from the prefill to the decode GPUs over %1 at %2 GB/s")
                    .arg(link, Fmt::number(d.linkBytesPerS / 1e9, 1)));
            if (d.egressMonthlyCost > 0)
                row(pd, tr("KV cache egress"), tr("%1 / month").arg(Fmt::money(d.egressMonthlyCost, cur)));
            row(pd, tr("p99 TTFT"), Fmt::milliseconds(d.ttftP99Ms), {},
                tr("Prefill queue's p99 wait + prefill + KV transfer + decode queue's p99 wait + one decode step"));
            if (d.colocatedMonthlyCost && *d.colocatedMonthlyCost > 0 && c->pricing) {
                const double saved = (*d.colocatedMonthlyCost - c->pricing->totalCost) / *d.colocatedMonthlyCost;
                row(pd, tr("Against co-located"),
                    saved >= 0 ? tr("%1 less").arg(Fmt::percent(saved)) : tr("%1 more").arg(Fmt::percent(-saved)), {},
                    tr("The best co-located plan: %1, %2 / month")
                        .arg(qs(d.colocatedLabel), Fmt::money(*d.colocatedMonthlyCost, cur)));
            }
        } else {
            QString layout
                = tr("TP %1 × PP %2, %n replica(s)", nullptr, e.layout.replicas).arg(e.layout.tp).arg(e.layout.pp);
            if (e.layout.ep > 1)
                layout += tr(", EP %1").arg(e.layout.ep);
            if (e.layout.attentionDp)
                layout += tr(", data-parallel attention");
            row(dep, tr("Layout"), layout);
        }
        auto* lat = section(tr("Latency"));
        auto ms = [](double v) { return Fmt::milliseconds(v); };
        row(lat, tr("Time to first token"), ms(e.ttftMs), range(view.ttftMs, ms));
        row(lat, tr("Time per output token"), ms(e.tpotMs), range(view.tpotMs, ms));
        row(lat, tr("Whole request"), ms(c->latencyMs()));
        row(lat, tr("Prefill (one prompt)"), ms(e.prefillMs));
        auto* thr = section(tr("Throughput"));
        row(thr, tr("Output tokens/s"), Fmt::count(e.throughputTokensPerS),
            range(view.throughputTokensPerS, [](double v) { return Fmt::count(v); }));
        row(thr, tr("Requests/s"), Fmt::significant(e.requestsPerS));
        row(thr, tr("Concurrency per replica"), tr("%1 of %2 that fit").arg(e.concurrency).arg(e.maxConcurrency));
        row(thr, tr("Limited by"), reasons(e.limitedBy));
        // The advanced serving features (issue #22), where the workload uses them.
        const bool speculates = e.acceptedTokens > 1 || e.draftBytesPerGpu > 0;
        if (speculates || e.prefillShare < 1 || e.loraAdapterBytes > 0 || e.ttftP99Ms > e.ttftMs) {
            auto* adv = section(tr("Advanced serving"));
            if (e.ttftP99Ms > e.ttftMs)
                row(adv, tr("TTFT p99 before queueing"), ms(e.ttftP99Ms), {},
                    tr("The slowest 1 % of requests: the longest prompts of the length mix, prefix-cache misses, cold "
                       "LoRA adapters"));
            if (speculates) {
                row(adv, tr("Speculative decoding"),
                    tr("%1 tokens a step, %2× plain decoding's throughput")
                        .arg(Fmt::number(e.acceptedTokens, 2))
                        .arg(Fmt::number(e.speculationGain, 2)));
                row(adv, tr("Speculation pays up to"), tr("%n sequence(s) per replica", nullptr, e.speculationPaysUpTo),
                    {}, tr("Beyond this, verifying drafts makes the step compute-bound and throughput falls"));
                row(adv, tr("Draft weights per GPU"), Fmt::gib(e.draftBytesPerGpu));
            }
            if (e.prefillShare < 1) {
                row(adv, tr("Prompt tokens prefilled"), Fmt::percent(e.prefillShare), {},
                    tr("The rest are found in the prefix cache"));
                row(adv, tr("Shared prefix KV per GPU"), Fmt::gib(e.sharedPrefixBytesPerGpu));
            }
            if (e.loraAdapterBytes > 0) {
                row(adv, tr("LoRA adapters in GPU memory"), Fmt::gib(e.loraResidentBytesPerGpu));
                row(adv, tr("Cold adapter load"), ms(e.loraColdLoadMs));
                row(adv, tr("Distinct adapters per step"), Fmt::number(e.loraDistinctPerStep, 1));
                row(adv, tr("LoRA kernels per step"), ms(e.loraStepOverheadMs), {},
                    tr("The LoRA path's fixed cost in every step: 16 µs per adapted projection and layer, measured on "
                       "vLLM 0.5.0"));
            }
        }
        if (c->capacity) {
            const auto& cap = *c->capacity;
            auto* s = section(tr("Capacity"));
            row(s, tr("Replicas"),
                tr("%1 for the traffic + %2 for availability").arg(cap.result.replicas).arg(cap.result.redundant));
            row(s, tr("Decided by"), reasons(cap.result.decidedBy));
            row(s, tr("Utilization"), Fmt::percent(cap.result.utilization));
            row(s, tr("TTFT p99 (queueing + prefill)"), ms(cap.result.ttftP99Ms), {},
                tr("M/M/c queue (Erlang C) over the replicas' request slots"));
            // The priced figure where there is one (a mixed fleet's is its on-demand base's), as the reports show.
            const double availability
                = c->pricing && c->pricing->availability ? c->pricing->availability->expected : cap.result.availability;
            row(s, tr("Expected availability"), Fmt::percent(availability, 4));
            row(s, tr("GPU-hours per month"), Fmt::count(cap.monthlyGpuHours));
            if (!cap.result.feasible)
                row(s, tr("Not feasible"), ErrorText::message(cap.result.reason));
        }
        memorySection(e.memory);
        fitSection(e.fit);
    } else if (c->batch) {
        const auto& e = *c->batch;
        auto* s = section(tr("Batch job"));
        row(s, tr("Speed-up over the reference"), tr("%1×").arg(Fmt::significant(e.speedup)));
        row(s, tr("GPU-hours"), Fmt::number(e.gpuHours, 1));
        row(s, tr("Wall time"), Fmt::duration(e.wallHours));
        if (!e.note.empty())
            row(s, tr("Note"), ErrorText::message(e.note));
    }

    if (p) {
        auto* s = section(tr("Cost"));
        const auto [lo, hi] = CandidateTableModel::costRange(*m_result, *c);
        row(s, c->inference ? tr("Per month") : tr("Total"), Fmt::money(p->totalCost, currency),
            hi > lo ? tr("%1 – %2").arg(Fmt::money(lo, currency), Fmt::money(hi, currency)) : QString());
        row(s, tr("Per hour"), Fmt::money(p->hourlyCost, currency));
        if (c->gpus > 0)
            row(s, tr("Per GPU-hour"), Fmt::money(p->hourlyCost / c->gpus, currency));
        row(s, tr("Pricing"), Fmt::pricingModel(qs(core::pricingKey(*p)), p->price.termMonths));
        if (p->mixed) {
            row(s, tr("On-demand base"),
                tr("%1 instance(s), %2 a month")
                    .arg(p->mixed->baseInstances)
                    .arg(Fmt::money(p->mixed->baseMonthlyCost, currency)),
                {},
                tr("Meets the availability target on its own, at %1 per instance-hour")
                    .arg(Fmt::money(p->mixed->onDemand.hourlyRate, qs(p->mixed->onDemand.currency))));
            row(s, tr("Spot burst"),
                tr("%1 instance(s), %2 a month")
                    .arg(p->mixed->burstInstances)
                    .arg(Fmt::money(p->mixed->burstMonthlyCost, currency)),
                {}, tr("Carries the headroom; counted for no availability (a zone's spot pool is reclaimed together)"));
        }
        if (p->breakEvenUtilization > 0 && p->price.termMonths > 0)
            row(s, tr("Break-even utilization"), Fmt::percent(p->breakEvenUtilization, 0), {},
                tr("A commitment pays off when the GPUs are busy more than this share of the term"));
        if (p->discount > 0)
            row(s, tr("Negotiated discount"), Fmt::percent(p->discount));
        if (c->inference && p->costPerMillionOutputTokens > 0)
            row(s, tr("Per million output tokens"), Fmt::money(p->costPerMillionOutputTokens, currency));
        row(s, tr("Price as of"), Fmt::dated(p->price.asOf, p->priceAgeDays, p->priceStale), {},
            p->priceStale ? tr("Older than %1 days: check the price with the provider or refresh the catalog")
                                .arg(core::maxPriceAgeDays)
                          : QString());
        if (!p->fxAsOf.empty())
            row(s, tr("Exchange rate as of"), Fmt::dated(p->fxAsOf, p->fxAgeDays, p->fxStale), {},
                p->fxStale ? tr("Older than %1 days: Refresh Prices → fx fetches the ECB's current reference rates")
                                 .arg(core::maxFxAgeDays)
                           : QString());
        row(s, tr("Source"), qs(p->price.source), {}, qs(p->price.source));
        if (p->availability) {
            const auto& a = *p->availability;
            auto* av = section(tr("Availability"));
            row(av, tr("Expected"), Fmt::percent(a.expected, 4));
            if (a.target)
                row(av, tr("Target"), Fmt::percent(*a.target, 3));
            row(av, tr("Downtime per month"), tr("%1 min").arg(Fmt::number(a.downtimeMinutesPerMonth, 1)));
            if (a.allowedDowntimeMinutesPerMonth > 0)
                row(av, tr("Allowed by the target"),
                    tr("%1 min").arg(Fmt::number(a.allowedDowntimeMinutesPerMonth, 1)));
            if (a.slaUptime > 0)
                row(av, tr("Provider SLA"), Fmt::percent(a.slaUptime, 2), {}, qs(a.slaSource));
            else if (a.slaScope == "none")
                row(av, tr("Provider SLA"),
                    tr("none published: each instance assumed %1").arg(Fmt::percent(a.replicaAvailability, 1)), {},
                    qs(a.replicaAvailabilitySource));
            if (a.expectedCreditPct > 0)
                row(av, tr("Expected SLA credit"), tr("%1 % of the bill").arg(Fmt::number(a.expectedCreditPct, 2)));
        }
        if (p->networkRttMs)
            row(dep, tr("Network round trip"), Fmt::milliseconds(*p->networkRttMs));
    }
    if (c->energy.kwh > 0) {
        auto* s = section(tr("Energy"));
        row(s, c->inference ? tr("Per month") : tr("Whole job"), tr("%1 kWh").arg(Fmt::number(c->energy.kwh)), {},
            tr("GPU power between idle and board power, plus the host share, × PUE %1")
                .arg(Fmt::number(c->energy.pue, 2)));
        if (c->energy.kgCo2e)
            row(s, tr("Emissions"), tr("%1 kg CO₂e").arg(Fmt::number(*c->energy.kgCo2e)), {}, qs(c->energy.gridSource));
        if (c->energy.electricityCostUsd) {
            double cost = *c->energy.electricityCostUsd;
            QString cur = QStringLiteral("USD");
            if (m_result->data && currency != QLatin1String("USD"))
                if (auto v = m_result->data->inputs.fx.convert(cost, "USD", currency.toStdString())) {
                    cost = *v;
                    cur = currency;
                }
            row(s, tr("Electricity cost"), Fmt::money(cost, cur), {},
                tr("At the electricity price set in Settings (for owned hardware; cloud prices include power)"));
        }
    }
    const std::vector<core::Message>* assumptions = c->training ? &c->training->assumptions
        : c->inference                                          ? &c->inference->assumptions
                                                                : nullptr;
    if (assumptions && !assumptions->empty()) {
        auto* s = section(tr("Assumptions"), false);
        for (const auto& a : *assumptions)
            row(s, ErrorText::message(a), {});
    }

    const auto mem = ChartAdapters::memory(*c);
    if (mem.categories.isEmpty())
        m_memory->clear(tr("No memory estimate for a batch job"));
    else
        m_memory->setBars(mem);
    const auto cost = ChartAdapters::cost(*c);
    if (cost.categories.isEmpty())
        m_cost->clear(tr("No price: estimates only"));
    else
        m_cost->setBars(cost);
    const auto demand = ChartAdapters::demand(*c);
    m_charts->setTabVisible(m_charts->indexOf(m_demand), !demand.series.isEmpty());
    if (!demand.series.isEmpty())
        m_demand->setSteps(demand);
    const auto availability = ChartAdapters::availability(*c);
    m_charts->setTabVisible(m_charts->indexOf(m_availability), !availability.categories.isEmpty());
    if (!availability.categories.isEmpty())
        m_availability->setBars(availability);
}

} // namespace gpuplan::gui
