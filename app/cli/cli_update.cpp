// gpuplan-cli catalog update: fresh prices from the providers' public APIs, on request only.
#include "app/report/format.h"
#include "cli.h"
#include "cli_common.h"
#include "providers/fetch/curl_transport.h"
#include "providers/fetch/update.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <set>
#include <sstream>

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace gpuplan::cli::detail {

namespace {

/// The environment variable the GCP API key is read from (never a command-line argument, never written anywhere).
constexpr const char* gcpKeyVariable = "GPUPLAN_GCP_API_KEY";

bool stderrIsTerminal()
{
#ifdef _WIN32
    return _isatty(_fileno(stderr)) != 0;
#else
    return isatty(fileno(stderr)) != 0;
#endif
}

std::vector<std::string> splitList(const std::string& s)
{
    std::vector<std::string> out;
    std::string item;
    std::istringstream in(s);
    while (std::getline(in, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

std::string size(std::uint64_t bytes)
{
    char buf[32];
    if (bytes >= (1u << 20))
        std::snprintf(buf, sizeof buf, "%.1f MB", static_cast<double>(bytes) / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.1f KB", static_cast<double>(bytes) / 1e3);
    return buf;
}

std::string percent(double rel)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", rel * 100);
    return buf;
}

std::string where(const std::string& region, const std::string& zone)
{
    return zone.empty() ? region : region + "/" + zone;
}

/// A progress line on stderr: rewritten in place on a terminal, else one line per step and at most one a second.
class ProgressLine
{
public:
    explicit ProgressLine(std::ostream& err)
        : m_err(err)
        , m_tty(stderrIsTerminal())
    { }
    bool operator()(const providers::fetch::UpdateStatus& s)
    {
        const auto now = std::chrono::steady_clock::now();
        const bool last = s.importing && s.done == s.total; // always shown
        const std::string key = s.source + "|" + s.step + (s.waiting ? "|wait" : "") + (last ? "|last" : "");
        if (key == m_last && now - m_when < std::chrono::seconds(1))
            return true;
        m_last = key;
        m_when = now;
        std::string line = s.source + ": " + s.step;
        if (s.waiting)
            line += ": waiting to retry";
        else if (s.importing)
            line += " " + std::to_string(s.done) + "/" + std::to_string(s.total)
                + (s.source == "fx" ? " rates" : " offerings");
        else if (s.done || s.total)
            line += " " + size(s.done) + (s.total ? " of " + size(s.total) : "");
        if (m_tty) {
            m_err << "\r" << line << std::string(m_width > line.size() ? m_width - line.size() : 0, ' ');
            m_width = line.size();
        } else
            m_err << line << "\n";
        m_err.flush();
        return true;
    }
    void done()
    {
        if (m_tty && m_width) {
            m_err << "\r" << std::string(m_width, ' ') << "\r";
            m_err.flush();
        }
        m_width = 0;
        m_last.clear();
    }

private:
    std::ostream& m_err;
    bool m_tty;
    std::string m_last;
    std::chrono::steady_clock::time_point m_when;
    std::size_t m_width = 0;
};

void printReport(const providers::fetch::UpdateReport& r, std::ostream& out)
{
    using report::withSeparators;
    if (r.provider == "fx") {
        if (r.unchanged)
            out << "fx: the exchange rates in use are unchanged\n";
        else
            out << "fx: updated from " << r.endpoint << " (" << size(r.bytes) << "): " << r.fxRates
                << " rates per USD of " << r.fxDate << " stored (snapshot " << r.snapshotIds.front()
                << "); per currency the newest rate is used\n";
        for (const auto& n : r.notes)
            out << "  " << n << "\n";
        return;
    }
    if (r.unchanged) {
        out << r.source << ": unchanged since the last update (" << r.endpoint
            << " answered 304 Not Modified); the active catalog is as it was\n";
        for (const auto& n : r.notes)
            out << "  note: " << n << "\n";
        return;
    }
    out << r.source << ": updated from " << r.endpoint << " (" << r.documents
        << (r.documents == 1 ? " document, " : " documents, ") << size(r.bytes) << ")";
    if (!r.snapshotIds.empty())
        out << ", snapshot " << r.snapshotIds.front() << " is now the active " << r.provider << " catalog";
    out << "\n";
    const auto& d = r.diff;
    out << "  " << r.offerings << " offerings, " << r.prices << " prices (before: " << d.offeringsBefore
        << " offerings)\n";
    if (d.empty()) {
        out << "  no price changed\n";
    } else {
        out << "  offerings: " << d.added.size() << " new, " << d.removed.size() << " removed\n";
        out << "  prices: " << d.up.size() << " up, " << d.down.size() << " down, " << d.unchangedPrices
            << " unchanged, " << d.addedPrices << " new, " << d.removedPrices << " removed\n";
        const auto movers = d.biggestMovers(10);
        if (!movers.empty()) {
            report::TextTable t({"region", "instance", "pricing", "term", "before", "after", "change"});
            for (const auto& m : movers)
                t.addRow({where(m.region, m.zone), m.instanceType, std::string(core::toString(m.pricingModel)),
                    m.termMonths ? std::to_string(m.termMonths) + " mo" : "",
                    withSeparators(m.before, 4) + " " + m.currency + "/h",
                    withSeparators(m.after, 4) + " " + m.currency + "/h", percent(m.relative())});
            out << "  biggest movers:\n";
            std::istringstream rows(t.render());
            for (std::string row; std::getline(rows, row);)
                out << "    " << row << "\n";
        }
        auto list = [&](const char* title, const std::vector<core::OfferingChange>& changes) {
            if (changes.empty())
                return;
            out << "  " << title << ":\n";
            for (std::size_t i = 0; i < changes.size() && i < 10; ++i) {
                const auto& c = changes[i];
                out << "    " << where(c.region, c.zone) << " " << c.instanceType;
                if (!c.gpuModel.empty())
                    out << " (" << c.gpuModel << ")";
                if (c.onDemandHourly > 0)
                    out << ", on demand " << withSeparators(c.onDemandHourly, 4) << " " << c.currency << "/h";
                out << "\n";
            }
            if (changes.size() > 10)
                out << "    … and " << changes.size() - 10 << " more\n";
        };
        list("new offerings", d.added);
        list("removed offerings", d.removed);
    }
    for (const auto& n : r.notes)
        out << "  note: " << n << "\n";
}

} // namespace

int catalogUpdate(const Args& a, std::ostream& out, std::ostream& err)
{
    const std::string cmd = "gpuplan-cli catalog update: ";
    namespace fetch = providers::fetch;
    const std::vector<std::string> all = fetch::knownSources();
    const char* key = std::getenv(gcpKeyVariable);
    const bool haveKey = key && *key;
    std::vector<std::string> sources = splitList(a.option("provider"));
    if (a.options.count("provider") && sources.empty()) {
        err << cmd
            << "--provider needs a value (azure, aws, aws-spot, alibaba, gcp, gcp-pricing, skypilot-<cloud>, fx)\n";
        return ExitBadInput;
    }
    if (sources.empty()) {
        // GCP from the Billing Catalog API itself with a key, else from Cyclenerd's pricing.yml built from it.
        sources = {"azure", "aws", "aws-spot", "alibaba", haveKey ? "gcp" : "gcp-pricing", "fx"};
        if (!haveKey)
            err << "note: gcp read from Cyclenerd's pricing.yml; set " << gcpKeyVariable
                << " to an API key of the Cloud Billing Catalog API to read it directly\n";
    }
    for (const auto& s : sources)
        if (!fetch::isKnownSource(s)) {
            err << cmd << "unknown --provider \"" << s
                << "\": one of azure, aws, aws-spot, alibaba, gcp, skypilot-<cloud> (<cloud>: aws, azure, gcp, "
                   "lambda, runpod, vast, nebius, …), fx\n";
            return ExitBadInput;
        }
    // Each once, in the order of knownSources(): aws before aws-spot, whose buckets go on the fresh AWS prices.
    std::sort(sources.begin(), sources.end(), [&](const std::string& x, const std::string& y) {
        return std::find(all.begin(), all.end(), x) < std::find(all.begin(), all.end(), y);
    });
    sources.erase(std::unique(sources.begin(), sources.end()), sources.end());
    const std::string endpoint = a.option("endpoint");
    if (!endpoint.empty() && sources.size() != 1) {
        err << cmd << "--endpoint replaces one provider's URL: give exactly one --provider with it\n";
        return ExitBadInput;
    }
    if (std::find(sources.begin(), sources.end(), "gcp") != sources.end() && !haveKey) {
        err << cmd << "gcp needs an API key of the Cloud Billing Catalog API in the environment variable "
            << gcpKeyVariable << " (never on the command line)\n";
        return ExitBadInput;
    }
    auto number = [&](const char* name, long fallback, long lo, long hi, bool& ok) {
        const std::string v = a.option(name);
        if (v.empty())
            return fallback;
        try {
            std::size_t used = 0;
            const long n = std::stol(v, &used);
            if (used == v.size() && n >= lo && n <= hi)
                return n;
        } catch (...) { }
        err << cmd << "--" << name << " must be a whole number from " << lo << " to " << hi << ", got \"" << v
            << "\"\n";
        ok = false;
        return fallback;
    };
    bool ok = true;
    fetch::TransportSettings settings;
    const long timeout = number("timeout", 30, 1, 3600, ok);
    settings.connectTimeout = std::chrono::seconds(timeout);
    settings.lowSpeedTime = std::chrono::seconds(timeout);
    settings.maxAttempts = static_cast<int>(number("retries", 3, 0, 10, ok)) + 1;
    const long maxPages = number("max-pages", 500, 1, 100000, ok);
    const long deadline = number("deadline", 3600, 1, 86400, ok);
    settings.requestDeadline = std::chrono::seconds(deadline);
    if (!ok)
        return ExitBadInput;

    auto store = openStore(a, err);
    if (!store)
        return ExitBadInput;
    fetch::CurlTransport transport(settings);
    int exit = ExitOk;
    for (const auto& source : sources) {
        fetch::UpdateOptions o;
        o.source = source;
        o.endpoint = endpoint;
        o.regions = splitList(a.option("region"));
        o.asOf = a.option("as-of");
        o.maxPages = static_cast<int>(maxPages);
        o.deadline = std::chrono::seconds(deadline);
        if (source == "gcp")
            o.gcpApiKey = key;
        ProgressLine line(err);
        auto r = fetch::updateCatalog(
            *store, transport, o, [&](const fetch::UpdateStatus& s) { return line(s); }, nullptr);
        line.done();
        if (!r) {
            err << "gpuplan-cli: " << r.error().detail << "\n";
            if (source != "fx")
                err << "gpuplan-cli: " << source << ": nothing imported; the active catalog is unchanged\n";
            const int code = r.error().code == core::ErrorCode::Network ? ExitRemote : ExitBadInput;
            exit = std::max(exit, code);
            continue;
        }
        std::size_t shown = 0;
        for (const auto& w : r->warnings)
            if (shown++ < 20)
                err << "warning: " << w << "\n";
        if (r->warnings.size() > 20 || r->unlisted > 0)
            err << "warning: … and " << r->warnings.size() + r->unlisted - std::min<std::size_t>(20, r->warnings.size())
                << " more rows skipped\n";
        printReport(*r, out);
        if (r->provider != "fx" && !r->unchanged)
            checkImported(a, {r->provider}, err);
    }
    return exit;
}

} // namespace gpuplan::cli::detail
