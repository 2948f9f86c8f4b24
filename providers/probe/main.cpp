// gpuplan-probe: measures this machine's NVIDIA GPUs and writes one "gpuplan.probe/1" JSON document to
// stdout (progress on stderr), which core/calibration.h turns into a calibration profile. A separate
// executable, so that a GPU fault cannot take the planner down (DESIGN.md, providers).
#include "allreduce.h"
#include "gemm.h"
#include "libraries.h"
#include "memory.h"
#include "platform.h"
#include "report.h"
#include "timing.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

using namespace gpuplan::probe;

namespace {

constexpr int exitBadArguments = 2; // gpuplan-cli's exit codes (DESIGN.md, "Contracts")
constexpr int exitMachineLacks = 3;

// CUDA 13 builds code for compute capability 7.5 (Turing) and newer only (CUDA 13.0 release notes).
constexpr int minCcMajor = 7;
constexpr int minCcMinor = 5;

constexpr const char* usage
    = R"(Usage: gpuplan-probe [--quick] [--devices LIST] [--models LIST] [--tokens LIST] [--tp LIST]

Measures this machine's NVIDIA GPUs for gpuplan's calibration: GEMM throughput through cuBLASLt (fp32, tf32,
bf16, fp16 and, from compute capability 8.9, fp8) at square sizes and at the per-GPU linear layers of real
models (QKV, attention output, gated-MLP gate+up and down) at decode and prefill token counts and as
tensor-parallel shards; HBM read, write and copy bandwidth; host<->device bandwidth (pinned and pageable); and,
with two or more GPUs and NCCL, all-reduce bus bandwidth from 1 MiB to 1 GiB. Each figure is the median of
repeated runs after a warm-up. Writes one JSON document (schema "gpuplan.probe/1") to stdout; progress goes to
stderr.

Options:
  --quick          fewer sizes and repetitions (under 20 s on one H100)
  --devices LIST   comma-separated CUDA device indices to measure, e.g. 0,1 (default: all)
  --models LIST    models whose GEMMs to time: llama-3.1-8b, llama-3.1-70b, llama-2-7b, or none
                   (default: all three; --quick: llama-3.1-70b)
  --tokens LIST    tokens per model GEMM, 1 to 65536 (default 1,8,32,128,256,2048,8192; --quick: 32,8192)
  --tp LIST        tensor-parallel degrees whose per-GPU shards to time, 1 to 64 (default 1,8; --quick: 1)
  --help           show this text
  --version        show the version and the cuBLASLt and NCCL libraries the probe would use

Exit codes: 0 measured; 2 bad arguments; 3 no usable GPU (no driver, no device, no cuBLASLt, compute
capability below 7.5, or a CUDA error while measuring).
)";

struct Options
{
    bool quick = false;
    std::optional<std::vector<int>> devices;
    ShapeOptions shapes = defaultShapeOptions(false);
};

void progress(const std::string& line)
{
    std::cerr << "gpuplan-probe: " << line << '\n' << std::flush;
}

int fail(const std::string& message, int code)
{
    std::cerr << "gpuplan-probe: " << message << '\n';
    return code;
}

std::string fixed(double x, int decimals)
{
    char text[64];
    std::snprintf(text, sizeof text, "%.*f", decimals, x);
    return text;
}

/// Parses the command line; returns an exit code when the probe should stop (help, version, bad input).
std::optional<int> parseArguments(int argc, char** argv, Options& options)
{
    // --models, --tokens and --tp override the defaults of the run (--quick or full), whatever their order.
    using ShapeParser = std::optional<std::string> (*)(std::string_view, ShapeOptions&);
    std::vector<std::pair<ShapeParser, std::string>> shapeLists;
    const std::pair<std::string_view, ShapeParser> shapeOptions[]
        = {{"--models", parseModels}, {"--tokens", parseTokens}, {"--tp", parseTp}};
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            std::cout << usage;
            return 0;
        }
        if (arg == "--version") {
            int runtime = 0;
            cudaRuntimeGetVersion(&runtime);
            std::cout << "gpuplan-probe " << GPUPLAN_PROBE_VERSION << "\nCUDA runtime " << cudaVersionText(runtime)
                      << " (linked statically)\n";
            std::string why;
            if (auto lt = loadCublasLt(why))
                std::cout << "cuBLASLt: " << lt->library.path << " (" << versionText(lt->version) << ")\n";
            else
                std::cout << "cuBLASLt: not found (" << why << ")\n";
#if GPUPLAN_PROBE_HAVE_NCCL
            if (auto nccl = loadNccl(why))
                std::cout << "NCCL: " << nccl->library.path << " (" << versionText(std::size_t(nccl->version)) << ")\n";
            else
                std::cout << "NCCL: not found (" << why << ")\n";
#else
            std::cout << "NCCL: not built in (nccl.h was not found at build time)\n";
#endif
            return 0;
        }
        const auto shapeOption = std::find_if(std::begin(shapeOptions), std::end(shapeOptions),
            [&](const auto& o) { return arg == o.first || arg.rfind(std::string(o.first) + '=', 0) == 0; });
        if (arg == "--quick") {
            options.quick = true;
        } else if (shapeOption != std::end(shapeOptions)) {
            const std::string_view name = shapeOption->first;
            if (arg == name) {
                if (i + 1 >= argc)
                    return fail(std::string(name) + " needs a comma-separated list (see --help)", exitBadArguments);
                shapeLists.emplace_back(shapeOption->second, argv[++i]);
            } else {
                shapeLists.emplace_back(shapeOption->second, std::string(arg.substr(name.size() + 1)));
            }
        } else if (arg == "--devices" || arg.rfind("--devices=", 0) == 0) {
            std::string list;
            if (arg == "--devices") {
                if (i + 1 >= argc)
                    return fail("--devices needs a list of device indices, e.g. --devices 0,1", exitBadArguments);
                list = argv[++i];
            } else {
                list = std::string(arg.substr(10));
            }
            std::vector<int> devices;
            std::size_t pos = 0;
            while (pos <= list.size()) {
                const std::size_t comma = std::min(list.find(',', pos), list.size());
                const std::string item = list.substr(pos, comma - pos);
                if (item.empty() || item.find_first_not_of("0123456789") != std::string::npos || item.size() > 4)
                    return fail("--devices: \"" + list + "\" is not a comma-separated list of device indices",
                        exitBadArguments);
                const int d = std::stoi(item);
                if (std::find(devices.begin(), devices.end(), d) != devices.end())
                    return fail("--devices: GPU " + item + " is listed twice", exitBadArguments);
                devices.push_back(d);
                pos = comma + 1;
            }
            options.devices = devices;
        } else {
            std::cerr << usage;
            return fail("unknown argument \"" + std::string(arg) + "\"", exitBadArguments);
        }
    }
    options.shapes = defaultShapeOptions(options.quick);
    for (const auto& [parse, list] : shapeLists) {
        if (auto problem = parse(list, options.shapes))
            return fail(*problem, exitBadArguments);
    }
    return std::nullopt;
}

/// Why no GPU can be used, as one line; nullopt when the driver answers and there are GPUs.
std::optional<std::string> driverProblem(int& count, int driverVersion)
{
    const cudaError_t status = cudaGetDeviceCount(&count);
    const std::string detail = std::string("cudaGetDeviceCount: ") + cudaGetErrorString(status);
    std::string visible;
    if (auto v = environmentVariable("CUDA_VISIBLE_DEVICES"))
        visible = "; CUDA_VISIBLE_DEVICES=" + *v;
    switch (status) {
    case cudaSuccess:
        if (count == 0)
            return "no NVIDIA GPU found (cudaGetDeviceCount: 0 devices" + visible + ")";
        return std::nullopt;
    case cudaErrorInsufficientDriver:
        if (driverVersion == 0)
            return "no NVIDIA driver found (" + detail + ")";
        return "the NVIDIA driver supports CUDA " + cudaVersionText(driverVersion)
            + "; gpuplan-probe needs a driver for CUDA 13.0 or newer (" + detail + ")";
    case cudaErrorNoDevice:
        return "no NVIDIA GPU found (" + detail + visible + ")";
    default:
        return "the NVIDIA driver could not be used (" + detail + ")";
    }
}

int run(const Options& options)
{
    int driverVersion = 0, runtimeVersion = 0;
    cudaDriverGetVersion(&driverVersion); // 0 when no driver is installed
    cudaRuntimeGetVersion(&runtimeVersion);
    int count = 0;
    if (auto problem = driverProblem(count, driverVersion))
        return fail(*problem, exitMachineLacks);

    std::vector<int> devices;
    if (options.devices) {
        for (int d : *options.devices) {
            if (d >= count)
                return fail("--devices: there is no GPU " + std::to_string(d) + " (this machine has "
                        + std::to_string(count) + ")",
                    exitBadArguments);
            devices.push_back(d);
        }
    } else {
        for (int d = 0; d < count; ++d)
            devices.push_back(d);
    }

    ProbeRecord record;
    record.probeVersion = GPUPLAN_PROBE_VERSION;
    record.host = hostName();
    record.driverVersion = cudaVersionText(driverVersion);
    record.runtimeVersion = cudaVersionText(runtimeVersion);
    std::vector<cudaDeviceProp> props;
    for (int d : devices) {
        cudaDeviceProp prop {};
        check(cudaGetDeviceProperties(&prop, d), "cudaGetDeviceProperties");
        if (prop.major * 10 + prop.minor < minCcMajor * 10 + minCcMinor)
            return fail("GPU " + std::to_string(d) + " " + prop.name + " has compute capability "
                    + std::to_string(prop.major) + '.' + std::to_string(prop.minor)
                    + "; CUDA 13 supports 7.5 (Turing) and newer",
                exitMachineLacks);
        GpuRecord g;
        g.index = d;
        g.name = prop.name;
        std::array<unsigned char, 16> uuid {};
        std::memcpy(uuid.data(), prop.uuid.bytes, uuid.size());
        g.uuid = uuidText(uuid);
        g.computeCapability = std::to_string(prop.major) + '.' + std::to_string(prop.minor);
        g.memoryBytes = static_cast<std::int64_t>(prop.totalGlobalMem);
        g.smCount = prop.multiProcessorCount;
        int clockKHz = 0, memoryClockKHz = 0;
        check(cudaDeviceGetAttribute(&clockKHz, cudaDevAttrClockRate, d), "cudaDeviceGetAttribute");
        check(cudaDeviceGetAttribute(&memoryClockKHz, cudaDevAttrMemoryClockRate, d), "cudaDeviceGetAttribute");
        g.clockMhz = clockKHz / 1000.0;
        g.memoryClockMhz = memoryClockKHz / 1000.0;
        g.memoryBusWidthBits = prop.memoryBusWidth;
        record.gpus.push_back(g);
        props.push_back(prop);
    }

    std::string why;
    const auto lt = loadCublasLt(why);
    if (!lt)
        return fail("cuBLASLt " + std::to_string(CUBLAS_VER_MAJOR) + " not found (" + why
                + "); install cuBLAS from the CUDA " + std::to_string(CUBLAS_VER_MAJOR)
                + " toolkit or add its folder to the library search path",
            exitMachineLacks);

    progress("CUDA driver " + record.driverVersion + ", runtime " + record.runtimeVersion + ", cuBLASLt "
        + versionText(lt->version) + " (" + lt->library.path + ")" + (options.quick ? ", quick run" : ""));

    // Repetitions and warm-up are sized to the time budget (a full run in about a minute on one H100,
    // --quick in under 20 s), not taken from a source: medians of 5-20 runs after 50-250 ms of warm-up.
    std::vector<std::string>& notes = record.notes;
    const Plan gemmPlan = options.quick ? Plan {2, 0.05, 1000, 5} : Plan {3, 0.25, 1000, 20};
    // The model GEMMs run after the squares, on a GPU whose clocks have settled: a shorter warm-up each.
    const Plan modelGemmPlan = options.quick ? Plan {2, 0.01, 1000, 5} : Plan {3, 0.02, 1000, 20};
    const int algorithms = options.quick ? 1 : 4;
    const Plan streamPlan = options.quick ? Plan {2, 0.02, 1000, 5} : Plan {3, 0.1, 1000, 20};
    const Plan hostPlan = options.quick ? Plan {1, 0.0, 1, 3} : Plan {1, 0.0, 1, 10};

    for (std::size_t i = 0; i < record.gpus.size(); ++i) {
        GpuRecord& g = record.gpus[i];
        const cudaDeviceProp& prop = props[i];
        const std::string gpu = "GPU " + std::to_string(g.index);
        progress(gpu + ": " + g.name + ", " + fixed(double(g.memoryBytes) / GiB, 1) + " GiB, "
            + std::to_string(g.smCount) + " SMs, compute capability " + g.computeCapability);
        {
            GemmBench bench(*lt, g.index);
            for (const auto& shape : gemmShapes(prop.major, prop.minor, options.shapes, &notes)) {
                const std::string what = gpu + ": GEMM " + std::string(toString(shape.precision)) + ' '
                    + std::to_string(shape.m) + 'x' + std::to_string(shape.n) + 'x' + std::to_string(shape.k)
                    + (shape.model.empty() ? "" : " (" + shape.label() + ")");
                std::string skipped;
                std::optional<GemmResult> r;
                try {
                    r = bench.run(shape, shape.model.empty() ? gemmPlan : modelGemmPlan, algorithms, skipped);
                } catch (const CublasError& e) {
                    skipped = e.what();
                }
                if (r) {
                    progress(what + ": " + fixed(r->tflops, 1) + " TFLOP/s");
                    g.gemm.push_back({std::string(toString(shape.precision)), shape.m, shape.n, shape.k, shape.label(),
                        shape.model, shape.op, shape.tp, r->tflops, r->repetitions});
                } else {
                    progress(what + ": skipped, " + skipped);
                    notes.push_back(what + ": skipped, " + skipped);
                }
            }
        }
        const DeviceBandwidth hbm = measureDeviceBandwidth(g.index, streamPlan, notes);
        g.readGBps = hbm.read;
        g.writeGBps = hbm.write;
        g.copyGBps = hbm.copy;
        progress(gpu + ": HBM read " + fixed(hbm.read, 0) + ", write " + fixed(hbm.write, 0) + ", copy "
            + fixed(hbm.copy, 0) + " GB/s (" + std::to_string(hbm.bufferBytes >> 20) + " MiB buffers)");
        const HostBandwidth host = measureHostBandwidth(g.index, hostPlan);
        g.hostToDevicePinnedGBps = host.h2dPinned;
        g.hostToDevicePageableGBps = host.h2dPageable;
        g.deviceToHostPinnedGBps = host.d2hPinned;
        g.deviceToHostPageableGBps = host.d2hPageable;
        progress(gpu + ": host to device " + fixed(host.h2dPinned, 1) + " (pinned), " + fixed(host.h2dPageable, 1)
            + " (pageable); device to host " + fixed(host.d2hPinned, 1) + " (pinned), " + fixed(host.d2hPageable, 1)
            + " (pageable) GB/s");
    }

    if (devices.size() >= 2) {
#if GPUPLAN_PROBE_HAVE_NCCL
        if (auto nccl = loadNccl(why)) {
            const Plan plan = options.quick ? Plan {1, 0.02, 20, 3} : Plan {2, 0.1, 50, 10};
            for (const auto& p : measureAllReduce(*nccl, devices, plan, options.quick, notes)) {
                progress("all-reduce over " + std::to_string(devices.size()) + " GPUs, " + std::to_string(p.bytes >> 20)
                    + " MiB: bus bandwidth " + fixed(p.busBandwidth, 1) + " GB/s");
                record.allreduce.push_back({static_cast<std::int64_t>(p.bytes), p.busBandwidth});
            }
        } else {
            notes.push_back("all-reduce not measured: NCCL not found (" + why + ")");
            progress(notes.back());
        }
#else
        notes.push_back("all-reduce not measured: gpuplan-probe was built without nccl.h");
        progress(notes.back());
#endif
    }

    const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
    record.createdAt = utcText(now.time_since_epoch().count());
    std::cout << probeJson(record) << std::flush;
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    Options options;
    if (auto code = parseArguments(argc, argv, options))
        return *code;
    try {
        return run(options);
    } catch (const ProbeError& e) {
        return fail(e.what(), e.exitCode);
    } catch (const std::bad_alloc&) {
        return fail("out of host memory", exitMachineLacks);
    } catch (const std::exception& e) {
        return fail(e.what(), exitMachineLacks);
    }
}
