#pragma once
// The file formats of the pool simulator: Alibaba's openb node and pod lists (cluster-trace-gpu-v2023), gpuplan's
// simple CSV and JSON for other clusters, and the mapping of trace GPU labels to gpus.json ids. Errors name the
// file, the line (CSV) or JSON pointer, the column or field and the value.

#include "pool.h"
#include "result.h"

#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// The most nodes a node file may describe (after `count` is expanded) and tasks a task file may hold.
inline constexpr std::size_t maxPoolNodes = 1'000'000;
inline constexpr std::size_t maxPoolTasks = 20'000'000;
/// The most GPUs on one node or asked for by one task (a GB200 NVL72 rack is 72).
inline constexpr int maxPoolGpusPerNode = 128;

/// Reads the nodes of a cluster from
///  - an openb node list (Alibaba cluster-trace-gpu-v2023 `openb_node_list_*.csv`): sn, cpu_milli, memory_mib, gpu,
///    model;
///  - gpuplan's simple CSV: gpus (required), gpu_type, cpu_cores, memory_gib, count, name, pool;
///  - JSON {"schema": "gpuplan.pool-nodes/1", "nodes": [ {the simple CSV's fields} ]}.
/// In the simple forms an absent CPU or memory does not constrain, and `count` repeats a node.
Result<std::vector<PoolNode>> readPoolNodes(std::string_view text, const std::string& fileName);

/// Reads tasks from
///  - an openb pod list (`openb_pod_list_*.csv`): name, cpu_milli, memory_mib, num_gpu, gpu_milli (per GPU),
///    gpu_spec ('|'-separated types), qos (the class; BE is preemptible, the others outrank it), creation_time
///    (arrival), deletion_time and scheduled_time (duration: deletion − scheduled, or − creation when never
///    scheduled);
///  - gpuplan's simple CSV: gpus (required: 0, a share of one GPU below 1, or a whole number), name, arrival_s,
///    duration_s (empty: runs to the end), cpu_cores, memory_gib, gpu_memory_gib, gpu_types, class, priority,
///    preemptible, pool;
///  - JSON {"schema": "gpuplan.pool-tasks/1", "tasks": [ {the simple CSV's fields; gpu_types an array} ]}.
Result<std::vector<PoolTask>> readPoolTasks(std::string_view text, const std::string& fileName);

/// Reads {"schema": "gpuplan.gpu-map/1", "types": {"V100M16": {"gpu": "V100-SXM2-16GB", "usd_per_gpu_hour": 2.48,
/// "source": "…"}, "G2": {"gpu": null, "note": "undisclosed"}}}: the trace's labels mapped to gpus.json ids (null:
/// left unmapped), with an optional price. Each id must be one gpus.json knows.
Result<std::vector<GpuTypeMapping>> readGpuTypeMap(
    std::string_view text, const std::string& fileName, const GpuCatalog& gpus);

} // namespace gpuplan::core
