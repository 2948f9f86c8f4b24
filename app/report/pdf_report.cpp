#include "pdf_report.h"

#include "core/serving_calibration.h"

#include "message_text.h"

#include "candidate_view.h"
#include "format.h"
#include "plan_output.h"

#include "core/catalog.h"
#include "core/catalog_check.h"
#include "core/efficiency.h"
#include "core/inference.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QFont>
#include <QFontMetricsF>
#include <QGuiApplication>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPainterPath>
#include <QPdfWriter>
#include <QSaveFile>
#include <QTranslator>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <set>

namespace gpuplan::report {

namespace {

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

/// Text from the plan as printed: line breaks, controls and bidi overrides made harmless (core::printable), so that
/// a name cannot break a heading or a table row.
QString qs(const std::string& s)
{
    return QString::fromStdString(core::printable(s));
}

QString grouped(double v, int decimals)
{
    return qs(withSeparators(v, decimals));
}

/// Money: the shared rule (report::moneyDecimals), "12,345" and "27.95".
QString money(double v)
{
    return grouped(v, moneyDecimals(v));
}

/// Three significant digits (report::significantDecimals), grouped.
QString sig(double v)
{
    return grouped(v, significantDecimals(v));
}

// Colours: a restrained palette that prints well in grey scale too.
const QColor ink(0x1a, 0x1a, 0x1a);
const QColor muted(0x5f, 0x63, 0x68);
const QColor accent(0x1f, 0x4e, 0x79);
const QColor rule(0xbf, 0xc8, 0xd3);
const QColor headerFill(0xe1, 0xe8, 0xf0);
const QColor zebra(0xf6, 0xf8, 0xfa);
const QColor highlight(0xe3, 0xf1, 0xdc);
const QColor boxFill(0xee, 0xf3, 0xf8);
const QColor blue(0x2e, 0x75, 0xb6);
const QColor orange(0xc5, 0x5a, 0x11);
const QColor green(0x38, 0x76, 0x1d);
const QColor pointGrey(0x9d, 0xb3, 0xcc);
const QColor danger(0xb0, 0x1e, 0x1e);
const QColor series[]
    = {QColor(0x1f, 0x4e, 0x79), QColor(0x2e, 0x75, 0xb6), QColor(0x9d, 0xc3, 0xe6), QColor(0xc5, 0x5a, 0x11),
        QColor(0xf4, 0xb1, 0x83), QColor(0x7f, 0x7f, 0x7f), QColor(0x54, 0x82, 0x35), QColor(0xbf, 0x90, 0x00)};

/// Latin first, then CJK. Qt 6.4's PDF writer drops Latin glyphs from the text layer when a CJK font is the
/// primary family, so DejaVu Sans (or the platform's Latin sans) carries Latin and digits. For Chinese, Droid
/// Sans Fallback comes before Noto Sans CJK: Qt builds the PDF's ToUnicode map from the font's cmap, lowest
/// code point first, and Noto maps the Kangxi radicals (U+2F00…) to the same glyphs as the ideographs, so
/// 方, 用, 工, 小… would copy and search as ⽅, ⽤, ⼯, ⼩. Droid's cmap has no such aliases.
QStringList fontFamilies()
{
    return {QStringLiteral("DejaVu Sans"), QStringLiteral("Arial"), QStringLiteral("Helvetica"),
        QStringLiteral("Droid Sans Fallback"), QStringLiteral("Microsoft YaHei"), QStringLiteral("PingFang SC"),
        QStringLiteral("Noto Sans CJK SC"), QStringLiteral("Source Han Sans SC")};
}

// ---- Layout: a cursor that flows down the page, breaks pages, draws the header and footer ---------------

struct Column
{
    QString title;
    Qt::Alignment align = Qt::AlignLeft;
    bool wrap = false; ///< wraps (else elides) and gives up width first when the table is too wide
};

struct Table
{
    std::vector<Column> columns;
    std::vector<QStringList> rows;
    double pt = 7.5;
    bool header = true;
    bool zebra = true;
    bool firstColumnMuted = false; ///< key/value lists
    std::set<int> highlighted;     ///< row indexes drawn highlighted and bold
};

/// Runs twice: once to count the pages (nothing painted), once to paint with "page n of N".
class Doc
{
public:
    const QString language; ///< the report's language ("en", "zh_CN"): number words on chart ticks
    Doc(QPdfWriter& writer, QPainter* painter, int totalPages, QString headerLeft, QString headerRight,
        QString footerLeft, QString pageFormat, QString reportLanguage)
        : language(std::move(reportLanguage))
        , m_writer(writer)
        , m_p(painter)
        , m_total(totalPages)
        , m_headerLeft(std::move(headerLeft))
        , m_headerRight(std::move(headerRight))
        , m_footerLeft(std::move(footerLeft))
        , m_pageFormat(std::move(pageFormat))
    {
        m_dpi = writer.resolution();
        x0 = mm(17);
        x1 = writer.width() - mm(17);
        m_top = mm(21);
        m_bottom = writer.height() - mm(17);
        y = m_top;
    }

    double mm(double v) const { return v * m_dpi / 25.4; }
    double pt(double v) const { return v * m_dpi / 72.0; }
    bool painting() const { return m_p != nullptr; }
    QPainter& painter() const { return *m_p; }
    int pages() const { return m_page; }
    double width() const { return x1 - x0; }
    double remaining() const { return m_bottom - y; }

    QFont font(double size, bool bold = false) const
    {
        QFont f;
        f.setFamilies(fontFamilies());
        f.setPointSizeF(size);
        f.setBold(bold);
        f.setStyleHint(QFont::SansSerif);
        // Any letter spacing turns off Qt's ligatures, so "fi" stays two letters in the text layer (searchable,
        // and pdftotext reads "fine", not "ﬁne").
        f.setLetterSpacing(QFont::AbsoluteSpacing, 0.05); // 0.05 device px at 1200 dpi: invisible
        return f;
    }
    QFontMetricsF metrics(const QFont& f) const { return QFontMetricsF(f, &m_writer); }

    void start()
    {
        m_page = 1;
        chrome();
    }
    void newPage()
    {
        if (painting())
            m_writer.newPage();
        ++m_page;
        y = m_top;
        chrome();
    }
    /// Breaks the page when fewer than `h` device units are left.
    void ensure(double h)
    {
        if (y + h > m_bottom && y > m_top + 1)
            newPage();
    }
    void space(double millimetres) { y += mm(millimetres); }

    double textHeight(const QString& text, const QFont& f, double w) const
    {
        return metrics(f).boundingRect(QRectF(0, 0, w, 1e9), Qt::TextWordWrap, text).height();
    }

    void text(const QString& t, const QFont& f, const QColor& colour = ink, double indent = 0, double after = 1.2)
    {
        const double w = width() - indent;
        const double h = textHeight(t, f, w);
        ensure(h);
        if (painting()) {
            m_p->setFont(f);
            m_p->setPen(colour);
            m_p->drawText(QRectF(x0 + indent, y, w, h + mm(1)), Qt::TextWordWrap, t);
        }
        y += h + mm(after);
    }

    /// A section heading, kept on one page with the next `keepMm` millimetres of content.
    void heading(const QString& t, double keepMm = 30)
    {
        const QFont f = font(12.5, true);
        const double h = metrics(f).height();
        ensure(h + mm(keepMm));
        space(2);
        if (painting()) {
            m_p->setFont(f);
            m_p->setPen(accent);
            m_p->drawText(QRectF(x0, y, width(), h), Qt::AlignLeft | Qt::AlignVCenter, t);
            m_p->setPen(QPen(rule, mm(0.3)));
            m_p->drawLine(QPointF(x0, y + h + mm(0.8)), QPointF(x1, y + h + mm(0.8)));
        }
        y += h + mm(3);
    }

    /// A small heading kept on one page with the next `keepMm` millimetres of content.
    void subheading(const QString& t, double keepMm = 18)
    {
        const QFont f = font(9.5, true);
        const double h = metrics(f).height();
        ensure(h + mm(keepMm));
        if (painting()) {
            m_p->setFont(f);
            m_p->setPen(accent);
            m_p->drawText(QRectF(x0, y, width(), h), Qt::AlignLeft | Qt::AlignVCenter, t);
        }
        y += h + mm(1.2);
    }

    void bullets(const QStringList& items, double size = 8)
    {
        const QFont f = font(size);
        for (const QString& item : items) {
            const double h = textHeight(item, f, width() - mm(4));
            ensure(h);
            if (painting()) {
                m_p->setFont(f);
                m_p->setPen(ink);
                m_p->drawText(QRectF(x0 + mm(1), y, mm(3), h), Qt::AlignLeft | Qt::AlignTop, QStringLiteral("•"));
                m_p->drawText(QRectF(x0 + mm(4), y, width() - mm(4), h + mm(1)), Qt::TextWordWrap, item);
            }
            y += h + mm(0.8);
        }
        space(0.8);
    }

    /// A block of fixed height (charts): on this page if it fits, else on the next.
    void block(double heightMm, const std::function<void(QPainter&, const QRectF&)>& draw)
    {
        const double h = mm(heightMm);
        ensure(h);
        if (painting()) {
            m_p->save();
            draw(*m_p, QRectF(x0, y, width(), h));
            m_p->restore();
        }
        y += h + mm(2);
    }

    void table(const Table& t)
    {
        const QFont f = font(t.pt);
        const QFont bold = font(t.pt, true);
        const QFontMetricsF fm = metrics(f), fb = metrics(bold);
        const double pad = mm(1.2), padV = mm(0.9);
        const std::size_t n = t.columns.size();
        // Natural widths, then fit the page: wrapping columns give up width first, then everything shrinks
        // (and elides).
        std::vector<double> natural(n, mm(6)), minimum(n, mm(6));
        auto widest = [this](const QFontMetricsF& m, const QString& s) {
            double w = 0;
            for (const QString& line : s.split(QLatin1Char('\n')))
                w = std::max(w, m.horizontalAdvance(line));
            return w + mm(0.6); // the painter's layout can be a hair wider than the metrics say
        };
        for (std::size_t c = 0; c < n; ++c) {
            if (t.header)
                natural[c] = std::max(natural[c], widest(fb, t.columns[c].title) + 2 * pad);
            for (std::size_t r = 0; r < t.rows.size(); ++r) {
                const QString cell = c < std::size_t(t.rows[r].size()) ? t.rows[r][int(c)] : QString();
                natural[c] = std::max(natural[c], widest(t.highlighted.count(int(r)) ? fb : fm, cell) + 2 * pad);
            }
            minimum[c] = t.columns[c].wrap ? std::min(natural[c], mm(22)) : natural[c];
        }
        std::vector<double> w = natural;
        double total = 0;
        for (double v : w)
            total += v;
        const double avail = width();
        if (total <= avail) {
            double stretchable = 0;
            for (std::size_t c = 0; c < n; ++c)
                stretchable += t.columns[c].wrap ? natural[c] : 0;
            const double extra = avail - total;
            for (std::size_t c = 0; c < n; ++c)
                w[c] += stretchable > 0 ? (t.columns[c].wrap ? extra * natural[c] / stretchable : 0)
                                        : extra * natural[c] / total;
        } else {
            // Too wide: wrapping columns give up width first (down to their minimum), then left-aligned text
            // columns (elided, down to 8 mm); numbers keep their width unless nothing else is left.
            double over = total - avail;
            auto shrink = [&](auto&& eligible, auto&& floorOf) {
                double give = 0;
                for (std::size_t c = 0; c < n; ++c)
                    if (eligible(c))
                        give += std::max(0.0, w[c] - floorOf(c));
                if (give <= 0)
                    return;
                const double take = std::min(1.0, over / give);
                for (std::size_t c = 0; c < n; ++c)
                    if (eligible(c)) {
                        const double d = std::max(0.0, w[c] - floorOf(c)) * take;
                        w[c] -= d;
                        over -= d;
                    }
            };
            shrink([&](std::size_t c) { return t.columns[c].wrap; }, [&](std::size_t c) { return minimum[c]; });
            if (over > 0.5)
                shrink([&](std::size_t c) { return !t.columns[c].wrap && !(t.columns[c].align & Qt::AlignRight); },
                    [&](std::size_t) { return mm(8); });
            if (over > 0.5) {
                const double scale = avail / (avail + over);
                for (double& v : w)
                    v *= scale;
            }
        }
        auto cellHeight = [&](const QString& s, std::size_t c, const QFontMetricsF& m) {
            if (t.columns[c].wrap || s.contains(QLatin1Char('\n')))
                return m.boundingRect(QRectF(0, 0, w[c] - 2 * pad, 1e9), Qt::TextWordWrap, s).height();
            return m.height();
        };
        auto drawRow = [&](const QStringList& cells, bool isHeader, bool isHighlighted, int index) {
            const QFontMetricsF& m = (isHeader || isHighlighted) ? fb : fm;
            double h = m.height();
            for (std::size_t c = 0; c < n; ++c)
                h = std::max(h, cellHeight(c < std::size_t(cells.size()) ? cells[int(c)] : QString(), c, m));
            h += 2 * padV;
            if (!painting()) {
                y += h;
                return h;
            }
            QColor fill = Qt::transparent;
            if (isHeader)
                fill = headerFill;
            else if (isHighlighted)
                fill = highlight;
            else if (t.zebra && index % 2 == 1)
                fill = zebra;
            if (fill != Qt::transparent)
                m_p->fillRect(QRectF(x0, y, avail, h), fill);
            m_p->setFont(isHeader || isHighlighted ? bold : f);
            double x = x0;
            for (std::size_t c = 0; c < n; ++c) {
                const QString s = c < std::size_t(cells.size()) ? cells[int(c)] : QString();
                const QRectF r(x + pad, y + padV, w[c] - 2 * pad, h - 2 * padV);
                m_p->setPen(!isHeader && c == 0 && t.firstColumnMuted ? muted : ink);
                const Qt::Alignment a = t.columns[c].align | Qt::AlignTop;
                if (t.columns[c].wrap || s.contains(QLatin1Char('\n')))
                    m_p->drawText(r, int(a) | Qt::TextWordWrap, s);
                else
                    m_p->drawText(r, int(a), m.elidedText(s, Qt::ElideRight, r.width() + 0.5));
                x += w[c];
            }
            m_p->setPen(QPen(isHeader ? accent : rule, isHeader ? mm(0.25) : mm(0.1)));
            m_p->drawLine(QPointF(x0, y + h), QPointF(x0 + avail, y + h));
            y += h;
            return h;
        };
        QStringList titles;
        for (const auto& c : t.columns)
            titles << c.title;
        auto rowHeight = [&](const QStringList& cells, bool b) {
            const QFontMetricsF& m = b ? fb : fm;
            double h = m.height();
            for (std::size_t c = 0; c < n; ++c)
                h = std::max(h, cellHeight(c < std::size_t(cells.size()) ? cells[int(c)] : QString(), c, m));
            return h + 2 * padV;
        };
        const double headerH = t.header ? rowHeight(titles, true) : 0;
        ensure(headerH + (t.rows.empty() ? 0 : rowHeight(t.rows.front(), t.highlighted.count(0) > 0)));
        if (t.header)
            drawRow(titles, true, false, 0);
        for (std::size_t r = 0; r < t.rows.size(); ++r) {
            const bool hl = t.highlighted.count(int(r)) > 0;
            const double h = rowHeight(t.rows[r], hl);
            if (y + h > m_bottom) {
                newPage();
                if (t.header)
                    drawRow(titles, true, false, 0);
            }
            drawRow(t.rows[r], false, hl, int(r));
        }
        space(2.5);
    }

    double x0 = 0, x1 = 0, y = 0;

private:
    void chrome()
    {
        if (!painting())
            return;
        const QFont f = font(7.5);
        const QFontMetricsF m = metrics(f);
        m_p->setFont(f);
        m_p->setPen(muted);
        const double hy = mm(10);
        const double right = m.horizontalAdvance(m_headerRight) + mm(4);
        m_p->drawText(QRectF(x0, hy, width() - right, m.height()), Qt::AlignLeft | Qt::AlignVCenter,
            m.elidedText(m_headerLeft, Qt::ElideRight, width() - right));
        m_p->drawText(QRectF(x0, hy, width(), m.height()), Qt::AlignRight | Qt::AlignVCenter, m_headerRight);
        m_p->setPen(QPen(rule, mm(0.25)));
        m_p->drawLine(QPointF(x0, hy + m.height() + mm(1.5)), QPointF(x1, hy + m.height() + mm(1.5)));
        const double fy = m_bottom + mm(6);
        m_p->drawLine(QPointF(x0, fy - mm(1.5)), QPointF(x1, fy - mm(1.5)));
        m_p->setPen(muted);
        m_p->drawText(QRectF(x0, fy, width(), m.height()), Qt::AlignLeft | Qt::AlignVCenter, m_footerLeft);
        m_p->drawText(QRectF(x0, fy, width(), m.height()), Qt::AlignHCenter | Qt::AlignVCenter, m_pageFormat);
        m_p->drawText(QRectF(x0, fy, width(), m.height()), Qt::AlignRight | Qt::AlignVCenter,
            QCoreApplication::translate("PdfReport", "Page %1 of %2").arg(m_page).arg(m_total));
    }

    QPdfWriter& m_writer;
    QPainter* m_p;
    int m_total;
    int m_page = 0;
    int m_dpi = 1200;
    double m_top = 0, m_bottom = 0;
    QString m_headerLeft, m_headerRight, m_footerLeft, m_pageFormat;
};

// ---- Charts -------------------------------------------------------------------------------------------

/// "12k", "1.5M", "350", "0.25" (in Chinese "1.2 万", "150 万"): short tick labels (report::compactTick).
QString compact(double v, const QString& language)
{
    if (std::abs(v) < 10 && v != 0)
        return QString::number(v, 'g', 2);
    return qs(compactTick(v, language.toStdString()));
}

double niceStep(double span)
{
    const double e = std::floor(std::log10(span));
    const double f = span / std::pow(10.0, e);
    const double n = f < 1.5 ? 1 : f < 3 ? 2 : f < 7 ? 5 : 10;
    return n * std::pow(10.0, e);
}

struct Axis
{
    double lo = 0, hi = 1, step = 0.2;
    bool log = false;

    static Axis fit(const std::vector<double>& values, bool fromZero)
    {
        Axis a;
        double mn = std::numeric_limits<double>::infinity(), mx = -mn;
        for (double v : values)
            if (std::isfinite(v)) {
                mn = std::min(mn, v);
                mx = std::max(mx, v);
            }
        if (!std::isfinite(mn)) {
            mn = 0;
            mx = 1;
        }
        if (mn > 0 && mx / mn > 30 && !fromZero) {
            a.log = true;
            a.lo = std::pow(10.0, std::floor(std::log10(mn)));
            a.hi = std::pow(10.0, std::ceil(std::log10(mx)));
            if (a.hi <= a.lo)
                a.hi = a.lo * 10;
            return a;
        }
        double span = mx - mn;
        if (span <= 0)
            span = mx > 0 ? mx * 0.5 : 1.0;
        a.step = niceStep(span / 4);
        a.lo = fromZero || mn - 0.08 * span < 0 ? std::min(0.0, mn) : std::floor((mn - 0.08 * span) / a.step) * a.step;
        a.hi = std::ceil((mx + 0.08 * span) / a.step) * a.step;
        if (a.hi <= a.lo)
            a.hi = a.lo + a.step;
        return a;
    }
    /// A tick's label: short forms on log axes and for large values, else as many decimals as the step needs.
    QString label(double v, const QString& language) const
    {
        if (log || std::abs(hi) >= 1e4)
            return compact(v, language);
        const int decimals = step >= 1 ? 0 : int(std::ceil(-std::log10(step) - 1e-9));
        return grouped(v, std::clamp(decimals, 0, 4));
    }
    double t(double v) const
    {
        if (log)
            return (std::log10(std::max(v, lo)) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
        return (v - lo) / (hi - lo);
    }
    std::vector<double> ticks() const
    {
        std::vector<double> out;
        if (log) {
            const int decades = int(std::lround(std::log10(hi / lo)));
            for (double d = lo; d <= hi * 1.0001; d *= 10) {
                out.push_back(d);
                if (decades <= 2 && d < hi * 0.999) {
                    out.push_back(2 * d);
                    out.push_back(5 * d);
                }
            }
            return out;
        }
        for (double v = lo; v <= hi + step * 0.001; v += step)
            out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
        return out;
    }
};

struct ScatterPoint
{
    double x = 0, y = 0;
    bool pareto = false;
    bool chosen = false;
};

/// Plot frame with grid, ticks and axis titles; returns the plot area.
QRectF drawFrame(QPainter& p, const Doc& d, const QRectF& r, const Axis& ax, const Axis& ay, const QString& xTitle,
    const QString& yTitle, double topReserve)
{
    const QFont f = d.font(6.5);
    const QFontMetricsF m = d.metrics(f);
    double yLabelW = 0;
    for (double v : ay.ticks())
        yLabelW = std::max(yLabelW, m.horizontalAdvance(ay.label(v, d.language)));
    const QRectF plot(r.left() + yLabelW + d.mm(7), r.top() + topReserve, r.width() - yLabelW - d.mm(10),
        r.height() - topReserve - m.height() * 2 - d.mm(3));
    p.setFont(f);
    p.fillRect(plot, QColor(0xfb, 0xfc, 0xfd));
    for (double v : ax.ticks()) {
        const double x = plot.left() + ax.t(v) * plot.width();
        if (x < plot.left() - 1 || x > plot.right() + 1)
            continue;
        p.setPen(QPen(QColor(0xe4, 0xe8, 0xee), d.mm(0.15)));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        p.setPen(muted);
        p.drawText(QRectF(x - d.mm(10), plot.bottom() + d.mm(0.8), d.mm(20), m.height()), Qt::AlignHCenter,
            ax.label(v, d.language));
    }
    for (double v : ay.ticks()) {
        const double yy = plot.bottom() - ay.t(v) * plot.height();
        if (yy < plot.top() - 1 || yy > plot.bottom() + 1)
            continue;
        p.setPen(QPen(QColor(0xe4, 0xe8, 0xee), d.mm(0.15)));
        p.drawLine(QPointF(plot.left(), yy), QPointF(plot.right(), yy));
        p.setPen(muted);
        p.drawText(QRectF(r.left(), yy - m.height() / 2, yLabelW + d.mm(5), m.height()),
            Qt::AlignRight | Qt::AlignVCenter, ay.label(v, d.language));
    }
    p.setPen(QPen(QColor(0x8a, 0x94, 0xa3), d.mm(0.2)));
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.drawLine(plot.bottomLeft(), plot.topLeft());
    p.setPen(ink);
    p.setFont(d.font(7));
    p.drawText(QRectF(plot.left(), plot.bottom() + m.height() + d.mm(1.5), plot.width(), m.height() * 1.3),
        Qt::AlignHCenter, xTitle + (ax.log ? QCoreApplication::translate("PdfReport", " (log scale)") : QString()));
    p.save();
    p.translate(r.left() + d.mm(0.5), plot.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-plot.height() / 2, 0, plot.height(), m.height() * 1.3), Qt::AlignHCenter,
        yTitle + (ay.log ? QCoreApplication::translate("PdfReport", " (log scale)") : QString()));
    p.restore();
    return plot;
}

void legendItem(QPainter& p, const Doc& d, double& x, double y, const QColor& colour, const QString& label, int shape)
{
    const QFont f = d.font(6.5);
    const QFontMetricsF m = d.metrics(f);
    const double r = d.mm(1.1);
    const QPointF c(x + r, y + m.height() / 2);
    p.setPen(shape == 2 ? QPen(colour, d.mm(0.45)) : Qt::NoPen);
    p.setBrush(shape == 2 ? QBrush(Qt::NoBrush) : QBrush(colour));
    if (shape == 1)
        p.drawRect(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r));
    else
        p.drawEllipse(c, shape == 2 ? r * 1.3 : r, shape == 2 ? r * 1.3 : r);
    p.setFont(f);
    p.setPen(ink);
    p.drawText(QPointF(x + 2 * r + d.mm(1.2), y + m.ascent()), label);
    x += 2 * r + d.mm(1.2) + m.horizontalAdvance(label) + d.mm(4);
}

void drawScatter(QPainter& p, const Doc& d, const QRectF& r, const std::vector<ScatterPoint>& pts,
    const QString& xTitle, const QString& yTitle, const QString& chosenLabel)
{
    std::vector<double> xs, ys;
    for (const auto& s : pts) {
        xs.push_back(s.x);
        ys.push_back(s.y);
    }
    const Axis ax = Axis::fit(xs, false), ay = Axis::fit(ys, false);
    const QRectF plot = drawFrame(p, d, r, ax, ay, xTitle, yTitle, d.mm(6));
    double lx = plot.left();
    legendItem(p, d, lx, r.top(), pointGrey, QCoreApplication::translate("PdfReport", "candidate"), 0);
    legendItem(p, d, lx, r.top(), orange, QCoreApplication::translate("PdfReport", "Pareto front"), 0);
    legendItem(p, d, lx, r.top(), green, chosenLabel, 2);
    auto at = [&](const ScatterPoint& s) {
        return QPointF(plot.left() + ax.t(s.x) * plot.width(), plot.bottom() - ay.t(s.y) * plot.height());
    };
    p.setClipRect(plot.adjusted(-d.mm(2), -d.mm(2), d.mm(2), d.mm(2)));
    p.setPen(Qt::NoPen);
    p.setBrush(pointGrey);
    for (const auto& s : pts)
        if (!s.pareto)
            p.drawEllipse(at(s), d.mm(0.8), d.mm(0.8));
    std::vector<ScatterPoint> front;
    for (const auto& s : pts)
        if (s.pareto)
            front.push_back(s);
    std::sort(front.begin(), front.end(), [](const ScatterPoint& a, const ScatterPoint& b) { return a.x < b.x; });
    if (front.size() > 1) {
        QPainterPath path(at(front.front()));
        for (std::size_t i = 1; i < front.size(); ++i) { // a staircase: nothing between two points is achievable
            path.lineTo(QPointF(at(front[i]).x(), at(front[i - 1]).y()));
            path.lineTo(at(front[i]));
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(orange, d.mm(0.3), Qt::DashLine));
        p.drawPath(path);
    }
    p.setPen(Qt::NoPen);
    p.setBrush(orange);
    for (const auto& s : front)
        p.drawEllipse(at(s), d.mm(1.1), d.mm(1.1));
    p.setClipping(false);
    for (const auto& s : pts)
        if (s.chosen) {
            const QPointF c = at(s);
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(green, d.mm(0.5)));
            p.drawEllipse(c, d.mm(2.2), d.mm(2.2));
            p.setFont(d.font(6.5, true));
            p.setPen(green);
            const double w = d.metrics(d.font(6.5, true)).horizontalAdvance(chosenLabel);
            const double tx = c.x() + d.mm(3) + w > plot.right() ? c.x() - d.mm(3) - w : c.x() + d.mm(3);
            p.drawText(QPointF(tx, c.y() - d.mm(2)), chosenLabel);
        }
}

struct Bar
{
    QString label;
    double value = 0;
    QString valueText;
};

/// Horizontal bars, one colour each (parts of a whole), or all in `colour` (a ranking of like things).
void drawBars(QPainter& p, const Doc& d, const QRectF& r, const std::vector<Bar>& bars, const QColor* colour = nullptr)
{
    const QFont f = d.font(7);
    const QFontMetricsF m = d.metrics(f);
    double labelW = 0, valueW = 0, mx = 0;
    for (const auto& b : bars) {
        labelW = std::max(labelW, m.horizontalAdvance(b.label));
        valueW = std::max(valueW, m.horizontalAdvance(b.valueText));
        mx = std::max(mx, b.value);
    }
    labelW = std::min(labelW + d.mm(2), r.width() * 0.42);
    const double barX = r.left() + labelW, barW = r.width() - labelW - valueW - d.mm(3);
    const double rowH = std::min(d.mm(6), r.height() / std::max<std::size_t>(1, bars.size()));
    p.setFont(f);
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const double yy = r.top() + i * rowH;
        p.setPen(ink);
        p.drawText(QRectF(r.left(), yy, labelW - d.mm(2), rowH), Qt::AlignRight | Qt::AlignVCenter,
            m.elidedText(bars[i].label, Qt::ElideRight, labelW - d.mm(2)));
        const double w = mx > 0 ? bars[i].value / mx * barW : 0;
        p.fillRect(
            QRectF(barX, yy + rowH * 0.18, std::max(w, d.mm(0.3)), rowH * 0.64), colour ? *colour : series[i % 8]);
        p.drawText(QRectF(barX + w + d.mm(1.5), yy, valueW + d.mm(2), rowH), Qt::AlignLeft | Qt::AlignVCenter,
            bars[i].valueText);
    }
}

struct Stack
{
    QString label;
    std::vector<double> parts; ///< GiB
    double capacity = 0;       ///< GiB
};

void drawStacks(
    QPainter& p, const Doc& d, const QRectF& r, const std::vector<Stack>& stacks, const QStringList& partNames)
{
    const QFont f = d.font(7);
    const QFontMetricsF m = d.metrics(f);
    double labelW = 0, mx = 0;
    for (const auto& s : stacks) {
        labelW = std::max(labelW, m.horizontalAdvance(s.label));
        double sum = 0;
        for (double v : s.parts)
            sum += v;
        mx = std::max({mx, sum, s.capacity});
    }
    labelW = std::min(labelW + d.mm(2), r.width() * 0.35);
    // Legend on top.
    double lx = r.left() + labelW;
    for (int i = 0; i < partNames.size(); ++i)
        legendItem(p, d, lx, r.top(), series[i % 8], partNames[i], 1);
    const double top = r.top() + m.height() + d.mm(2);
    const double axisH = m.height() + d.mm(1.5);
    const double barX = r.left() + labelW, barW = r.width() - labelW - d.mm(14);
    const double rowH
        = std::min(d.mm(7), (r.height() - (top - r.top()) - axisH) / std::max<std::size_t>(1, stacks.size()));
    const Axis ax = Axis::fit({0.0, mx}, true);
    const double scale = barW / (ax.hi - ax.lo);
    p.setFont(f);
    for (double v : ax.ticks()) {
        const double x = barX + v * scale;
        p.setPen(QPen(QColor(0xe4, 0xe8, 0xee), d.mm(0.15)));
        p.drawLine(QPointF(x, top), QPointF(x, top + rowH * stacks.size()));
        p.setPen(muted);
        p.drawText(QRectF(x - d.mm(8), top + rowH * stacks.size() + d.mm(0.5), d.mm(16), m.height()), Qt::AlignHCenter,
            compact(v, d.language));
    }
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        const auto& s = stacks[i];
        const double yy = top + i * rowH;
        p.setPen(ink);
        p.drawText(QRectF(r.left(), yy, labelW - d.mm(2), rowH), Qt::AlignRight | Qt::AlignVCenter,
            m.elidedText(s.label, Qt::ElideRight, labelW - d.mm(2)));
        double x = barX;
        for (std::size_t k = 0; k < s.parts.size(); ++k) {
            const double w = s.parts[k] * scale;
            if (w > 0)
                p.fillRect(QRectF(x, yy + rowH * 0.2, w, rowH * 0.6), series[k % 8]);
            x += w;
        }
        if (s.capacity > 0) {
            const double cx = barX + s.capacity * scale;
            p.setPen(QPen(danger, d.mm(0.45)));
            p.drawLine(QPointF(cx, yy + rowH * 0.08), QPointF(cx, yy + rowH * 0.92));
        }
    }
}

struct TornadoRow
{
    QString label;
    double low = 0, high = 0; ///< change in %, for the assumption moved down and up
};

void drawTornado(QPainter& p, const Doc& d, const QRectF& r, std::vector<TornadoRow> rows, const QString& lowName,
    const QString& highName, const QString& axisTitle)
{
    std::sort(rows.begin(), rows.end(), [](const TornadoRow& a, const TornadoRow& b) {
        return std::max(std::abs(a.low), std::abs(a.high)) > std::max(std::abs(b.low), std::abs(b.high));
    });
    const QFont f = d.font(7);
    const QFontMetricsF m = d.metrics(f);
    double labelW = 0, mx = 1;
    for (const auto& t : rows) {
        labelW = std::max(labelW, m.horizontalAdvance(t.label));
        mx = std::max({mx, std::abs(t.low), std::abs(t.high)});
    }
    labelW = std::min(labelW + d.mm(3), r.width() * 0.38);
    double lx = r.left() + labelW;
    legendItem(p, d, lx, r.top(), blue, lowName, 1);
    legendItem(p, d, lx, r.top(), orange, highName, 1);
    const double top = r.top() + m.height() + d.mm(2);
    const double axisH = m.height() * 2 + d.mm(2);
    const double plotX = r.left() + labelW + d.mm(10), plotW = r.width() - labelW - d.mm(20);
    const double rowH
        = std::min(d.mm(7), (r.height() - (top - r.top()) - axisH) / std::max<std::size_t>(1, rows.size()));
    const double step = niceStep(mx / 2);
    const double lim = std::ceil(mx / step) * step;
    const double cx = plotX + plotW / 2;
    auto xOf = [&](double v) { return cx + v / lim * (plotW / 2); };
    p.setFont(f);
    for (double v = -lim; v <= lim + step * 0.001; v += step) {
        const double x = xOf(v);
        p.setPen(QPen(QColor(0xe4, 0xe8, 0xee), d.mm(0.15)));
        p.drawLine(QPointF(x, top), QPointF(x, top + rowH * rows.size()));
        p.setPen(muted);
        const QString label = (v > 0 ? QStringLiteral("+") : QString()) + grouped(std::abs(v) < 1e-9 ? 0.0 : v, 0)
            + QStringLiteral(" %");
        p.drawText(
            QRectF(x - d.mm(8), top + rowH * rows.size() + d.mm(0.5), d.mm(16), m.height()), Qt::AlignHCenter, label);
    }
    p.setPen(ink);
    p.drawText(
        QRectF(plotX, top + rowH * rows.size() + m.height() + d.mm(1), plotW, m.height()), Qt::AlignHCenter, axisTitle);
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& t = rows[i];
        const double yy = top + i * rowH;
        p.setPen(ink);
        p.drawText(QRectF(r.left(), yy, labelW - d.mm(2), rowH), Qt::AlignRight | Qt::AlignVCenter,
            m.elidedText(t.label, Qt::ElideRight, labelW - d.mm(2)));
        auto bar = [&](double v, const QColor& c, bool upper) {
            const double a = xOf(0), b = xOf(v);
            const double by = yy + (upper ? rowH * 0.14 : rowH * 0.5);
            p.fillRect(QRectF(std::min(a, b), by, std::max(std::abs(b - a), d.mm(0.3)), rowH * 0.36), c);
            const QString text = (v > 0 ? QStringLiteral("+") : QString()) + grouped(v, 1) + QStringLiteral(" %");
            const double tw = m.horizontalAdvance(text);
            p.setPen(ink);
            p.drawText(QRectF(v >= 0 ? std::max(a, b) + d.mm(1) : std::min(a, b) - d.mm(1) - tw, by - d.mm(0.3), tw + 1,
                           rowH * 0.42),
                Qt::AlignVCenter, text);
        };
        bar(t.low, blue, true);
        bar(t.high, orange, false);
    }
    p.setPen(QPen(ink, d.mm(0.25)));
    p.drawLine(QPointF(cx, top), QPointF(cx, top + rowH * rows.size()));
}

void drawHourly(QPainter& p, const Doc& d, const QRectF& r, const std::vector<double>& needed,
    const std::vector<double>& running, const QString& neededName, const QString& runningName, const QString& xTitle,
    const QString& yTitle)
{
    std::vector<double> all(needed);
    all.insert(all.end(), running.begin(), running.end());
    all.push_back(0);
    const std::size_t hours = std::max(needed.size(), running.size());
    const Axis ay = Axis::fit(all, true);
    Axis ax;
    ax.lo = 0;
    ax.hi = double(hours);
    ax.step = hours > 48 ? 24 : 6;
    const QRectF plot = drawFrame(p, d, r, ax, ay, xTitle, yTitle, d.mm(6));
    double lx = plot.left();
    legendItem(p, d, lx, r.top(), blue, neededName, 1);
    legendItem(p, d, lx, r.top(), orange, runningName, 1);
    auto line = [&](const std::vector<double>& v, const QColor& c, bool fill) {
        if (v.empty())
            return;
        QPainterPath path;
        for (std::size_t h = 0; h < v.size(); ++h) {
            const double x0 = plot.left() + double(h) / hours * plot.width();
            const double x1 = plot.left() + double(h + 1) / hours * plot.width();
            const double yy = plot.bottom() - ay.t(v[h]) * plot.height();
            if (h == 0)
                path.moveTo(x0, yy);
            else
                path.lineTo(x0, yy);
            path.lineTo(x1, yy);
        }
        if (fill) {
            QPainterPath area = path;
            area.lineTo(plot.left() + double(v.size()) / hours * plot.width(), plot.bottom());
            area.lineTo(plot.left(), plot.bottom());
            area.closeSubpath();
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(c.red(), c.green(), c.blue(), 70));
            p.drawPath(area);
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(c, d.mm(fill ? 0.3 : 0.5)));
        p.drawPath(path);
    };
    line(needed, blue, true);
    line(running, orange, false);
}

// ---- The report ---------------------------------------------------------------------------------------

/// Words both reports use, in the report's language (context PdfReport).
struct Words
{
    Q_DECLARE_TR_FUNCTIONS(PdfReport)

public:
    /// Hours in the unit durationUnit picks, with three significant digits.
    static QString hours(double h)
    {
        if (!std::isfinite(h))
            return tr("n/a");
        const DurationUnit u = durationUnit(h);
        const QString v = sig(inDurationUnit(h, u));
        switch (u) {
        case DurationUnit::Minutes:
            return tr("%1 min").arg(v);
        case DurationUnit::Hours:
            return tr("%1 h").arg(v);
        case DurationUnit::Days:
            return tr("%1 days").arg(v);
        case DurationUnit::Years:
            break;
        }
        return tr("%1 years").arg(v);
    }
    static QString pricingModel(core::PricingModel m)
    {
        switch (m) {
        case core::PricingModel::OnDemand:
            return tr("on-demand");
        case core::PricingModel::Spot:
            return tr("spot");
        case core::PricingModel::Reserved:
            return tr("reserved");
        case core::PricingModel::SavingsPlan:
            return tr("savings plan");
        case core::PricingModel::CommittedUse:
            return tr("committed use");
        case core::PricingModel::Subscription:
            return tr("subscription");
        case core::PricingModel::CapacityBlock:
            return tr("capacity block");
        }
        return {};
    }
};

class PdfReport
{
    Q_DECLARE_TR_FUNCTIONS(PdfReport)

public:
    PdfReport(const ReportInput& in, const PdfOptions& opt)
        : m_in(in)
        , m_opt(opt)
        , m_w(*in.workload)
        , m_plan(*in.plan)
    {
        m_priced = !m_plan.candidates.empty() && m_plan.candidates.front().pricing;
        m_serving = m_w.kind == core::WorkloadKind::Inference;
        if (!m_plan.candidates.empty())
            m_rec = &m_plan.candidates.front();
        else if (m_plan.pinned)
            m_rec = &*m_plan.pinned;
        if (m_rec)
            m_recView = viewCandidate(m_w, *m_rec, m_in.accuracy);
        m_currency = m_priced ? qs(m_plan.candidates.front().pricing->currency) : QString();
    }

    QString title() const { return tr("GPU deployment plan"); }
    /// A core message in the report's language.
    QString msgText(const core::Message& m) const { return messageText(m, m_opt.language); }

    void render(Doc& d)
    {
        d.start();
        titleBlock(d);
        recommendation(d);
        workload(d);
        ranked(d);
        charts(d);
        sensitivity(d);
        assumptions(d);
        provenance(d);
        accuracy(d);
        servingCalibrations(d);
        exclusions(d);
        notes(d);
    }

private:
    // -- formatting with translated units
    QString hours(double h) const { return Words::hours(h); }
    QString cost(double v) const { return money(v) + QLatin1Char(' ') + m_currency; }
    /// Tokens, tokens/s and GPU-hours as the report's reader counts them (countWords: 万, 亿 in Chinese).
    QString count(double v) const
    {
        const CountWords w = countWords(v, m_opt.language.toStdString());
        return grouped(w.value, w.decimals) + (w.unit.empty() ? QString() : QLatin1Char(' ') + qs(w.unit));
    }
    QString pct(double fraction, int decimals = 1) const
    {
        return grouped(fraction * 100.0, decimals) + QStringLiteral(" %");
    }
    QString latency(double ms) const
    {
        return latencyInSeconds(ms) ? tr("%1 s").arg(sig(ms / 1000.0)) : tr("%1 ms").arg(sig(ms));
    }
    /// The time a candidate is judged by: wall time (training, batch) or end-to-end latency (serving).
    QString timeOf(const core::Candidate& c) const { return m_serving ? latency(c.latencyMs()) : hours(c.wallHours); }
    /// A date with its age on the plan's date, "old" past the limit: "2023-06-17 (1263 d, old)".
    QString dated(const std::string& asOf, std::optional<long> ageDays, bool stale) const
    {
        const QString d = qs(asOf.substr(0, 10));
        if (!ageDays)
            return d;
        return stale ? tr("%1 (%2 d, old)").arg(d).arg(*ageDays) : tr("%1 (%2 d)").arg(d).arg(*ageDays);
    }
    QString pricingText(const core::Pricing& p) const
    {
        QString s = p.mixed                                  ? tr("on-demand base + spot burst")
            : core::pricingKey(p) == "reserved_host_default" ? tr("prepaid (host's default discount)")
                                                             : pricingModelName(p.price.pricingModel);
        if (p.price.termMonths)
            s += QLatin1Char(' ') + tr("%1 mo").arg(p.price.termMonths);
        if (!p.price.interruptionLabel.empty())
            s += QStringLiteral(" (") + qs(p.price.interruptionLabel) + QLatin1Char(')');
        return s;
    }
    QString pricingModelName(core::PricingModel m) const { return Words::pricingModel(m); }
    QString kindName() const
    {
        switch (m_w.kind) {
        case core::WorkloadKind::Training:
            return tr("training");
        case core::WorkloadKind::Inference:
            return tr("serving (inference)");
        case core::WorkloadKind::Batch:
            return tr("batch job");
        }
        return {};
    }
    /// "low – high" from <key>_low / <key>_high in a candidate's JSON, or empty.
    /// "low – high" of a figure's 80 % range; empty when it has none (no accuracy report, or a batch job).
    QString range(const Ranged& r, const std::function<QString(double)>& f) const
    {
        if (!m_in.accuracy || !r.hasRange())
            return {};
        return f(r.low) + QStringLiteral(" – ") + f(r.high);
    }
    QString deployment(const core::Candidate& c) const
    {
        QString gpus = tr("%1 × %2").arg(c.gpus).arg(qs(gpuText(c)));
        if (!c.pricing)
            return gpus;
        const auto& p = *c.pricing;
        return qs(p.offering.provider) + QLatin1Char(' ') + qs(p.offering.region) + QStringLiteral(" · ")
            + (p.instances > 1 ? tr("%1 × %2").arg(p.instances).arg(qs(p.offering.instanceType))
                               : qs(p.offering.instanceType))
            + QStringLiteral(" (") + gpus + QStringLiteral(") · ") + pricingText(p);
    }

    // -- sections
    void titleBlock(Doc& d)
    {
        d.text(title(), d.font(21, true), accent, 0, 1.5);
        d.text(qs(m_w.name.empty() ? std::string("(unnamed workload)") : m_w.name), d.font(13, true), ink, 0, 1.5);
        QString meta = tr("%1 · generated %2").arg(kindName(), generatedText());
        if (!m_in.sourceFile.empty())
            meta += QStringLiteral(" · ") + tr("workload file %1").arg(qs(m_in.sourceFile));
        d.text(meta, d.font(8), muted, 0, 4);
    }

    void recommendation(Doc& d)
    {
        // A shaded box: what to run, what it costs, how long it takes, and why.
        const double pad = d.mm(3.5);
        const double innerW = d.width() - 2 * pad;
        struct Line
        {
            QString text;
            QFont font;
            QColor colour;
        };
        std::vector<Line> lines;
        const bool inMemory = m_rec && m_recView.fitsInMemory;
        lines.push_back({m_rec && !m_rec->fits
                ? (inMemory ? tr("The pinned deployment is not feasible") : tr("The pinned deployment does not fit"))
                : tr("Recommendation"),
            d.font(9, true), m_rec && !m_rec->fits ? danger : accent});
        if (!m_rec) {
            lines.push_back({tr("Nothing feasible: every deployment was excluded (see \"Why not the others\")."),
                d.font(10.5, true), danger});
        } else {
            lines.push_back({deployment(*m_rec), d.font(10.5, true), ink});
            QStringList facts;
            if (m_rec->pricing) {
                const QString r = range(m_recView.totalCost, [](double v) { return money(v); });
                facts << (m_serving ? tr("Cost: %1 per month").arg(cost(m_rec->pricing->totalCost))
                                    : tr("Cost: %1").arg(cost(m_rec->pricing->totalCost)))
                        + (r.isEmpty() ? QString()
                                       : QStringLiteral(" (") + tr("80 % range %1").arg(r) + QLatin1Char(')'));
            }
            if (m_serving) {
                if (m_rec->inference)
                    facts << tr("Latency: %1 per request (TTFT %2, TPOT %3)")
                                 .arg(latency(m_rec->latencyMs()), latency(m_rec->inference->ttftMs),
                                     latency(m_rec->inference->tpotMs));
            } else {
                const QString r = range(m_recView.wallHours, [this](double v) { return hours(v); });
                facts << tr("Time: %1").arg(hours(m_rec->wallHours))
                        + (r.isEmpty() ? QString()
                                       : QStringLiteral(" (") + tr("80 % range %1").arg(r) + QLatin1Char(')'));
                facts << tr("GPU-hours: %1").arg(count(m_rec->gpuHours));
            }
            if (!m_rec->fits)
                facts << (inMemory ? tr("Not feasible") : tr("Does not fit"));
            lines.push_back({facts.join(QStringLiteral("  ·  ")), d.font(9), ink});
            lines.push_back({tr("Why: %1").arg(why()), d.font(8.5), ink});
        }
        double h = 2 * pad;
        for (const auto& l : lines)
            h += d.textHeight(l.text, l.font, innerW) + d.mm(1.2);
        d.ensure(h);
        if (d.painting()) {
            QPainter& p = d.painter();
            p.setPen(Qt::NoPen);
            p.setBrush(boxFill);
            p.drawRect(QRectF(d.x0, d.y, d.width(), h));
            p.setBrush(accent);
            p.drawRect(QRectF(d.x0, d.y, d.mm(1.2), h));
            double yy = d.y + pad;
            for (const auto& l : lines) {
                const double lh = d.textHeight(l.text, l.font, innerW);
                p.setFont(l.font);
                p.setPen(l.colour);
                p.drawText(QRectF(d.x0 + pad, yy, innerW, lh + d.mm(1)), Qt::TextWordWrap, l.text);
                yy += lh + d.mm(1.2);
            }
        }
        d.y += h + d.mm(3);
    }

    QString why() const
    {
        QStringList parts;
        const auto& k = m_w.constraints;
        if (m_rec->pricing) {
            const std::size_t n = m_plan.candidates.size();
            parts << (k.objective == "time"
                    ? tr("ranked by time, then cost: it is the fastest of the %1 priced deployments that fit and meet "
                         "the constraints.")
                          .arg(n)
                    : tr("ranked by cost: it is the cheapest of the %1 priced deployments that fit and meet the "
                         "constraints.")
                          .arg(n));
            if (k.deadlineHours && !m_serving)
                parts
                    << tr("It meets the deadline of %1 with %2.").arg(hours(*k.deadlineHours), hours(m_rec->wallHours));
            if (k.budget)
                parts
                    << tr("It stays within the budget of %1 %2.").arg(money(k.budget->amount), qs(k.budget->currency));
            if (m_rec->pricing->pareto) {
                parts << (m_serving ? tr("It is on the Pareto front of cost vs p99 time to first token: no other "
                                         "deployment both costs less and answers sooner.")
                                    : tr("It is on the Pareto front of cost vs time: no other deployment is both "
                                         "cheaper and faster."));
                // The fastest end of the front, to show what speed costs.
                const core::Candidate* fastest = nullptr;
                for (const auto& c : m_plan.candidates)
                    if (c.pricing->pareto && (!fastest || tval(c) < tval(*fastest)))
                        fastest = &c;
                if (fastest && fastest != m_rec && tval(*fastest) < 0.98 * tval(*m_rec) && m_rec->pricing->costUsd > 0)
                    parts << (m_serving ? tr("The fastest option on the front, %1, answers within %2 at p99 for %3 "
                                             "(%4 more).")
                                        : tr("The fastest option on the front, %1, takes %2 for %3 (%4 more)."))
                                 .arg(deployment(*fastest),
                                     m_serving ? latency(costChartTime(*fastest)) : timeOf(*fastest),
                                     cost(fastest->pricing->totalCost),
                                     pct(fastest->pricing->costUsd / m_rec->pricing->costUsd - 1.0, 0));
            } else {
                parts << tr("Faster deployments on the Pareto front cost more (see the chart).");
            }
            if (!m_rec->pricing->note.empty())
                parts << msgText(m_rec->pricing->note) + QLatin1Char('.');
        } else if (m_w.hardware) {
            // Priced, yet nothing ranked: the catalog's offerings of that hardware were excluded, each with its reason.
            parts << (m_plan.priced && !m_plan.excluded.empty()
                    ? tr("the workload pins the hardware; this is the estimate for that deployment (no catalog "
                         "offering can run it as pinned: see \"Why not the others\").")
                    : tr("the workload pins the hardware; this is the estimate for that deployment (no catalog "
                         "offering matched it)."));
        } else {
            parts << tr("no prices: ranked by GPU-hours, a price-free proxy for cost.");
        }
        if (!m_rec->fits) {
            const core::FitReport* fit = m_rec->training ? &m_rec->training->fit
                : m_rec->inference                       ? &m_rec->inference->fit
                                                         : nullptr;
            if (fit && !fit->suggestions.empty())
                parts << (fit->fits ? tr("Why it is not feasible: %1") : tr("What would make it fit: %1"))
                             .arg(msgText(fit->suggestions.front()));
        }
        return parts.join(QLatin1Char(' '));
    }
    /// The time of the Pareto front (core::markParetoFront): p99 TTFT for serving, wall hours otherwise.
    double tval(const core::Candidate& c) const { return costChartTime(c); }

    QString generatedText() const
    {
        const QDateTime t = m_opt.generated.isValid() ? m_opt.generated : QDateTime::currentDateTimeUtc();
        return t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC");
    }

    void workload(Doc& d)
    {
        d.heading(tr("Workload and constraints"));
        std::vector<QStringList> rows;
        auto add = [&](const QString& k, const QString& v) { rows.push_back({k, v}); };
        add(tr("Kind"), kindName());
        if (m_w.kind != core::WorkloadKind::Batch) {
            const auto pc = core::countParams(m_w.model);
            const auto unit = largeCountUnit(m_opt.language.toStdString()); // billions, or 亿 in Chinese
            QString model = qs(m_w.model.id.empty() ? std::string("custom") : m_w.model.id) + QStringLiteral(" · ")
                + tr("%1 billion parameters").arg(grouped(pc.total / unit.size, unit.decimals));
            if (pc.active < pc.total)
                model += QStringLiteral(" (")
                    + tr("%1 billion active").arg(grouped(pc.active / unit.size, unit.decimals)) + QLatin1Char(')');
            add(tr("Model"), model);
        }
        if (m_w.training) {
            const auto& t = *m_w.training;
            add(tr("Training tokens"),
                count(t.tokens) + QStringLiteral(" (") + qs(scientific(t.tokens)) + QLatin1Char(')'));
            QString method = t.method == core::FinetuneMethod::Full ? tr("full training")
                                                                    : qs(std::string(core::toString(t.method)));
            if (t.method != core::FinetuneMethod::Full)
                method += QStringLiteral(", ") + tr("rank %1").arg(t.loraRank);
            add(tr("Precision · method"),
                qs(std::string(core::toString(t.precision))) + QStringLiteral(" · ") + method);
            add(tr("Global batch"),
                tr("%1 sequences of %2 tokens")
                    .arg(grouped(t.sequencesPerStep(m_w.model.seqLen), 0))
                    .arg(m_w.model.seqLen));
        }
        if (m_w.inference) {
            const auto& i = *m_w.inference;
            add(tr("Request shape"), tr("%1 prompt tokens, %2 output tokens").arg(i.promptTokens).arg(i.outputTokens));
            add(tr("Precision (weights · KV cache)"),
                qs(std::string(core::toString(i.weightPrecision))) + QStringLiteral(" · ")
                    + qs(std::string(core::toString(i.kvPrecision))));
            if (i.requestsPerSecond)
                add(tr("Peak traffic"), tr("%1 requests/s").arg(grouped(*i.requestsPerSecond, 2)));
            if (!i.profile.empty())
                add(tr("Demand profile"),
                    tr("%1 hourly values, peak %2 requests/s").arg(i.profile.size()).arg(grouped(i.peakRate(), 2)));
            QStringList slo;
            if (i.slo.ttftP99Ms)
                slo << tr("TTFT p99 ≤ %1").arg(latency(*i.slo.ttftP99Ms));
            if (i.slo.tpotP99Ms)
                slo << tr("TPOT p99 ≤ %1").arg(latency(*i.slo.tpotP99Ms));
            if (i.e2eLatencyP99Ms)
                slo << tr("end to end p99 ≤ %1").arg(latency(*i.e2eLatencyP99Ms));
            if (!slo.isEmpty())
                add(tr("Latency targets"), slo.join(QStringLiteral(", ")));
            if (i.availability)
                add(tr("Availability target"), pct(*i.availability, 2));
        }
        if (m_w.batch) {
            const auto& b = *m_w.batch;
            add(tr("Measured work"),
                tr("%1 GPU-hours on %2, bound by %3")
                    .arg(grouped(b.gpuHours, 1), qs(b.referenceGpu), qs(std::string(core::toString(b.bound)))));
        }
        if (m_w.hardware)
            add(tr("Pinned hardware"), tr("%1 × %2").arg(m_w.hardware->count).arg(qs(m_w.hardware->gpu)));
        const auto& k = m_w.constraints;
        if (k.deadlineHours)
            add(tr("Deadline"), hours(*k.deadlineHours));
        if (k.budget)
            add(tr("Budget"), money(k.budget->amount) + QLatin1Char(' ') + qs(k.budget->currency));
        auto list = [](const std::vector<std::string>& v) {
            QStringList l;
            for (const auto& s : v)
                l << qs(s);
            return l.join(QStringLiteral(", "));
        };
        if (!k.providers.empty())
            add(tr("Providers"), list(k.providers));
        if (!k.regions.empty())
            add(tr("Regions"), list(k.regions));
        if (!k.countries.empty())
            add(tr("Countries (data residency)"), list(k.countries));
        if (!k.pricing.empty())
            add(tr("Pricing models"), list(k.pricing));
        if (k.maxInterruptionBucket)
            add(tr("Spot interruption bucket at most"), QString::number(*k.maxInterruptionBucket));
        add(tr("Objective"),
            k.objective == "time" ? tr("time") : (k.objective == "carbon" ? tr("carbon") : tr("cost")));
        if (m_priced)
            add(tr("Currency"), m_currency);
        Table t;
        t.columns = {{tr("Field"), Qt::AlignLeft, false}, {tr("Value"), Qt::AlignLeft, true}};
        t.rows = std::move(rows);
        t.header = false;
        t.firstColumnMuted = true;
        t.pt = 8;
        d.table(t);
    }

    void ranked(Doc& d)
    {
        const int n = std::min<int>(m_opt.topN, int(m_plan.candidates.size()));
        d.heading(n == 0 ? tr("Ranked comparison")
                         : tr("Ranked comparison (top %1 of %2)").arg(n).arg(m_plan.candidates.size()));
        if (n == 0) {
            d.text(tr("No candidate fits and meets the constraints."), d.font(8.5), ink);
            return;
        }
        Table t;
        t.pt = 6.8;
        const Qt::Alignment R = Qt::AlignRight;
        if (m_priced) {
            // Two-line cells keep the table on a portrait page: provider over region, instances over GPUs,
            // value over its 80 % range.
            t.columns = {{tr("#"), R}, {QString(), Qt::AlignHCenter}, {tr("Provider\nregion"), Qt::AlignLeft, true},
                {tr("Instances\nGPUs"), Qt::AlignLeft, true}, {tr("Pricing"), Qt::AlignLeft, true},
                {tr("%1\nper hour").arg(m_currency), R},
                {m_serving ? tr("%1 per month\n80 % range").arg(m_currency)
                           : tr("Total %1\n80 % range").arg(m_currency),
                    R},
                {m_serving ? tr("Latency\nper request") : tr("Time\n80 % range"), R}, {tr("Prices\nas of")}};
            for (int i = 0; i < n; ++i) {
                const auto& c = m_plan.candidates[i];
                const CandidateView v = viewCandidate(m_w, c, m_in.accuracy);
                const auto& p = *c.pricing;
                const QString r = range(v.totalCost, [](double x) { return money(x); });
                const QString tr_ = m_serving ? QString() : range(v.wallHours, [this](double x) { return hours(x); });
                t.rows.push_back({QString::number(i + 1), p.pareto ? QStringLiteral("●") : QString(),
                    qs(p.offering.provider) + QLatin1Char('\n') + qs(p.offering.region),
                    tr("%1 × %2").arg(p.instances).arg(qs(p.offering.instanceType)) + QLatin1Char('\n')
                        + tr("%1 × %2").arg(c.gpus).arg(qs(gpuText(c))),
                    pricingText(p), money(p.hourlyCost),
                    money(p.totalCost) + (r.isEmpty() ? QString() : QLatin1Char('\n') + r),
                    timeOf(c) + (tr_.isEmpty() ? QString() : QLatin1Char('\n') + tr_),
                    dated(p.price.asOf, p.priceAgeDays, p.priceStale)});
            }
        } else if (m_w.kind == core::WorkloadKind::Training) {
            t.columns = {{tr("#"), R}, {tr("GPU")}, {tr("GPUs"), R}, {tr("Layout"), Qt::AlignLeft, true},
                {tr("Time (80 % range)"), R}, {tr("GPU-hours"), R}, {tr("MFU"), R}, {tr("Memory per GPU"), R}};
            for (int i = 0; i < n; ++i) {
                const auto& c = m_plan.candidates[i];
                const auto& e = *c.training;
                const QString r
                    = range(viewCandidate(m_w, c, m_in.accuracy).wallHours, [this](double v) { return hours(v); });
                t.rows.push_back({QString::number(i + 1), qs(gpuText(c)), QString::number(c.gpus), layout(c),
                    hours(c.wallHours) + (r.isEmpty() ? QString() : QLatin1Char('\n') + r), count(c.gpuHours),
                    pct(e.mfu), qs(gib(e.memory.total()))});
            }
        } else if (m_serving) {
            t.columns = {{tr("#"), R}, {tr("GPU")}, {tr("GPUs"), R}, {tr("Layout"), Qt::AlignLeft, true},
                {tr("Concurrency"), R}, {tr("TTFT"), R}, {tr("TPOT"), R}, {tr("Output tokens/s"), R},
                {tr("Requests/s"), R}};
            for (int i = 0; i < n; ++i) {
                const auto& c = m_plan.candidates[i];
                const auto& e = *c.inference;
                t.rows.push_back({QString::number(i + 1), qs(gpuText(c)), QString::number(c.gpus), layout(c),
                    QString::number(e.concurrency), latency(e.ttftMs), latency(e.tpotMs), count(e.throughputTokensPerS),
                    grouped(e.requestsPerS, 2)});
            }
        } else {
            t.columns
                = {{tr("#"), R}, {tr("GPU")}, {tr("Speed vs reference"), R}, {tr("GPU-hours"), R}, {tr("Time"), R}};
            for (int i = 0; i < n; ++i) {
                const auto& c = m_plan.candidates[i];
                t.rows.push_back({QString::number(i + 1), qs(c.gpu->id),
                    grouped(c.batch->speedup, 2) + QStringLiteral("×"), grouped(c.gpuHours, 1), hours(c.wallHours)});
            }
        }
        t.highlighted.insert(0);
        d.table(t);
        if (m_priced)
            d.text(m_serving ? tr("● on the Pareto front of cost vs p99 time to first token. Costs are per 730-hour "
                                  "month of service; "
                                  "ranges come from the estimator's measured errors.")
                             : tr("● on the Pareto front of cost vs time: nothing else is both cheaper and faster. "
                                  "Ranges (80 %) come from the estimator's measured errors on published runs."),
                d.font(7), muted);
    }

    QString layout(const core::Candidate& c) const
    {
        if (c.disaggregated)
            return tr("prefill %1 + decode %2")
                .arg(tr("TP %1 × %2 replicas")
                         .arg(c.disaggregated->prefill.layout.tp)
                         .arg(c.disaggregated->prefill.layout.replicas),
                    tr("TP %1 × %2 replicas")
                        .arg(c.disaggregated->decode.layout.tp)
                        .arg(c.disaggregated->decode.layout.replicas));
        if (c.inference)
            return tr("TP %1 × %2 replicas").arg(c.inference->layout.tp).arg(c.inference->layout.replicas);
        if (c.training) { // layoutText's words in the report's language
            const auto& l = c.training->layout;
            QString s = qs(trainingDegreesText(l));
            if (hybridSharded(l))
                s += QLatin1Char(' ') + tr("(HSDP, shards of %1)").arg(l.shardGroup);
            if (l.recompute == core::Recompute::Full && l.recomputeShare < 1.0)
                s += QStringLiteral(" · ")
                    + tr("full recompute of %1 % of layers").arg(std::lround(l.recomputeShare * 100));
            else if (l.recompute == core::Recompute::Full)
                s += QStringLiteral(" · ") + tr("full recompute");
            else if (l.recompute == core::Recompute::Selective)
                s += QStringLiteral(" · ") + tr("selective recompute");
            else if (l.recompute == core::Recompute::Op)
                s += QStringLiteral(" · ") + tr("per-op recompute");
            return s;
        }
        return qs(layoutText(c));
    }

    void charts(Doc& d)
    {
        if (m_plan.candidates.empty() && !m_rec)
            return;
        d.heading(tr("Charts"), 90);
        // Cost against time (p99 TTFT for serving) with the Pareto front, or the cheapest as ranked bars when the
        // times are too alike for a scatter: the app's choice (chooseCostChart).
        const CostChart choice = m_priced ? chooseCostChart(m_plan) : CostChart {};
        if (choice.kind == CostChart::Kind::Scatter) {
            d.subheading(m_serving ? tr("Cost vs p99 time to first token") : tr("Cost vs time"), 80);
            if (choice.plotted.size() < choice.priced)
                d.text(tr("Plotted: the Pareto front and the cheapest deployments, %1 of the %2 priced.")
                           .arg(choice.plotted.size())
                           .arg(choice.priced),
                    d.font(8), muted);
            std::vector<ScatterPoint> pts;
            for (const std::size_t i : choice.plotted) {
                const core::Candidate& c = m_plan.candidates[i];
                pts.push_back({m_serving ? costChartTime(c) / 1000.0 : costChartTime(c), c.pricing->totalCost,
                    c.pricing->pareto, &c == m_rec});
            }
            d.block(78, [&](QPainter& p, const QRectF& r) {
                drawScatter(p, d, r, pts, m_serving ? tr("p99 time to first token (s)") : tr("wall time (h)"),
                    m_serving ? tr("cost per month (%1)").arg(m_currency) : tr("total cost (%1)").arg(m_currency),
                    tr("recommended"));
            });
        } else if (choice.kind == CostChart::Kind::RankedBars) {
            d.subheading(
                (m_serving ? tr("The cheapest deployments (their p99 times to first token differ by %1 at most)")
                           : tr("The cheapest deployments (their times differ by %1 at most)"))
                    .arg(pct(choice.spread)),
                80);
            std::vector<Bar> bars;
            for (std::size_t i : choice.ranked) {
                const auto& c = m_plan.candidates[i];
                const auto& p = *c.pricing;
                QString value = cost(p.totalCost);
                if (m_serving)
                    value = tr("%1 a month · %2 per million output tokens")
                                .arg(value, cost(p.costPerMillionOutputTokens));
                bars.push_back({tr("#%1 %2 %3 · %4")
                                    .arg(i + 1)
                                    .arg(qs(p.offering.provider), qs(p.offering.instanceType), pricingText(p)),
                    p.totalCost, value});
            }
            d.block(6.0 * bars.size() + 2, [&](QPainter& p, const QRectF& r) { drawBars(p, d, r, bars, &series[0]); });
        } else if (!m_priced && m_plan.candidates.size() > 1 && !m_serving) {
            d.subheading(tr("GPU-hours vs time"), 72);
            std::vector<ScatterPoint> pts;
            for (const auto& c : m_plan.candidates)
                pts.push_back({c.wallHours, c.gpuHours, false, &c == m_rec});
            // Pareto front: nothing else both fewer GPU-hours and faster.
            for (auto& a : pts)
                a.pareto = std::none_of(pts.begin(), pts.end(),
                    [&](const ScatterPoint& b) { return (b.x < a.x && b.y <= a.y) || (b.x <= a.x && b.y < a.y); });
            d.block(70, [&](QPainter& p, const QRectF& r) {
                drawScatter(p, d, r, pts, tr("wall time (h)"), tr("GPU-hours"), tr("recommended"));
            });
        }
        if (m_rec)
            breakdown(d);
        memory(d);
        demand(d);
    }

    void breakdown(Doc& d)
    {
        // Where the money (or, unpriced, the GPU time) of the recommended deployment goes.
        const core::Candidate& c = *m_rec;
        const bool priced = c.pricing.has_value();
        const double total = priced ? c.pricing->totalCost : c.gpuHours;
        if (!(total > 0))
            return;
        const double perHour = priced ? c.pricing->hourlyCost : double(c.gpus);
        std::vector<Bar> bars;
        auto add = [&](const QString& label, double v) {
            if (v > total * 0.0005)
                bars.push_back({label, v, QString()});
        };
        double used = 0;
        auto part = [&](const QString& label, double v) {
            add(label, v);
            used += v;
        };
        if (c.training) {
            const auto& t = *c.training;
            const double stepHours = t.steps * t.stepTimeS / 3600.0;
            const double share = stepHours / std::max(t.stepTimeS, 1e-12);
            part(tr("GEMMs and attention"), t.computeS * share * perHour);
            part(tr("Memory-bound kernels"), t.elementwiseS * share * perHour);
            part(tr("Pipeline bubble"), t.bubbleS * share * perHour);
            part(tr("Tensor-parallel communication"), t.tpCommS * share * perHour);
            part(tr("Context-parallel communication"), t.cpCommS * share * perHour);
            part(tr("Pipeline-parallel communication"), t.ppCommS * share * perHour);
            part(tr("Data-parallel communication"), t.dpCommS * share * perHour);
            part(tr("Expert-parallel communication"), t.epCommS * share * perHour);
            part(tr("MoE dispatch overhead"), t.moeOverheadS * share * perHour);
            part(tr("Optimizer step"), t.optimizerS * share * perHour);
            const double named = t.computeS + t.elementwiseS + t.bubbleS + t.tpCommS + t.cpCommS + t.ppCommS + t.dpCommS
                + t.epCommS + t.moeOverheadS + t.optimizerS;
            part(tr("Per-step framework overhead"), std::max(0.0, t.stepTimeS - named) * share * perHour);
            // What a long run loses, each a share of its wall time (core::GoodputLoss).
            part(tr("Restarts after failures"), t.goodputLoss.restarts * t.wallHours * perHour);
            part(tr("Work lost since the last checkpoint"), t.goodputLoss.lostWork * t.wallHours * perHour);
            part(tr("Checkpoint writes"), t.goodputLoss.checkpoints * t.wallHours * perHour);
            part(tr("Stragglers"), t.goodputLoss.stragglers * t.wallHours * perHour);
            part(tr("Spot interruptions"), std::max(0.0, c.wallHours - t.wallHours) * perHour);
        } else if (c.disaggregated && priced) {
            // Separate pools: each pool at its utilization, the rest idle, the KV cache's egress (poolCostSplit).
            const PoolCostSplit pools = poolCostSplit(*c.disaggregated);
            part(tr("Prefill pool"), pools.prefill);
            part(tr("Decode pool"), pools.decode);
            part(tr("Headroom, spares and idle capacity"), pools.idle);
            part(tr("KV cache egress between regions"), pools.egress);
        } else if (c.inference) {
            const auto& e = *c.inference;
            const double util = std::clamp(c.capacity ? c.capacity->result.utilization : 1.0, 0.0, 1.0);
            const double service = e.prefillMs + std::max(0, m_w.inference->outputTokens) * e.tpotMs;
            const double prefillShare = service > 0 ? e.prefillMs / service : 0;
            part(tr("Prefill (prompt processing)"), total * util * prefillShare);
            part(tr("Decode (token generation)"), total * util * (1 - prefillShare));
            part(tr("Headroom, spares and idle capacity"), total * (1 - util));
        } else if (c.batch) {
            const double base = c.batch->wallHours * perHour;
            part(tr("GPU compute"), base);
            part(tr("Spot interruptions"), std::max(0.0, c.wallHours - c.batch->wallHours) * perHour);
        }
        if (priced)
            part(tr("Billing (rounding, minimums, unused commitment)"), std::max(0.0, total - used));
        if (bars.empty())
            return;
        for (auto& b : bars)
            b.valueText = (priced ? cost(b.value) : tr("%1 GPU-hours").arg(grouped(b.value, 0))) + QStringLiteral("  (")
                + pct(b.value / total) + QLatin1Char(')');
        const double height = std::min(62.0, 6.0 * bars.size() + 2);
        d.subheading(priced ? (m_serving ? tr("Cost breakdown of the recommended deployment (one month)")
                                         : tr("Cost breakdown of the recommended deployment"))
                            : tr("GPU time breakdown of the recommended deployment"),
            height + 2);
        d.block(height, [&](QPainter& p, const QRectF& r) { drawBars(p, d, r, bars); });
    }

    void memory(Doc& d)
    {
        // Memory per GPU by component against the GPU's capacity: the recommended deployment and the next
        // distinct GPU models in the ranking.
        std::vector<Stack> stacks;
        std::set<std::string> seen;
        auto addStack = [&](const core::Candidate& c) {
            const core::MemoryBreakdown* m = c.training ? &c.training->memory
                : c.inference                           ? &c.inference->memory
                                                        : nullptr;
            if (!m)
                return;
            const std::string key = gpuText(c) + "/" + std::to_string(c.gpus);
            if (!seen.insert(key).second)
                return;
            Stack s;
            s.label = tr("%1 × %2").arg(c.gpus).arg(qs(gpuText(c)));
            for (double bytes : {m->weights, m->gradients, m->optimizer, m->activations, m->kvCache, m->overhead})
                s.parts.push_back(bytes / GiB);
            s.capacity = c.gpu->memoryBytes / GiB;
            stacks.push_back(std::move(s));
        };
        if (m_rec)
            addStack(*m_rec);
        for (std::size_t i = 0; i < m_plan.candidates.size() && stacks.size() < 6; ++i)
            addStack(m_plan.candidates[i]);
        if (stacks.empty())
            return;
        d.subheading(tr("Memory per GPU by component (GiB; red mark: the GPU's capacity)"), 18 + 7.0 * stacks.size());
        const QStringList names
            = {tr("weights"), tr("gradients"), tr("optimizer"), tr("activations"), tr("KV cache"), tr("overhead")};
        d.block(16 + 7.0 * stacks.size(), [&](QPainter& p, const QRectF& r) { drawStacks(p, d, r, stacks, names); });
    }

    void demand(Doc& d)
    {
        if (!m_rec)
            return;
        std::vector<double> needed, running;
        if (m_rec->capacity && m_rec->capacity->autoscale) {
            for (int n : m_rec->capacity->autoscale->needed)
                needed.push_back(n);
            for (int n : m_rec->capacity->autoscale->running)
                running.push_back(n);
        }
        const core::AvailabilityInfo* av
            = m_rec->pricing && m_rec->pricing->availability ? &*m_rec->pricing->availability : nullptr;
        if (needed.empty() && running.empty() && !av)
            return;
        if (!needed.empty() || !running.empty()) {
            d.subheading(tr("Demand vs capacity (replicas per hour)"), 64);
            d.block(62, [&](QPainter& p, const QRectF& r) {
                drawHourly(p, d, r, needed, running, tr("needed for the traffic"), tr("running (autoscaled)"),
                    tr("hour of the profile (UTC)"), tr("replicas"));
            });
        } else {
            d.subheading(tr("Availability"), 10);
        }
        if (av)
            d.text(tr("Expected availability %1 (target %2); expected downtime %3 min per month.")
                       .arg(pct(av->expected, 3), av->target ? pct(*av->target, 3) : tr("none"),
                           grouped(av->downtimeMinutesPerMonth, 1)),
                d.font(8), ink);
    }

    void sensitivity(Doc& d)
    {
        if (!m_in.sensitivity || !m_rec)
            return;
        const Sensitivity& s = *m_in.sensitivity;
        const QString stepText = grouped(s.step * 100, 0) + QStringLiteral(" %");
        d.heading(tr("Sensitivity: each main assumption moved by ±%1").arg(stepText));
        d.text(m_serving
                ? tr("The recommended offering and price recomputed with one assumption moved at a time; replicas are "
                     "re-sized to the traffic. Time is the end-to-end latency of a request.")
                : tr(
                    "The recommended deployment as bought (same offering, price, GPU count and layout) recomputed with "
                    "one assumption moved at a time."),
            d.font(8), muted);
        auto costText = [&](const SensitivityPoint& pt) {
            if (!pt.feasible)
                return tr("infeasible");
            return s.priced ? cost(pt.totalCost) : QStringLiteral("–");
        };
        auto timeText = [&](const SensitivityPoint& pt) {
            if (!pt.feasible)
                return tr("infeasible");
            return s.serving ? latency(pt.time) : hours(pt.time);
        };
        auto change = [&](const SensitivityPoint& pt, bool ofCost) {
            const double b = ofCost ? s.base.totalCost : s.base.time;
            const double v = ofCost ? pt.totalCost : pt.time;
            if (!pt.feasible || !(b > 0))
                return std::numeric_limits<double>::quiet_NaN();
            return (v / b - 1.0) * 100.0;
        };
        auto signedPct = [](double v) -> QString {
            if (!std::isfinite(v))
                return QStringLiteral("–");
            return (v > 0.05 ? QStringLiteral("+") : QString()) + grouped(v, 1) + QStringLiteral(" %");
        };
        auto flags = [&](const SensitivityPoint& pt) {
            QStringList f;
            if (!pt.feasible && !pt.note.empty())
                f << msgText(pt.note);
            if (pt.missesDeadline)
                f << tr("misses the deadline");
            if (pt.overBudget)
                f << tr("over budget");
            return f;
        };
        Table t;
        t.pt = 7;
        const Qt::Alignment R = Qt::AlignRight;
        // Each cell: the value, and under it the change from the plan as made.
        t.columns = {{tr("Assumption"), Qt::AlignLeft, true}, {tr("Cost if\n−%1").arg(stepText), R},
            {tr("Cost if\n+%1").arg(stepText), R}, {tr("Time if\n−%1").arg(stepText), R},
            {tr("Time if\n+%1").arg(stepText), R}, {tr("Note"), Qt::AlignLeft, true}};
        t.rows.push_back({tr("As planned"), costText(s.base), QString(), timeText(s.base), QString(),
            flags(s.base).join(QStringLiteral("; "))});
        t.highlighted.insert(0);
        std::vector<TornadoRow> tornado;
        for (const auto& row : s.rows) {
            const QString name = assumptionName(row.assumption);
            if (!row.applies) {
                t.rows.push_back({name, QStringLiteral("–"), QStringLiteral("–"), QStringLiteral("–"),
                    QStringLiteral("–"), notApplicable(row.assumption)});
                continue;
            }
            const double cl = change(row.low, true), ch = change(row.high, true);
            const double tl = change(row.low, false), th = change(row.high, false);
            QStringList notes = flags(row.low);
            for (const QString& f : flags(row.high))
                if (!notes.contains(f))
                    notes << f;
            auto cell = [&](const QString& value, double delta) {
                return std::isfinite(delta) ? value + QLatin1Char('\n') + signedPct(delta) : value;
            };
            t.rows.push_back({name, cell(costText(row.low), s.priced ? cl : std::nan("")),
                cell(costText(row.high), s.priced ? ch : std::nan("")), cell(timeText(row.low), tl),
                cell(timeText(row.high), th), notes.join(QStringLiteral("; "))});
            const double a = s.priced ? cl : tl, b = s.priced ? ch : th;
            if (std::isfinite(a) || std::isfinite(b))
                tornado.push_back({name, std::isfinite(a) ? a : 0.0, std::isfinite(b) ? b : 0.0});
        }
        d.table(t);
        if (!tornado.empty()) {
            d.subheading(s.priced ? tr("Tornado: change of the recommended plan's cost")
                                  : tr("Tornado: change of the recommended plan's time"),
                16 + 7.0 * tornado.size());
            d.block(14 + 7.0 * tornado.size(), [&](QPainter& p, const QRectF& r) {
                drawTornado(p, d, r, tornado, tr("assumption −%1").arg(stepText), tr("assumption +%1").arg(stepText),
                    s.priced ? tr("change of cost") : tr("change of time"));
            });
        }
    }

    QString assumptionName(Assumption a) const
    {
        switch (a) {
        case Assumption::Efficiency:
            return tr("Efficiency (GEMM, attention, memory and link)");
        case Assumption::Price:
            return tr("Prices (hourly rates and fees)");
        case Assumption::Work:
            return m_w.kind == core::WorkloadKind::Training ? tr("Training tokens")
                : m_serving                                 ? tr("Traffic (requests/s)")
                                                            : tr("Work (GPU-hours on the reference GPU)");
        case Assumption::Interruptions:
            return tr("Spot interruption rate");
        case Assumption::Fx:
            return tr("Exchange rates (units per USD)");
        }
        return {};
    }
    QString notApplicable(Assumption a) const
    {
        switch (a) {
        case Assumption::Efficiency:
            return tr("n/a: batch jobs scale by datasheet ratios, an efficiency factor cancels out");
        case Assumption::Price:
            return tr("n/a: no prices");
        case Assumption::Work:
            return tr("n/a: no traffic given");
        case Assumption::Interruptions:
            return tr("n/a: not on spot capacity");
        case Assumption::Fx:
            return tr("n/a: priced and reported in USD");
        }
        return {};
    }

    void assumptions(Doc& d)
    {
        d.heading(tr("Assumptions"));
        if (m_rec && m_w.kind != core::WorkloadKind::Batch) {
            const core::Precision prec = m_w.training
                ? m_rec->gpu->computePrecision(m_w.training->precision)
                : core::mathPrecision(*m_rec->gpu, m_w.inference->weightPrecision);
            const core::Efficiency e = m_rec->servingCalibration
                ? core::defaultEfficiency(*m_rec->gpu, prec) // the serving fit was made against these
                : core::efficiencyFor(m_w, *m_rec->gpu, prec);
            d.subheading(
                (m_rec->servingCalibration ? tr("Efficiency on %1 (%2); serving factors fitted to your benchmark %3")
                                                 .arg(qs(m_rec->gpu->id), qs(std::string(core::toString(prec))),
                                                     qs(m_rec->servingCalibration->file))
                                           : (e.calibrated ? tr("Efficiency on %1 (%2), calibrated on this machine")
                                                           : tr("Efficiency on %1 (%2)"))
                                                 .arg(qs(m_rec->gpu->id), qs(std::string(core::toString(prec))))));
            Table t;
            t.pt = 7.5;
            t.header = false;
            t.firstColumnMuted = true;
            t.columns = {{QString(), Qt::AlignLeft, false}, {QString(), Qt::AlignLeft, true}};
            // Serving: the rates the step model runs at, with the engine's fitted factors (or the benchmark's) on
            // top of these efficiencies (core::servingRates), not the efficiencies alone.
            std::optional<core::ServingRates> rates;
            if (m_serving) {
                const core::ServingFactors f = core::servingFactors(m_w, *m_rec->gpu, *m_rec->gpu);
                rates = core::servingRates(*m_rec->gpu, *m_w.inference, f.eff, f.params);
            }
            t.rows.push_back({tr("Large GEMMs reach"), tr("%1 of dense peak").arg(pct(rates ? rates->gemm : e.gemm))});
            if (m_w.training)
                t.rows.push_back(
                    {tr("Training GEMMs keep"), tr("%1 of that rate end to end").arg(pct(e.trainingGemm))});
            t.rows.push_back({tr("Fused attention reaches"),
                tr("%1 of dense peak").arg(pct(rates ? rates->attention : e.attention))});
            t.rows.push_back({tr("HBM bandwidth reached"), pct(rates ? rates->bandwidth : e.memoryBandwidth)});
            t.rows.push_back({tr("Collective (NCCL) bandwidth"), tr("%1 of link bandwidth").arg(pct(e.linkBandwidth))});
            t.rows.push_back({tr("Latency per ring hop"),
                tr("%1 µs in a node, %2 µs across nodes")
                    .arg(grouped(e.linkLatencyS * 1e6, 0), grouped(e.networkLatencyS * 1e6, 0))});
            if (rates)
                t.rows.push_back({tr("Engine cost per step"),
                    tr("%1, and %2 per layer")
                        .arg(latency(rates->stepOverheadS * 1e3), latency(rates->layerOverheadS * 1e3))});
            t.rows.push_back({tr("Source"),
                rates && !m_rec->servingCalibration ? tr(
                    "%1; for serving, × the factors fitted to published runs of %2 (tests/data/validation/serving.csv)")
                                                          .arg(qs(e.source),
                                                              qs(std::string(core::toString(m_w.inference->engine))))
                                                    : qs(e.source)});
            d.table(t);
        }
        if (m_rec) {
            QStringList items;
            const std::vector<core::Message>* assumptions = m_rec->training ? &m_rec->training->assumptions
                : m_rec->inference                                          ? &m_rec->inference->assumptions
                                                                            : nullptr;
            if (assumptions)
                for (const auto& a : *assumptions)
                    items << msgText(a);
            if (!items.isEmpty()) {
                d.subheading(tr("Estimator"));
                d.bullets(items, 7.5);
            }
            if (m_rec->capacity && m_w.inference) {
                const core::CapacityPlan& cap = *m_rec->capacity;
                d.subheading(tr("Serving capacity"));
                QStringList c;
                c << tr("Headroom above the peak: %1")
                         .arg(pct(m_w.inference->headroom.value_or(m_plan.defaults.servingHeadroom), 0));
                c << tr("Replicas: %1 (%2 for the traffic, %3 for availability), %4 GPU(s) each; utilization %5")
                         .arg(QString::number(cap.result.total()), QString::number(cap.result.replicas),
                             QString::number(cap.result.redundant), QString::number(cap.gpusPerReplica),
                             pct(cap.result.utilization));
                if (m_rec->inference && m_rec->inference->ttftP99Ms > m_rec->inference->ttftMs)
                    c << tr("The slowest 1 % of requests (the longest prompts of the length mix, prefix-cache misses, "
                            "cold LoRA adapters) take %1 to their first token before any queueing; the p99 TTFT adds "
                            "it to the p99 wait, an upper bound")
                             .arg(latency(m_rec->inference->ttftP99Ms));
                // Where the per-instance figure comes from: the workload, the provider's SLA, or the no-SLA default.
                QString whence;
                if (m_rec->pricing && m_rec->pricing->availability) {
                    switch (m_rec->pricing->availability->replicaAvailabilityBasis) {
                    case core::AvailabilityInfo::Basis::Workload:
                        whence = tr("set in the workload (inference.instance_availability)");
                        break;
                    case core::AvailabilityInfo::Basis::NoSlaDefault:
                        whence = tr("no published SLA: the stated default, below AWS EC2's 99.5 % instance-level SLA");
                        break;
                    case core::AvailabilityInfo::Basis::Sla:
                        whence = tr("the provider's single-instance SLA");
                        break;
                    }
                }
                c << (whence.isEmpty()
                        ? tr("Each instance assumed up %1 of the time; scale-up delay %2 s")
                              .arg(pct(cap.replicaAvailability, 2), grouped(cap.scaleUpDelayS, 0))
                        : tr("Each instance assumed up %1 of the time (%3); scale-up delay %2 s")
                              .arg(pct(cap.replicaAvailability, 2), grouped(cap.scaleUpDelayS, 0), whence));
                if (cap.instancesPerReplica > 1)
                    c << tr("A replica spans %1 instances and serves only while all of them are up: %2 of the time")
                             .arg(QString::number(cap.instancesPerReplica),
                                 pct(std::pow(cap.replicaAvailability, cap.instancesPerReplica), 2));
                if (m_rec->pricing && m_rec->pricing->mixed) {
                    const auto& mf = *m_rec->pricing->mixed;
                    c << tr("Mixed fleet (constraints.spot: burst_only): an on-demand base of %1 instance(s) (%2 "
                            "replicas, %3 a month) meets the availability target alone; %4 spot instance(s) (%5 "
                            "replicas, %6 a month) carry the headroom and count for no availability, since a zone's "
                            "spot pool is reclaimed together.")
                             .arg(QString::number(mf.baseInstances), QString::number(mf.baseReplicas),
                                 cost(mf.baseMonthlyCost), QString::number(mf.burstInstances),
                                 QString::number(mf.burstReplicas), cost(mf.burstMonthlyCost));
                }
                c << tr("Queueing model: %1")
                         .arg(QCoreApplication::translate("PdfReport", queueingModelText().c_str()));
                d.bullets(c, 7.5);
            }
            if (m_rec->disaggregated) {
                // Separate prefill and decode pools (issue #21): each pool, the KV cache between them, the comparison.
                const auto& pd = *m_rec->disaggregated;
                d.subheading(tr("Disaggregated prefill and decode"));
                QStringList c;
                auto pool = [&](const core::PoolPlan& p) {
                    return tr("%1 replica(s) of TP %2 on %3, %4 × %5 (%6), utilization %7, %8 a month")
                        .arg(QString::number(p.layout.replicas), QString::number(p.layout.tp), qs(p.gpu->id),
                            QString::number(p.instances), qs(p.offering.instanceType), qs(p.offering.provider),
                            pct(p.capacity.utilization), cost(p.monthlyCost));
                };
                c << tr("Prefill pool: %1; %2 prompt(s) a step of %3")
                         .arg(pool(pd.prefill), QString::number(pd.prefill.batch), latency(pd.prefill.stepMs));
                c << tr("Decode pool: %1; %2 sequences at %3 a token, no prefill in its steps")
                         .arg(pool(pd.decode), QString::number(pd.decode.batch), latency(pd.decode.stepMs));
                c << tr("Prefill : decode GPUs %1 : %2; each prompt's KV cache (%3 MB) takes %4 from one pool to the "
                        "other, inside the p99 TTFT of %5")
                         .arg(QString::number(pd.prefill.gpus()), QString::number(pd.decode.gpus()),
                             grouped(pd.kvBytesPerRequest / 1e6, 1), latency(pd.transferMs), latency(pd.ttftP99Ms));
                if (pd.colocatedMonthlyCost)
                    c << tr("The best co-located plan (%1) costs %2 a month")
                             .arg(qs(pd.colocatedLabel), cost(*pd.colocatedMonthlyCost));
                d.bullets(c, 7.5);
            }
            const core::EnergyInfo& en = m_rec->energy;
            if (en.pue > 0) {
                d.subheading(tr("Energy and carbon"));
                QStringList c;
                c << tr("PUE %1; average GPU power at %2 between idle and board power; host %3 W per GPU")
                         .arg(grouped(en.pue, 2), pct(en.utilization, 0), grouped(en.hostWattsPerGpu, 0));
                // The period in the report's language (the view's energyPeriod is the JSON's English word for it).
                QString energy = tr("Energy: %1 kWh for %2")
                                     .arg(grouped(en.kwh, 0),
                                         m_rec->inference ? tr("one 730-hour month of service") : tr("the whole job"));
                if (en.kgCo2e)
                    energy += QStringLiteral("; ")
                        + tr("%1 kg CO₂e at %2 kg/kWh (%3)")
                              .arg(grouped(*en.kgCo2e, 0), grouped(en.gridKgPerKwh.value_or(0), 3), qs(en.gridSource));
                c << energy;
                d.bullets(c, 7.5);
            }
        }
        d.subheading(tr("Prices and billing"));
        QStringList b;
        b << tr("Serving is priced per 730-hour month (8,760 h / 12), as AWS and most providers bill.");
        if (m_rec && m_rec->pricing) {
            const auto& o = m_rec->pricing->offering;
            b << tr("%1 bills in increments of %2 s with a minimum of %3 s.")
                     .arg(qs(o.provider), grouped(o.billingGranularityS, 0), grouped(o.minimumBillingS, 0));
            if (m_rec->pricing->discount > 0)
                b << tr("Negotiated discount applied: %1.").arg(pct(m_rec->pricing->discount));
        }
        if (m_in.inputs && m_plan.priced && !m_w.inference) {
            const auto& s = m_in.inputs->spot;
            b << tr("Spot: each interruption costs a %1 restart plus half a checkpoint interval (%2's interval); a "
                    "price without an interruption rate is assumed in bucket %3 (AWS Spot Advisor: 0 = <5 %, 4 = "
                    ">20 % of instances a month).")
                     .arg(hours(s.restartHours), s.daly ? QStringLiteral("Daly") : QStringLiteral("Young"))
                     .arg(int(s.defaultBucket));
        }
        if (m_plan.priced && m_w.inference)
            b << tr("Spot serving: a reclaimed replica is down until it restarts on new capacity, and a zone's spot "
                    "pool is reclaimed together, so spot replicas add no availability; with constraints.spot "
                    "burst_only (the default for availability targets of 99.9 % or more) spot only carries the "
                    "headroom above an on-demand base.");
        if (m_rec && m_rec->pricing && m_rec->pricing->price.pricingModel == core::PricingModel::Spot
            && !m_w.inference) {
            const core::SpotOverhead& so = m_rec->pricing->spot;
            b << tr("Recommended spot price: %1 interruptions per hour for the job, checkpoint every %2, +%3 time.")
                     .arg(QString::number(so.interruptionsPerHour, 'g', 3), hours(so.intervalHours),
                         pct(so.overhead, 2));
        }
        d.bullets(b, 7.5);
        // The rates this plan converted with: the output currency and the currencies of the prices it ranked.
        std::set<std::string> used;
        if (m_plan.currency != "USD")
            used.insert(m_plan.currency);
        for (const auto& c : m_plan.candidates)
            if (c.pricing && c.pricing->price.currency != "USD")
                used.insert(c.pricing->price.currency);
        if (m_in.inputs && !used.empty()) {
            d.subheading(tr("Exchange rates"));
            Table t;
            t.pt = 7;
            t.columns = {{tr("Currency")}, {tr("Units per USD"), Qt::AlignRight}, {tr("As of")},
                {tr("Source"), Qt::AlignLeft, true}};
            const std::string& today = m_in.inputs->today;
            for (const auto& r : m_in.inputs->fx.rates()) {
                if (!used.count(r.currency))
                    continue;
                const auto age = today.empty() ? std::nullopt : core::daysBetween(r.asOf.substr(0, 10), today);
                t.rows.push_back({qs(r.currency), QString::number(r.perUsd, 'g', 6),
                    dated(r.asOf, age, age && *age > core::maxFxAgeDays), qs(r.source)});
            }
            d.table(t);
        }
    }

    void provenance(Doc& d)
    {
        d.heading(tr("Data provenance"));
        struct Info
        {
            int prices = 0;
            std::string first, last;
            std::vector<std::string> sources;
        };
        std::map<std::string, Info> byProvider;
        for (const auto& c : m_plan.candidates) {
            if (!c.pricing)
                continue;
            auto& i = byProvider[c.pricing->offering.provider];
            ++i.prices;
            const std::string& a = c.pricing->price.asOf;
            if (!a.empty() && (i.first.empty() || a < i.first))
                i.first = a;
            if (a > i.last)
                i.last = a;
            const std::string& src
                = c.pricing->price.source.empty() ? c.pricing->offering.source : c.pricing->price.source;
            if (!src.empty() && std::find(i.sources.begin(), i.sources.end(), src) == i.sources.end())
                i.sources.push_back(src);
        }
        if (!byProvider.empty()) {
            Table t;
            t.pt = 7;
            t.columns = {{tr("Provider")}, {tr("Prices used"), Qt::AlignRight}, {tr("As of")},
                {tr("Source"), Qt::AlignLeft, true}};
            for (const auto& [provider, i] : byProvider) {
                QString src = i.sources.empty() ? QString() : qs(i.sources.front());
                if (i.sources.size() > 1)
                    src += QStringLiteral(" ") + tr("(and %1 more)").arg(i.sources.size() - 1);
                t.rows.push_back({qs(provider), QString::number(i.prices),
                    i.first == i.last ? qs(i.first) : qs(i.first) + QStringLiteral(" – ") + qs(i.last), src});
            }
            d.table(t);
            const core::Pricing* oldest = nullptr;
            for (const auto& c : m_plan.candidates)
                if (c.pricing && c.pricing->priceAgeDays
                    && (!oldest || *c.pricing->priceAgeDays > *oldest->priceAgeDays))
                    oldest = &*c.pricing;
            if (oldest)
                d.text(tr("Oldest price used: %1 %2 (%3), as of %4. Prices older than %5 days are marked \"old\".")
                           .arg(qs(oldest->offering.provider), qs(oldest->offering.instanceType),
                               qs(oldest->offering.region),
                               dated(oldest->price.asOf, oldest->priceAgeDays, oldest->priceStale))
                           .arg(core::maxPriceAgeDays),
                    d.font(8), oldest->priceStale ? orange : ink);
        } else {
            d.text(tr("No catalog prices were used."), d.font(8), ink);
        }
        QStringList b;
        if (m_rec)
            b << tr("GPU datasheet (%1): %2").arg(qs(m_rec->gpu->id), qs(m_rec->gpu->source));
        if (m_w.kind != core::WorkloadKind::Batch && !m_w.model.source.empty())
            b << tr("Model architecture (%1): %2").arg(qs(m_w.model.id), qs(m_w.model.source));
        b << tr("Estimator accuracy: tests/data/validation/*.csv, one published source per row.");
        d.bullets(b, 7.5);
    }

    void accuracy(Doc& d)
    {
        if (!m_in.accuracy)
            return;
        d.heading(tr("How far to trust the estimates"));
        d.text(tr("The bundled published results run through the estimator; ranges in this report are the narrowest "
                  "band of "
                  "estimated ÷ published ratios holding 80 % of each group's rows."),
            d.font(8), muted);
        Table t;
        t.pt = 7.5;
        const Qt::Alignment R = Qt::AlignRight;
        // Group names wrap: "holdout serving throughput · nvidia" and its siblings must stay apart. A group without
        // limits (the holdout's: reported, never promised) says so, as the CLI and the app do.
        t.columns = {{tr("Group"), Qt::AlignLeft, true}, {tr("Rows"), R}, {tr("Median |error|"), R},
            {tr("Worst |error|"), R}, {tr("Limit (median / worst)"), R}, {tr("80 % range of true ÷ estimate"), R}};
        for (const auto& g : m_in.accuracy->groups)
            t.rows.push_back({qs(g.name), QString::number(g.rows), pct(g.medianAbsError), pct(g.worstAbsError),
                g.promised() ? grouped(g.limitMedian * 100, 0) + QStringLiteral(" / ") + grouped(g.limitWorst * 100, 0)
                        + QStringLiteral(" %")
                             : tr("not promised"),
                grouped(g.trueOverEstimate().first, 2) + QStringLiteral(" – ")
                    + grouped(g.trueOverEstimate().second, 2)});
        d.table(t);
    }

    /// The calibrations from the user's benchmark that the plan's serving estimates use: the fit and every run's
    /// residuals.
    void servingCalibrations(Doc& d)
    {
        if (m_plan.servingCalibrations.empty())
            return;
        d.heading(tr("Calibrated from your benchmark"));
        for (const auto& cal : m_plan.servingCalibrations) {
            const auto& c = *cal;
            d.subheading(tr("%1 × %2, %3 (%4), %5")
                             .arg(qs(c.gpuId))
                             .arg(c.gpus)
                             .arg(qs(c.model), qs(c.family), qs(std::string(core::toString(c.engine)))));
            const auto band = [&](const std::optional<std::pair<double, double>>& b, bool rate) {
                if (!b)
                    return tr("that of the published runs (fewer than 3 held-out figures)");
                const double lo = rate ? 1 / b->second : b->first, hi = rate ? 1 / b->first : b->second;
                return tr("× %1 – %2").arg(grouped(lo, 2), grouped(hi, 2));
            };
            d.text(tr("Fitted to %1 (%2), imported %3.").arg(qs(c.file), qs(c.format), qs(c.importedAt.substr(0, 10))),
                d.font(8));
            d.text(tr("Decode bandwidth, GEMM efficiency and the engine's step cost are fitted by least squares to the "
                      "runs' TTFT, TPOT and output throughput; the other factors keep their shipped values. Each "
                      "fitted run is also predicted by a fit without it (held out). Range of a calibrated estimate: "
                      "latency %1, throughput %2.")
                       .arg(band(c.latencyBand, false), band(c.throughputBand, true)),
                d.font(8), muted);
            Table t;
            t.pt = 7;
            const Qt::Alignment R = Qt::AlignRight;
            t.columns = {{tr("Run"), R}, {tr("Load"), Qt::AlignLeft, true}, {tr("Figure"), Qt::AlignLeft, true},
                {tr("Measured"), R}, {tr("Estimate"), R}, {tr("Error"), R}, {tr("Held out"), R},
                {tr("Shipped factors"), R}, {tr("Use")}};
            const auto error = [&](double est, double measured) {
                return measured > 0 && std::isfinite(est)
                    ? grouped((est / measured - 1) * 100, 1) + QStringLiteral(" %")
                    : QStringLiteral("–");
            };
            bool derived = false;
            QStringList reasons;
            for (const auto& r : c.residuals) {
                // The statistic in short; the one derived from the means is explained under the table.
                QString statistic = msgText(r.statistic);
                if (r.statistic.id() == core::msg::calibStatDerived.id) {
                    statistic = msgText(core::Message(core::msg::calibStatMean)) + QStringLiteral("*");
                    derived = true;
                }
                const QString figure = r.metric == "ttft_ms" ? tr("TTFT (ms, %1)").arg(statistic)
                    : r.metric == "tpot_ms"                  ? tr("TPOT (ms, %1)").arg(statistic)
                    : r.metric.empty()                       ? QStringLiteral("–")
                                                             : tr("output tokens/s");
                const int decimals = r.metric == "tpot_ms" ? 2 : r.metric == "ttft_ms" ? 1 : 0;
                const QString use = r.fitted ? tr("fitted") : r.excluded.empty() ? tr("predicted") : tr("left out");
                if (!r.excluded.empty()) {
                    const QString reason = tr("Run %1 left out: %2").arg(r.run + 1).arg(msgText(r.excluded));
                    if (!reasons.contains(reason))
                        reasons << reason;
                }
                t.rows.push_back({QString::number(r.run + 1), msgText(r.label), figure,
                    r.metric.empty() ? QStringLiteral("–") : grouped(r.measured, decimals),
                    r.metric.empty() ? QStringLiteral("–") : grouped(r.estimate, decimals),
                    error(r.estimate, r.measured), r.heldOut ? error(*r.heldOut, r.measured) : QStringLiteral("–"),
                    error(r.defaultEstimate, r.measured), use});
            }
            d.table(t);
            if (derived)
                reasons.prepend(QStringLiteral("* ") + msgText(core::Message(core::msg::calibStatDerived)));
            if (!reasons.isEmpty())
                d.bullets(reasons, 7.5);
        }
    }

    void exclusions(Doc& d)
    {
        if (m_plan.excluded.empty())
            return;
        d.heading(tr("Why not the others"));
        Table t;
        t.pt = 7;
        t.columns = {{tr("GPU")}, {tr("Offering"), Qt::AlignLeft, true}, {tr("Reason"), Qt::AlignLeft, true}};
        int n = 0;
        for (const auto& e : m_plan.excluded) {
            if (++n > 14)
                break;
            const QString where = e.provider.empty() ? QStringLiteral("–")
                                                     : qs(e.provider + " " + e.region + " " + e.instanceType
                                                         + (e.pricingModel.empty() ? "" : " " + e.pricingModel));
            t.rows.push_back({qs(e.gpu), where, msgText(e.reason)});
        }
        d.table(t);
    }

    void notes(Doc& d)
    {
        QStringList items;
        for (const auto& w : m_in.warnings)
            items << tr("Warning: %1").arg(qs(w));
        for (const auto& n : m_plan.notes)
            items << msgText(n);
        if (items.isEmpty())
            return;
        d.heading(tr("Notes"));
        d.bullets(items, 7.5);
    }

    const ReportInput& m_in;
    const PdfOptions& m_opt;
    const core::Workload& m_w;
    const core::Plan& m_plan;
    CandidateView m_recView; ///< the recommended candidate's figures with their ranges
    bool m_priced = false;
    bool m_serving = false;
    const core::Candidate* m_rec = nullptr;
    QString m_currency;
};

// ---- The pool sizing report ---------------------------------------------------------------------------

/// Lines over time (the pool's GPUs): x in days from the first arrival.
struct Line
{
    QString name;
    QColor colour;
    std::vector<double> values;
};

void drawLines(QPainter& p, const Doc& d, const QRectF& r, const std::vector<double>& xs,
    const std::vector<Line>& lines, const QString& xTitle, const QString& yTitle)
{
    std::vector<double> all {0.0};
    for (const auto& l : lines)
        all.insert(all.end(), l.values.begin(), l.values.end());
    const Axis ay = Axis::fit(all, true);
    const Axis ax
        = Axis::fit(xs.empty() ? std::vector<double> {0.0, 1.0} : std::vector<double> {xs.front(), xs.back()}, true);
    const QRectF plot = drawFrame(p, d, r, ax, ay, xTitle, yTitle, d.mm(6));
    double lx = plot.left();
    for (const auto& l : lines)
        legendItem(p, d, lx, r.top(), l.colour, l.name, 1);
    for (const auto& l : lines) {
        QPainterPath path;
        for (std::size_t i = 0; i < l.values.size() && i < xs.size(); ++i) {
            const QPointF pt(
                plot.left() + ax.t(xs[i]) * plot.width(), plot.bottom() - ay.t(l.values[i]) * plot.height());
            if (i == 0)
                path.moveTo(pt);
            else
                path.lineTo(pt);
        }
        p.setBrush(Qt::NoBrush);
        p.setPen(QPen(l.colour, d.mm(0.4)));
        p.drawPath(path);
    }
}

class PoolPdfReport
{
    Q_DECLARE_TR_FUNCTIONS(PdfReport)

public:
    PoolPdfReport(const PoolReportInput& in, const PdfOptions& opt)
        : m_req(*in.request)
        , m_s(*in.sizing)
        , m_opt(opt)
    { }

    QString title() const { return tr("GPU pool sizing"); }

    void render(Doc& d)
    {
        d.start();
        d.text(title(), d.font(21, true), accent, 0, 1.5);
        d.text(tr("%1 tasks of %2 on %3").arg(grouped(double(m_s.tasks), 0), qs(m_req.tasksName), qs(m_s.gpuId)),
            d.font(13, true), ink, 0, 1.5);
        const QDateTime t = m_opt.generated.isValid() ? m_opt.generated : QDateTime::currentDateTimeUtc();
        d.text(tr("generated %1").arg(t.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm")) + QStringLiteral(" UTC")),
            d.font(8), muted, 0, 4);
        d.heading(tr("Pool sizing"));
        summary(d);
        prices(d);
        mixes(d);
        delays(d);
        overTime(d);
        method(d);
    }

private:
    QString usd(double v) const { return tr("%1 USD").arg(money(v)); }
    QString pct(double fraction) const
    {
        return std::isfinite(fraction) ? grouped(fraction * 100.0, 1) + QStringLiteral(" %") : tr("never");
    }
    QString wait(double seconds) const
    {
        if (!std::isfinite(seconds))
            return tr("n/a");
        if (seconds < 60)
            return tr("%1 s").arg(grouped(seconds, seconds == std::floor(seconds) ? 0 : 1));
        return Words::hours(seconds / 3600.0);
    }
    QString targets() const
    {
        QString s = wait(m_req.targetWait);
        QStringList per;
        for (const auto& [cls, v] : m_req.targetByClass)
            per << tr("%1: %2").arg(qs(cls), wait(v));
        return per.isEmpty() ? s : tr("%1 (%2)").arg(s, per.join(QStringLiteral(", ")));
    }
    QString policyName(core::PoolPolicy p) const { return qs(std::string(core::toString(p))); }
    QString modelName(core::PricingModel m) const { return Words::pricingModel(m); }
    QString from(const core::PoolPrice& p) const
    {
        QString s = tr("%1 %2 (%3 GPUs) %4, %5")
                        .arg(qs(p.provider), qs(p.instanceType))
                        .arg(p.gpusPerInstance)
                        .arg(qs(p.region), modelName(p.model));
        if (p.termMonths > 0)
            s += QLatin1Char(' ') + tr("%1 mo").arg(p.termMonths);
        if (p.offeringClass == core::hostDefaultOfferingClass)
            s += QLatin1Char(' ') + tr("(a host's default discount: indicative)");
        return s + QStringLiteral("; ") + tr("as of %1").arg(qs(p.asOf.substr(0, 10)));
    }
    static double busy(double gpuHours, int gpus, double hours)
    {
        return gpus > 0 && hours > 0 ? gpuHours / (gpus * hours) : 0;
    }

    void summary(Doc& d)
    {
        // The cheapest policy's mix (the first policy when none meets the target).
        const core::PoolPolicySizing* cheapest = &m_s.policies.front();
        for (const auto& p : m_s.policies)
            if (p.best && (!cheapest->best || p.best->totalUsd() < cheapest->best->totalUsd()))
                cheapest = &p;
        const auto& first = *cheapest;
        QString text = tr("Target: the 99th percentile of the queueing delay of every class at most %1; a burst "
                          "instance takes %2 to start. Demand when every task starts on arrival: at most %3 GPUs at "
                          "once, %4 GPU-hours over %5.")
                           .arg(targets(), wait(m_req.burstStartDelay), grouped(m_s.peakDemandGpus, 2),
                               grouped(m_s.demandGpuHours, 0), wait(m_s.demandHours * 3600));
        d.text(text, d.font(8.5), ink, 0, 2);
        if (!first.best) {
            d.text(tr("Under %1 no mix within the search's bounds meets the target.").arg(policyName(first.policy)),
                d.font(9.5, true), danger, 0, 2);
            return;
        }
        const auto& m = *first.best;
        d.text(tr("Cheapest under %1: %2 owned GPUs, %3 reserved GPUs, on-demand burst for %4 GPU-hours and spot "
                  "for %5 GPU-hours: %6 per month (%7 over the replay), against %8 per month all on demand.")
                   .arg(policyName(first.policy))
                   .arg(m.ownedGpus)
                   .arg(m.reservedGpus)
                   .arg(grouped(m.onDemandGpuHours, 0), grouped(m.spotGpuHours, 0), usd(m.perMonth(m.totalUsd())),
                       usd(m.totalUsd()), usd(first.allOnDemand.perMonth(first.allOnDemand.totalUsd()))),
            d.font(9.5, true), ink, 0, 2);
    }

    void prices(Doc& d)
    {
        d.subheading(tr("Prices and break-even utilization"));
        Table t;
        t.columns = {{tr("part")}, {tr("USD per GPU-hour"), Qt::AlignRight},
            {tr("break-even utilization"), Qt::AlignRight}, {tr("from"), Qt::AlignLeft, true}};
        const auto& pr = m_s.prices;
        if (pr.owned)
            t.rows.push_back({tr("owned"),
                tr("%1 + %2 when busy")
                    .arg(grouped(pr.owned->fixedPerGpuHour(), 3), grouped(pr.owned->powerUsdPerBusyGpuHour, 3)),
                pct(*pr.ownedBreakEven()),
                tr("TCO: servers of %1 GPUs at %2 %3 over %4 years, PUE %5, power %6 per kWh")
                    .arg(pr.owned->gpusPerServer)
                    .arg(money(pr.owned->spec.serverPrice), qs(pr.owned->spec.currency),
                        grouped(pr.owned->spec.depreciationYears, 1), grouped(pr.owned->spec.pue, 2),
                        grouped(pr.owned->spec.powerPricePerKwh, 3))});
        else
            t.rows.push_back({tr("owned"), QStringLiteral("-"), QStringLiteral("-"), tr("no TCO inputs: not sized")});
        if (pr.reserved)
            t.rows.push_back({tr("reserved"), grouped(pr.reserved->usdPerGpuHour, 3), pct(*pr.reservedBreakEven()),
                from(*pr.reserved)});
        else
            t.rows.push_back({tr("reserved"), QStringLiteral("-"), QStringLiteral("-"),
                tr("no commitment price for this GPU in the catalog: not sized")});
        t.rows.push_back(
            {tr("on-demand"), grouped(pr.onDemand->usdPerGpuHour, 3), QStringLiteral("-"), from(*pr.onDemand)});
        if (pr.spot)
            t.rows.push_back({tr("spot"), grouped(pr.spot->effectivePerGpuHour(), 3),
                tr("%1 of on-demand").arg(pct(*pr.spotRatio())),
                from(*pr.spot) + QStringLiteral("; ")
                    + tr("+%1 % for interruptions").arg(grouped(pr.spot->overhead * 100, 1))});
        else
            t.rows.push_back({tr("spot"), QStringLiteral("-"), QStringLiteral("-"),
                tr("no spot price for this GPU in the catalog: preemptible tasks burst on demand")});
        d.table(t);
    }

    void mixes(Doc& d)
    {
        d.subheading(tr("The cheapest mix per policy"));
        Table t;
        t.columns = {{tr("policy")}, {tr("owned\nGPUs"), Qt::AlignRight}, {tr("reserved\nGPUs"), Qt::AlignRight},
            {tr("owned\nUSD"), Qt::AlignRight}, {tr("reserved\nUSD"), Qt::AlignRight},
            {tr("on-demand\nburst, USD"), Qt::AlignRight}, {tr("spot burst\nUSD"), Qt::AlignRight},
            {tr("total\nUSD"), Qt::AlignRight}, {tr("all on-demand\nUSD"), Qt::AlignRight}};
        std::vector<Stack> stacks;
        for (const auto& p : m_s.policies) {
            const double allOd = p.allOnDemand.perMonth(p.allOnDemand.totalUsd());
            if (!p.best) {
                t.rows.push_back({policyName(p.policy), QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-"),
                    QStringLiteral("-"), QStringLiteral("-"), QStringLiteral("-"), tr("no mix meets the target"),
                    money(allOd)});
                continue;
            }
            const auto& m = *p.best;
            t.rows.push_back({policyName(p.policy), grouped(m.ownedGpus, 0), grouped(m.reservedGpus, 0),
                money(m.perMonth(m.ownedUsd)), money(m.perMonth(m.reservedUsd)), money(m.perMonth(m.onDemandUsd)),
                money(m.perMonth(m.spotUsd)), money(m.perMonth(m.totalUsd())), money(allOd)});
            stacks.push_back(Stack {policyName(p.policy),
                {m.perMonth(m.ownedUsd), m.perMonth(m.reservedUsd), m.perMonth(m.onDemandUsd), m.perMonth(m.spotUsd)},
                0});
        }
        d.text(tr("USD per 730-hour month at the trace's pace (its cost over the replay × 730 ÷ its hours)."),
            d.font(7.5), muted);
        d.table(t);
        if (!stacks.empty())
            d.block(12 + 7.0 * stacks.size(), [&](QPainter& p, const QRectF& r) {
                drawStacks(p, d, r, stacks, {tr("owned"), tr("reserved"), tr("on-demand burst"), tr("spot burst")});
            });
        QStringList lines;
        for (const auto& p : m_s.policies) {
            if (!p.best)
                continue;
            const auto& m = *p.best;
            lines << tr("%1: owned GPUs %2 busy, reserved GPUs %3 busy; %4 tasks burst on demand, %5 on spot (%6 "
                        "interruptions expected); %7 preemptions; %8 mixes replayed, %9 ruled out by their fixed cost.")
                         .arg(policyName(p.policy), pct(busy(m.ownedBusyGpuHours, m.ownedGpus, m.hours)),
                             pct(busy(m.reservedBusyGpuHours, m.reservedGpus, m.hours)))
                         .arg(m.onDemandTasks)
                         .arg(m.spotTasks)
                         .arg(grouped(m.expectedSpotInterruptions, 1))
                         .arg(m.preemptions)
                         .arg(p.evaluated.size())
                         .arg(p.skipped);
            if (p.atEdge)
                lines << tr("%1: the cheapest mix lies on the search's bound; a larger bound may do better.")
                             .arg(policyName(p.policy));
        }
        d.bullets(lines, 7.5);
    }

    void delays(Doc& d)
    {
        d.subheading(tr("Queueing delay per class"));
        Table t;
        t.columns = {{tr("policy")}, {tr("class")}, {tr("tasks"), Qt::AlignRight}, {tr("burst"), Qt::AlignRight},
            {tr("p50 wait"), Qt::AlignRight}, {tr("p99 wait"), Qt::AlignRight}, {tr("target"), Qt::AlignRight},
            {tr("met")}};
        for (const auto& p : m_s.policies) {
            const auto& m = p.best ? *p.best : p.allOnDemand;
            for (const auto& c : m.delays) {
                const double target = m_req.targetFor(c.taskClass);
                t.rows.push_back({policyName(p.policy), qs(c.taskClass), grouped(double(c.tasks), 0),
                    grouped(double(c.burst), 0), wait(c.p50), wait(c.p99), wait(target),
                    c.p99 <= target + 1e-3 && c.neverPlaced == 0 ? tr("yes") : tr("no")});
            }
        }
        d.table(t);
    }

    void overTime(Doc& d)
    {
        const auto& first = m_s.policies.front();
        if (first.replay.series.empty())
            return;
        const double fixed = first.best ? first.best->ownedGpus + first.best->reservedGpus : 0;
        std::vector<double> xs;
        Line allocated {tr("allocated on the pool"), blue, {}}, fragmented {tr("fragmented"), orange, {}},
            burst {tr("on burst capacity"), green, {}};
        for (const auto& s : first.replay.series) {
            xs.push_back((s.time - first.replay.start) / 86400.0);
            allocated.values.push_back(s.allocatedPct * fixed / 100.0);
            fragmented.values.push_back(s.fragmentedPct * fixed / 100.0);
            burst.values.push_back(s.burstGpus);
        }
        d.subheading(tr("GPUs over time under %1").arg(policyName(first.policy)), 60);
        d.block(58, [&](QPainter& p, const QRectF& r) {
            drawLines(p, d, r, xs, {allocated, fragmented, burst}, tr("days from the first arrival"), tr("GPUs"));
        });
    }

    void method(Doc& d)
    {
        d.subheading(tr("Method and assumptions"), 30);
        QStringList items;
        items << tr("Owned servers and reserved instances are paid every hour; a task that has waited its class's "
                    "target less the start time runs on an on-demand instance (spot when it is preemptible and a spot "
                    "price exists) for its whole duration, billed in whole GPUs.");
        items << tr("Every mix of owned servers (0 to %1) and reserved instances (0 to %2) is replayed in turn; a mix "
                    "whose fixed cost alone reaches the best total is skipped, since nothing it adds can make it "
                    "cheaper.")
                     .arg(m_s.ownedMax)
                     .arg(m_s.reservedMax);
        items << tr("A fixed GPU pays off when busy above its break-even utilization: reserved ÷ on-demand price; "
                    "owned: its fixed cost ÷ (on-demand − the power a busy GPU adds).");
        items << tr("Prices: the catalog's cheapest GPU-hour of each kind in USD at the dated exchange rates, less "
                    "negotiated discounts. The on-demand, reserved and spot prices may come from different providers.");
        if (m_s.unfitCount > 0)
            items << tr("%1 tasks fit no part of the pool and are not sized for.")
                         .arg(grouped(double(m_s.unfitCount), 0));
        d.bullets(items, 7.5);
    }

    const core::PoolSizingRequest& m_req;
    const core::PoolSizing& m_s;
    const PdfOptions& m_opt;
};

std::mutex& renderMutex()
{
    static std::mutex m;
    return m;
}

/// Renders a document in two passes (the first counts the pages) with the shared header and footer.
bool writeDocument(const QString& headerLeft, const PdfOptions& options, const QString& path, QString* error,
    const std::function<void(Doc&)>& render)
{
    if (!qobject_cast<QGuiApplication*>(QCoreApplication::instance())) {
        if (error)
            *error = QStringLiteral("rendering a PDF needs a QGuiApplication (fonts)");
        return false;
    }
    // Qt's font engines and glyph caches are shared: one report renders at a time.
    std::lock_guard<std::mutex> lock(renderMutex());
    const QString date = (options.generated.isValid() ? options.generated : QDateTime::currentDateTimeUtc())
                             .toUTC()
                             .toString(QStringLiteral("yyyy-MM-dd"));
    const QString pageName = options.page == PageFormat::Letter ? QStringLiteral("Letter") : QStringLiteral("A4");
    const QString generator = options.generator.isEmpty() ? QStringLiteral("gpuplan") : options.generator;

    // Pass 1 counts the pages (nothing is painted), pass 2 paints with "page n of N".
    int pages = 0;
    for (int pass = 0; pass < 2; ++pass) {
        QSaveFile file(path);
        QByteArray scratch;
        QBuffer buffer(&scratch);
        if (pass == 1 && !file.open(QIODevice::WriteOnly)) {
            if (error)
                *error = path + QStringLiteral(": ") + file.errorString();
            return false;
        }
        if (pass == 0)
            buffer.open(QIODevice::WriteOnly);
        QPdfWriter writer(pass == 0 ? static_cast<QIODevice*>(&buffer) : static_cast<QIODevice*>(&file));
        writer.setResolution(1200);
        writer.setPageSize(QPageSize(options.page == PageFormat::Letter ? QPageSize::Letter : QPageSize::A4));
        writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Millimeter);
        writer.setTitle(headerLeft);
        writer.setCreator(generator);
        if (pass == 0) {
            Doc d(writer, nullptr, 0, headerLeft, date, generator, pageName, options.language);
            render(d);
            pages = d.pages();
            continue;
        }
        QPainter painter;
        if (!painter.begin(&writer)) {
            if (error)
                *error = path + QStringLiteral(": cannot start the PDF");
            return false;
        }
        painter.setRenderHint(QPainter::Antialiasing);
        Doc d(writer, &painter, pages, headerLeft, date, generator, pageName, options.language);
        render(d);
        painter.end();
        if (!file.commit()) {
            if (error)
                *error = path + QStringLiteral(": ") + file.errorString();
            return false;
        }
    }
    return true;
}

} // namespace

bool writePdfReport(const ReportInput& input, const PdfOptions& options, const QString& path, QString* error)
{
    if (!input.workload || !input.plan) {
        if (error)
            *error = QStringLiteral("no workload or plan to report");
        return false;
    }
    PdfReport report(input, options);
    return writeDocument(report.title() + QStringLiteral(" — ") + qs(input.workload->name), options, path, error,
        [&](Doc& d) { report.render(d); });
}

bool writePoolPdfReport(const PoolReportInput& input, const PdfOptions& options, const QString& path, QString* error)
{
    if (!input.request || !input.sizing || input.sizing->policies.empty() || !input.sizing->prices.onDemand) {
        if (error)
            *error = QStringLiteral("no pool sizing to report");
        return false;
    }
    PoolPdfReport report(input, options);
    return writeDocument(report.title() + QStringLiteral(" — ") + qs(input.sizing->gpuId), options, path, error,
        [&](Doc& d) { report.render(d); });
}

QStringList reportLanguages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_CN")};
}

bool installReportTranslation(const QString& language, QString* error)
{
    // Batch scenarios ask from several threads: one translator, swapped only when the language changes.
    static std::mutex mutex;
    static QTranslator* translator = nullptr;
    static QString installed = QStringLiteral("en");
    static const QCoreApplication* installedOn = nullptr; // a translator goes with the application it is on
    std::lock_guard<std::mutex> lock(mutex);
    const QString wanted = language.isEmpty() ? QStringLiteral("en") : language;
    if (!reportLanguages().contains(wanted)) {
        if (error)
            *error = QStringLiteral("no translation for \"%1\" (available: %2)")
                         .arg(wanted, reportLanguages().join(QStringLiteral(", ")));
        return false;
    }
    if (!QCoreApplication::instance()) {
        if (error)
            *error = QStringLiteral("no application object to install a translation on");
        return false;
    }
    if (wanted == installed && (wanted == QLatin1String("en") || installedOn == QCoreApplication::instance()))
        return true;
    if (translator) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
        translator = nullptr;
    }
    installed = QStringLiteral("en");
    if (wanted == QLatin1String("en"))
        return true;
    auto t = std::make_unique<QTranslator>();
    if (!t->load(QStringLiteral(":/i18n/gpuplan_report_") + wanted + QStringLiteral(".qm"))) {
        if (error)
            *error = QStringLiteral("the %1 translation is missing from this build").arg(wanted);
        return false;
    }
    translator = t.release();
    QCoreApplication::installTranslator(translator);
    installed = wanted;
    installedOn = QCoreApplication::instance();
    return true;
}

GuiSession::GuiSession()
{
    if (QCoreApplication::instance()) {
        m_ok = qobject_cast<QGuiApplication*>(QCoreApplication::instance()) != nullptr;
        return;
    }
    // A command-line tool has no display: render with the offscreen platform unless the user chose one.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "gpuplan-cli";
    static char* argv[] = {name, nullptr};
    new QGuiApplication(argc, argv);
    m_owned = true;
}

GuiSession::~GuiSession()
{
    if (m_owned)
        delete QCoreApplication::instance();
}

} // namespace gpuplan::report
