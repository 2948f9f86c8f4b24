#pragma once
// Errors and messages of the core in the user's language: every core::Message is translated by its id
// (report::messageText), and an error is placed by its own file and JSON pointer fields — no text is parsed.
// Only app/ translates (STYLE.md).

#include "core/message.h"
#include "core/result.h"

#include <QCoreApplication>
#include <QString>

namespace gpuplan::gui {

class ErrorText
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::ErrorText)
public:
    /// A message in the app's current language.
    static QString message(const core::Message& m);
    /// An error's message in the app's language (its detail as core wrote it when it carries no message id).
    static QString text(const core::Error& e);
    /// A whole error for a message box: "file: /pointer: message", the message translated.
    static QString describe(const core::Error& e);
    /// A short heading for an error code.
    static QString title(core::ErrorCode code);
};

} // namespace gpuplan::gui
