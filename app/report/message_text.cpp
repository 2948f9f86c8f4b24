#include "message_text.h"

#include <QCoreApplication>
#include <QTranslator>

#include <map>
#include <memory>
#include <mutex>

namespace gpuplan::report {

namespace {

constexpr const char* context = "gpuplan::Messages";

/// The loaded translator of a language (null for English or a language without a file), loaded once.
const QTranslator* translatorFor(const QString& language)
{
    static std::mutex mutex;
    static std::map<QString, std::unique_ptr<QTranslator>> loaded;
    if (language.isEmpty() || language == QLatin1String("en"))
        return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    auto it = loaded.find(language);
    if (it == loaded.end()) {
        auto t = std::make_unique<QTranslator>();
        if (!t->load(QStringLiteral(":/i18n/gpuplan_messages_") + language + QStringLiteral(".qm")))
            t.reset();
        it = loaded.emplace(language, std::move(t)).first;
    }
    return it->second.get();
}

QString translatedTemplate(const core::MessageDef& def, const QString& language)
{
    if (const QTranslator* t = translatorFor(language)) {
        const QString s = t->translate(context, def.text);
        if (!s.isEmpty())
            return s;
    }
    return QString::fromUtf8(def.text);
}

} // namespace

QString messageText(const core::Message& message, const QString& language)
{
    if (!message.def)
        return {};
    const QString tmpl = translatedTemplate(*message.def, language);
    // %1 … %9 one pass, so that an argument holding "%2" is not filled again.
    QString out;
    out.reserve(tmpl.size() + 32);
    for (qsizetype i = 0; i < tmpl.size(); ++i) {
        if (tmpl[i] == QLatin1Char('%') && i + 1 < tmpl.size() && tmpl[i + 1] >= QLatin1Char('1')
            && tmpl[i + 1] <= QLatin1Char('9')) {
            const auto n = static_cast<std::size_t>(tmpl[i + 1].unicode() - '1');
            if (n < message.args.size()) {
                const auto& a = message.args[n];
                out += a.message ? messageText(*a.message, language) : QString::fromStdString(a.text);
                ++i;
                continue;
            }
        }
        out += tmpl[i];
    }
    return out;
}

QString errorText(const core::Error& error, const QString& language)
{
    if (!error.message.empty())
        return messageText(error.message, language);
    return QString::fromStdString(error.detail);
}

QStringList untranslatedMessages(const QString& language)
{
    QStringList missing;
    const QTranslator* t = translatorFor(language);
    for (const core::MessageDef* d : core::allMessages())
        if (!t || t->translate(context, d->text).isEmpty())
            missing << QString::fromUtf8(d->id);
    return missing;
}

} // namespace gpuplan::report
