#pragma once

#include <QJsonObject>
#include <QPointer>
#include <QUndoCommand>

namespace gpuplan::gui {

class WorkloadForm;

/// One edit of the workload form for the QUndoStack: the whole form state before and after. Consecutive
/// typing into the same field merges into one step.
class FormEditCommand : public QUndoCommand
{
public:
    FormEditCommand(WorkloadForm* form, const QJsonObject& before, const QJsonObject& after, const QString& pointer,
        const QString& text, bool typing);
    void undo() override;
    void redo() override;
    int id() const override { return m_typing ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override;
    QString pointer() const { return m_pointer; }

private:
    QPointer<WorkloadForm> m_form;
    QJsonObject m_before, m_after;
    QString m_pointer;
    bool m_typing;
    bool m_applied = true; ///< pushed after the form already shows `after`
};

} // namespace gpuplan::gui
