// libFuzzer: one catalog parser or importer per target, chosen at build time by GPUPLAN_FUZZ_PARSER
// (tests/fuzz/CMakeLists.txt builds one executable for each).
#include "core/catalog.h"
#include "core/csv.h"
#include "providers/importers/importers.h"

#include <cstdint>
#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    using namespace gpuplan::core;
    using namespace gpuplan::importers;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    switch (GPUPLAN_FUZZ_PARSER) {
    case 0:
        (void)parseNativeCatalog(text, "fuzz.json");
        break;
    case 1:
        (void)importSkyPilotCsv(text, "fuzz.csv", "aws", "2026-11-30", "fuzz");
        break;
    case 2: {
        std::istringstream in {std::string(text)};
        (void)importAwsOfferCsv(in, "fuzz.csv", "2026-11-30", "fuzz");
        break;
    }
    case 3:
        (void)importAwsOfferJson(text, "fuzz.json", "2026-11-30", "fuzz");
        break;
    case 4:
        (void)importAzureRetailPrices(text, "fuzz.json", "2026-11-30", "fuzz");
        break;
    case 5:
        (void)importGcpSkus(text, "fuzz.json", "2026-11-30", "fuzz");
        break;
    case 6:
        (void)importAlibabaInstancePrice(text, "fuzz.json", "2026-11-30", "fuzz");
        break;
    case 7: {
        auto advisor = importAwsSpotAdvisor(text, "fuzz.json");
        if (advisor) {
            std::vector<Offering> none;
            applySpotAdvisor(none, *advisor);
        }
        break;
    }
    case 8: // exchange rates: the bundled JSON and the ECB's XML (catalog update --provider fx)
        (void)parseFxRates(text, "fx.json");
        (void)importEcbReferenceRates(text, "eurofxref-daily.xml", "fuzz");
        break;
    case 9: // Cyclenerd's GCP pricing.yml (yaml-cpp)
        (void)importGcpPricingYaml(text, "pricing.yml", "", "fuzz");
        break;
    default:
        (void)parseCsv(text, "fuzz.csv");
        break;
    }
    return 0;
}
