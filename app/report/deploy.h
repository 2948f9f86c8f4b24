#pragma once
// Deployment files for a chosen candidate: a SkyPilot task and a Kubernetes manifest (YAML written through
// yaml-cpp's emitter: every string double-quoted and escaped, so no value can change the document's structure).

#include "core/gpu.h"
#include "core/planner.h"
#include "core/result.h"
#include "core/workload.h"

#include <string>
#include <string_view>

namespace gpuplan::report {

struct DeployOptions
{
    std::string name;  ///< job / service name; default: the workload name as a DNS-1123 label
    std::string image; ///< container image (Kubernetes); default: NVIDIA's PyTorch container (AMD: ROCm's)
    /// MIG profile ("1g.10gb") to request instead of whole GPUs (Kubernetes, one-GPU replicas only): must be a
    /// profile of the chosen GPU with room for the replica's memory.
    std::string migProfile;
    std::string generator = "gpuplan"; ///< named in the header comment
};

/// SkyPilot's accelerator name for a GPU model ("H100", "A100-80GB", "V100-32GB"; `sky show-gpus`), else
/// the provider's own name when it has no spaces, else the gpuplan id.
std::string skyPilotAccelerator(const core::GpuSpec& gpu, const std::string& providerName = {});
/// SkyPilot's cloud name for a gpuplan provider id, or empty when SkyPilot has no such cloud.
std::string skyPilotCloud(const std::string& provider);
/// The node label value NVIDIA GPU feature discovery writes in nvidia.com/gpu.product (the product name as
/// nvidia-smi prints it, spaces as '-': "NVIDIA-H100-80GB-HBM3"); AMD's labeller in amd.com/gpu.product-name
/// ("AMD_Instinct_MI300X_OAM"). Empty when not known.
std::string gpuProductLabel(const core::GpuSpec& gpu);
/// A YAML double-quoted scalar: quotes, backslashes and control characters escaped.
std::string yamlQuote(std::string_view text);
/// A Kubernetes object name (DNS-1123 label): lowercase letters, digits and '-', at most 63 characters.
std::string dnsLabel(std::string_view text);

/// SkyPilot task YAML: resources.accelerators "<name>:<GPUs per instance>", use_spot, cloud and region,
/// num_nodes for several instances; serving adds a SkyServe `service` section, or, when one replica spans
/// instances (pipeline parallel across them), is one replica's multi-node cluster with vLLM's Ray form in `run`.
/// setup/run are placeholders.
core::Result<std::string> skyPilotTask(const core::Workload& w, const core::Candidate& c, const DeployOptions& o = {});

/// Kubernetes manifest: a Deployment and Service for serving (a LeaderWorkerSet, one group of pods per replica,
/// when a replica spans instances), an (Indexed) Job for training and batch, with
/// resources.limits nvidia.com/gpu (or amd.com/gpu, or nvidia.com/mig-<profile>) and a node selector on the
/// GPU product label.
core::Result<std::string> kubernetesManifest(
    const core::Workload& w, const core::Candidate& c, const DeployOptions& o = {});

} // namespace gpuplan::report
