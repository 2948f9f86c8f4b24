// gpuplan-cli catalog: list, import, validate, check, snapshots, history, discount.
#include "app/report/format.h"

#include "cli.h"
#include "cli_common.h"
#include "core/catalog_check.h"
#include "core/csv.h"
#include "core/json_reader.h"
#include "providers/bundled.h"
#include "providers/catalogfile.h"
#include "providers/importers/importers.h"
#include "providers/importers/registry.h"
#include "providers/planinputs.h"
#include "providers/store.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cmath>
#include <ctime>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>

namespace gpuplan::cli::detail {

namespace {

const char* const catalogHelpText = R"(Usage: gpuplan-cli catalog <command> [options]

Commands:
  list [--gpu ID] [--provider P] [--region GLOB] [--pricing MODEL] [--currency USD|CNY|…] [--format table|json|csv]
        [--csv-bom]
        every offering and price the planner uses: the store's active snapshot per provider, else the
        bundled pricing-data/catalog (dated and sourced); the price in the provider's currency, the per GPU-hour
        column in --currency (default USD) at the dated exchange rates
  import FILE --format FORMAT [--provider P] [--as-of YYYY-MM-DD] [--accept-partial]
        imports FILE as a new snapshot in ONE transaction; on any failure the active catalog is unchanged.
        A file with more problems than accepted prices is refused (exit 2) unless --accept-partial.
        skypilot needs --provider; spot-advisor updates the interruption buckets of the active AWS spot prices
  validate FILE [--format …]   parse FILE and list every problem (file, JSON pointer or row, value)
  convert FILE --format FORMAT [--provider P] [--as-of YYYY-MM-DD] [--source TEXT] [--notes TEXT] [--output OUT]
        [--accept-partial] [--spot-advisor ADVISOR.json [--spot-advisor-source TEXT]]
        reads FILE like import and writes its offerings as a gpuplan.catalog/1 JSON file (to stdout, or OUT)
        without touching the store: how pricing-data/build/ rebuilds the bundled catalog from its sources.
        --spot-advisor gives the AWS spot prices the interruption bucket and savings % of an AWS Spot Advisor file
  check [--today YYYY-MM-DD] [--format table|json]
        checks the catalog the planner uses: an on-demand price per GPU-hour above 3 × or below 1/3 × the median
        of its GPU model (5 rows or more), spot above on-demand (an error), a zone's spot price at or above its
        region's on-demand price (spot_not_cheaper), an AWS or Azure multi-GPU size at
        exactly n × its 1-GPU size that no second source prices so, prices observed more than 180 days before --today (default: today), and a
        price more than 10 % away from the same offering's price in a second source (pricing-data/second-source:
        SkyPilot's GCP catalog beside the Billing Catalog). Exit 1 when there is an error, else 0
  snapshots                    the snapshots in the store, the active ones marked
  history --provider P --region R --instance-type T   one offering's prices across snapshots
  discount PROVIDER PERCENT    a negotiated discount applied to every price of PROVIDER (0 removes it)
  update [--provider P[,P…]] [--endpoint URL] [--region R[,R…]] [--timeout S] [--retries N] [--max-pages N]
         [--deadline S]
        fresh prices from the providers' public APIs (only when you run this; nothing fetches on its own), each
        provider stored as one new snapshot in ONE transaction, then what changed. P: azure, aws, aws-spot,
        alibaba, gcp, gcp-pricing (Cyclenerd's pricing.yml of GCP prices, no key), skypilot-<cloud>, fx (the ECB's
        reference rates; default: azure, aws, aws-spot, alibaba, fx, and gcp when GPUPLAN_GCP_API_KEY is set, else
        gcp-pricing). --endpoint replaces the provider's URL (a mirror). aws --region: default the regions the current
        catalog covers, "all" for every region. --timeout: connecting, or receiving nothing, for S s (30) ends a
        try; --deadline: each provider's whole refresh, every page and retry, ends after S s (3600). The GCP key
        goes only over https. On any failure the active catalog is unchanged.

Options:
  --db PATH      the SQLite store (default: $GPUPLAN_DB, else the platform's app-data folder)
  --output PATH  write the result to PATH
Exit codes: 0 success (also an update that finds nothing changed); 2 bad input (nothing imported); 4 a network
or remote failure (catalog update: the message names the provider, the URL and what went wrong).
)";

/// The help text with the importers' formats, from their registry.
std::string catalogHelp()
{
    std::string s = catalogHelpText;
    s += "\nFormats (--format):\n";
    for (const auto& f : importers::formats()) {
        std::string id = "  " + f.id;
        id.resize(std::max<std::size_t>(id.size() + 1, 16), ' ');
        s += id + f.displayName + (f.needsProvider ? " (needs --provider)" : "") + "\n";
    }
    return s;
}

/// The catalog the planner uses: the store's active snapshot per provider, else the bundled data; nothing, after a
/// message, when the store or the data cannot be read. With `fx`, also the exchange rates the planner converts with.
std::optional<core::CatalogImport> plannedCatalog(const Args& a, std::ostream& err, core::FxTable* fx = nullptr)
{
    auto store = openStore(a, err);
    if (!store)
        return std::nullopt;
    auto cat = providers::effectiveCatalog(store.get());
    if (!cat) {
        err << "gpuplan-cli: " << cat.error().detail << "\n";
        return std::nullopt;
    }
    if (fx) {
        auto rates = providers::effectiveFx(store.get());
        if (!rates) {
            err << "gpuplan-cli: " << rates.error().detail << "\n";
            return std::nullopt;
        }
        *fx = std::move(*rates);
    }
    return std::move(cat).value();
}

int listCatalog(const Args& a, std::ostream& out, std::ostream& err)
{
    bool ok = true;
    const std::string format = formatOption(a, {"table", "json", "csv"}, err, "catalog list", ok);
    if (!ok)
        return ExitBadInput;
    core::FxTable fx;
    auto cat = plannedCatalog(a, err, &fx);
    if (!cat)
        return ExitBadInput;
    // The per-GPU-hour column is in one stated currency (default USD), converted with the dated rates the planner
    // uses, so that CNY and USD rows compare; the price column keeps the provider's own currency.
    const std::string currency = a.option("currency", "USD");
    if (!core::isCurrencyCode(currency) || (currency != "USD" && !fx.find(currency))) {
        err << "gpuplan-cli catalog list: --currency must be USD or a currency with an exchange rate, got \""
            << currency << "\"\n";
        return ExitBadInput;
    }
    auto gpus = providers::loadGpuCatalog();
    std::string gpuFilter = a.option("gpu");
    if (!gpuFilter.empty() && gpus) {
        auto g = gpus->find(gpuFilter);
        if (!g) {
            err << "gpuplan-cli catalog list: --gpu: " << g.error().detail << "\n";
            return ExitBadInput;
        }
        gpuFilter = (*g)->id;
    }
    const std::string provider = a.option("provider"), region = a.option("region"), pricing = a.option("pricing");
    if (!pricing.empty() && !core::parsePricingModel(pricing)) {
        err << "gpuplan-cli catalog list: --pricing must be one of on_demand|spot|reserved|savings_plan|"
               "committed_use|subscription|capacity_block, got \""
            << pricing << "\"\n";
        return ExitBadInput;
    }
    using report::withSeparators;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    report::TextTable t({"provider", "region", "instance", "GPU", "GPUs", "pricing", "term", "price",
        currency + " per GPU-hour", "as of", "source"});
    std::string csv = "provider,region,zone,country,instance_type,gpu,gpu_model_raw,gpus_per_instance,pricing_model,"
                      "term_months,payment_option,currency,hourly_rate,upfront_fee,effective_hourly,"
                      "per_gpu_hour,tax_included,interruption_bucket,as_of,source\r\n";
    // One CSV record: every field quoted as RFC 4180 needs, numbers in full precision (no thousands separators).
    auto csvRow = [&](const core::Offering& o, const core::Price* p) {
        auto number = [](double v) {
            char buf[40];
            std::snprintf(buf, sizeof buf, "%.10g", v);
            return std::string(buf);
        };
        const double eff = p ? p->effectiveHourly() : 0.0;
        const std::vector<std::string> cells = {o.provider, o.region, o.zone, o.country, o.instanceType, o.gpuModel,
            o.gpuModelRaw, number(o.gpuCount), p ? std::string(core::toString(p->pricingModel)) : "",
            p ? std::to_string(p->termMonths) : "", p ? std::string(core::toString(p->paymentOption)) : "",
            p ? p->currency : "", p ? number(p->hourlyRate) : "", p ? number(p->upfrontFee) : "", p ? number(eff) : "",
            p && o.gpuCount > 0 ? number(eff / o.gpuCount) : "", p ? (p->taxIncluded ? "true" : "false") : "",
            p && p->interruptionBucket ? std::to_string(*p->interruptionBucket) : "", p ? p->asOf : o.fetchedAt,
            p ? p->source : o.source};
        for (std::size_t i = 0; i < cells.size(); ++i)
            csv += (i ? "," : "") + report::csvField(cells[i]);
        csv += "\r\n";
    };
    std::size_t count = 0, specsOnly = 0;
    for (const auto& o : cat->offerings) {
        if ((!gpuFilter.empty() && o.gpuModel != gpuFilter) || (!provider.empty() && o.provider != provider)
            || (!region.empty() && !core::globMatch(region, o.region)))
            continue;
        if (o.prices.empty() && pricing.empty()) {
            ++specsOnly;
            t.addRow({o.provider, o.region, o.instanceType, o.gpuModel, withSeparators(o.gpuCount, 0), "-", "",
                "no public price", "", o.fetchedAt, report::truncateUtf8(o.source, 60)});
            rows.push_back(
                {{"provider", o.provider}, {"region", o.region}, {"instance_type", o.instanceType}, {"gpu", o.gpuModel},
                    {"gpus_per_instance", o.gpuCount}, {"prices", nlohmann::json::array()}, {"source", o.source}});
            csvRow(o, nullptr); // specs only: the price columns stay empty
            continue;
        }
        for (const auto& p : o.prices) {
            if (!pricing.empty() && core::toString(p.pricingModel) != pricing)
                continue;
            ++count;
            const double eff = p.effectiveHourly();
            const double perGpu = eff / o.gpuCount;
            const auto perGpuShown = fx.convert(perGpu, p.currency, currency);
            const std::string term = p.termMonths ? std::to_string(p.termMonths) + " mo" : "";
            t.addRow({o.provider, o.region + (o.zone.empty() ? "" : "/" + o.zone), o.instanceType, o.gpuModel,
                withSeparators(o.gpuCount, o.gpuCount < 1 ? 2 : 0), std::string(core::toString(p.pricingModel)), term,
                withSeparators(eff, 3) + " " + p.currency + "/h",
                perGpuShown ? withSeparators(*perGpuShown, 3) : std::string("no rate"), p.asOf,
                report::truncateUtf8(p.source, 60)});
            rows.push_back({{"provider", o.provider}, {"region", o.region}, {"zone", o.zone}, {"country", o.country},
                {"instance_type", o.instanceType}, {"gpu", o.gpuModel}, {"gpus_per_instance", o.gpuCount},
                {"pricing_model", std::string(core::toString(p.pricingModel))}, {"term_months", p.termMonths},
                {"currency", p.currency}, {"hourly_rate", p.hourlyRate}, {"upfront_fee", p.upfrontFee},
                {"effective_hourly", eff}, {"per_gpu_hour", perGpu}, {"tax_included", p.taxIncluded},
                {"interruption_bucket",
                    p.interruptionBucket ? nlohmann::json(*p.interruptionBucket) : nlohmann::json()},
                {"as_of", p.asOf}, {"source", p.source}});
            csvRow(o, &p);
        }
    }
    std::string text;
    if (format == "json")
        text = core::detail::jsonDocument(rows);
    else if (format == "csv")
        text = (a.options.count("csv-bom") ? "\xEF\xBB\xBF" : "") + csv;
    else
        text = t.render() + "\n" + std::to_string(count) + " prices"
            + (specsOnly ? ", " + std::to_string(specsOnly) + " offerings with specs only (no public price)" : "")
            + ". Prices per instance-hour in the provider's currency; commitments as effective hourly "
              "(upfront spread over the term); per GPU-hour in "
            + currency + ", other currencies converted at the dated exchange rates the planner uses.\n";
    return emit(a, text, out, err) ? ExitOk : ExitBadInput;
}

int checkCatalog(const Args& a, std::ostream& out, std::ostream& err)
{
    bool ok = true;
    const std::string format = formatOption(a, {"table", "json"}, err, "catalog check", ok);
    if (!ok)
        return ExitBadInput;
    core::CatalogCheckOptions options;
    options.today = a.option("today", providers::todayUtc());
    if (!core::isIsoDate(options.today)) {
        err << "gpuplan-cli catalog check: --today must be a date YYYY-MM-DD, got \"" << options.today << "\"\n";
        return ExitBadInput;
    }
    core::FxTable fx;
    auto cat = plannedCatalog(a, err, &fx);
    if (!cat)
        return ExitBadInput;
    auto checked = providers::catalogFindings(cat->offerings, fx, options);
    if (!checked) {
        err << "gpuplan-cli: " << checked.error().detail << "\n";
        return ExitBadInput;
    }
    const auto& findings = *checked;
    std::size_t errors = 0;
    nlohmann::ordered_json rows = nlohmann::ordered_json::array();
    report::TextTable t({"severity", "rule", "provider", "region", "instance", "pricing", "finding"});
    for (const auto& f : findings) {
        errors += f.error;
        rows.push_back({{"severity", f.error ? "error" : "warning"}, {"rule", f.rule}, {"provider", f.provider},
            {"region", f.region}, {"instance_type", f.instanceType}, {"pricing_model", f.pricing},
            {"detail", f.detail()}});
        t.addRow({f.error ? "error" : "warning", f.rule, f.provider, f.region, f.instanceType, f.pricing, f.detail()});
    }
    const std::string text = format == "json"
        ? core::detail::jsonDocument(rows)
        : t.render() + "\n" + std::to_string(errors) + " errors, " + std::to_string(findings.size() - errors)
            + " warnings over " + std::to_string(cat->offerings.size()) + " offerings (as of " + options.today + ")\n";
    if (!emit(a, text, out, err))
        return ExitBadInput;
    return errors ? ExitInfeasible : ExitOk;
}

/// What `catalog import`, `validate` and `convert` do with the file they all read the same way.
enum class FileCommand { Import, Validate, Convert };

int readFileCommand(const Args& a, FileCommand command, std::ostream& out, std::ostream& err)
{
    const bool import = command == FileCommand::Import, convert = command == FileCommand::Convert;
    const std::string cmd = import ? "catalog import" : convert ? "catalog convert" : "catalog validate";
    // what a refusal leaves untouched
    const std::string unchanged = import ? "the active catalog is unchanged" : "nothing written";
    if (a.positional.size() != 2) {
        err << "gpuplan-cli " << cmd << ": expected one FILE\n";
        return ExitBadInput;
    }
    if (convert && !a.options.count("format")) {
        err << "gpuplan-cli " << cmd << ": --format is required (" << importers::formatIds() << ")\n";
        return ExitBadInput;
    }
    const std::string file = a.positional[1];
    const std::string format = a.option("format", "gpuplan");
    // A converted file keeps the dates its source gives (a bundled file must not look fresher than its source).
    const std::string asOf = convert ? a.option("as-of") : a.option("as-of", providers::todayUtc());
    std::unique_ptr<providers::Store> store;
    if (import || format == "spot-advisor") {
        store = openStore(a, err);
        if (!store)
            return ExitBadInput;
    }
    auto imported
        = providers::readCatalogFile(file, format, a.option("provider"), asOf, store.get(), a.option("source"));
    if (!imported) {
        err << "gpuplan-cli: " << imported.error().detail << "\n";
        if (!convert)
            err << "gpuplan-cli: nothing imported; the active catalog is unchanged\n";
        return ExitBadInput;
    }
    for (const auto& w : imported->warnings)
        err << "warning: " << w << "\n";
    if (imported->unlisted > 0)
        err << "warning: … and " << imported->unlisted << " more problems (the first " << core::maxListedProblems
            << " are listed)\n";
    const std::size_t prices = imported->prices();
    const std::size_t problems = imported->problems();
    if (command == FileCommand::Validate) {
        out << file << ": " << imported->offerings.size() << " offerings, " << prices << " prices, " << problems
            << " problems\n";
        return problems == 0 && !imported->offerings.empty() ? ExitOk : ExitBadInput;
    }
    if (imported->offerings.empty()) {
        err << "gpuplan-cli: " << file << ": no offerings found; " << unchanged << "\n";
        return ExitBadInput;
    }
    // A file whose rows are mostly rejected is a broken file or a changed format: storing the few good rows would
    // replace the provider's catalog with a fraction of it.
    if (imported->mostlyRejected() && !a.options.count("accept-partial")) {
        err << "gpuplan-cli: " << file << ": " << problems << " problems against " << prices
            << " accepted prices (more than " << static_cast<int>(core::maxRejectedFraction * 100)
            << " % of the rows rejected); " << (import ? "nothing imported, " : "") << unchanged
            << ". Fix the file, or " << (import ? "import" : "convert") << " what is good with --accept-partial\n";
        return ExitBadInput;
    }
    if (convert && a.options.count("spot-advisor")) {
        // The AWS Spot Advisor's interruption bucket and savings % on the converted spot prices (how
        // pricing-data/build/aws.sh joins them), each annotated price's source naming the advisor file.
        const std::string advisorFile = a.option("spot-advisor");
        auto text = providers::readTextFile(advisorFile);
        auto advisor = text ? importers::importAwsSpotAdvisor(*text, advisorFile)
                            : core::Result<importers::SpotAdvisorData>(text.error());
        if (!advisor) {
            err << "gpuplan-cli " << cmd << ": --spot-advisor: " << advisor.error().detail << "; " << unchanged << "\n";
            return ExitBadInput;
        }
        for (const auto& w : advisor->warnings)
            err << "warning: " << w << "\n";
        const std::string advisorSource = a.option("spot-advisor-source", advisorFile);
        const std::size_t annotated = importers::applySpotAdvisor(imported->offerings, *advisor, advisorSource);
        err << "catalog convert: " << annotated << " spot prices given the Spot Advisor's interruption bucket\n";
    }
    if (convert) {
        importers::NativeCatalogHeader header;
        header.asOf = asOf;
        header.source = a.option("source");
        header.notes = a.option("notes");
        return emit(a, importers::writeNativeCatalog(imported->offerings, header), out, err) ? ExitOk : ExitBadInput;
    }
    const bool tty = false;
    auto ids = store->importSnapshot(
        imported->offerings, file, format, static_cast<int>(problems), [&](std::size_t done, std::size_t total) {
            err << "importing " << done << "/" << total << " offerings" << (tty ? "\r" : "\n");
            err.flush();
        });
    if (!ids) {
        err << "gpuplan-cli: " << ids.error().detail << "\n";
        return ExitBadInput;
    }
    out << "imported " << imported->offerings.size() << " offerings from " << file << " into " << store->path().string()
        << " as snapshot";
    for (auto id : *ids)
        out << " " << id;
    out << " (now active)\n";
    std::vector<std::string> providers;
    for (const auto& o : imported->offerings)
        if (std::find(providers.begin(), providers.end(), o.provider) == providers.end())
            providers.push_back(o.provider);
    checkImported(a, providers, err);
    return ExitOk;
}

} // namespace

void checkImported(const Args& a, const std::vector<std::string>& providers, std::ostream& err)
{
    core::FxTable fx;
    std::ostringstream quiet; // a store problem was already reported by the import itself
    auto cat = plannedCatalog(a, quiet, &fx);
    if (!cat)
        return;
    core::CatalogCheckOptions options;
    options.today = providers::todayUtc();
    std::size_t shown = 0, warnings = 0, errors = 0;
    auto checked = providers::catalogFindings(cat->offerings, fx, options);
    if (!checked) {
        err << "check: " << checked.error().detail << "\n";
        return;
    }
    for (const auto& f : *checked) {
        if (std::find(providers.begin(), providers.end(), f.provider) == providers.end())
            continue;
        (f.error ? errors : warnings) += 1;
        if (shown++ < 10)
            err << "check: " << (f.error ? "error" : "warning") << ": " << f.rule << ": " << f.provider << " "
                << f.region << " " << f.instanceType << " " << f.pricing << ": " << f.detail() << "\n";
    }
    if (warnings + errors > 0)
        err << "check: " << errors << (errors == 1 ? " error" : " errors") << " (not used by the planner), " << warnings
            << (warnings == 1 ? " warning" : " warnings") << " on the rows of " <<
            [&] {
                std::string s;
                for (const auto& p : providers)
                    s += (s.empty() ? "" : ", ") + p;
                return s;
            }()
            << "; `gpuplan-cli catalog check` lists every finding and its rule\n";
}

namespace {

int listSnapshots(const Args& a, std::ostream& out, std::ostream& err)
{
    auto store = openStore(a, err);
    if (!store)
        return ExitBadInput;
    auto snaps = store->snapshots();
    if (!snaps) {
        err << "gpuplan-cli: " << snaps.error().detail << "\n";
        return ExitBadInput;
    }
    report::TextTable t({"id", "provider", "imported (UTC)", "offerings", "problems", "active", "source"});
    for (const auto& s : *snaps)
        t.addRow({std::to_string(s.id), s.provider, s.importedAt, std::to_string(s.offerings),
            std::to_string(s.warnings), s.active ? "yes" : "", s.source + " (" + s.format + ")"});
    return emit(a, t.render() + "\nProviders without a snapshot use the bundled catalog (pricing-data/catalog).\n", out,
               err)
        ? ExitOk
        : ExitBadInput;
}

int history(const Args& a, std::ostream& out, std::ostream& err)
{
    const std::string p = a.option("provider"), r = a.option("region"), i = a.option("instance-type");
    if (p.empty() || r.empty() || i.empty()) {
        err << "gpuplan-cli catalog history: --provider, --region and --instance-type are required\n";
        return ExitBadInput;
    }
    auto store = openStore(a, err);
    if (!store)
        return ExitBadInput;
    auto h = store->priceHistory(p, r, i);
    if (!h) {
        err << "gpuplan-cli: " << h.error().detail << "\n";
        return ExitBadInput;
    }
    report::TextTable t({"snapshot", "imported (UTC)", "as of", "pricing", "term", "effective hourly"});
    for (const auto& pt : *h)
        t.addRow({std::to_string(pt.snapshotId), pt.importedAt, pt.asOf, pt.pricingModel,
            pt.termMonths ? std::to_string(pt.termMonths) + " mo" : "",
            report::withSeparators(pt.effectiveHourly, 4) + " " + pt.currency});
    return emit(a, t.render(), out, err) ? ExitOk : ExitBadInput;
}

int discount(const Args& a, std::ostream& out, std::ostream& err)
{
    if (a.positional.size() != 3) {
        err << "gpuplan-cli catalog discount: expected PROVIDER PERCENT\n";
        return ExitBadInput;
    }
    const auto parsed = core::parseNumberCell(a.positional[2]);
    if (!parsed) {
        err << "gpuplan-cli catalog discount: PERCENT must be a number, got \"" << a.positional[2] << "\"\n";
        return ExitBadInput;
    }
    const double pct = *parsed;
    auto store = openStore(a, err);
    if (!store)
        return ExitBadInput;
    if (auto st = store->setDiscount(a.positional[1], pct / 100.0); !st) {
        err << "gpuplan-cli: " << st.error().detail << "\n";
        return ExitBadInput;
    }
    out << "negotiated discount for " << a.positional[1] << ": " << pct << " %\n";
    return ExitOk;
}

} // namespace

int cmdCatalog(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    auto a = parseArgs(args, 1,
        {"format", "output", "db", "gpu", "provider", "region", "pricing", "instance-type", "as-of", "endpoint",
            "timeout", "retries", "max-pages", "deadline", "today", "source", "notes", "spot-advisor",
            "spot-advisor-source", "currency"},
        err, "catalog", {"csv-bom", "accept-partial"});
    if (!a)
        return ExitBadInput;
    const std::string sub = a->positional.empty() ? "" : a->positional.front();
    if (a->help || sub.empty()) {
        (sub.empty() && !a->help ? err : out) << catalogHelp();
        return a->help ? ExitOk : ExitBadInput;
    }
    if (sub == "list")
        return listCatalog(*a, out, err);
    if (sub == "import")
        return readFileCommand(*a, FileCommand::Import, out, err);
    if (sub == "validate")
        return readFileCommand(*a, FileCommand::Validate, out, err);
    if (sub == "check")
        return checkCatalog(*a, out, err);
    if (sub == "convert")
        return readFileCommand(*a, FileCommand::Convert, out, err);
    if (sub == "snapshots")
        return listSnapshots(*a, out, err);
    if (sub == "history")
        return history(*a, out, err);
    if (sub == "discount")
        return discount(*a, out, err);
    if (sub == "update")
        return catalogUpdate(*a, out, err);
    err << "gpuplan-cli catalog: unknown command \"" << sub << "\"\n" << catalogHelp();
    return ExitBadInput;
}

} // namespace gpuplan::cli::detail
