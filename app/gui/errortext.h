#pragma once
// Turns the core's untranslated error details ("form:/training/tokens: must be a positive number, got -5")
// into the place they name and a message in the user's language. Only app/ translates (STYLE.md).

#include "core/result.h"

#include <QCoreApplication>
#include <QString>

#include <string>

namespace gpuplan::gui {

class ErrorText
{
    Q_DECLARE_TR_FUNCTIONS(gpuplan::gui::ErrorText)
public:
    struct Located
    {
        QString file;    ///< before the first ':'; empty when the detail names none
        QString pointer; ///< JSON pointer ("/training/tokens"), or empty
        QString message; ///< untranslated
    };
    /// Splits "file:/pointer: message" (file and pointer optional).
    static Located split(const std::string& detail);
    /// The message in the user's language where it is one the core is known to write, else unchanged.
    static QString translate(const QString& message);
    /// A whole detail for a message box: "file: /pointer: message", the message translated.
    static QString describe(const std::string& detail);
    /// A short heading for an error code.
    static QString title(core::ErrorCode code);
};

} // namespace gpuplan::gui
