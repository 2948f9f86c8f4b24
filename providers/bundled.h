#pragma once

#include "core/accuracy.h"
#include "core/catalog.h"
#include "core/catalog_check.h"
#include "core/gpu.h"
#include "core/model.h"
#include "core/pricing.h"
#include "core/regions.h"
#include "core/result.h"

#include <filesystem>
#include <string>
#include <vector>

namespace gpuplan::providers {

/// Reads a whole text file of at most importers::maxWholeFileBytes; an Io (or LimitExceeded) error names the file
/// and the reason.
core::Result<std::string> readTextFile(const std::filesystem::path& path);

/// The text of pricing-data/<name>: from the folder in $GPUPLAN_DATA_DIR when it is set (so a user can
/// edit the data without rebuilding), else the copy compiled into the program.
core::Result<std::string> readBundledFile(const std::string& name);

/// The text of tests/data/validation/<name> (published results), compiled into the program.
core::Result<std::string> readValidationFile(const std::string& name);

/// Runs the bundled published-results tables through the estimators (cached after the first call).
core::Result<core::AccuracyReport> bundledAccuracy(const core::ModelCatalog& models, const core::GpuCatalog& gpus);

/// pricing-data/gpus.json as a catalog.
core::Result<core::GpuCatalog> loadGpuCatalog(std::vector<std::string>* warnings = nullptr);
/// Every pricing-data/catalog/*.json (or $GPUPLAN_DATA_DIR/catalog/*.json, or every *.json in
/// $GPUPLAN_CATALOG_DIR when that is set): the bundled offerings. Bad rows
/// are skipped with warnings naming file, JSON pointer and value; a bad file is an error.
core::Result<core::CatalogImport> loadBundledCatalog();
/// Every pricing-data/second-source/*.json (or $GPUPLAN_DATA_DIR/second-source/*.json): other publications of
/// bundled prices that the planner never uses, only `catalog check` (core::compareSources) compares against.
core::Result<core::CatalogImport> loadSecondSources();
/// Every catalog check on `offerings` (core::checkCatalog), then the comparison with the bundled second sources
/// (core::compareSources): what `catalog check`, the checks after an import or refresh and the app's Catalog page
/// show. Finding indices refer to `offerings`.
core::Result<std::vector<core::CatalogFinding>> catalogFindings(
    const std::vector<core::Offering>& offerings, const core::FxTable& fx, const core::CatalogCheckOptions& options);
/// pricing-data/fx.json
core::Result<core::FxTable> loadBundledFx();

/// pricing-data/regions.json and sla.json: region coordinates and grid intensity, user locations, SLAs.
core::Result<core::Geography> loadGeography();

/// pricing-data/models.json as a catalog.
core::Result<core::ModelCatalog> loadModelCatalog(std::vector<std::string>* warnings = nullptr);

} // namespace gpuplan::providers
