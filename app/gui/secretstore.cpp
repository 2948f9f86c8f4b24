#include "secretstore.h"

#include <QTimer>

#ifdef GPUPLAN_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace gpuplan::gui {

namespace {

const char* const service = "gpuplan";

} // namespace

SecretStore::SecretStore(QObject* parent)
    : QObject(parent)
{ }

bool SecretStore::compiledIn()
{
#ifdef GPUPLAN_HAVE_KEYCHAIN
    return true;
#else
    return false;
#endif
}

#ifdef GPUPLAN_HAVE_KEYCHAIN
namespace {

void report(SecretStore* self, QKeychain::Job* job, const QString& value, bool probing)
{
    const auto e = job->error();
    if (e == QKeychain::NoError) {
        Q_EMIT self->finished(true, true, value, {});
    } else if (e == QKeychain::EntryNotFound) {
        Q_EMIT self->finished(true, true, {}, SecretStore::tr("No key is stored."));
    } else if (e == QKeychain::NoBackendAvailable || e == QKeychain::NotImplemented || probing) {
        // A read that fails for any other reason than "no such entry" means no usable keychain service.
        Q_EMIT self->finished(false, false, {},
            SecretStore::tr("No keychain service is running (such as GNOME Keyring or KWallet): the key cannot be "
                            "kept, and gpuplan keeps it nowhere else. (%1)")
                .arg(job->errorString()));
    } else {
        Q_EMIT self->finished(false, true, {}, SecretStore::tr("The keychain refused: %1").arg(job->errorString()));
    }
}

} // namespace
#endif

void SecretStore::read(const QString& key)
{
#ifdef GPUPLAN_HAVE_KEYCHAIN
    auto* job = new QKeychain::ReadPasswordJob(QLatin1String(service), this);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, job] { report(this, job, job->textData(), true); });
    job->start();
#else
    Q_UNUSED(key);
    QTimer::singleShot(0, this, [this] {
        Q_EMIT finished(false, false, {},
            tr("This build of gpuplan has no keychain support (QtKeychain was not found): "
               "the key cannot be kept."));
    });
#endif
}

void SecretStore::write(const QString& key, const QString& value)
{
#ifdef GPUPLAN_HAVE_KEYCHAIN
    auto* job = new QKeychain::WritePasswordJob(QLatin1String(service), this);
    job->setKey(key);
    job->setTextData(value);
    connect(job, &QKeychain::Job::finished, this, [this, job] { report(this, job, {}, false); });
    job->start();
#else
    Q_UNUSED(key);
    Q_UNUSED(value);
    read(QString());
#endif
}

void SecretStore::remove(const QString& key)
{
#ifdef GPUPLAN_HAVE_KEYCHAIN
    auto* job = new QKeychain::DeletePasswordJob(QLatin1String(service), this);
    job->setKey(key);
    connect(job, &QKeychain::Job::finished, this, [this, job] {
        if (job->error() == QKeychain::EntryNotFound)
            Q_EMIT finished(true, true, {}, {});
        else
            report(this, job, {}, false);
    });
    job->start();
#else
    read(key);
#endif
}

} // namespace gpuplan::gui
