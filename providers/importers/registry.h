#pragma once
// Every price format gpuplan reads, in one list (the style of Tiled's file-format plugins): the CLI's
// `catalog import --format` list and help, the app's Import Price File… dialog and `catalog validate` all read it.
// Qt-free: the fuzz preset builds it with no Qt installed.

#include "importers.h"

#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::importers {

/// What an import needs besides the bytes.
struct ImportRequest
{
    std::string fileName; ///< named in every message
    std::string provider; ///< the cloud a SkyPilot catalog lists (formats with needsProvider)
    std::string asOf;     ///< the date to give prices whose file carries none (ISO 8601)
    std::string source;   ///< where the prices come from, when the file does not say
    /// The catalog a format annotates rather than replaces (spot-advisor: the AWS spot prices to give buckets to).
    const std::vector<core::Offering>* base = nullptr;
};

struct Format
{
    std::string id;                    ///< "skypilot", the --format value
    std::string displayName;           ///< English; the app translates it by id
    std::vector<std::string> patterns; ///< file name patterns for a file dialog ("*.csv")
    bool needsProvider = false;        ///< --provider is required
    bool needsBase = false;            ///< reads ImportRequest::base
    /// Whether the first 64 KiB of a file (`head`) with this suffix (lower case, no dot) look like this format.
    std::function<bool(std::string_view head, std::string_view suffix)> recognizes;
    /// Reads the whole input; streaming formats read it piece by piece (the AWS offer CSV is several GB).
    std::function<core::Result<core::CatalogImport>(std::istream& in, const ImportRequest& request)> read;
};

/// The formats, in the order help texts list them.
const std::vector<Format>& formats();
/// The format with this id, or null.
const Format* findFormat(std::string_view id);
/// "gpuplan|skypilot|aws|…" for messages and usage lines.
std::string formatIds(std::string_view separator = "|");
/// The format a file's first bytes and suffix suggest (the first that recognizes them), or null.
const Format* guessFormat(std::string_view head, std::string_view suffix);

/// The most text gpuplan reads whole: a workload, a TCO file, a catalog in a format that is not streamed. Larger
/// inputs are refused with a message (ErrorCode::LimitExceeded). 32 MiB is 8 x the largest real provider file seen
/// (Cyclenerd's GCP pricing YAML, 3.9 MB, 2026-07-30) and keeps the peak memory of a parse under 500 MB (measured
/// with tests/bench/import_rss.sh: a 30 MB gpuplan catalog or SkyPilot CSV peaks near 400 MB); the AWS offer CSV
/// (several GB) is streamed instead.
inline constexpr std::size_t maxWholeFileBytes = 32u * 1024 * 1024;

/// The most YAML gpuplan reads whole (gcp-pricing, and catalog update --provider gcp-pricing): yaml-cpp holds a
/// document as a tree of nodes at about 40 bytes of memory per byte of YAML (164 MB for the 3.9 MB pricing.yml of
/// 2026-07-30, measured with /usr/bin/time -v), so 12 MiB, three times the real file, keeps a parse near the 500 MB
/// of the other formats.
inline constexpr std::size_t maxYamlBytes = 12u * 1024 * 1024;

/// All of `in` as text, or LimitExceeded once it passes `maxBytes` (without reading further: /dev/zero ends too).
core::Result<std::string> readWhole(
    std::istream& in, const std::string& fileName, std::size_t maxBytes = maxWholeFileBytes);

} // namespace gpuplan::importers
