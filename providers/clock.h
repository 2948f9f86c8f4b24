#pragma once
// The wall clock, in UTC, as text: the one place the providers read the time of day.

#include <string>

namespace gpuplan::providers {

/// The current UTC time through strftime's `format` ("%Y-%m-%d", "%Y-%m-%dT%H:%M:%SZ"); at most 31 characters.
std::string utcNow(const char* format);

} // namespace gpuplan::providers
