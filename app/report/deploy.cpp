#include "deploy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

#include <yaml-cpp/yaml.h>

namespace gpuplan::report {

namespace {

/// SkyPilot accelerator names (`sky show-gpus -a`, docs.skypilot.co "GPUs and Accelerators"): SXM and PCIe
/// parts share a name; the 80 GB A100 and the 32 GB V100 have their own.
const std::map<std::string, std::string>& skyPilotNames()
{
    static const std::map<std::string, std::string> m = {{"T4", "T4"}, {"A10", "A10"}, {"A10G", "A10G"}, {"L4", "L4"},
        {"L40S", "L40S"}, {"V100-16GB", "V100"}, {"V100-SXM2-32GB", "V100-32GB"}, {"V100-PCIe-32GB", "V100-32GB"},
        {"A100-SXM-40GB", "A100"}, {"A100-SXM-80GB", "A100-80GB"}, {"A100-PCIe-80GB", "A100-80GB"},
        {"H100-SXM-80GB", "H100"}, {"H100-PCIe-80GB", "H100"}, {"H100-NVL-94GB", "H100"}, {"H200-SXM-141GB", "H200"},
        {"B200", "B200"}, {"GB200", "GB200"}, {"GH200", "GH200"}, {"MI300X", "MI300X"}};
    return m;
}

/// nvidia.com/gpu.product as GPU feature discovery writes it: the name nvidia-smi reports with spaces
/// replaced by '-' (NVIDIA k8s-device-plugin, internal/lm/resource.go); AMD's node labeller writes
/// amd.com/gpu.product-name.
const std::map<std::string, std::string>& productLabels()
{
    static const std::map<std::string, std::string> m = {{"T4", "Tesla-T4"}, {"A10", "NVIDIA-A10"},
        {"A10G", "NVIDIA-A10G"}, {"L4", "NVIDIA-L4"}, {"L40S", "NVIDIA-L40S"}, {"V100-16GB", "Tesla-V100-SXM2-16GB"},
        {"V100-SXM2-32GB", "Tesla-V100-SXM2-32GB"}, {"V100-PCIe-32GB", "Tesla-V100-PCIE-32GB"},
        {"A100-SXM-40GB", "NVIDIA-A100-SXM4-40GB"}, {"A100-SXM-80GB", "NVIDIA-A100-SXM4-80GB"},
        {"A100-PCIe-80GB", "NVIDIA-A100-80GB-PCIe"}, {"H100-SXM-80GB", "NVIDIA-H100-80GB-HBM3"},
        {"H100-PCIe-80GB", "NVIDIA-H100-PCIe"}, {"H100-NVL-94GB", "NVIDIA-H100-NVL"}, {"H800-SXM-80GB", "NVIDIA-H800"},
        {"H200-SXM-141GB", "NVIDIA-H200"}, {"B200", "NVIDIA-B200"}, {"GB200", "NVIDIA-GB200"},
        {"GH200", "NVIDIA-GH200-480GB"}, {"MI300X", "AMD_Instinct_MI300X_OAM"}};
    return m;
}

bool isAmd(const core::GpuSpec& g)
{
    return g.vendor == "amd";
}

/// The length of a Unicode line break that YAML also treats as one (NEL U+0085, LS U+2028, PS U+2029, UTF-8) at
/// `i`, or 0.
std::size_t unicodeBreakAt(std::string_view s, std::size_t i)
{
    if (i + 1 < s.size() && static_cast<unsigned char>(s[i]) == 0xC2 && static_cast<unsigned char>(s[i + 1]) == 0x85)
        return 2;
    if (i + 2 < s.size() && static_cast<unsigned char>(s[i]) == 0xE2 && static_cast<unsigned char>(s[i + 1]) == 0x80
        && (static_cast<unsigned char>(s[i + 2]) == 0xA8 || static_cast<unsigned char>(s[i + 2]) == 0xA9))
        return 3;
    return 0;
}

/// A comment line's text: no line breaks of any kind (CR, LF, NEL, LS, PS end a YAML comment) and no control
/// characters, so a workload name cannot end the comment and inject keys.
std::string oneLine(const std::string& s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto ch = static_cast<unsigned char>(s[i]);
        if (const std::size_t n = unicodeBreakAt(s, i)) {
            out += ' ';
            i += n - 1;
        } else if (ch < 0x20 || ch == 0x7f) {
            out += ' ';
        } else {
            out += s[i];
        }
    }
    return out;
}

std::string num(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string hoursText(double h)
{
    return h >= 48 ? num(h / 24.0, 1) + " days" : num(h, 1) + " h";
}

/// "8 × p5.48xlarge (64 × H100-SXM-80GB) on aws us-east-1, spot: 12345 USD, 3.2 days"
std::string planSummary(const core::Workload& w, const core::Candidate& c)
{
    std::string s = std::to_string(c.gpus) + " × " + c.gpu->id;
    if (c.pricing) {
        const auto& p = *c.pricing;
        s = std::to_string(p.instances) + " × " + p.offering.instanceType + " (" + s + ") on " + p.offering.provider
            + " " + p.offering.region + ", " + core::pricingKey(p) + ": " + num(p.totalCost, p.totalCost >= 100 ? 0 : 2)
            + " " + p.currency + (w.kind == core::WorkloadKind::Inference ? " per month" : "");
    }
    if (w.kind != core::WorkloadKind::Inference)
        s += ", " + hoursText(c.wallHours);
    return s;
}

std::string layoutText(const core::Candidate& c)
{
    if (c.training) {
        const auto& l = c.training->layout;
        return "tensor parallel " + std::to_string(l.tp) + ", pipeline parallel " + std::to_string(l.pp)
            + ", data parallel " + std::to_string(l.dp) + (l.cp > 1 ? ", context parallel " + std::to_string(l.cp) : "")
            + (l.ep > 1 ? ", expert parallel " + std::to_string(l.ep) : "")
            + (l.etp() != l.tp ? ", expert tensor parallel " + std::to_string(l.etp()) : "") + ", micro-batch "
            + std::to_string(l.microBatch) + ", ZeRO-" + std::to_string(l.zeroStage) + ", recompute "
            + std::string(core::toString(l.recompute));
    }
    if (c.inference) {
        const auto& l = c.inference->layout;
        return "tensor parallel " + std::to_string(l.tp) + ", pipeline parallel " + std::to_string(l.pp)
            + (l.ep > 1 ? ", expert parallel " + std::to_string(l.ep) : std::string())
            + (l.attentionDp ? ", data-parallel attention" : "") + ", up to " + std::to_string(c.inference->concurrency)
            + " sequences in flight per replica";
    }
    return std::to_string(c.gpus) + " GPU(s), the job split evenly";
}

/// Environment handed to the job: the plan's layout, so a launcher script can read it.
std::vector<std::pair<std::string, std::string>> layoutEnv(const core::Candidate& c)
{
    std::vector<std::pair<std::string, std::string>> env {{"GPUPLAN_GPU", c.gpu->id}};
    if (c.training) {
        const auto& l = c.training->layout;
        env.insert(env.end(),
            {{"GPUPLAN_TP", std::to_string(l.tp)}, {"GPUPLAN_PP", std::to_string(l.pp)},
                {"GPUPLAN_DP", std::to_string(l.dp)}, {"GPUPLAN_MICRO_BATCH", std::to_string(l.microBatch)},
                {"GPUPLAN_ZERO_STAGE", std::to_string(l.zeroStage)}});
    }
    if (c.inference)
        env.insert(env.end(),
            {{"GPUPLAN_TP", std::to_string(c.inference->layout.tp)},
                {"GPUPLAN_PP", std::to_string(c.inference->layout.pp)},
                {"GPUPLAN_MAX_NUM_SEQS", std::to_string(c.inference->concurrency)}});
    return env;
}

int gpusPerInstance(const core::Candidate& c)
{
    if (c.pricing)
        return std::max(1, static_cast<int>(std::lround(c.pricing->offering.gpuCount)));
    return std::min(c.gpus, std::max(1, c.gpu->maxGpusPerNode));
}

int instanceCount(const core::Candidate& c)
{
    if (c.pricing)
        return std::max(1, c.pricing->instances);
    const int per = gpusPerInstance(c);
    return std::max(1, (c.gpus + per - 1) / per);
}

std::string defaultName(const core::Workload& w, const DeployOptions& o)
{
    return dnsLabel(o.name.empty() ? (w.name.empty() ? std::string("gpuplan-job") : w.name) : o.name);
}

} // namespace

std::string skyPilotAccelerator(const core::GpuSpec& gpu, const std::string& providerName)
{
    const auto& m = skyPilotNames();
    if (auto it = m.find(gpu.id); it != m.end())
        return it->second;
    if (!providerName.empty() && providerName.find(' ') == std::string::npos)
        return providerName;
    return gpu.id;
}

std::string skyPilotCloud(const std::string& provider)
{
    // Clouds SkyPilot supports among the providers gpuplan has catalogs for (docs.skypilot.co, "Cloud setup").
    static const std::vector<std::string> supported
        = {"aws", "gcp", "azure", "lambda", "runpod", "vast", "nebius", "oci", "fluidstack", "paperspace", "cudo"};
    return std::find(supported.begin(), supported.end(), provider) != supported.end() ? provider : std::string();
}

std::string gpuProductLabel(const core::GpuSpec& gpu)
{
    const auto& m = productLabels();
    auto it = m.find(gpu.id);
    return it == m.end() ? std::string() : it->second;
}

std::string yamlQuote(std::string_view text)
{
    YAML::Emitter e;
    e.SetOutputCharset(YAML::EscapeNonAscii);
    e << YAML::DoubleQuoted << std::string(text);
    return e.c_str();
}

std::string dnsLabel(std::string_view text)
{
    std::string out;
    for (char ch : text) {
        const char lower = (ch >= 'A' && ch <= 'Z') ? static_cast<char>(ch - 'A' + 'a') : ch;
        const bool ok = (lower >= 'a' && lower <= 'z') || (lower >= '0' && lower <= '9');
        if (ok)
            out += lower;
        else if (!out.empty() && out.back() != '-')
            out += '-';
        if (out.size() >= 63)
            break;
    }
    while (!out.empty() && out.back() == '-')
        out.pop_back();
    return out.empty() ? std::string("gpuplan-job") : out;
}

namespace {

/// One YAML document stream written through yaml-cpp's emitter: keys plain (they are ours), every string value
/// double-quoted, everything outside ASCII escaped (\uXXXX), so no value (a workload, region or instance name) can
/// end a line, a comment or a document, whatever YAML version the reader implements.
class Yaml
{
public:
    Yaml() { m_e.SetOutputCharset(YAML::EscapeNonAscii); }
    /// A comment line; line breaks and control characters in it become spaces.
    Yaml& comment(const std::string& text)
    {
        if (m_commented)
            m_e << YAML::Newline;
        m_e << YAML::Comment(oneLine(text));
        m_commented = true;
        return *this;
    }
    Yaml& str(const std::string& key, const std::string& value)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::DoubleQuoted << value;
        return done();
    }
    Yaml& num(const std::string& key, long long value)
    {
        m_e << YAML::Key << key << YAML::Value << value;
        return done();
    }
    Yaml& boolean(const std::string& key, bool value)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::TrueFalseBool << value;
        return done();
    }
    /// A literal block scalar (`|`): shell scripts, ASCII text of ours only.
    Yaml& literal(const std::string& key, const std::string& text)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::Literal << text;
        return done();
    }
    Yaml& strings(const std::string& key, const std::vector<std::string>& values)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::Flow << YAML::BeginSeq;
        for (const auto& v : values)
            m_e << YAML::DoubleQuoted << v;
        m_e << YAML::EndSeq;
        return done();
    }
    Yaml& map(const std::string& key)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::BeginMap;
        return open(true);
    }
    Yaml& seq(const std::string& key)
    {
        m_e << YAML::Key << key << YAML::Value << YAML::BeginSeq;
        return open(false);
    }
    /// A map at the top of a document, or as the next element of a sequence.
    Yaml& beginMap()
    {
        m_e << YAML::BeginMap;
        return open(true);
    }
    Yaml& item() { return beginMap(); }
    /// Closes the innermost map or sequence.
    Yaml& end()
    {
        m_e << (m_stack.back() ? YAML::EndMap : YAML::EndSeq);
        m_stack.pop_back();
        return done();
    }
    Yaml& endMap() { return end(); }
    Yaml& nextDocument()
    {
        m_e << YAML::BeginDoc;
        return done();
    }
    core::Result<std::string> text() const
    {
        if (!m_e.good())
            return core::Error {core::ErrorCode::InvalidInput, "YAML emitter: " + m_e.GetLastError()};
        return std::string(m_e.c_str()) + "\n";
    }

private:
    Yaml& open(bool isMap)
    {
        m_stack.push_back(isMap);
        return done();
    }
    Yaml& done()
    {
        m_commented = false;
        return *this;
    }
    YAML::Emitter m_e;
    std::vector<bool> m_stack;
    bool m_commented = false;
};

/// How the plan's GPUs sit: instances of `perInstance` GPUs; serving replicas of `replicaGpus` GPUs that span
/// `nodesPerReplica` instances (TP inside an instance, PP across) with `gpusPerNode` of them on each.
struct Shape
{
    int perInstance = 1;
    int instances = 1;
    int replicaGpus = 1;
    int replicas = 1;
    int nodesPerReplica = 1;
    int gpusPerNode = 1;
};

Shape shapeOf(const core::Workload& w, const core::Candidate& c)
{
    Shape s;
    s.perInstance = gpusPerInstance(c);
    s.instances = instanceCount(c);
    if (w.kind == core::WorkloadKind::Inference && c.inference) {
        s.replicaGpus = std::max(1, c.inference->layout.tp * c.inference->layout.pp);
        s.replicas = std::max(1, c.gpus / s.replicaGpus);
        s.nodesPerReplica = (s.replicaGpus + s.perInstance - 1) / s.perInstance;
        // The planner splits a replica by pipeline stages over whole instances (tp = the instance's GPUs), so the
        // GPUs divide evenly; a layout that does not is given whole instances.
        s.gpusPerNode = s.replicaGpus % s.nodesPerReplica == 0 ? s.replicaGpus / s.nodesPerReplica : s.perInstance;
    } else {
        s.replicaGpus = s.perInstance;
        s.replicas = s.instances;
        s.gpusPerNode = s.perInstance;
    }
    return s;
}

void header(Yaml& y, const core::Workload& w, const core::Candidate& c, const DeployOptions& o, const char* what)
{
    y.comment(std::string(what) + " generated by " + o.generator + " for \"" + w.name + "\" ("
        + std::string(core::toString(w.kind)) + ")");
    y.comment("Plan: " + planSummary(w, c));
    y.comment("Layout: " + layoutText(c));
}

/// A serving replica's role: co-located (prefill and decode in one engine), or one side of disaggregated pools.
enum class ServerRole { CoLocated, Prefill, Decode };

/// One replica's server command in the chosen engine's words: its layout (tensor and pipeline parallel, or expert
/// parallel with data-parallel attention: SGLang --dp-size/--enable-dp-attention/--moe-a2a-backend deepep, the
/// DeepSeek multi-node example of sgl-project/sglang docs/advanced_features/pd_disaggregation.md; vLLM
/// --data-parallel-size with --enable-expert-parallel; TensorRT-LLM --ep_size, enable_attention_dp in its options;
/// pipeline stages by each engine's pp flag),
/// the sequences in flight (co-located; 0 leaves the engine's default), the pool's role and KV transfer (SGLang
/// --disaggregation-mode prefill|decode with mooncake, docs.sglang.ai "PD Disaggregation"; vLLM --kv-transfer-config
/// with the NixlConnector, docs.vllm.ai "NixlConnector Usage Guide"; TensorRT-LLM cache_transceiver_config,
/// nvidia.github.io/TensorRT-LLM "Disaggregated serving"; all read 2026-12-03).
std::string serverCommand(
    core::ServingEngine engine, const core::InferenceLayout& l, ServerRole role, int maxSequences = 0)
{
    const std::string t = std::to_string(l.tp);
    const bool ep = l.ep > 1;
    const bool pool = role != ServerRole::CoLocated;
    const bool prefill = role == ServerRole::Prefill;
    const std::string seqs = std::to_string(maxSequences);
    const std::string pp = l.pp > 1 ? " --pipeline-parallel-size " + std::to_string(l.pp) : std::string();
    switch (engine) {
    case core::ServingEngine::Sglang:
        return "python -m sglang.launch_server --model-path <model> --port 8000 --tp-size " + t
            + (l.pp > 1 ? " --pp-size " + std::to_string(l.pp) : std::string())
            + (l.attentionDp ? " --dp-size " + t + " --enable-dp-attention" : std::string())
            + (ep ? " --moe-a2a-backend deepep" : std::string())
            + (maxSequences > 0 ? " --max-running-requests " + seqs : std::string())
            + (pool ? std::string(" --disaggregation-mode ") + (prefill ? "prefill" : "decode")
                        + " --disaggregation-transfer-backend mooncake"
                    : std::string());
    case core::ServingEngine::Trtllm:
        return "trtllm-serve <model> --port 8000 --tp_size " + t
            + (l.pp > 1 ? " --pp_size " + std::to_string(l.pp) : std::string())
            + (ep ? " --ep_size " + t : std::string())
            + (maxSequences > 0 ? " --max_batch_size " + seqs : std::string())
            + (pool ? std::string(" --extra_llm_api_options /config/") + (prefill ? "prefill" : "decode")
                        + ".yaml  # with cache_transceiver_config: {backend: NIXL}"
                        + (l.attentionDp ? ", enable_attention_dp: true" : "")
                    : l.attentionDp
                    ? std::string(" --extra_llm_api_options /config/server.yaml  # enable_attention_dp: true")
                    : std::string());
    default:
        return "vllm serve <model> --port 8000"
            + (l.attentionDp ? " --tensor-parallel-size 1" + pp + " --data-parallel-size " + t
                             : " --tensor-parallel-size " + t + " --pipeline-parallel-size " + std::to_string(l.pp))
            + (ep ? " --enable-expert-parallel" : std::string())
            + (maxSequences > 0 ? " --max-num-seqs " + seqs : std::string())
            + (pool ? " --kv-transfer-config '{\"kv_connector\":\"NixlConnector\",\"kv_role\":\"kv_both\"}'"
                    : std::string());
    }
}

/// Where a replica's instances find each other: the leader's address as a shell expression and the environment
/// variable that holds this instance's rank among them (LeaderWorkerSet sets LWS_LEADER_ADDRESS and LWS_WORKER_INDEX in
/// every pod, lws.sigs.k8s.io, read 2026-12-01; SkyPilot SKYPILOT_NODE_IPS and SKYPILOT_NODE_RANK, docs.skypilot.co
/// "Distributed Multi-Node Jobs").
struct NodeJoin
{
    std::string leaderAddress;
    std::string rankVariable; ///< without the $
};
const NodeJoin lwsJoin {"$LWS_LEADER_ADDRESS", "LWS_WORKER_INDEX"};
const NodeJoin skyPilotJoin {"$HEAD", "SKYPILOT_NODE_RANK"};

/// What joins a replica that spans `nodes` instances of `perNode` GPUs when the engine does it with flags alone, run
/// the same on every instance. SGLang: --nnodes, --node-rank and --dist-init-addr (its multi-node deployment docs).
/// vLLM with data-parallel attention and no pipeline stages: the first instance runs its share of the data-parallel
/// ranks and the API, each
/// other instance its share headless from its first rank (--data-parallel-size-local, --data-parallel-address,
/// --data-parallel-rpc-port, --headless, --data-parallel-start-rank: docs.vllm.ai "Data Parallel Deployment", read
/// 2026-12-06). Empty otherwise: vLLM's tensor and pipeline parallel across instances runs on a Ray cluster
/// (docs.vllm.ai "Parallelism and Scaling" and examples/online_serving/multi-node-serving.sh, read 2026-12-01) and
/// TensorRT-LLM's on MPI (trtllm-llmapi-launch under mpirun, nvidia.github.io/TensorRT-LLM, read 2026-12-06).
std::string multiNodeFlags(
    core::ServingEngine engine, const core::InferenceLayout& l, int nodes, int perNode, const NodeJoin& join)
{
    if (nodes <= 1)
        return {};
    if (engine == core::ServingEngine::Sglang)
        return " --nnodes " + std::to_string(nodes) + " --node-rank $" + join.rankVariable + " --dist-init-addr "
            + join.leaderAddress + ":20000";
    if (engine == core::ServingEngine::Vllm && l.attentionDp && l.pp == 1)
        return " --data-parallel-size-local " + std::to_string(perNode) + " --data-parallel-address "
            + join.leaderAddress + " --data-parallel-rpc-port 13345 $([ \"$" + join.rankVariable
            + "\" != 0 ] && echo --headless --data-parallel-start-rank $((" + join.rankVariable + " * "
            + std::to_string(perNode) + ")))";
    return {};
}

/// The serving engine a workload names (vLLM when it names none).
core::ServingEngine engineOf(const core::Workload& w)
{
    return w.inference ? w.inference->engine : core::ServingEngine::Vllm;
}

/// A co-located candidate's server commands over the `nodes` instances of one replica: what the first instance runs
/// and what the others run (the same command when the engine joins them with flags; else a Ray cluster, or MPI for
/// TensorRT-LLM, with the server on the first).
std::pair<std::string, std::string> colocatedServer(
    const core::Workload& w, const core::Candidate& c, int nodes, int perNode, const NodeJoin& join)
{
    const auto& l = c.inference->layout;
    const core::ServingEngine engine = engineOf(w);
    // The sequences in flight are the replica's; under data-parallel attention each rank schedules its own share, which
    // the engines size themselves: the cap is given only to a replica that schedules as one.
    const std::string server
        = serverCommand(engine, l, ServerRole::CoLocated, l.attentionDp ? 0 : c.inference->concurrency);
    if (nodes <= 1)
        return {server, server};
    const std::string flags = multiNodeFlags(engine, l, nodes, perNode, join);
    if (!flags.empty())
        return {server + flags, server + flags};
    if (engine == core::ServingEngine::Trtllm)
        return {"mpirun -n " + std::to_string(l.tp * l.pp) + " trtllm-llmapi-launch " + server,
            "# MPI starts the ranks here from the first instance"};
    return {"ray start --head --port=6379 && " + server, "ray start --address=" + join.leaderAddress + ":6379 --block"};
}

} // namespace

core::Result<std::string> skyPilotTask(const core::Workload& w, const core::Candidate& c, const DeployOptions& o)
{
    if (!c.gpu)
        return core::Error {core::ErrorCode::InvalidInput, "no GPU in the chosen candidate"};
    const bool serving = w.kind == core::WorkloadKind::Inference;
    const Shape shape = shapeOf(w, c);
    const bool multiNodeReplica = serving && shape.nodesPerReplica > 1;
    const auto* mixed = c.pricing && c.pricing->mixed ? &*c.pricing->mixed : nullptr;
    // A multi-node replica of a mixed fleet: this task is one base replica (on-demand); the burst replicas are the
    // same task with use_spot: true.
    const bool spot
        = c.pricing && c.pricing->price.pricingModel == core::PricingModel::Spot && !(mixed && multiNodeReplica);
    const std::string raw = c.pricing ? c.pricing->offering.gpuModelRaw : std::string();
    Yaml y;
    header(y, w, c, o, "SkyPilot task");
    if (multiNodeReplica && mixed)
        y.comment("Mixed fleet: launch " + std::to_string(mixed->baseReplicas)
            + " replica(s) as written (on-demand) and " + std::to_string(mixed->burstReplicas)
            + " with use_spot: true (the spot burst, not counted for availability)");
    if (multiNodeReplica) {
        // SkyServe places each replica on one node; a replica that spans nodes is a multi-node cluster of its own.
        const auto& l = c.inference->layout;
        y.comment("One serving replica spans " + std::to_string(shape.nodesPerReplica) + " instances ("
            + (l.pp > 1 ? "pipeline parallel " + std::to_string(l.pp)
                        : "expert parallel " + std::to_string(l.ep) + " with data-parallel attention")
            + " across them): this task launches one replica; the plan runs " + std::to_string(shape.replicas) + ".");
        y.comment("Launch: sky launch -c " + defaultName(w, o)
            + "-<n> <this file>, once per replica, behind your"
              " load balancer");
    } else if (serving) {
        y.comment("Launch: sky serve up <this file>   (SkyServe: one replica per instance)");
    } else {
        y.comment("Launch: sky launch -c " + defaultName(w, o) + " <this file>"
            + (spot ? "   (or sky jobs launch: managed spot recovery)" : ""));
    }
    y.beginMap();
    y.str("name", defaultName(w, o));
    y.map("resources");
    if (c.pricing) {
        const auto& off = c.pricing->offering;
        const std::string cloud = skyPilotCloud(off.provider);
        if (cloud.empty()) {
            y.comment("SkyPilot has no \"" + off.provider + "\" cloud: the plan's offering is " + off.provider + " "
                + off.region + " " + off.instanceType
                + "; launch there directly, or let SkyPilot pick a cloud with these accelerators.");
        } else {
            y.str("cloud", cloud);
            y.str("region", off.region);
            if (!off.zone.empty())
                y.comment("price observed in " + off.zone
                    + (off.provider == "aws" ? " (an AWS AZ ID: zone names differ per account)" : ""));
            y.str("instance_type", off.instanceType);
        }
    }
    y.str("accelerators", skyPilotAccelerator(*c.gpu, raw) + ":" + std::to_string(shape.perInstance));
    y.boolean("use_spot", spot);
    if (c.pricing && c.pricing->price.termMonths > 0)
        y.comment("priced as " + std::string(core::toString(c.pricing->price.pricingModel)) + " ("
            + std::to_string(c.pricing->price.termMonths)
            + " months): buy the commitment with the provider; SkyPilot launches on-demand capacity");
    if (serving)
        y.num("ports", 8000);
    y.end();
    if (serving && !multiNodeReplica && mixed) {
        // SkyServe's mixed fleet: use_spot with base_ondemand_fallback_replicas on-demand replicas kept at all times
        // (https://docs.skypilot.co/en/latest/serving/spot-policy.html, read 2026-12-02).
        y.map("service");
        y.str("readiness_probe", "/health");
        y.comment(std::to_string(mixed->baseInstances)
            + " on-demand instance(s) meet the availability target alone; the rest are spot and carry the headroom");
        y.map("replica_policy");
        y.num("min_replicas", shape.instances);
        y.num("max_replicas", shape.instances);
        y.num("base_ondemand_fallback_replicas", mixed->baseInstances);
        y.end();
        y.end();
    } else if (serving && !multiNodeReplica) {
        y.map("service");
        y.str("readiness_probe", "/health");
        y.num("replicas", shape.instances);
        y.end();
    } else {
        y.num("num_nodes", multiNodeReplica ? shape.nodesPerReplica : shape.instances);
    }
    y.map("envs");
    for (const auto& [k, v] : layoutEnv(c))
        y.str(k, v);
    y.end();
    y.literal("setup",
        "# Placeholder: install your stack here (drivers and CUDA come with SkyPilot's images).\n"
        "echo \"setup: nothing to install yet\"\n");
    std::string run;
    if (multiNodeReplica) {
        const auto [first, others] = colocatedServer(w, c, shape.nodesPerReplica, shape.gpusPerNode, skyPilotJoin);
        run = "# Placeholder, the engine's multi-node form over this replica's nodes:\n"
              "#   HEAD=$(echo \"$SKYPILOT_NODE_IPS\" | head -n1)\n"
              "#   if [ \"$SKYPILOT_NODE_RANK\" = 0 ]; then "
            + first + "\n#   else " + others + "; fi\n";
    } else if (serving) {
        const int enginesPerInstance = std::max(1, shape.perInstance / shape.replicaGpus);
        run = "# Placeholder: start your inference server on port 8000 with tensor parallel $GPUPLAN_TP and\n"
              "# at most $GPUPLAN_MAX_NUM_SEQS sequences in flight; the plan runs "
            + std::to_string(enginesPerInstance)
            + " engine replica(s) per instance, e.g.\n"
              "#   "
            + colocatedServer(w, c, 1, shape.replicaGpus, skyPilotJoin).first + "\n";
    } else {
        run = "# Placeholder: start your job here. SkyPilot sets SKYPILOT_NODE_RANK, SKYPILOT_NODE_IPS,\n"
              "# SKYPILOT_NUM_NODES and SKYPILOT_NUM_GPUS_PER_NODE on every node, e.g.\n"
              "#   torchrun --nnodes $SKYPILOT_NUM_NODES --nproc-per-node $SKYPILOT_NUM_GPUS_PER_NODE \\\n"
              "#     --node-rank $SKYPILOT_NODE_RANK --master-addr $(echo \"$SKYPILOT_NODE_IPS\" | head -n1) "
              "train.py\n";
    }
    y.literal("run", run + "echo \"replace this run section with your command\"\n");
    y.endMap();
    return y.text();
}

core::Result<std::string> kubernetesManifest(const core::Workload& w, const core::Candidate& c, const DeployOptions& o)
{
    if (!c.gpu)
        return core::Error {core::ErrorCode::InvalidInput, "no GPU in the chosen candidate"};
    const bool serving = w.kind == core::WorkloadKind::Inference;
    const bool amd = isAmd(*c.gpu);
    // A Service name is a DNS label of at most 63 characters; separate prefill and decode pools add "-prefill".
    std::string name = defaultName(w, o);
    if (c.disaggregated && name.size() > 63 - 8) {
        name.resize(63 - 8);
        while (!name.empty() && name.back() == '-')
            name.pop_back();
    }
    const std::string image = !o.image.empty() ? o.image
        : amd                                  ? std::string("rocm/pytorch:latest")
                                               : std::string("nvcr.io/nvidia/pytorch:24.05-py3");
    const Shape shape = shapeOf(w, c);
    const bool multiNodeReplica = serving && shape.nodesPerReplica > 1;
    // GPUs per pod: serving, one engine replica (tp × pp GPUs) or, when it spans instances, one instance's share of
    // it; training and batch, one instance.
    const int podGpus = serving ? (multiNodeReplica ? shape.gpusPerNode : shape.replicaGpus) : shape.perInstance;
    const int pods = serving ? shape.replicas : shape.instances;
    std::string resource = amd ? "amd.com/gpu" : "nvidia.com/gpu";
    std::string migNote;
    if (!o.migProfile.empty()) {
        auto it = std::find_if(c.gpu->migProfiles.begin(), c.gpu->migProfiles.end(),
            [&](const core::MigProfile& m) { return m.name == o.migProfile; });
        if (it == c.gpu->migProfiles.end()) {
            std::string known;
            for (const auto& m : c.gpu->migProfiles)
                known += (known.empty() ? "" : ", ") + m.name;
            return core::Error {core::ErrorCode::InvalidInput,
                "MIG profile \"" + o.migProfile + "\" is not one of " + c.gpu->id + "'s"
                    + (known.empty() ? std::string(" (it has none)") : " (" + known + ")")};
        }
        if (!serving || shape.replicaGpus != 1)
            return core::Error {core::ErrorCode::InvalidInput,
                "a MIG slice holds one replica of one GPU, but the plan's replica spans "
                    + std::to_string(serving ? shape.replicaGpus : podGpus) + " GPUs"};
        const double need = c.inference ? c.inference->memory.total() : 0.0;
        if (need > it->memoryBytes) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "MIG profile %s has %.1f GiB; the replica needs %.1f GiB", it->name.c_str(),
                it->memoryBytes / (1024.0 * 1024 * 1024), need / (1024.0 * 1024 * 1024));
            return core::Error {core::ErrorCode::DoesNotFit, buf};
        }
        resource = "nvidia.com/mig-" + it->name;
        migNote = "MIG: each pod takes one " + it->name
            + " slice (GPU operator with the \"mixed\" MIG strategy); the plan's figures are for whole GPUs.";
    }

    const std::string label = gpuProductLabel(*c.gpu);
    const std::string selectorKey = amd ? "amd.com/gpu.product-name" : "nvidia.com/gpu.product";
    Yaml y;
    auto selector = [&](const std::vector<std::pair<std::string, std::string>>& extra = {}) {
        std::string product = label;
        if (label.empty()) {
            product = c.gpu->name;
            std::replace(product.begin(), product.end(), ' ', '-');
            y.comment("product label not known for " + c.gpu->id + ": check with kubectl get nodes -L " + selectorKey);
        }
        y.map("nodeSelector").str(selectorKey, product);
        for (const auto& [k, v] : extra)
            y.str(k, v);
        y.end();
    };
    auto labels = [&](const std::vector<std::pair<std::string, std::string>>& extra = {}) {
        y.map("labels").str("app.kubernetes.io/name", name).str("app.kubernetes.io/managed-by", "gpuplan");
        for (const auto& [k, v] : extra)
            y.str(k, v);
        y.end();
    };
    // The top of an object: apiVersion, kind, metadata (name and labels).
    auto object = [&](const std::string& apiVersion, const std::string& kindName, const std::string& suffix = {}) {
        y.str("apiVersion", apiVersion).str("kind", kindName);
        y.map("metadata").str("name", name + suffix);
        labels();
        y.end();
    };
    auto podMetadata = [&](const std::vector<std::pair<std::string, std::string>>& extra = {}) {
        y.map("metadata");
        labels(extra);
        y.end();
    };
    auto container = [&](const std::string& role, const std::string& command) {
        y.item();
        y.str("name", role);
        y.str("image", image);
        y.strings("command", {"bash", "-c"});
        y.strings("args", {command});
        y.seq("env");
        for (const auto& [k, v] : layoutEnv(c))
            y.item().str("name", k).str("value", v).end();
        y.end();
        if (serving && role != "worker") {
            y.seq("ports");
            y.item().num("containerPort", 8000).end();
            y.end();
        }
        y.map("resources").map("limits").num(resource, o.migProfile.empty() ? podGpus : 1).end().end();
        y.end();
    };
    auto service = [&](const std::vector<std::pair<std::string, std::string>>& select, bool headless) {
        y.nextDocument().beginMap();
        object("v1", "Service");
        y.map("spec");
        if (headless)
            y.str("clusterIP", "None");
        y.map("selector");
        for (const auto& [k, v] : select)
            y.str(k, v);
        y.end();
        if (!headless) {
            y.seq("ports");
            y.item().num("port", 8000).num("targetPort", 8000).end();
            y.end();
        }
        y.end();
        y.endMap();
    };

    header(y, w, c, o, "Kubernetes manifest");
    if (!migNote.empty())
        y.comment(migNote);
    if (c.disaggregated) {
        // Separate prefill and decode pools: a Deployment per pool on its own GPU model, a Service per pool for the
        // router, and the router (no GPU) behind the public Service; each pool's server in the engine's words
        // (serverCommand), the router: sglang_router --pd-disaggregation (docs.sglang.ai, "PD Disaggregation"),
        // `trtllm-serve disaggregated` (nvidia.github.io/TensorRT-LLM, "Disaggregated serving"), vLLM's NIXL proxy
        // example (docs.vllm.ai, "NixlConnector Usage Guide"; all read 2026-12-03).
        const auto& d = *c.disaggregated;
        const core::ServingEngine engine = engineOf(w);
        const std::string routerCommand = engine == core::ServingEngine::Sglang
            ? "python -m sglang_router.launch_router --pd-disaggregation --prefill http://" + name
                + "-prefill:8000 --decode http://" + name + "-decode:8000 --host 0.0.0.0 --port 8000"
            : engine == core::ServingEngine::Trtllm
            ? "trtllm-serve disaggregated -c /config/disagg_config.yaml  # context_servers: " + name
                + "-prefill:8000, generation_servers: " + name + "-decode:8000"
            : "python disagg_proxy.py --prefill " + name + "-prefill:8000 --decode " + name
                + "-decode:8000 --port 8000  # vLLM's NIXL proxy example (toy_proxy_server.py)";
        y.comment("Disaggregated: " + std::to_string(d.prefill.layout.replicas) + " prefill replica(s) of "
            + std::to_string(d.prefill.layout.tp) + " × " + d.prefill.gpu->id + ", "
            + std::to_string(d.decode.layout.replicas) + " decode replica(s) of " + std::to_string(d.decode.layout.tp)
            + " × " + d.decode.gpu->id + "; the KV cache goes from prefill to decode (" + num(d.transferMs, 1)
            + " ms a request in the plan); the Service exposes the router on port 8000.");
        auto pool = [&](const std::string& role, const core::PoolPlan& p, bool prefill) {
            const std::string product = gpuProductLabel(*p.gpu);
            const int perInstance = std::max(1, static_cast<int>(std::lround(p.offering.gpuCount)));
            // A replica wider than one instance (wide expert parallelism): a LeaderWorkerSet group of one pod per
            // instance, as for a multi-node serving replica below; the engine joins the pods with its multi-node
            // flags (SGLang --nnodes/--node-rank/--dist-init-addr; LWS sets LWS_LEADER_ADDRESS and LWS_WORKER_INDEX).
            const int podsPerReplica = std::max(1, p.layout.tp / perInstance);
            const int podGpusHere = podsPerReplica > 1 ? perInstance : p.layout.tp;
            const std::string multiNode = multiNodeFlags(engine, p.layout, podsPerReplica, perInstance, lwsJoin);
            auto podSpec = [&](const std::string& containerName, bool serves) {
                y.map("spec");
                y.map("nodeSelector").str(selectorKey, product.empty() ? p.gpu->id : product).end();
                y.seq("containers");
                y.item().str("name", containerName).str("image", image);
                y.strings("command", {"bash", "-c"});
                y.strings("args",
                    {"echo 'replace with your server, e.g. "
                        + serverCommand(engine, p.layout, prefill ? ServerRole::Prefill : ServerRole::Decode)
                        + multiNode + "'; sleep infinity"});
                if (serves)
                    y.seq("ports").item().num("containerPort", 8000).end().end();
                y.map("resources").map("limits").num(resource, podGpusHere).end().end();
                y.end();
                y.end().end();
            };
            y.beginMap();
            if (podsPerReplica > 1) {
                y.comment("Each " + role + " replica spans " + std::to_string(podsPerReplica) + " instances of "
                    + std::to_string(perInstance) + " GPUs: needs the LeaderWorkerSet controller.");
                object("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet", "-" + role);
                y.map("spec").num("replicas", p.layout.replicas);
                y.map("leaderWorkerTemplate")
                    .num("size", podsPerReplica)
                    .str("restartPolicy", "RecreateGroupOnPodRestart");
                y.map("leaderTemplate");
                podMetadata({{"role", role}});
                podSpec(role, true);
                y.end();
                y.map("workerTemplate");
                podMetadata({{"role", role + "-worker"}});
                podSpec(role + "-worker", false);
                y.end();
                y.end().end();
            } else {
                object("apps/v1", "Deployment", "-" + role);
                y.map("spec").num("replicas", p.layout.replicas);
                y.map("selector").map("matchLabels").str("app.kubernetes.io/name", name).str("role", role).end().end();
                y.map("template");
                podMetadata({{"role", role}});
                podSpec(role, true);
                y.end().end();
            }
            y.endMap();
            y.nextDocument();
            y.beginMap();
            object("v1", "Service", "-" + role);
            y.map("spec").map("selector").str("app.kubernetes.io/name", name).str("role", role).end();
            y.seq("ports").item().num("port", 8000).num("targetPort", 8000).end().end();
            y.end();
            y.endMap();
            y.nextDocument();
        };
        pool("prefill", d.prefill, true);
        pool("decode", d.decode, false);
        y.beginMap();
        object("apps/v1", "Deployment", "-router");
        y.map("spec").num("replicas", 2);
        y.map("selector").map("matchLabels").str("app.kubernetes.io/name", name).str("role", "router").end().end();
        y.map("template");
        podMetadata({{"role", "router"}});
        y.map("spec").seq("containers");
        y.item().str("name", "router").str("image", image);
        y.strings("command", {"bash", "-c"});
        y.strings("args", {"echo 'replace with your router, e.g. " + routerCommand + "'; sleep infinity"});
        y.seq("ports").item().num("containerPort", 8000).end().end();
        y.end();
        y.end().end().end().end();
        y.endMap();
        service({{"app.kubernetes.io/name", name}, {"role", "router"}}, false);
        return y.text();
    }
    if (multiNodeReplica) {
        // LeaderWorkerSet (lws.sigs.k8s.io, API leaderworkerset.x-k8s.io/v1, read 2026-12-01): one group of
        // `size` pods per replica, scheduled and restarted together; the leader runs the server, workers join its Ray
        // cluster (LWS_LEADER_ADDRESS and LWS_GROUP_SIZE are set by LWS in every pod).
        if (c.pricing && c.pricing->mixed)
            y.comment("Mixed fleet: " + std::to_string(c.pricing->mixed->baseReplicas)
                + " replica(s) must run on on-demand nodes, " + std::to_string(c.pricing->mixed->burstReplicas)
                + " may run on spot (karpenter.sh/capacity-type); split this LeaderWorkerSet in two to pin them.");
        y.comment(std::to_string(pods) + " replica(s), each a group of " + std::to_string(shape.nodesPerReplica)
            + " pods of " + std::to_string(podGpus)
            + " GPU(s) (one instance each): needs the LeaderWorkerSet controller; the Service exposes the leaders"
              " on port 8000.");
        y.beginMap();
        object("leaderworkerset.x-k8s.io/v1", "LeaderWorkerSet");
        y.map("spec").num("replicas", pods);
        y.map("leaderWorkerTemplate")
            .num("size", shape.nodesPerReplica)
            .str("restartPolicy", "RecreateGroupOnPodRestart");
        y.map("leaderTemplate");
        podMetadata({{"role", "leader"}});
        y.map("spec");
        selector();
        y.seq("containers");
        const auto [first, others] = colocatedServer(w, c, shape.nodesPerReplica, shape.gpusPerNode, lwsJoin);
        container("leader", "echo 'replace with your server, e.g. " + first + "'; sleep infinity");
        y.end().end().end();
        y.map("workerTemplate");
        podMetadata({{"role", "worker"}});
        y.map("spec");
        selector();
        y.seq("containers");
        container("worker", "echo 'replace with your worker, e.g. " + others + "'; sleep infinity");
        y.end().end().end();
        y.end().end();
        y.endMap();
        service({{"leaderworkerset.sigs.k8s.io/name", name}, {"role", "leader"}}, false);
        return y.text();
    }
    if (serving) {
        // A mixed fleet (constraints.spot burst_only) is two Deployments behind one Service: the base on on-demand
        // nodes, the burst on spot nodes, told apart by Karpenter's well-known node label karpenter.sh/capacity-type
        // (on-demand | spot; https://karpenter.sh/docs/concepts/scheduling/, the split of the AWS Karpenter
        // blueprint "od-spot-split", read 2026-12-02).
        const auto* mixed = c.pricing && c.pricing->mixed ? &*c.pricing->mixed : nullptr;
        auto deployment = [&](const std::string& suffix, int replicas,
                              const std::vector<std::pair<std::string, std::string>>& nodeLabels) {
            object("apps/v1", "Deployment", suffix);
            y.map("spec").num("replicas", replicas);
            y.map("selector").map("matchLabels").str("app.kubernetes.io/name", name).end().end();
            y.map("template");
            podMetadata();
            y.map("spec");
            selector(nodeLabels);
            y.seq("containers");
            container("server",
                "echo 'replace with your server, e.g. " + colocatedServer(w, c, 1, shape.replicaGpus, lwsJoin).first
                    + "'; sleep infinity");
            y.end().end().end().end();
        };
        if (mixed) {
            y.comment(std::to_string(mixed->baseReplicas) + " on-demand replica(s) meet the availability target alone; "
                + std::to_string(mixed->burstReplicas) + " spot replica(s) carry the headroom; "
                + std::to_string(podGpus) + " GPU(s) each; the Service exposes port 8000.");
            y.comment("Nodes are chosen by karpenter.sh/capacity-type (Karpenter); EKS managed node groups label "
                      "eks.amazonaws.com/capacityType: ON_DEMAND | SPOT instead.");
            y.beginMap();
            deployment("", mixed->baseReplicas, {{"karpenter.sh/capacity-type", "on-demand"}});
            y.endMap();
            y.nextDocument().beginMap();
            deployment("-spot-burst", mixed->burstReplicas, {{"karpenter.sh/capacity-type", "spot"}});
            y.endMap();
        } else {
            y.comment(std::to_string(pods) + " replica(s) of " + std::to_string(podGpus)
                + " GPU(s) each; the Service exposes port 8000.");
            y.beginMap();
            deployment("", pods, {});
            y.endMap();
        }
        service({{"app.kubernetes.io/name", name}}, false);
        return y.text();
    }
    y.comment(std::to_string(pods) + " pod(s) of " + std::to_string(podGpus)
        + " GPU(s), one per instance of the plan; ranks come from JOB_COMPLETION_INDEX.");
    y.beginMap();
    object("batch/v1", "Job");
    y.map("spec").num("completions", pods).num("parallelism", pods);
    y.str("completionMode", "Indexed").num("backoffLimit", 0);
    y.map("template");
    podMetadata();
    y.map("spec").str("restartPolicy", "Never");
    if (pods > 1)
        y.str("subdomain", name);
    selector();
    y.seq("containers");
    container("worker", "echo 'replace with your job (rank: '$JOB_COMPLETION_INDEX')'");
    y.end().end().end().end();
    y.endMap();
    // A headless Service gives the indexed pods stable DNS names (<job>-<index>.<service>) for rendezvous.
    if (pods > 1)
        service({{"job-name", name}}, true);
    return y.text();
}

} // namespace gpuplan::report
