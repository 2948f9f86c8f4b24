#pragma once
// core::Message in the user's language: the app and the PDF translate every message by its id (the English text
// of its definition is the key in translations/gpuplan_messages_<language>.ts, context "gpuplan::Messages"). An
// explicit translator per language, never the application's global one: a PDF in Chinese from an English window
// leaves the window English.

#include "core/message.h"
#include "core/result.h"

#include <QString>
#include <QStringList>

namespace gpuplan::report {

/// The message in `language` ("en": core's English; "zh_CN": translated), arguments filled in, nested messages in
/// the same language. A message without a translation falls back to English.
QString messageText(const core::Message& message, const QString& language);

/// An error for a person: its message translated (else its detail as core wrote it), without the file and
/// pointer (the caller shows those where they belong).
QString errorText(const core::Error& error, const QString& language);

/// The ids of the message definitions that have no translation in `language` (empty when every one has).
QStringList untranslatedMessages(const QString& language);

} // namespace gpuplan::report
