#include "formundo.h"

#include "workloadform.h"

namespace gpuplan::gui {

FormEditCommand::FormEditCommand(WorkloadForm* form, const QJsonObject& before, const QJsonObject& after,
    const QString& pointer, const QString& text, bool typing)
    : QUndoCommand(text)
    , m_form(form)
    , m_before(before)
    , m_after(after)
    , m_pointer(pointer)
    , m_typing(typing)
{ }

void FormEditCommand::undo()
{
    if (m_form)
        m_form->setState(m_before);
}

void FormEditCommand::redo()
{
    if (m_applied) { // QUndoStack::push calls redo(): the form already shows the edit
        m_applied = false;
        return;
    }
    if (m_form)
        m_form->setState(m_after);
}

bool FormEditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = dynamic_cast<const FormEditCommand*>(other);
    if (!o || !o->m_typing || o->m_pointer != m_pointer)
        return false;
    m_after = o->m_after;
    if (m_after == m_before) // typed and erased again: no step at all
        setObsolete(true);
    return true;
}

} // namespace gpuplan::gui
