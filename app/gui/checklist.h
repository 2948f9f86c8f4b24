#pragma once

#include <QString>
#include <QStringList>
#include <QToolButton>
#include <QVector>

class QCheckBox;

namespace gpuplan::gui {

/// A drop-down of check boxes for picking several values (providers, pricing models). Nothing checked means
/// "any". The menu stays open while the user ticks boxes.
class CheckList : public QToolButton
{
    Q_OBJECT
public:
    struct Item
    {
        QString value;
        QString label;
    };
    explicit CheckList(QWidget* parent = nullptr);

    /// Replaces the items, keeping the checked values that still exist (and unknown checked ones, so a loaded
    /// value is never silently dropped).
    void setItems(const QVector<Item>& items);
    QStringList checked() const { return m_checked; }
    void setChecked(const QStringList& values);
    /// Shown when nothing is checked ("Any").
    void setAnyText(const QString& text);

Q_SIGNALS:
    /// The user ticked or unticked a box.
    void changed();

private:
    void rebuildMenu();
    void updateText();

    QVector<Item> m_items;
    QStringList m_checked;
    QString m_anyText;
};

} // namespace gpuplan::gui
