#include "workloadjson.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QStringList>

#include <algorithm>

namespace gpuplan::gui::json {

namespace {

QStringList split(const QString& pointer)
{
    QStringList parts = pointer.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    for (QString& p : parts)
        p.replace(QLatin1String("~1"), QLatin1String("/")).replace(QLatin1String("~0"), QLatin1String("~"));
    return parts;
}

void setIn(QJsonObject& o, const QStringList& path, int i, const QJsonValue& v)
{
    if (i == path.size() - 1) {
        o.insert(path[i], v);
        return;
    }
    QJsonObject child = o.value(path[i]).toObject();
    setIn(child, path, i + 1, v);
    o.insert(path[i], child);
}

void removeIn(QJsonObject& o, const QStringList& path, int i)
{
    if (!o.contains(path[i]))
        return;
    if (i == path.size() - 1) {
        o.remove(path[i]);
        return;
    }
    if (!o.value(path[i]).isObject())
        return;
    QJsonObject child = o.value(path[i]).toObject();
    removeIn(child, path, i + 1);
    if (child.isEmpty())
        o.remove(path[i]);
    else
        o.insert(path[i], child);
}

int rank(const QString& key)
{
    static const QStringList order = {QStringLiteral("schema"), QStringLiteral("name"), QStringLiteral("kind"),
        QStringLiteral("preset"), QStringLiteral("model"), QStringLiteral("training"), QStringLiteral("inference"),
        QStringLiteral("batch"), QStringLiteral("hardware"), QStringLiteral("constraints")};
    const int i = static_cast<int>(order.indexOf(key));
    return i < 0 ? static_cast<int>(order.size()) : i;
}

QByteArray scalar(const QJsonValue& v)
{
    QJsonArray a {v};
    QByteArray t = QJsonDocument(a).toJson(QJsonDocument::Compact);
    return t.mid(1, t.size() - 2);
}

void write(QByteArray& out, const QJsonValue& v, int indent)
{
    const QByteArray pad(indent * 2, ' ');
    const QByteArray inner((indent + 1) * 2, ' ');
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        if (o.isEmpty()) {
            out += "{}";
            return;
        }
        QStringList keys = o.keys();
        std::stable_sort(keys.begin(), keys.end(), [](const QString& a, const QString& b) {
            const int ra = rank(a), rb = rank(b);
            return ra != rb ? ra < rb : a < b;
        });
        out += "{\n";
        for (int i = 0; i < keys.size(); ++i) {
            out += inner + scalar(keys[i]) + ": ";
            write(out, o.value(keys[i]), indent + 1);
            out += i + 1 < keys.size() ? ",\n" : "\n";
        }
        out += pad + "}";
    } else if (v.isArray()) {
        const QJsonArray a = v.toArray();
        bool flat = std::none_of(a.begin(), a.end(), [](const QJsonValue& e) { return e.isObject() || e.isArray(); });
        if (flat) {
            out += QJsonDocument(a).toJson(QJsonDocument::Compact).replace(",", ", ");
            return;
        }
        out += "[\n";
        for (int i = 0; i < a.size(); ++i) {
            out += inner;
            write(out, a.at(i), indent + 1);
            out += i + 1 < a.size() ? ",\n" : "\n";
        }
        out += pad + "]";
    } else {
        out += scalar(v);
    }
}

} // namespace

QJsonValue valueAt(const QJsonObject& root, const QString& pointer)
{
    const QStringList path = split(pointer);
    if (path.isEmpty())
        return root;
    QJsonValue v = root;
    for (const QString& p : path) {
        if (!v.isObject())
            return QJsonValue(QJsonValue::Undefined);
        v = v.toObject().value(p);
    }
    return v;
}

void setAt(QJsonObject& root, const QString& pointer, const QJsonValue& value)
{
    const QStringList path = split(pointer);
    if (!path.isEmpty())
        setIn(root, path, 0, value);
}

void removeAt(QJsonObject& root, const QString& pointer)
{
    const QStringList path = split(pointer);
    if (!path.isEmpty())
        removeIn(root, path, 0);
}

QByteArray toText(const QJsonObject& root)
{
    QByteArray out;
    write(out, root, 0);
    out += '\n';
    return out;
}

bool parseObject(const QByteArray& text, QJsonObject* out, QString* error)
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError) {
        if (error)
            *error = pe.errorString() + QStringLiteral(" (offset %1)").arg(pe.offset);
        return false;
    }
    if (!doc.isObject()) {
        if (error)
            *error = QCoreApplication::translate("gpuplan::gui::json", "expected a JSON object");
        return false;
    }
    *out = doc.object();
    return true;
}

} // namespace gpuplan::gui::json
