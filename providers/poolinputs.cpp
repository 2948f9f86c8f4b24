#include "poolinputs.h"

#include "bundled.h"

#include "core/pool_trace.h"
#include "core/tco.h"
#include "core/workload.h"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace gpuplan::providers {

core::Result<core::PoolSizingRequest> loadPoolRequest(const PoolSources& src, const core::PlanInputs& in,
    const Store* store, core::PoolSizingRequest req, const std::atomic<bool>* cancel)
{
    if (!in.gpus || !in.models)
        return core::Error {core::ErrorCode::InvalidInput, "pool sizing: no GPU or model catalog"};
    const bool fromScenarios = !src.scenarios.empty();
    if (!fromScenarios && src.tasksFile.empty())
        return core::Error {core::ErrorCode::InvalidInput, "pool sizing: no task file and no scenario"};
    std::vector<core::GpuTypeMapping> mapping;
    if (!src.gpuMapFile.empty()) {
        auto text = readTextFile(src.gpuMapFile);
        if (!text)
            return text.error();
        auto m = core::readGpuTypeMap(*text, src.gpuMapFile, *in.gpus);
        if (!m)
            return m.error();
        mapping = std::move(*m);
    }
    std::vector<core::PoolNode> nodes;
    std::optional<core::PoolCluster> cluster;
    if (!src.nodesFile.empty()) {
        auto text = readTextFile(src.nodesFile);
        if (!text)
            return text.error();
        auto n = core::readPoolNodes(*text, src.nodesFile);
        if (!n)
            return n.error();
        nodes = *n;
        auto c = core::makePoolCluster(std::move(*n), src.nodesFile, mapping, *in.gpus);
        if (!c)
            return c.error();
        cluster = std::move(*c);
    }
    req.tco.reset();
    if (!src.tcoFile.empty()) {
        auto text = readTextFile(src.tcoFile);
        if (!text)
            return text.error();
        auto tco = core::parseTco(*text, src.tcoFile, *in.gpus);
        if (!tco)
            return tco.error();
        req.tco = *tco;
    }
    // The GPU: as given, else the TCO file's, else the cluster's most common mapped type.
    if (!src.gpu.empty()) {
        auto g = in.gpus->find(src.gpu);
        if (!g)
            return core::Error {g.error().code, "GPU \"" + src.gpu + "\": " + g.error().detail};
        req.gpuId = (*g)->id;
    } else if (req.tco) {
        req.gpuId = req.tco->gpu;
    } else if (cluster) {
        req.gpuId = core::poolDefaultGpu(*cluster);
    }
    if (req.gpuId.empty())
        return core::Error {core::ErrorCode::InvalidInput,
            "no GPU model to size: name one (no GPU type of " + (src.nodesFile.empty() ? "the cluster" : src.nodesFile)
                + " maps to gpus.json)"};
    const int serverGpus = req.tco ? req.tco->gpusPerServer : 8;
    std::tie(req.serverCpuMilli, req.serverMemoryMib) = core::poolServerShape(nodes, serverGpus);
    if (fromScenarios) {
        if (!store)
            return core::Error {core::ErrorCode::InvalidInput, "scenarios: no store to read them from"};
        auto saved = store->scenarios();
        if (!saved)
            return saved.error();
        // The demand is a set: taken in the order of the names (then start hours), whatever order they came in, so
        // that the CLI's list and the app's ticks give the same tasks in the same order.
        auto wanted = src.scenarios;
        std::stable_sort(
            wanted.begin(), wanted.end(), [](const PoolSources::Scenario& a, const PoolSources::Scenario& b) {
                return std::tie(a.name, a.startHours) < std::tie(b.name, b.startHours);
            });
        std::vector<core::PoolScenario> scenarios;
        std::string names;
        for (const auto& s : wanted) {
            const auto it = std::find_if(
                saved->begin(), saved->end(), [&](const Store::Scenario& sc) { return sc.name == s.name; });
            if (it == saved->end())
                return core::Error {core::ErrorCode::InvalidInput,
                    "scenario \"" + s.name + "\": no saved scenario of that name in " + store->path().string()};
            auto w = core::parseWorkload(it->workloadJson, s.name, *in.models, *in.gpus);
            if (!w)
                return core::Error {w.error().code, "scenario " + w.error().detail};
            scenarios.push_back(core::PoolScenario {s.name, std::move(*w), s.startHours});
            char start[32];
            std::snprintf(start, sizeof start, "%g", s.startHours);
            names += (names.empty() ? "" : ", ") + s.name + (s.startHours > 0 ? std::string("@") + start : "");
        }
        auto tasks = core::poolTasksFromScenarios(scenarios, in, req.gpuId, serverGpus, nullptr, cancel);
        if (!tasks)
            return tasks.error();
        req.tasks = std::move(*tasks);
        req.tasksName = "scenarios " + names;
    } else {
        auto text = readTextFile(src.tasksFile);
        if (!text)
            return text.error();
        auto tasks = core::readPoolTasks(*text, src.tasksFile);
        if (!tasks)
            return tasks.error();
        if (tasks->empty())
            return core::Error {core::ErrorCode::InvalidInput, src.tasksFile + ": no tasks"};
        req.tasks = std::move(*tasks);
        req.tasksName = src.tasksFile;
    }
    return req;
}

} // namespace gpuplan::providers
