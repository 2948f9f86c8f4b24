#pragma once
// Private to core: reads a model object (a models.json entry or a workload's "model").

#include "json_reader.h"
#include "model.h"

namespace gpuplan::core::detail {

/// Reads architecture fields into `base` (a preset's values, or a default ModelArch) and validates the
/// result. Every field is optional here; requireArchitecture demands layers/hidden/heads/vocab.
ModelArch readModel(ObjectReader& r, ModelArch base, bool requireArchitecture);

} // namespace gpuplan::core::detail
