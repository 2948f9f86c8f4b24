#include "errortext.h"

#include <QRegularExpression>

#include <functional>
#include <vector>

namespace gpuplan::gui {

ErrorText::Located ErrorText::split(const std::string& detail)
{
    const QString d = QString::fromStdString(detail);
    // "<file>:/<pointer>: <message>" — the pointer starts with '/' right after the file's colon.
    static const QRegularExpression located(
        QStringLiteral("^([^:]*):(/[^:]*|/): (.*)$"), QRegularExpression::DotMatchesEverythingOption);
    const auto m = located.match(d);
    if (m.hasMatch())
        return {m.captured(1), m.captured(2) == QLatin1String("/") ? QString() : m.captured(2), m.captured(3)};
    static const QRegularExpression fileOnly(
        QStringLiteral("^([^:/ ]+): (.*)$"), QRegularExpression::DotMatchesEverythingOption);
    const auto f = fileOnly.match(d);
    if (f.hasMatch())
        return {f.captured(1), {}, f.captured(2)};
    return {{}, {}, d};
}

QString ErrorText::translate(const QString& message)
{
    struct Rule
    {
        QRegularExpression re;
        std::function<QString(const QRegularExpressionMatch&)> text;
    };
    auto rx = [](const char* pattern) {
        return QRegularExpression(QLatin1Char('^') + QString::fromUtf8(pattern) + QLatin1Char('$'),
            QRegularExpression::DotMatchesEverythingOption);
    };
    // Built on every call so that the texts follow a language change.
    const std::vector<Rule> rules = {
        {rx("is required"), [](auto&) { return tr("required"); }},
        {rx("is required \\((.*)\\)"), [](auto& m) { return tr("required (%1)").arg(m.captured(1)); }},
        {rx("must be a number, got (.*)"), [](auto& m) { return tr("must be a number, got %1").arg(m.captured(1)); }},
        {rx("must be a finite number, got (.*)"),
            [](auto& m) { return tr("must be a finite number, got %1").arg(m.captured(1)); }},
        {rx("must be a positive number, got (.*)"),
            [](auto& m) { return tr("must be a positive number, got %1").arg(m.captured(1)); }},
        {rx("must be zero or positive, got (.*)"),
            [](auto& m) { return tr("must be zero or positive, got %1").arg(m.captured(1)); }},
        {rx("must be a fraction between 0 and 1 \\(exclusive\\), got (.*)"),
            [](auto& m) { return tr("must be a fraction between 0 and 1 (exclusive), got %1").arg(m.captured(1)); }},
        {rx("must be an integer from (-?\\d+) to (-?\\d+), got (.*)"),
            [](auto& m) {
                return tr("must be a whole number from %1 to %2, got %3")
                    .arg(m.captured(1), m.captured(2), m.captured(3));
            }},
        {rx("must be a whole number of sequences, got (.*)"),
            [](auto& m) { return tr("must be a whole number of sequences, got %1").arg(m.captured(1)); }},
        {rx("must be one of (.*), got (.*)"),
            [](auto& m) { return tr("must be one of %1, got %2").arg(m.captured(1), m.captured(2)); }},
        {rx("must be a string, got (.*)"), [](auto& m) { return tr("must be text, got %1").arg(m.captured(1)); }},
        {rx("must not be empty"), [](auto&) { return tr("must not be empty"); }},
        {rx("must be true or false, got (.*)"),
            [](auto& m) { return tr("must be true or false, got %1").arg(m.captured(1)); }},
        {rx("unknown GPU \"(.*)\"; closest known: (.*)"),
            [](auto& m) { return tr("unknown GPU “%1”; closest known: %2").arg(m.captured(1), m.captured(2)); }},
        {rx("unknown model preset \"(.*)\"; closest known: (.*)"),
            [](auto& m) {
                return tr("unknown model preset “%1”; closest known: %2").arg(m.captured(1), m.captured(2));
            }},
        {rx("must divide hidden \\((\\d+)\\) or give head_dim, got (\\d+)"),
            [](auto& m) {
                return tr("must divide the hidden size (%1) unless a head dimension is given, got %2")
                    .arg(m.captured(1), m.captured(2));
            }},
        {rx("must divide heads \\((\\d+)\\), got (\\d+)"),
            [](auto& m) {
                return tr("must divide the attention heads (%1), got %2").arg(m.captured(1), m.captured(2));
            }},
        {rx("must be a multiple of tp × pp × cp = (\\d+), got (\\d+)"),
            [](auto& m) {
                return tr("must be a multiple of tensor × pipeline × context parallel = %1, got %2")
                    .arg(m.captured(1), m.captured(2));
            }},
        {rx("must equal tp × pp × cp × dp = (\\d+), got (\\d+)"),
            [](auto& m) {
                return tr("must equal tensor × pipeline × context × data parallel = %1, got %2")
                    .arg(m.captured(1), m.captured(2));
            }},
        {rx("must not exceed the model's layers \\((\\d+)\\), got (\\d+)"),
            [](auto& m) {
                return tr("must not exceed the model's layers (%1), got %2").arg(m.captured(1), m.captured(2));
            }},
        {rx("must not exceed layers \\((\\d+)\\), got (\\d+)"),
            [](auto& m) { return tr("must not exceed the layers (%1), got %2").arg(m.captured(1), m.captured(2)); }},
        {rx("must be from 1 to experts \\((\\d+)\\), got (\\d+)"),
            [](auto& m) { return tr("must be from 1 to the experts (%1), got %2").arg(m.captured(1), m.captured(2)); }},
        {rx("give global_batch or global_batch_tokens, not both"),
            [](auto&) { return tr("give the global batch in sequences or in tokens, not both"); }},
        {rx("unknown field, ignored"), [](auto&) { return tr("unknown field, ignored"); }},
        {rx("missing; assuming \"(.*)\""), [](auto& m) { return tr("missing; assuming “%1”").arg(m.captured(1)); }},
        {rx("ignored: the workload's kind is (\\w+)"),
            [](auto& m) { return tr("ignored: the workload's kind is %1").arg(m.captured(1)); }},
        {rx("prompt \\+ output = (\\d+) tokens exceeds the model's context of (\\d+)"),
            [](auto& m) {
                return tr("prompt + output = %1 tokens exceeds the model's context of %2 tokens")
                    .arg(m.captured(1), m.captured(2));
            }},
        {rx("must be a fraction such as 0.2 \\(20 %\\), got (.*)"),
            [](auto& m) { return tr("must be a fraction such as 0.2 (20 %), got %1").arg(m.captured(1)); }},
        {rx("empty file, expected a JSON object"), [](auto&) { return tr("empty file, expected a JSON object"); }},
        // Why the planner excluded an offering (core/planner.cpp).
        {rx("region (.*) is not in the allowed regions"),
            [](auto& m) { return tr("region %1 is not in the allowed regions").arg(m.captured(1)); }},
        {rx("no datasheet for GPU model \"(.*)\" in gpus.json"),
            [](auto& m) { return tr("no datasheet for the GPU model “%1” in gpus.json").arg(m.captured(1)); }},
        {rx("no public price \\(specs only\\): enter a quote with `catalog import`"),
            [](auto&) { return tr("no public price (specs only): import a quote in the Catalog page"); }},
        {rx("(\\w+) is not an allowed pricing model"),
            [](auto& m) { return tr("%1 is not an allowed pricing model").arg(m.captured(1)); }},
        {rx("over budget by (.*)"), [](auto& m) { return tr("over budget by %1").arg(m.captured(1)); }},
        {rx("does not fit on (\\d+) × (\\S+): needs (\\d+) GiB per GPU, has (\\d+)"),
            [](auto& m) {
                return tr("does not fit on %1 × %2: needs %3 GiB per GPU, has %4")
                    .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4));
            }},
        {rx("does not fit: needs (\\d+) GiB per GPU, has (\\d+)"),
            [](auto& m) { return tr("does not fit: needs %1 GiB per GPU, has %2").arg(m.captured(1), m.captured(2)); }},
        {rx("misses the deadline by ([\\d.]+) h \\(([\\d.]+) h with spot interruptions\\)"),
            [](auto& m) {
                return tr("misses the deadline by %1 h (%2 h with spot interruptions)")
                    .arg(m.captured(1), m.captured(2));
            }},
        {rx("fractional GPU \\((.*) per instance\\): see shared GPUs"),
            [](auto& m) {
                return tr("fractional GPU (%1 per instance): shared GPUs are not planned").arg(m.captured(1));
            }},
    };
    for (const auto& r : rules) {
        const auto m = r.re.match(message);
        if (m.hasMatch())
            return r.text(m);
    }
    return message;
}

QString ErrorText::describe(const std::string& detail)
{
    const Located l = split(detail);
    QString out;
    if (!l.file.isEmpty())
        out += l.file + QStringLiteral(": ");
    if (!l.pointer.isEmpty())
        out += l.pointer + QStringLiteral(": ");
    return out + translate(l.message);
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
    default:
        break;
    }
    return tr("Error");
}

} // namespace gpuplan::gui
