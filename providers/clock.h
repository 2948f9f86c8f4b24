#pragma once
// The wall clock, in UTC, as text: the one place the providers read the time of day.

#include <string>

namespace gpuplan::providers {

/// The current UTC time through strftime's `format` ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%SZ"); at most 31 characters.
std::string utcNow(const char* format);
/// The current UTC time as an ISO 8601 timestamp, "2026-12-01T21:42:17Z" (the store's imported_at, updated_at …).
inline std::string utcTimestamp()
{
    return utcNow("%Y-%m-%dT%H:%M:%SZ");
}

} // namespace gpuplan::providers
