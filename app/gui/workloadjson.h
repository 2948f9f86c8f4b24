#pragma once
// Small helpers over QJsonObject: values at JSON pointers, and indented text with keys in the README's order.

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

namespace gpuplan::gui::json {

/// The value at `pointer` ("/training/tokens"), or Undefined.
QJsonValue valueAt(const QJsonObject& root, const QString& pointer);
/// Sets the value at `pointer`, creating objects on the way.
void setAt(QJsonObject& root, const QString& pointer, const QJsonValue& value);
/// Removes the value at `pointer` and any object left empty above it.
void removeAt(QJsonObject& root, const QString& pointer);
/// Indented JSON, keys in a readable order (schema, name, kind, model, training, inference, batch, hardware,
/// constraints, then the rest alphabetically); a trailing newline.
QByteArray toText(const QJsonObject& root);
/// Parses a JSON object; `error` says where it failed.
bool parseObject(const QByteArray& text, QJsonObject* out, QString* error);

} // namespace gpuplan::gui::json
