#include "quiettabs.h"

#include <QEvent>
#include <QSize>
#include <QTabBar>
#include <QTabWidget>

#include <array>

namespace gpuplan::gui {

namespace {

class QuietTabLayout : public QObject
{
public:
    explicit QuietTabLayout(QTabWidget* tabs)
        : QObject(tabs)
        , m_tabs(tabs)
    { }

    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched != m_tabs)
            return false;
        if (event->type() == QEvent::Show) {
            // Shown: QTabWidget lays itself out for what it holds now (showEvent).
            m_last = sizes();
            m_seen = true;
            return false;
        }
        if (event->type() != QEvent::LayoutRequest)
            return false;
        const std::array<QSize, 5> now = sizes();
        if (m_seen && now == m_last && m_tabs->isVisible())
            return true; // setUpLayout would place everything where it is and repaint it all
        m_seen = m_tabs->isVisible();
        m_last = now;
        return false;
    }

private:
    /// What QTabWidget::setUpLayout reads (the tab bar's and the corner widgets' size hints) and what its parent's
    /// layout reads (its own size hints).
    std::array<QSize, 5> sizes() const
    {
        // The corner widgets are placed from the tab bar's rectangle, as the tab bar is.
        const QWidget* left = m_tabs->cornerWidget(Qt::TopLeftCorner);
        const QWidget* right = m_tabs->cornerWidget(Qt::TopRightCorner);
        return {m_tabs->tabBar()->sizeHint(), m_tabs->sizeHint(), m_tabs->minimumSizeHint(),
            left ? left->sizeHint() : QSize(), right ? right->sizeHint() : QSize()};
    }

    QTabWidget* m_tabs;
    std::array<QSize, 5> m_last;
    bool m_seen = false;
};

} // namespace

void quietLayoutRequests(QTabWidget* tabs)
{
    tabs->installEventFilter(new QuietTabLayout(tabs));
}

} // namespace gpuplan::gui
