#pragma once
// Importers for the price formats providers publish: SkyPilot catalog CSVs, the AWS
// Price List (CSV and JSON offer files), AWS Spot Advisor, Azure Retail Prices, the GCP Cloud Billing Catalog and
// Alibaba's public instancePrice.json. They parse text they are handed: no file or network I/O here.
//
// Shared rules:
// - a bad row is skipped with a warning naming the file, the row (CSV: "row N" = the line the record starts on,
//   the header being row 1) or the JSON pointer, the field and the value:
//   "aws.csv:row 7:column Price: must be zero or positive, got -3";
// - a bad file (empty, not JSON, no header, a required column missing, the wrong shape) is an Error;
// - every Price carries as_of and source: the file's own publication date / version where it has one, else the
//   asOf / source arguments (an import with neither fails). Amounts are never converted between currencies.

#include "core/catalog.h"
#include "core/result.h"

#include <array>
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::importers {

using core::CatalogImport;
using core::Offering;
using core::Result;

/// One page of a paged API: what it held plus the link or token of the next page (empty on the last page).
struct PagedImport
{
    CatalogImport catalog;
    std::string next; ///< Azure NextPageLink / GCP nextPageToken; empty when this was the last page
};

/// Maps a provider's accelerator name to a gpuplan GPU id (pricing-data/gpus.json) where that is unambiguous,
/// else returns `raw` unchanged. memoryGiB is the per-GPU memory when known (0 = unknown); it separates
/// A100 40 GB from 80 GB and keeps a 94 GB H100 NVL or a 16 GB V100 from being taken for the catalog's parts.
/// "A100" → A100-SXM-40GB (SkyPilot's A100 is the 40 GB part), "A100-80GB" → A100-SXM-80GB,
/// "H100"/"H100-MEGA" → H100-SXM-80GB, "V100-32GB" → V100-SXM2-32GB, "H200" → H200-SXM-141GB, …
std::string canonicalGpuId(std::string_view raw, double memoryGiB);

// ---------------------------------------------------------------------------------------------------------------
// The native "gpuplan.catalog/1" JSON (pricing-data/catalog/*.json, quotes, private clouds)

/// A bad row is skipped with a warning; a bad file (not JSON, wrong schema, no offerings array) is an error.
Result<CatalogImport> parseNativeCatalog(std::string_view text, const std::string& fileName);

/// The top of a native catalog file: its provider, the date and source that rows without their own inherit, and
/// free-text notes (what was read, what was left out). An empty provider or date is taken from the rows when they
/// all share one.
struct NativeCatalogHeader
{
    std::string provider, asOf, source, notes;
};
/// Writes `offerings` as a gpuplan.catalog/1 document that parseNativeCatalog reads back to the same offerings
/// (`gpuplan-cli catalog convert`, and pricing-data/build/ rebuilding the bundled files from their sources). Fields
/// at their reader's default are left out.
std::string writeNativeCatalog(const std::vector<Offering>& offerings, const NativeCatalogHeader& header);

// ---------------------------------------------------------------------------------------------------------------
// SkyPilot catalog CSV (schema v8, github.com/skypilot-org/skypilot-catalog)

/// Imports a SkyPilot catalog CSV (v8; v6 works too). Columns are found by header name in any order; CRLF or LF;
/// RFC 4180 quoting. One Offering per (InstanceType, Region, AvailabilityZone — empty when the file has no zone
/// column), with an on_demand Price from `Price` and a spot Price from `SpotPrice` (USD per instance-hour; an
/// empty cell or 0.00 means no such price). Rows without an accelerator are skipped silently.
/// Quirks handled (catalogs/README.md): GCP's split rows (a machine row with CPU+RAM only plus an accelerator row
/// with an empty InstanceType) are added up for the host machine of that accelerator count in the same zone;
/// GCP TPU rows become offerings named after the TPU, with 700.0 read as "no price"; RunPod/Shadeform write GB into
/// SizeInMiB; Vast's SizeInMiB is the total over all GPUs; Vast "City, CC, Continent" regions give the country.
/// `provider` is the gpuplan provider id (aws, gcp, azure, lambda, vast, …); `asOf` is required (the file has no
/// date); `source` defaults to fileName.
Result<CatalogImport> importSkyPilotCsv(std::string_view text, const std::string& fileName, const std::string& provider,
    const std::string& asOf, const std::string& source);

// ---------------------------------------------------------------------------------------------------------------
// AWS Price List (AmazonEC2 offer files)

/// Which products of an EC2 offer file to keep. The defaults are what a GPU planner wants (dstackai/gpuhunt
/// providers/aws.py filters the same way): plain Linux on shared tenancy, no pre-installed software, a normal
/// (not capacity-reservation) SKU, a GPU. An empty string matches any value.
struct AwsOfferFilter
{
    std::string operatingSystem = "Linux"; ///< "Operating System" / operatingSystem
    std::string tenancy = "Shared";        ///< "Tenancy"
    std::string preInstalledSw = "NA";     ///< "Pre Installed S/W" / preInstalledSw
    std::string capacityStatus = "Used";   ///< "CapacityStatus" / capacitystatus
    bool gpuOnly = true;                   ///< keep only products whose "GPU" attribute is a positive count
};

/// Imports the CSV offer file (…/offers/v1.0/aws/AmazonEC2/current/index.csv or a region's file), streaming it
/// line by line: real files are several GB and are never held whole. Metadata lines ("Publication Date",
/// "Version", …) come before the header row (the first with a SKU column). Keeps "Compute Instance" (and bare-metal)
/// rows that pass `filter` (and MarketOption OnDemand where the column exists); TermType OnDemand gives an on_demand
/// Price, TermType Reserved (1yr/3yr × No/Partial/All Upfront × standard/convertible) a reserved Price, its "Hrs"
/// row and its "Quantity" (upfront fee) row combined into one wherever they sit in the file. One Offering per
/// (Region Code, Instance Type); the GPU model comes from the instance family (the Price List gives only a count),
/// and a product whose every price row was skipped is dropped. as_of = the file's Publication Date (else the date
/// in its Version, else asOf); source = `source` (default fileName) plus " version <Version>".
Result<CatalogImport> importAwsOfferCsv(std::istream& in, const std::string& fileName, const std::string& asOf,
    const std::string& source, const AwsOfferFilter& filter = {});

/// Imports the JSON offer file (products + terms.OnDemand / terms.Reserved), with the same filter and rules as the
/// CSV importer. A product without regionCode (files before 2020) takes its region from its location name.
Result<CatalogImport> importAwsOfferJson(std::string_view text, const std::string& fileName, const std::string& asOf,
    const std::string& source, const AwsOfferFilter& filter = {});

// ---------------------------------------------------------------------------------------------------------------
// AWS Spot Advisor (https://spot-bid-advisor.s3.amazonaws.com/spot-advisor-data.json)

/// Interruption frequency bucket and savings of one instance type in one region.
struct SpotAdvice
{
    int bucket = 0;     ///< "r": 0 <5 %, 1 5-10 %, 2 10-15 %, 3 15-20 %, 4 >20 % of instances interrupted a month
    int savingsPct = 0; ///< "s": % cheaper than on-demand (negative when spot costs more)
};

struct SpotAdvisorData
{
    /// Bucket labels, from the file's "ranges" (AWS's own: "<5%", "5-10%", "10-15%", "15-20%", ">20%").
    std::array<std::string, 5> labels {"<5%", "5-10%", "10-15%", "15-20%", ">20%"};
    /// region → instance type → advice
    std::map<std::string, std::map<std::string, SpotAdvice, std::less<>>, std::less<>> byRegion;
    std::vector<std::string> warnings;
};

/// Reads the Spot Advisor JSON for one operating system ("Linux" or "Windows").
Result<SpotAdvisorData> importAwsSpotAdvisor(
    std::string_view json, const std::string& fileName, std::string_view operatingSystem = "Linux");

/// Sets interruption_bucket, interruption_label and spot_savings_pct on the spot Prices of the AWS offerings
/// (provider "aws") whose region and instance type the advisor knows. Returns how many prices it annotated. With a
/// `source` (where the advisor data came from), each annotated price's source says so, once.
std::size_t applySpotAdvisor(
    std::vector<Offering>& offerings, const SpotAdvisorData& advisor, const std::string& source = {});

// ---------------------------------------------------------------------------------------------------------------
// Azure Retail Prices API (https://prices.azure.com/api/retail/prices)

/// Imports one page of the Azure Retail Prices API. Virtual Machines only; Windows products, DevTestConsumption
/// and "Low Priority" meters (Azure Batch, not VM spot) are skipped. type Consumption → on_demand, or spot when
/// the meterName contains "Spot"; its savingsPlan[] entries → savings_plan Prices (hourly, 1 Year / 3 Years);
/// type Reservation → reserved with the unitPrice as the upfront fee for the whole term (the API says "1 Hour" but
/// the figure is the term total) and hourly_rate 0. Azure lists no hardware: the offerings have no GPU fields
/// (see fillHardware). as_of = asOf, else the item's effectiveStartDate. `next` is the NextPageLink.
Result<PagedImport> importAzureRetailPrices(
    std::string_view pageJson, const std::string& fileName, const std::string& asOf, const std::string& source);

// ---------------------------------------------------------------------------------------------------------------
// GCP Cloud Billing Catalog (GET https://cloudbilling.googleapis.com/v1/services/6F81-5844-456A/skus)

/// One page of a SKU listing, for importGcpSkuPages.
struct GcpSkuPage
{
    std::string fileName;
    std::string_view json;
};

/// Imports one page of Compute Engine SKUs. GCP prices the parts of a GPU machine separately (GPU per GPU-hour,
/// cores per vCPU-hour, RAM per GiB-hour); this assembles the machines of the accelerator-optimized families it
/// knows (a2-highgpu/megagpu/ultragpu, a3-highgpu, g2-standard) as GPU·n + core·vCPUs + RAM·GiB for every region
/// and usage type (OnDemand → on_demand, Preemptible → spot, Commit1Yr/Commit3Yr → committed_use) where all
/// three parts are in the listing, and warns once per machine series about the regions where a part is missing.
/// as_of = asOf, else the latest effectiveTime of the parts. `next` is the nextPageToken.
Result<PagedImport> importGcpSkus(
    std::string_view json, const std::string& fileName, const std::string& asOf, const std::string& source);

/// The same over every page of one listing: the parts are pooled before machines are assembled, because a
/// machine's GPU, core and RAM SKUs can sit on different pages.
Result<CatalogImport> importGcpSkuPages(
    const std::vector<GcpSkuPage>& pages, const std::string& asOf, const std::string& source);

/// Imports the pricing.yml of Cyclenerd/google-cloud-pricing-cost-calculator, which that project's CI builds from
/// the Cloud Billing Catalog: every machine type under compute.instance that names a GPU (a100, a100-80gb,
/// h100-80gb, h100-80gb-mega, l4, rtx6000: the count per machine, fractional for G4's partial-GPU shapes) with its
/// cpu and ram, and per region cost.<region>.hour → on_demand, hour_spot → spot, month_1y / month_3y →
/// committed_use of 12 / 36 months at month_Ny / 730 per hour (GCP's resource-based commitments are billed monthly
/// with no upfront). Machine types without a GPU key are skipped; a3-highgpu-1g/2g/4g keep only their spot price
/// (GCP sells them only as Spot or Flex-start VMs), with one warning each; a region whose spot figure is below 18 %
/// of its on-demand figure (no GPU spot SKU: the GPU is not sold there) is left out, with one warning per machine
/// type listing the regions. USD (the file's only currency). as_of = the file's
/// about.generated date (when its CI read the Billing Catalog), else asOf. A value that is not a positive number is a
/// problem naming its path (compute.instance.<type>.cost.<region>.<field>); YAML syntax errors fail with the line and
/// column.
Result<CatalogImport> importGcpPricingYaml(
    std::string_view yaml, const std::string& fileName, const std::string& asOf, const std::string& source);

/// The ISO 3166 country of a GCP region ("europe-west4" → "NL"), from Google Cloud's "Regions and zones" page
/// (https://cloud.google.com/compute/docs/regions-zones, read 2026-12-02); "" for a region it does not list.
std::string gcpRegionCountry(std::string_view region);

// ---------------------------------------------------------------------------------------------------------------
// Alibaba Cloud public price list (https://g.alicdn.com/aliyun/ecs-price-info-intl/…/instancePrice.json; the
// China site's ecs-price-info/… has the same format in CNY)

/// Imports instancePrice.json: keys "Region::InstanceType::NetworkType::OS::IoOptimized" (vpc, linux, optimized
/// are kept), each with hours[] (pay-as-you-go → on_demand), months[] and years[] (prepaid → subscription of
/// `period` months or years, the price paid upfront for the term). Currency from the file's "currency"; as_of =
/// its publicationDate; source = `source` (default fileName) plus " version <version>". Alibaba lists no
/// hardware: the offerings have no GPU fields (see fillHardware).
Result<CatalogImport> importAlibabaInstancePrice(
    std::string_view json, const std::string& fileName, const std::string& asOf, const std::string& source);

// ---------------------------------------------------------------------------------------------------------------
// Combining imports

/// Appends `from` to `into`, merging offerings with the same provider, region, zone and instance type (their
/// prices are appended; a price with the same model, term, payment option and class as one already there is
/// dropped with a warning). For following pages of Azure or GCP listings.
void mergeImports(CatalogImport& into, CatalogImport from);

/// Copies GPU model, count, memory, vCPUs, RAM and arch into every offering of `target` that has no GPU count
/// from the offering of `specs` with the same provider and instance type (any region): Azure and Alibaba price
/// lists carry no hardware, SkyPilot's catalogs do. Returns how many offerings it filled.
std::size_t fillHardware(std::vector<Offering>& target, const std::vector<Offering>& specs);

// ---------------------------------------------------------------------------------------------------------------
// ECB euro foreign exchange reference rates (eurofxref-daily.xml and the 90-day and history XML of the same layout)

struct EcbRates
{
    std::string date;           ///< the newest day in the file (YYYY-MM-DD), the as_of of every rate
    std::size_t currencies = 0; ///< currencies the ECB quoted that day, USD included
    /// Units per USD, derived from that day's rates per EUR: rate(X) / rate(USD), and 1 / rate(USD) for EUR.
    std::vector<core::FxRate> rates;
};

/// Reads the ECB's XML without a DTD and without expanding any entity (XML's five predefined ones and
/// character references aside): a DTD, an unknown entity, a decimal comma, a duplicate day or currency, a file
/// cut off before its root closes, or a day without USD is an Error naming the file, the line and the value.
/// `source` starts each rate's source (the URL it was read from).
Result<EcbRates> importEcbReferenceRates(std::string_view text, const std::string& fileName, const std::string& source);

} // namespace gpuplan::importers
