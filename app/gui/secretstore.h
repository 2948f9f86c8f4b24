#pragma once
// API keys in the operating system's keychain through QtKeychain (optional at build time). Where no keychain
// service runs, nothing is kept anywhere and the caller is told so.

#include <QObject>
#include <QString>

namespace gpuplan::gui {

class SecretStore : public QObject
{
    Q_OBJECT
public:
    explicit SecretStore(QObject* parent = nullptr);

    /// Whether gpuplan was built with QtKeychain.
    static bool compiledIn();
    /// Reads `key` ("gcp-api-key"): finished(ok, value, message). No value and ok = true: nothing stored.
    void read(const QString& key);
    /// Stores `value` under `key`: finished(ok, {}, message).
    void write(const QString& key, const QString& value);
    /// Removes `key`: finished(ok, {}, message).
    void remove(const QString& key);

Q_SIGNALS:
    /// `available` is false when no keychain service answers (the message says so, in the user's language).
    void finished(bool ok, bool available, const QString& value, const QString& message);
};

} // namespace gpuplan::gui
