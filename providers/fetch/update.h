#pragma once
// Price refreshes from the providers' public APIs: fetch (through a Transport), import, validate, store as one new
// snapshot, and say what changed. Nothing here runs unless a user asks (gpuplan-cli catalog update, the GUI's
// "Refresh prices"): there is no fetch at start-up and no background refresh.

#include "core/catalog_diff.h"
#include "core/result.h"
#include "transport.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::providers {
class Store;
}

namespace gpuplan::providers::fetch {

/// The sources a refresh can read, in the order a refresh of all of them runs:
///   azure      Azure Retail Prices API, GPU VM families (NC, ND, NG, NV), every page (NextPageLink)
///   aws        AWS Price List: the EC2 region index, then each region's offer CSV, streamed
///   aws-spot   AWS Spot Advisor: interruption buckets on the AWS spot prices already in the catalog
///   alibaba    Alibaba Cloud's public instancePrice.json, GPU families
///   gcp        GCP Cloud Billing Catalog, Compute Engine SKUs (needs an API key)
///   gcp-pricing  Cyclenerd's pricing.yml, built from the Billing Catalog (no key; on-demand, spot, committed use)
///   skypilot-<cloud>  SkyPilot's published catalog CSV of <cloud> (aws, azure, gcp, lambda, runpod, vast, …)
///   fx         the ECB's euro reference rates (eurofxref-daily.xml), stored as the exchange rates in use
std::vector<std::string> knownSources();
bool isKnownSource(std::string_view source);
/// The gpuplan provider id a source refreshes: skypilot-lambda → lambda, aws-spot → aws, gcp-pricing → gcp.
std::string providerOf(std::string_view source);
/// The URL a source reads when no endpoint is given (see UpdateOptions::endpoint for what each one means).
std::string defaultEndpoint(std::string_view source);

struct UpdateOptions
{
    std::string source; ///< one of knownSources()
    /// Replaces the default base URL (a mirror or a test server):
    ///   azure: the prices URL (https://prices.azure.com/api/retail/prices); the query is added to it
    ///   aws: the Price List host (https://pricing.us-east-1.amazonaws.com); /offers/v1.0/aws/AmazonEC2/… is added
    ///   aws-spot, alibaba, gcp-pricing: the file's URL
    ///   gcp: the API host (https://cloudbilling.googleapis.com); /v1/services/6F81-5844-456A/skus is added
    ///   skypilot-<cloud>: the catalog folder (…/skypilot-catalog/master/catalogs/v8); /<cloud>/vms.csv is added
    ///   fx: the file's URL (https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml)
    std::string endpoint;
    /// aws: regions to read (empty = the regions the current AWS catalog covers; "all" = every region in the
    /// index). azure: regions to ask for (empty = all). Others ignore it.
    std::vector<std::string> regions;
    /// gcp: the API key, sent in the X-Goog-Api-Key header only (never in a URL, a message or a file).
    std::string gcpApiKey;
    std::string asOf;   ///< as_of of prices whose source has no date (YYYY-MM-DD); empty = today (UTC)
    int maxPages = 500; ///< azure and gcp: more pages than this is an error (a paging loop)
    /// More rows rejected than this fraction of all rows (accepted prices + rejected rows) fails the refresh: the
    /// format probably changed under us.
    double maxRejectedFraction = core::maxRejectedFraction;
    std::uint64_t maxBytes = 0; ///< largest response; 0 = per source (AWS offer file 8 GiB, pages 64 MiB, …)
    /// The most one provider's refresh may take, every request, retry and wait included (catalog update
    /// --deadline): an hour holds the AWS offer files of every region at a few MB/s.
    std::chrono::seconds deadline {3600};
};

/// Where a refresh stands, for a progress line or dialog.
struct UpdateStatus
{
    std::string source;
    std::string step; ///< "region index", "page 3", "us-east-1", "importing"
    std::string url;  ///< redacted (no credentials)
    std::uint64_t done = 0;
    std::uint64_t total = 0; ///< 0 = unknown
    bool waiting = false;    ///< waiting to retry (backoff or Retry-After)
    bool importing = false;  ///< done, total count offerings written to the store
};
/// Return false to cancel.
using UpdateProgress = std::function<bool(const UpdateStatus&)>;

struct UpdateReport
{
    std::string source;
    std::string provider;
    std::string endpoint; ///< redacted
    /// Every document answered 304 Not Modified: nothing was downloaded, no snapshot made.
    bool unchanged = false;
    std::vector<long long> snapshotIds;
    std::size_t offerings = 0;
    std::size_t prices = 0;
    std::size_t documents = 0;         ///< pages or files read
    std::uint64_t bytes = 0;           ///< body bytes received
    std::vector<std::string> warnings; ///< rows skipped, with their place (at most core::maxListedProblems)
    std::size_t unlisted = 0;          ///< rows skipped beyond those
    std::vector<std::string> notes;    ///< what was done besides importing (filters, carried-over regions, …)
    core::CatalogDiff diff;            ///< the provider's catalog before (store snapshot, else bundled) → after
    std::string fxDate;      ///< fx: the day of the reference rates stored (notes: each rate before → after)
    std::size_t fxRates = 0; ///< fx: how many rates per USD were stored
};

/// Refreshes one source into `store`: all of it is fetched and imported first, then stored as one new snapshot in
/// one transaction. Any failure — network, HTTP status, truncated or oversized body, bad JSON/CSV, a changed
/// schema, too many rejected rows, cancellation — returns an Error naming the source, the document (URL, page) and
/// what went wrong, and leaves the active catalog exactly as it was. Error codes: InvalidInput for bad options
/// (unknown source, bad region, missing key), Network for anything the remote side did, Io for the store.
core::Result<UpdateReport> updateCatalog(Store& store, Transport& transport, const UpdateOptions& options,
    const UpdateProgress& progress = {}, const std::atomic<bool>* cancel = nullptr);

} // namespace gpuplan::providers::fetch
