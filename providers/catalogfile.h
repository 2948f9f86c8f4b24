#pragma once
// One price file in one of the formats gpuplan reads, as gpuplan-cli catalog import and the app's Import Price
// File… both read it.

#include "core/catalog.h"
#include "core/result.h"

#include <string>

namespace gpuplan::providers {

class Store;

/// Reads `file` in `format` (gpuplan, skypilot, aws, aws-json, azure, gcp, alibaba, spot-advisor). Streams the
/// AWS CSV (multi-GB files); everything else is read whole. `provider` names the cloud of a SkyPilot catalog;
/// spot-advisor rates apply to the AWS offerings of `store`'s effective catalog (null: the bundled one). `source`
/// is what rows without one of their own say they come from (default: the file, format and date). Errors name the
/// file.
core::Result<core::CatalogImport> readCatalogFile(const std::string& file, const std::string& format,
    const std::string& provider, const std::string& asOf, const Store* store, const std::string& source = {});

} // namespace gpuplan::providers
