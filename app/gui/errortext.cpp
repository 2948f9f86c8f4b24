#include "errortext.h"

#include "settings.h"

#include "app/report/message_text.h"

namespace gpuplan::gui {

QString ErrorText::message(const core::Message& m)
{
    return report::messageText(m, Language::current());
}

QString ErrorText::text(const core::Error& e)
{
    return report::errorText(e, Language::current());
}

QString ErrorText::describe(const core::Error& e)
{
    if (e.message.empty())
        return QString::fromStdString(e.detail);
    QString out;
    if (!e.file.empty())
        out += QString::fromStdString(e.file) + QStringLiteral(": ");
    if (!e.pointer.empty())
        out += QString::fromStdString(e.pointer) + QStringLiteral(": ");
    return out + message(e.message);
}

QString ErrorText::title(core::ErrorCode code)
{
    switch (code) {
    case core::ErrorCode::InvalidInput:
        return tr("Invalid input");
    case core::ErrorCode::ParseError:
        return tr("Not readable");
    case core::ErrorCode::UnknownGpu:
        return tr("Unknown GPU");
    case core::ErrorCode::UnknownModel:
        return tr("Unknown model");
    case core::ErrorCode::DoesNotFit:
        return tr("Does not fit");
    case core::ErrorCode::NoOffering:
        return tr("No offering");
    case core::ErrorCode::Io:
        return tr("File error");
    case core::ErrorCode::Network:
        return tr("Network error");
    case core::ErrorCode::Cancelled:
        return tr("Cancelled");
    case core::ErrorCode::ReadOnly:
        return tr("Read-only");
    case core::ErrorCode::LimitExceeded:
        return tr("Too large");
    }
    return tr("Error");
}

} // namespace gpuplan::gui
