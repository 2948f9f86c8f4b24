#include "store.h"

#include "bundled.h"
#include "clock.h"

#include <QDir>
#include <QStandardPaths>

#include <sqlite3.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <set>

namespace gpuplan::providers {

namespace {

/// The schema, one migration per version. Never edit a shipped step: append a new one.
const char* const migrations[] = {
    // 1: catalog snapshots with offerings and prices; active snapshot per provider.
    R"(CREATE TABLE snapshots(id INTEGER PRIMARY KEY, provider TEXT NOT NULL, source TEXT NOT NULL,
         format TEXT NOT NULL, imported_at TEXT NOT NULL, offerings INTEGER NOT NULL, warnings INTEGER NOT NULL);
       CREATE TABLE active(provider TEXT PRIMARY KEY, snapshot_id INTEGER NOT NULL REFERENCES snapshots(id));
       CREATE TABLE offerings(id INTEGER PRIMARY KEY, snapshot_id INTEGER NOT NULL REFERENCES snapshots(id),
         provider TEXT NOT NULL, region TEXT NOT NULL, zone TEXT, country TEXT, instance_type TEXT NOT NULL,
         gpu_model TEXT NOT NULL, gpu_model_raw TEXT, gpu_vendor TEXT, gpu_count REAL NOT NULL,
         gpu_memory_gib REAL, vcpus REAL, memory_gib REAL, arch TEXT, local_disk_gb REAL, gpu_interconnect TEXT,
         network_gbps REAL, billing_granularity_s REAL, minimum_billing_s REAL, source TEXT, source_version TEXT,
         fetched_at TEXT);
       CREATE INDEX offerings_by_snapshot ON offerings(snapshot_id);
       CREATE INDEX offerings_by_key ON offerings(provider, region, instance_type);
       CREATE TABLE prices(id INTEGER PRIMARY KEY, offering_id INTEGER NOT NULL REFERENCES offerings(id),
         pricing_model TEXT NOT NULL, term_months INTEGER NOT NULL, payment_option TEXT, offering_class TEXT,
         currency TEXT NOT NULL, hourly_rate REAL NOT NULL CHECK(hourly_rate >= 0),
         upfront_fee REAL NOT NULL CHECK(upfront_fee >= 0), tax_included INTEGER NOT NULL, orig_value TEXT,
         orig_unit TEXT, interruption_bucket INTEGER, interruption_label TEXT, spot_savings_pct INTEGER,
         as_of TEXT NOT NULL, source TEXT NOT NULL);
       CREATE INDEX prices_by_offering ON prices(offering_id);)",
    // 2: user overrides and saved work.
    R"(CREATE TABLE discounts(provider TEXT PRIMARY KEY, fraction REAL NOT NULL CHECK(fraction >= 0 AND fraction < 1),
         updated_at TEXT NOT NULL);
       CREATE TABLE scenarios(id INTEGER PRIMARY KEY, name TEXT NOT NULL, workload_json TEXT NOT NULL,
         created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
       CREATE TABLE calibrations(gpu_id TEXT PRIMARY KEY, profile_json TEXT NOT NULL, updated_at TEXT NOT NULL);)",
    // 3: HTTP validators (ETag, Last-Modified) of the last download of each price URL and the snapshot it made,
    //    so that a refresh of an unchanged catalog is a conditional request answered 304 Not Modified.
    R"(CREATE TABLE http_validators(url TEXT PRIMARY KEY, provider TEXT NOT NULL, etag TEXT, last_modified TEXT,
         snapshot_id INTEGER NOT NULL REFERENCES snapshots(id), updated_at TEXT NOT NULL);)",
    // 4: plan defaults the app's Settings set (serving headroom, PUE, electricity price), read by the CLI too.
    R"(CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at TEXT NOT NULL);)",
    // 5: exchange-rate snapshots (catalog update --provider fx); per currency the newest rate is the one in use.
    R"(CREATE TABLE fx_snapshots(id INTEGER PRIMARY KEY, source TEXT NOT NULL, imported_at TEXT NOT NULL);
       CREATE TABLE fx_rates(snapshot_id INTEGER NOT NULL REFERENCES fx_snapshots(id), currency TEXT NOT NULL,
         per_usd REAL NOT NULL CHECK(per_usd > 0), as_of TEXT NOT NULL, source TEXT NOT NULL,
         PRIMARY KEY(snapshot_id, currency));)",
    // 6: serving calibrations fitted to a benchmark's results (calibrate --import with --format): per GPU, model
    //    family and engine, the "gpuplan.serving-calibration/1" document.
    R"(CREATE TABLE serving_calibrations(gpu_id TEXT NOT NULL, family TEXT NOT NULL, engine TEXT NOT NULL,
         calibration_json TEXT NOT NULL, updated_at TEXT NOT NULL, PRIMARY KEY(gpu_id, family, engine));)",
    // 7: pool sizings (gpuplan.pool-sizing/1) stored with the scenario they were run for, and what was asked.
    R"(CREATE TABLE pool_results(id INTEGER PRIMARY KEY, scenario_id INTEGER NOT NULL REFERENCES scenarios(id),
         created_at TEXT NOT NULL, request_json TEXT NOT NULL, result_json TEXT NOT NULL);
       CREATE INDEX pool_results_by_scenario ON pool_results(scenario_id);)",
};

/// A prepared statement that finalizes itself.
class Stmt
{
public:
    Stmt(sqlite3* db, const char* sql)
        : m_db(db)
    {
        m_rc = sqlite3_prepare_v2(db, sql, -1, &m_stmt, nullptr);
    }
    ~Stmt() { sqlite3_finalize(m_stmt); }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    bool ok() const { return m_rc == SQLITE_OK; }
    std::string error() const { return sqlite3_errmsg(m_db); }
    Stmt& bind(int i, const std::string& v)
    {
        sqlite3_bind_text(m_stmt, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Stmt& bindOptional(int i, const std::string& v)
    {
        if (v.empty())
            sqlite3_bind_null(m_stmt, i);
        else
            bind(i, v);
        return *this;
    }
    Stmt& bind(int i, double v)
    {
        sqlite3_bind_double(m_stmt, i, v);
        return *this;
    }
    Stmt& bind(int i, long long v)
    {
        sqlite3_bind_int64(m_stmt, i, v);
        return *this;
    }
    Stmt& bind(int i, int v)
    {
        sqlite3_bind_int(m_stmt, i, v);
        return *this;
    }
    Stmt& bindNull(int i)
    {
        sqlite3_bind_null(m_stmt, i);
        return *this;
    }
    int step() { return sqlite3_step(m_stmt); }
    void reset()
    {
        sqlite3_reset(m_stmt);
        sqlite3_clear_bindings(m_stmt);
    }
    std::string text(int col) const
    {
        const auto* p = sqlite3_column_text(m_stmt, col);
        return p ? reinterpret_cast<const char*>(p) : "";
    }
    double real(int col) const { return sqlite3_column_double(m_stmt, col); }
    long long integer(int col) const { return sqlite3_column_int64(m_stmt, col); }
    bool isNull(int col) const { return sqlite3_column_type(m_stmt, col) == SQLITE_NULL; }

private:
    sqlite3* m_db;
    sqlite3_stmt* m_stmt = nullptr;
    int m_rc = SQLITE_ERROR;
};

core::Error dbError(const Store& s, sqlite3* db, const std::string& what)
{
    return core::Error {core::ErrorCode::Io, s.path().string() + ": " + what + ": " + sqlite3_errmsg(db)};
}

} // namespace

Store::Store(sqlite3* db, std::filesystem::path path)
    : m_db(db)
    , m_path(std::move(path))
{ }

Store::~Store()
{
    sqlite3_close(m_db);
}

std::filesystem::path Store::defaultPath()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    if (dir.isEmpty())
        dir = QDir::homePath() + QStringLiteral("/.gpuplan");
    QDir().mkpath(dir);
    return std::filesystem::path(dir.toStdString()) / "gpuplan.sqlite";
}

namespace {

/// An SQLite URI for a read-only open of `path` (RFC 3986 percent-encoding of what a URI path cannot hold).
std::string readOnlyUri(const std::filesystem::path& path, bool immutable)
{
    std::string uri = "file:";
    for (unsigned char c : path.generic_string()) {
        const bool plain = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '/'
            || c == '-' || c == '_' || c == '.' || c == '~' || c == ':';
        if (plain) {
            uri += static_cast<char>(c);
        } else {
            char buf[4];
            std::snprintf(buf, sizeof buf, "%%%02X", c);
            uri += buf;
        }
    }
    return uri + (immutable ? "?mode=ro&immutable=1" : "?mode=ro");
}

} // namespace

core::Result<std::unique_ptr<Store>> Store::open(const std::filesystem::path& path)
{
    sqlite3* db = nullptr;
    int rc = sqlite3_open_v2(path.string().c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    bool readOnly = rc == SQLITE_OK && sqlite3_db_readonly(db, "main") == 1;
    std::error_code ec;
    if (rc != SQLITE_OK && std::filesystem::is_regular_file(path, ec)) {
        // The file exists but cannot be opened for writing (its folder or the file read-only): read it read-only.
        sqlite3_close(db);
        db = nullptr;
        rc = sqlite3_open_v2(readOnlyUri(path, false).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
        readOnly = true;
    }
    if (rc != SQLITE_OK) {
        std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
        sqlite3_close(db);
        return core::Error {core::ErrorCode::Io, path.string() + ": cannot open the database: " + msg};
    }
    std::unique_ptr<Store> s(new Store(db, path));
    s->m_readOnly = readOnly;
    sqlite3_busy_timeout(db, 5000);
    // Integrity first: a damaged file is reported, never "repaired" behind the user's back.
    auto quickCheck = [](sqlite3* h, std::string& detail) {
        Stmt check(h, "PRAGMA quick_check");
        const int step = check.ok() ? check.step() : SQLITE_ERROR;
        if (check.ok() && step == SQLITE_ROW && check.text(0) == "ok")
            return SQLITE_OK;
        detail = check.ok() && step == SQLITE_ROW ? check.text(0) : sqlite3_errmsg(h);
        return check.ok() && step == SQLITE_ROW ? SQLITE_CORRUPT : (sqlite3_extended_errcode(h) & 0xff);
    };
    std::string detail;
    int check = quickCheck(db, detail);
    if (readOnly && (check == SQLITE_CANTOPEN || check == SQLITE_READONLY)) {
        // A WAL database needs its -shm file, which a read-only folder cannot hold: nobody can write this store,
        // so it is read as immutable (SQLite's URI parameter for media that cannot change).
        s.reset();
        db = nullptr;
        rc = sqlite3_open_v2(readOnlyUri(path, true).c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
        if (rc != SQLITE_OK) {
            std::string msg = db ? sqlite3_errmsg(db) : "out of memory";
            sqlite3_close(db);
            return core::Error {core::ErrorCode::Io, path.string() + ": cannot open the database: " + msg};
        }
        s.reset(new Store(db, path));
        s->m_readOnly = true;
        check = quickCheck(db, detail);
    }
    if (check != SQLITE_OK)
        return core::Error {core::ErrorCode::Io,
            path.string() + ": the database is damaged (" + detail
                + "). Move the file away (gpuplan starts a new one) or pass --db with another path; "
                  "your bundled catalog is unaffected."};
    if (readOnly) {
        // Nothing is changed: no journal mode, no migration. A store of an older schema cannot be upgraded.
        const int latest = static_cast<int>(std::size(migrations));
        if (s->schemaVersion() != latest)
            return core::Error {core::ErrorCode::ReadOnly,
                path.string() + ": the store is read-only and has schema " + std::to_string(s->schemaVersion())
                    + ", this gpuplan needs " + std::to_string(latest)
                    + ": open it once with write permission, or pass --db with another path"};
        return s;
    }
    if (auto st = s->exec("PRAGMA journal_mode=WAL; PRAGMA foreign_keys=ON; PRAGMA synchronous=NORMAL;"); !st)
        return st.error();
    if (auto st = s->migrate(); !st)
        return st.error();
    return s;
}

core::Status Store::writable(const char* what) const
{
    if (!m_readOnly)
        return core::Ok {};
    return core::Error {core::ErrorCode::ReadOnly,
        m_path.string() + ": the store is read-only (no write permission on the file or its folder): " + what
            + " needs a writable store; nothing was changed. Pass --db with a writable path"};
}

core::Status Store::exec(const char* sql)
{
    char* err = nullptr;
    if (sqlite3_exec(m_db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
        std::string msg = err ? err : "unknown error";
        sqlite3_free(err);
        return core::Error {core::ErrorCode::Io, m_path.string() + ": " + msg};
    }
    return core::Ok {};
}

int Store::schemaVersion() const
{
    Stmt v(m_db, "PRAGMA user_version");
    return v.ok() && v.step() == SQLITE_ROW ? static_cast<int>(v.integer(0)) : -1;
}

core::Status Store::migrate()
{
    const int current = schemaVersion();
    const int latest = static_cast<int>(std::size(migrations));
    if (current > latest)
        return core::Error {core::ErrorCode::Io,
            m_path.string() + ": written by a newer gpuplan (schema " + std::to_string(current) + ", this one knows "
                + std::to_string(latest) + ")"};
    for (int v = current; v < latest; ++v) {
        if (auto st = exec("BEGIN IMMEDIATE"); !st)
            return st;
        auto st = exec(migrations[v]);
        const std::string bump = "PRAGMA user_version=" + std::to_string(v + 1);
        if (st)
            st = exec(bump.c_str());
        if (!st) {
            exec("ROLLBACK");
            return st;
        }
        if (auto c = exec("COMMIT"); !c)
            return c;
    }
    return core::Ok {};
}

core::Result<std::vector<long long>> Store::importSnapshot(const std::vector<core::Offering>& offerings,
    const std::string& source, const std::string& format, int warnings,
    const std::function<void(std::size_t, std::size_t)>& progress, const std::atomic<bool>* cancel)
{
    if (auto st = writable("importing a catalog"); !st)
        return st.error();
    if (offerings.empty())
        return core::Error {
            core::ErrorCode::InvalidInput, source + ": no offerings to import; the catalog is unchanged"};
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    auto fail = [&](core::Error e) -> core::Result<std::vector<long long>> {
        exec("ROLLBACK");
        return e;
    };
    const std::string now = utcTimestamp();
    std::map<std::string, long long> snapshotOf; // provider → new snapshot id
    std::map<std::string, int> counts;
    for (const auto& o : offerings)
        ++counts[o.provider];
    {
        Stmt ins(m_db,
            "INSERT INTO snapshots(provider, source, format, imported_at, offerings, warnings) "
            "VALUES(?,?,?,?,?,?)");
        for (const auto& [provider, n] : counts) {
            ins.reset();
            ins.bind(1, provider).bind(2, source).bind(3, format).bind(4, now).bind(5, n).bind(6, warnings);
            if (ins.step() != SQLITE_DONE)
                return fail(dbError(*this, m_db, "cannot record the snapshot"));
            snapshotOf[provider] = sqlite3_last_insert_rowid(m_db);
        }
    }
    Stmt off(m_db,
        "INSERT INTO offerings(snapshot_id, provider, region, zone, country, instance_type, gpu_model, "
        "gpu_model_raw, gpu_vendor, gpu_count, gpu_memory_gib, vcpus, memory_gib, arch, local_disk_gb, "
        "gpu_interconnect, network_gbps, billing_granularity_s, minimum_billing_s, source, source_version, "
        "fetched_at) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    Stmt pri(m_db,
        "INSERT INTO prices(offering_id, pricing_model, term_months, payment_option, offering_class, "
        "currency, hourly_rate, upfront_fee, tax_included, orig_value, orig_unit, interruption_bucket, "
        "interruption_label, spot_savings_pct, as_of, source) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
    if (!off.ok() || !pri.ok())
        return fail(dbError(*this, m_db, "cannot prepare the import"));
    std::size_t done = 0;
    for (const auto& o : offerings) {
        if (cancel && cancel->load())
            return fail(core::Error {core::ErrorCode::Cancelled, "import cancelled; the catalog is unchanged"});
        off.reset();
        off.bind(1, snapshotOf[o.provider])
            .bind(2, o.provider)
            .bind(3, o.region)
            .bindOptional(4, o.zone)
            .bindOptional(5, o.country)
            .bind(6, o.instanceType)
            .bind(7, o.gpuModel)
            .bindOptional(8, o.gpuModelRaw)
            .bindOptional(9, o.gpuVendor)
            .bind(10, o.gpuCount)
            .bind(11, o.gpuMemoryGiB)
            .bind(12, o.vcpus)
            .bind(13, o.memoryGiB)
            .bindOptional(14, o.arch)
            .bind(15, o.localDiskGB)
            .bindOptional(16, o.gpuInterconnect)
            .bind(17, o.networkGbps)
            .bind(18, o.billingGranularityS)
            .bind(19, o.minimumBillingS)
            .bindOptional(20, o.source)
            .bindOptional(21, o.sourceVersion)
            .bindOptional(22, o.fetchedAt);
        if (off.step() != SQLITE_DONE)
            return fail(dbError(*this, m_db, "cannot store offering " + o.provider + "/" + o.instanceType));
        const long long offeringId = sqlite3_last_insert_rowid(m_db);
        for (const auto& p : o.prices) {
            pri.reset();
            pri.bind(1, offeringId)
                .bind(2, std::string(core::toString(p.pricingModel)))
                .bind(3, p.termMonths)
                .bindOptional(4, std::string(core::toString(p.paymentOption)))
                .bindOptional(5, p.offeringClass)
                .bind(6, p.currency)
                .bind(7, p.hourlyRate)
                .bind(8, p.upfrontFee)
                .bind(9, p.taxIncluded ? 1 : 0)
                .bindOptional(10, p.origValue)
                .bindOptional(11, p.origUnit);
            if (p.interruptionBucket)
                pri.bind(12, *p.interruptionBucket);
            pri.bindOptional(13, p.interruptionLabel);
            if (p.spotSavingsPct)
                pri.bind(14, *p.spotSavingsPct);
            pri.bind(15, p.asOf).bind(16, p.source);
            if (pri.step() != SQLITE_DONE)
                return fail(dbError(*this, m_db, "cannot store a price of " + o.provider + "/" + o.instanceType));
        }
        if (progress && (++done % 1000 == 0 || done == offerings.size()))
            progress(done, offerings.size());
    }
    {
        Stmt act(m_db,
            "INSERT INTO active(provider, snapshot_id) VALUES(?,?) "
            "ON CONFLICT(provider) DO UPDATE SET snapshot_id=excluded.snapshot_id");
        for (const auto& [provider, id] : snapshotOf) {
            act.reset();
            act.bind(1, provider).bind(2, id);
            if (act.step() != SQLITE_DONE)
                return fail(dbError(*this, m_db, "cannot activate the snapshot"));
        }
    }
    if (auto st = exec("COMMIT"); !st)
        return fail(st.error());
    std::vector<long long> ids;
    for (auto& [p, id] : snapshotOf)
        ids.push_back(id);
    return ids;
}

core::Result<std::vector<core::Offering>> Store::activeOfferings() const
{
    Stmt off(m_db,
        "SELECT o.id, o.provider, o.region, o.zone, o.country, o.instance_type, o.gpu_model, "
        "o.gpu_model_raw, o.gpu_vendor, o.gpu_count, o.gpu_memory_gib, o.vcpus, o.memory_gib, o.arch, "
        "o.local_disk_gb, o.gpu_interconnect, o.network_gbps, o.billing_granularity_s, "
        "o.minimum_billing_s, o.source, o.source_version, o.fetched_at "
        "FROM offerings o JOIN active a ON a.snapshot_id = o.snapshot_id ORDER BY o.id");
    Stmt pri(m_db,
        "SELECT pricing_model, term_months, payment_option, offering_class, currency, hourly_rate, "
        "upfront_fee, tax_included, orig_value, orig_unit, interruption_bucket, interruption_label, "
        "spot_savings_pct, as_of, source FROM prices WHERE offering_id = ? ORDER BY id");
    if (!off.ok() || !pri.ok())
        return core::Error {core::ErrorCode::Io, m_path.string() + ": " + off.error()};
    std::vector<core::Offering> out;
    int rc;
    while ((rc = off.step()) == SQLITE_ROW) {
        core::Offering o;
        o.provider = off.text(1);
        o.region = off.text(2);
        o.zone = off.text(3);
        o.country = off.text(4);
        o.instanceType = off.text(5);
        o.gpuModel = off.text(6);
        o.gpuModelRaw = off.text(7);
        o.gpuVendor = off.text(8);
        o.gpuCount = off.real(9);
        o.gpuMemoryGiB = off.real(10);
        o.vcpus = off.real(11);
        o.memoryGiB = off.real(12);
        o.arch = off.text(13);
        o.localDiskGB = off.real(14);
        o.gpuInterconnect = off.text(15);
        o.networkGbps = off.real(16);
        o.billingGranularityS = off.real(17);
        o.minimumBillingS = off.real(18);
        o.source = off.text(19);
        o.sourceVersion = off.text(20);
        o.fetchedAt = off.text(21);
        pri.reset();
        pri.bind(1, off.integer(0));
        while (pri.step() == SQLITE_ROW) {
            core::Price p;
            p.pricingModel = core::parsePricingModel(pri.text(0)).value_or(core::PricingModel::OnDemand);
            p.termMonths = static_cast<int>(pri.integer(1));
            p.paymentOption = core::parsePaymentOption(pri.text(2)).value_or(core::PaymentOption::None);
            p.offeringClass = pri.text(3);
            p.currency = pri.text(4);
            p.hourlyRate = pri.real(5);
            p.upfrontFee = pri.real(6);
            p.taxIncluded = pri.integer(7) != 0;
            p.origValue = pri.text(8);
            p.origUnit = pri.text(9);
            if (!pri.isNull(10))
                p.interruptionBucket = static_cast<int>(pri.integer(10));
            p.interruptionLabel = pri.text(11);
            if (!pri.isNull(12))
                p.spotSavingsPct = static_cast<int>(pri.integer(12));
            p.asOf = pri.text(13);
            p.source = pri.text(14);
            o.prices.push_back(std::move(p));
        }
        out.push_back(std::move(o));
    }
    if (rc != SQLITE_DONE)
        return dbError(*this, m_db, "cannot read the catalog");
    return out;
}

core::Result<std::vector<Store::Snapshot>> Store::snapshots() const
{
    Stmt q(m_db,
        "SELECT s.id, s.provider, s.source, s.format, s.imported_at, s.offerings, s.warnings, "
        "a.snapshot_id IS NOT NULL FROM snapshots s LEFT JOIN active a ON a.snapshot_id = s.id ORDER BY s.id");
    std::vector<Snapshot> out;
    while (q.step() == SQLITE_ROW)
        out.push_back({q.integer(0), q.text(1), q.text(2), q.text(3), q.text(4), static_cast<int>(q.integer(5)),
            static_cast<int>(q.integer(6)), q.integer(7) != 0});
    return out;
}

core::Status Store::activate(long long snapshotId)
{
    if (auto st = writable("making a snapshot active"); !st)
        return st.error();
    Stmt q(m_db,
        "INSERT INTO active(provider, snapshot_id) SELECT provider, id FROM snapshots WHERE id = ? "
        "ON CONFLICT(provider) DO UPDATE SET snapshot_id=excluded.snapshot_id");
    q.bind(1, snapshotId);
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot activate snapshot " + std::to_string(snapshotId));
    if (sqlite3_changes(m_db) == 0)
        return core::Error {core::ErrorCode::InvalidInput, "no snapshot " + std::to_string(snapshotId)};
    return core::Ok {};
}

core::Result<std::vector<Store::PricePoint>> Store::priceHistory(
    const std::string& provider, const std::string& region, const std::string& instanceType) const
{
    Stmt q(m_db,
        "SELECT s.imported_at, p.as_of, p.pricing_model, p.term_months, p.currency, p.hourly_rate, "
        "p.upfront_fee, s.id FROM prices p JOIN offerings o ON o.id = p.offering_id "
        "JOIN snapshots s ON s.id = o.snapshot_id WHERE o.provider = ? AND o.region = ? "
        "AND o.instance_type = ? ORDER BY s.id, p.id");
    q.bind(1, provider).bind(2, region).bind(3, instanceType);
    std::vector<PricePoint> out;
    while (q.step() == SQLITE_ROW) {
        PricePoint pt;
        pt.importedAt = q.text(0);
        pt.asOf = q.text(1);
        pt.pricingModel = q.text(2);
        pt.termMonths = static_cast<int>(q.integer(3));
        pt.currency = q.text(4);
        core::Price p;
        p.hourlyRate = q.real(5);
        p.upfrontFee = q.real(6);
        p.termMonths = pt.termMonths;
        pt.effectiveHourly = p.effectiveHourly();
        pt.snapshotId = q.integer(7);
        out.push_back(std::move(pt));
    }
    return out;
}

core::Status Store::setDiscount(const std::string& provider, double fraction)
{
    if (auto st = writable("setting a discount"); !st)
        return st.error();
    if (!(fraction >= 0 && fraction < 1))
        return core::Error {core::ErrorCode::InvalidInput,
            "discount for " + provider + ": must be from 0 to 99.99 %, got " + std::to_string(fraction * 100)};
    Stmt q(m_db,
        "INSERT INTO discounts(provider, fraction, updated_at) VALUES(?,?,?) "
        "ON CONFLICT(provider) DO UPDATE SET fraction=excluded.fraction, updated_at=excluded.updated_at");
    q.bind(1, provider).bind(2, fraction).bind(3, utcTimestamp());
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the discount");
    return core::Ok {};
}

core::Result<std::map<std::string, double>> Store::discounts() const
{
    Stmt q(m_db, "SELECT provider, fraction FROM discounts");
    std::map<std::string, double> out;
    while (q.step() == SQLITE_ROW)
        out[q.text(0)] = q.real(1);
    return out;
}

core::Result<long long> Store::saveScenario(
    const std::string& name, const std::string& json, std::optional<long long> id)
{
    if (auto st = writable("saving a scenario"); !st)
        return st.error();
    const std::string now = utcTimestamp();
    if (id) {
        Stmt q(m_db, "UPDATE scenarios SET name=?, workload_json=?, updated_at=? WHERE id=?");
        q.bind(1, name).bind(2, json).bind(3, now).bind(4, *id);
        if (q.step() != SQLITE_DONE)
            return dbError(*this, m_db, "cannot save scenario " + name);
        if (sqlite3_changes(m_db) == 0)
            return core::Error {core::ErrorCode::InvalidInput, "no scenario " + std::to_string(*id)};
        return *id;
    }
    Stmt q(m_db, "INSERT INTO scenarios(name, workload_json, created_at, updated_at) VALUES(?,?,?,?)");
    q.bind(1, name).bind(2, json).bind(3, now).bind(4, now);
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save scenario " + name);
    return static_cast<long long>(sqlite3_last_insert_rowid(m_db));
}

core::Result<long long> Store::replaceScenarioNamed(const std::string& name, const std::string& json)
{
    if (auto st = writable("saving a scenario"); !st)
        return st.error();
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    auto fail = [&](core::Error e) -> core::Result<long long> {
        exec("ROLLBACK");
        return e;
    };
    const std::string now = utcTimestamp();
    long long id = 0;
    {
        Stmt first(m_db, "SELECT MIN(id) FROM scenarios WHERE name=?");
        first.bind(1, name);
        if (first.step() == SQLITE_ROW)
            id = first.integer(0);
    }
    if (id > 0) {
        Stmt q(m_db, "UPDATE scenarios SET workload_json=?, updated_at=? WHERE id=?");
        q.bind(1, json).bind(2, now).bind(3, id);
        if (q.step() != SQLITE_DONE)
            return fail(dbError(*this, m_db, "cannot save scenario " + name));
        Stmt others(m_db, "DELETE FROM scenarios WHERE name=? AND id<>?");
        others.bind(1, name).bind(2, id);
        if (others.step() != SQLITE_DONE)
            return fail(dbError(*this, m_db, "cannot save scenario " + name));
    } else {
        Stmt q(m_db, "INSERT INTO scenarios(name, workload_json, created_at, updated_at) VALUES(?,?,?,?)");
        q.bind(1, name).bind(2, json).bind(3, now).bind(4, now);
        if (q.step() != SQLITE_DONE)
            return fail(dbError(*this, m_db, "cannot save scenario " + name));
        id = static_cast<long long>(sqlite3_last_insert_rowid(m_db));
    }
    if (auto st = exec("COMMIT"); !st)
        return fail(st.error());
    return id;
}

void Store::setBusyTimeout(int ms)
{
    sqlite3_busy_timeout(m_db, ms);
}

core::Result<std::vector<Store::Scenario>> Store::scenarios() const
{
    Stmt q(m_db, "SELECT id, name, workload_json, updated_at FROM scenarios ORDER BY updated_at DESC, id DESC");
    std::vector<Scenario> out;
    while (q.step() == SQLITE_ROW)
        out.push_back({q.integer(0), q.text(1), q.text(2), q.text(3)});
    return out;
}

core::Result<Store::Scenario> Store::scenario(long long id) const
{
    Stmt q(m_db, "SELECT id, name, workload_json, updated_at FROM scenarios WHERE id=?");
    q.bind(1, id);
    if (q.step() != SQLITE_ROW)
        return core::Error {core::ErrorCode::InvalidInput, "no scenario " + std::to_string(id)};
    return Scenario {q.integer(0), q.text(1), q.text(2), q.text(3)};
}

core::Status Store::renameScenario(long long id, const std::string& name)
{
    if (auto st = writable("renaming a scenario"); !st)
        return st.error();
    Stmt q(m_db, "UPDATE scenarios SET name=?, updated_at=? WHERE id=?");
    q.bind(1, name).bind(2, utcTimestamp()).bind(3, id);
    if (q.step() != SQLITE_DONE || sqlite3_changes(m_db) == 0)
        return core::Error {core::ErrorCode::InvalidInput, "no scenario " + std::to_string(id)};
    return core::Ok {};
}

core::Status Store::deleteScenario(long long id)
{
    if (auto st = writable("deleting a scenario"); !st)
        return st.error();
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    // Its pool sizings go with it, in the same transaction.
    Stmt results(m_db, "DELETE FROM pool_results WHERE scenario_id=?");
    results.bind(1, id);
    if (results.step() != SQLITE_DONE) {
        auto e = dbError(*this, m_db, "cannot delete scenario " + std::to_string(id));
        exec("ROLLBACK");
        return e;
    }
    Stmt q(m_db, "DELETE FROM scenarios WHERE id=?");
    q.bind(1, id);
    if (q.step() != SQLITE_DONE || sqlite3_changes(m_db) == 0) {
        exec("ROLLBACK");
        return core::Error {core::ErrorCode::InvalidInput, "no scenario " + std::to_string(id)};
    }
    return exec("COMMIT");
}

core::Result<long long> Store::savePoolResult(
    long long scenarioId, const std::string& requestJson, const std::string& resultJson)
{
    if (auto st = writable("saving a pool sizing"); !st)
        return st.error();
    {
        Stmt known(m_db, "SELECT 1 FROM scenarios WHERE id=?");
        known.bind(1, scenarioId);
        if (known.step() != SQLITE_ROW)
            return core::Error {core::ErrorCode::InvalidInput,
                "pool sizing: scenario_id: no scenario " + std::to_string(scenarioId) + " in " + m_path.string()};
    }
    Stmt q(m_db, "INSERT INTO pool_results(scenario_id, created_at, request_json, result_json) VALUES(?,?,?,?)");
    q.bind(1, scenarioId).bind(2, utcTimestamp()).bind(3, requestJson).bind(4, resultJson);
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the pool sizing of scenario " + std::to_string(scenarioId));
    return static_cast<long long>(sqlite3_last_insert_rowid(m_db));
}

core::Result<std::vector<Store::PoolSizingRecord>> Store::poolResults(long long scenarioId) const
{
    Stmt q(m_db,
        "SELECT id, scenario_id, created_at, request_json, result_json FROM pool_results WHERE scenario_id=? "
        "ORDER BY id DESC");
    q.bind(1, scenarioId);
    std::vector<PoolSizingRecord> out;
    while (q.step() == SQLITE_ROW)
        out.push_back({q.integer(0), q.integer(1), q.text(2), q.text(3), q.text(4)});
    return out;
}

core::Status Store::saveCalibration(const std::string& gpuId, const std::string& json)
{
    if (auto st = writable("saving a calibration"); !st)
        return st.error();
    Stmt q(m_db,
        "INSERT INTO calibrations(gpu_id, profile_json, updated_at) VALUES(?,?,?) "
        "ON CONFLICT(gpu_id) DO UPDATE SET profile_json=excluded.profile_json, updated_at=excluded.updated_at");
    q.bind(1, gpuId).bind(2, json).bind(3, utcTimestamp());
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the calibration of " + gpuId);
    return core::Ok {};
}

core::Result<std::map<std::string, std::string>> Store::calibrations() const
{
    Stmt q(m_db, "SELECT gpu_id, profile_json FROM calibrations");
    std::map<std::string, std::string> out;
    while (q.step() == SQLITE_ROW)
        out[q.text(0)] = q.text(1);
    return out;
}

core::Status Store::saveServingCalibration(
    const std::string& gpuId, const std::string& family, const std::string& engine, const std::string& json)
{
    if (auto st = writable("saving a serving calibration"); !st)
        return st.error();
    Stmt q(m_db,
        "INSERT INTO serving_calibrations(gpu_id, family, engine, calibration_json, updated_at) VALUES(?,?,?,?,?) "
        "ON CONFLICT(gpu_id, family, engine) DO UPDATE SET calibration_json=excluded.calibration_json, "
        "updated_at=excluded.updated_at");
    q.bind(1, gpuId).bind(2, family).bind(3, engine).bind(4, json).bind(5, utcTimestamp());
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the serving calibration of " + gpuId + ", " + family + ", " + engine);
    return core::Ok {};
}

core::Result<std::vector<Store::StoredServingCalibration>> Store::servingCalibrations() const
{
    Stmt q(m_db,
        "SELECT gpu_id, family, engine, calibration_json, updated_at FROM serving_calibrations "
        "ORDER BY gpu_id, family, engine");
    std::vector<StoredServingCalibration> out;
    while (q.step() == SQLITE_ROW)
        out.push_back({q.text(0), q.text(1), q.text(2), q.text(3), q.text(4)});
    return out;
}

core::Status Store::setSetting(const std::string& key, const std::string& value)
{
    if (auto st = writable("changing a setting"); !st)
        return st.error();
    Stmt q(m_db,
        value.empty() ? "DELETE FROM settings WHERE key = ?"
                      : "INSERT INTO settings(key, value, updated_at) VALUES(?,?,?) "
                        "ON CONFLICT(key) DO UPDATE SET value=excluded.value, updated_at=excluded.updated_at");
    if (!q.ok())
        return dbError(*this, m_db, "cannot save the setting " + key);
    q.bind(1, key);
    if (!value.empty())
        q.bind(2, value).bind(3, utcTimestamp());
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the setting " + key);
    return core::Ok {};
}

core::Result<std::map<std::string, std::string>> Store::settings() const
{
    Stmt q(m_db, "SELECT key, value FROM settings");
    if (!q.ok())
        return dbError(*this, m_db, "cannot read the settings");
    std::map<std::string, std::string> out;
    while (q.step() == SQLITE_ROW)
        out[q.text(0)] = q.text(1);
    return out;
}

core::Result<std::optional<long long>> Store::activeSnapshotId(const std::string& provider) const
{
    Stmt q(m_db, "SELECT snapshot_id FROM active WHERE provider = ?");
    if (!q.ok())
        return dbError(*this, m_db, "cannot read the active snapshots");
    q.bind(1, provider);
    const int rc = q.step();
    if (rc == SQLITE_ROW)
        return std::optional<long long>(q.integer(0));
    if (rc != SQLITE_DONE)
        return dbError(*this, m_db, "cannot read the active snapshots");
    return std::optional<long long>();
}

core::Result<std::optional<Store::HttpValidators>> Store::httpValidators(const std::string& url) const
{
    Stmt q(m_db, "SELECT etag, last_modified, snapshot_id FROM http_validators WHERE url = ?");
    if (!q.ok())
        return dbError(*this, m_db, "cannot read the HTTP validators");
    q.bind(1, url);
    const int rc = q.step();
    if (rc == SQLITE_ROW)
        return std::optional<HttpValidators>(HttpValidators {q.text(0), q.text(1), q.integer(2)});
    if (rc != SQLITE_DONE)
        return dbError(*this, m_db, "cannot read the HTTP validators");
    return std::optional<HttpValidators>();
}

core::Status Store::saveHttpValidators(const std::string& url, const std::string& provider, const HttpValidators& v)
{
    if (auto st = writable("remembering a download"); !st)
        return st.error();
    Stmt q(m_db,
        "INSERT INTO http_validators(url, provider, etag, last_modified, snapshot_id, updated_at) "
        "VALUES(?,?,?,?,?,?) ON CONFLICT(url) DO UPDATE SET provider=excluded.provider, etag=excluded.etag, "
        "last_modified=excluded.last_modified, snapshot_id=excluded.snapshot_id, updated_at=excluded.updated_at");
    if (!q.ok())
        return dbError(*this, m_db, "cannot save the HTTP validators");
    q.bind(1, url).bind(2, provider).bindOptional(3, v.etag).bindOptional(4, v.lastModified).bind(5, v.snapshotId);
    q.bind(6, utcTimestamp());
    if (q.step() != SQLITE_DONE)
        return dbError(*this, m_db, "cannot save the HTTP validators of " + url);
    return core::Ok {};
}

core::Result<long long> Store::importFxSnapshot(const std::vector<core::FxRate>& rates, const std::string& source)
{
    if (auto st = writable("storing exchange rates"); !st)
        return st.error();
    if (rates.empty())
        return core::Error {core::ErrorCode::InvalidInput, source + ": no exchange rates to store"};
    if (auto st = exec("BEGIN IMMEDIATE"); !st)
        return st.error();
    auto fail = [&](const std::string& what) {
        core::Error e = dbError(*this, m_db, what);
        exec("ROLLBACK");
        return e;
    };
    Stmt snap(m_db, "INSERT INTO fx_snapshots(source, imported_at) VALUES(?,?)");
    if (!snap.ok() || (snap.bind(1, source).bind(2, utcTimestamp()), snap.step()) != SQLITE_DONE)
        return fail("cannot store the exchange rates of " + source);
    const long long id = sqlite3_last_insert_rowid(m_db);
    for (const auto& r : rates) {
        Stmt q(m_db, "INSERT INTO fx_rates(snapshot_id, currency, per_usd, as_of, source) VALUES(?,?,?,?,?)");
        if (!q.ok())
            return fail("cannot store the exchange rates of " + source);
        q.bind(1, id).bind(2, r.currency).bind(3, r.perUsd).bind(4, r.asOf).bind(5, r.source);
        if (q.step() != SQLITE_DONE)
            return fail("cannot store the exchange rate " + r.currency + " of " + source);
    }
    if (auto st = exec("COMMIT"); !st) {
        exec("ROLLBACK");
        return st.error();
    }
    return id;
}

core::Result<std::vector<core::FxRate>> Store::activeFxRates() const
{
    // Per currency the newest rate (latest as_of; of two the same day, the later fetch): storing an older file after
    // a newer one never rolls a rate back.
    Stmt q(m_db,
        "SELECT currency, per_usd, as_of, source FROM fx_rates r WHERE NOT EXISTS (SELECT 1 FROM fx_rates s "
        "WHERE s.currency = r.currency AND (s.as_of > r.as_of OR (s.as_of = r.as_of AND s.snapshot_id > "
        "r.snapshot_id))) "
        "ORDER BY currency");
    if (!q.ok())
        return dbError(*this, m_db, "cannot read the exchange rates");
    std::vector<core::FxRate> out;
    int rc = SQLITE_ROW;
    while ((rc = q.step()) == SQLITE_ROW)
        out.push_back({q.text(0), q.real(1), q.text(2), q.text(3)});
    if (rc != SQLITE_DONE)
        return dbError(*this, m_db, "cannot read the exchange rates");
    return out;
}

core::Result<core::FxTable> effectiveFx(const Store* store)
{
    auto fx = loadBundledFx();
    if (!fx || !store)
        return fx;
    auto stored = store->activeFxRates();
    if (!stored)
        return stored.error();
    for (auto& r : *stored)
        if (const core::FxRate* bundled = fx->find(r.currency); !bundled || bundled->asOf <= r.asOf)
            fx->set(std::move(r));
    return fx;
}

core::Result<core::CatalogImport> effectiveCatalog(const Store* store)
{
    auto bundled = loadBundledCatalog();
    if (!bundled)
        return bundled.error();
    if (!store)
        return bundled;
    auto stored = store->activeOfferings();
    if (!stored)
        return stored.error();
    std::set<std::string> fromStore;
    for (const auto& o : *stored)
        fromStore.insert(o.provider);
    core::CatalogImport out;
    out.warnings = std::move(bundled->warnings);
    for (auto& o : bundled->offerings)
        if (!fromStore.count(o.provider))
            out.offerings.push_back(std::move(o));
    for (auto& o : *stored)
        out.offerings.push_back(std::move(o));
    return out;
}

} // namespace gpuplan::providers
