#pragma once

#include <QChartView>
#include <QString>
#include <QStringList>

class QAbstractAxis;
class QValueAxis;

namespace gpuplan::charts {

/// The labels `axis` draws now (a value axis: its tickCount ticks from min to max in its label format, localized as
/// ChartView's charts are; a category axis: its categories), for tests and for checking that no two ticks read alike.
QStringList tickLabels(const QAbstractAxis* axis);
/// As many decimals as a tick interval needs (0.05 → 2, 0.25 → 2, 250 → 0, at most 6), so that neighbouring ticks
/// never read alike and nothing is written in scientific notation.
int intervalDecimals(double interval);
/// A value axis's label format from its tick interval (intervalDecimals).
void formatTicksByInterval(QValueAxis* axis);

/// Base of the gpuplan charts: follows the application palette (a light or dark chart theme), shows a
/// placeholder text when there is nothing to draw, and rebuilds itself after a theme or language change.
class ChartView : public QChartView
{
    Q_OBJECT
public:
    explicit ChartView(QWidget* parent = nullptr);

    /// Text drawn in the middle of an empty chart ("No candidate selected"); empty hides it.
    void setPlaceholder(const QString& text);
    QString placeholder() const { return m_placeholder; }
    /// True when the palette is dark (window colour lightness below half).
    bool isDark() const;

protected:
    /// Recreates series and axes from the data last given (after a theme change).
    virtual void rebuild() = 0;
    /// New data (or theme, or language): rebuild() now when the chart is visible, else when it is next shown, so
    /// that charts in hidden tabs cost nothing while the plan is being edited.
    void refresh();
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    /// The legend below the plot when its entries fit side by side in the chart's width, else on the right, one
    /// entry a line, so that no entry's name is cut ("Gradi…" in a side panel).
    void placeLegend();
    void applyTheme();
    /// Removes every series and axis (the start of each rebuild).
    void clearChart();
    void changeEvent(QEvent* event) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    QSize sizeHint() const override { return {360, 240}; }

private:
    QString m_placeholder;
    bool m_darkApplied = false;
    bool m_themed = false;
    bool m_stale = false; ///< data changed while hidden: rebuild on show
};

} // namespace gpuplan::charts
