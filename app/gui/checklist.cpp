#include "checklist.h"

#include <QCheckBox>
#include <QMenu>
#include <QWidgetAction>

namespace gpuplan::gui {

CheckList::CheckList(QWidget* parent)
    : QToolButton(parent)
{
    setPopupMode(QToolButton::InstantPopup);
    setToolButtonStyle(Qt::ToolButtonTextOnly);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    setMenu(new QMenu(this));
    updateText();
}

void CheckList::setItems(const QVector<Item>& items)
{
    m_items = items;
    rebuildMenu();
    updateText();
}

void CheckList::setChecked(const QStringList& values)
{
    m_checked = values;
    rebuildMenu();
    updateText();
}

void CheckList::setAnyText(const QString& text)
{
    m_anyText = text;
    updateText();
}

void CheckList::rebuildMenu()
{
    QMenu* m = menu();
    m->clear();
    QVector<Item> all = m_items;
    for (const QString& v : m_checked) {
        bool known = false;
        for (const Item& i : m_items)
            known |= i.value == v;
        if (!known)
            all.push_back({v, v});
    }
    for (const Item& i : all) {
        auto* box = new QCheckBox(i.label, m);
        box->setChecked(m_checked.contains(i.value));
        box->setContentsMargins(6, 2, 6, 2);
        auto* action = new QWidgetAction(m);
        action->setDefaultWidget(box);
        m->addAction(action);
        const QString value = i.value;
        connect(box, &QCheckBox::toggled, this, [this, value](bool on) {
            if (on && !m_checked.contains(value))
                m_checked.append(value);
            else if (!on)
                m_checked.removeAll(value);
            // Keep the order of the items, so that states compare equal however they were ticked.
            QStringList ordered;
            for (const Item& it : m_items)
                if (m_checked.contains(it.value))
                    ordered << it.value;
            for (const QString& v : m_checked)
                if (!ordered.contains(v))
                    ordered << v;
            m_checked = ordered;
            updateText();
            Q_EMIT changed();
        });
    }
}

void CheckList::updateText()
{
    if (m_checked.isEmpty()) {
        setText(m_anyText);
        return;
    }
    QStringList labels;
    for (const QString& v : m_checked) {
        QString label = v;
        for (const Item& i : m_items)
            if (i.value == v)
                label = i.label;
        labels << label;
    }
    setText(labels.join(QStringLiteral(", ")));
    setToolTip(text());
}

} // namespace gpuplan::gui
