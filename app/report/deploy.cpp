#include "deploy.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <utility>
#include <vector>

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
        {"B200", "B200"}, {"GH200", "GH200"}, {"MI300X", "MI300X"}};
    return m;
}

/// nvidia.com/gpu.product as GPU feature discovery writes it: the name nvidia-smi reports with spaces
/// replaced by '-' (NVIDIA k8s-device-plugin, internal/lm/resource.go); AMD's node labeller writes
/// amd.com/gpu.product-name.
const std::map<std::string, std::string>& productLabels()
{
    static const std::map<std::string, std::string> m
        = {{"T4", "Tesla-T4"}, {"A10", "NVIDIA-A10"}, {"A10G", "NVIDIA-A10G"}, {"L4", "NVIDIA-L4"},
            {"L40S", "NVIDIA-L40S"}, {"V100-16GB", "Tesla-V100-SXM2-16GB"}, {"V100-SXM2-32GB", "Tesla-V100-SXM2-32GB"},
            {"V100-PCIe-32GB", "Tesla-V100-PCIE-32GB"}, {"A100-SXM-40GB", "NVIDIA-A100-SXM4-40GB"},
            {"A100-SXM-80GB", "NVIDIA-A100-SXM4-80GB"}, {"A100-PCIe-80GB", "NVIDIA-A100-80GB-PCIe"},
            {"H100-SXM-80GB", "NVIDIA-H100-80GB-HBM3"}, {"H100-PCIe-80GB", "NVIDIA-H100-PCIe"},
            {"H100-NVL-94GB", "NVIDIA-H100-NVL"}, {"H800-SXM-80GB", "NVIDIA-H800"}, {"H200-SXM-141GB", "NVIDIA-H200"},
            {"B200", "NVIDIA-B200"}, {"GH200", "NVIDIA-GH200-480GB"}, {"MI300X", "AMD_Instinct_MI300X_OAM"}};
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
            + " " + p.offering.region + ", " + std::string(core::toString(p.price.pricingModel)) + ": "
            + num(p.totalCost, p.totalCost >= 100 ? 0 : 2) + " " + p.currency
            + (w.kind == core::WorkloadKind::Inference ? " per month" : "");
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
            + (l.ep > 1 ? ", expert parallel " + std::to_string(l.ep) : "") + ", micro-batch "
            + std::to_string(l.microBatch) + ", ZeRO-" + std::to_string(l.zeroStage) + ", recompute "
            + std::string(core::toString(l.recompute));
    }
    if (c.inference)
        return "tensor parallel " + std::to_string(c.inference->layout.tp) + ", pipeline parallel "
            + std::to_string(c.inference->layout.pp) + ", up to " + std::to_string(c.inference->concurrency)
            + " sequences in flight per replica";
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

std::string header(const core::Workload& w, const core::Candidate& c, const DeployOptions& o, const char* what)
{
    std::string s = "# " + std::string(what) + " generated by " + oneLine(o.generator) + " for \"" + oneLine(w.name)
        + "\" (" + std::string(core::toString(w.kind)) + ")\n";
    s += "# Plan: " + oneLine(planSummary(w, c)) + "\n";
    s += "# Layout: " + oneLine(layoutText(c)) + "\n";
    return s;
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
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto ch = static_cast<unsigned char>(text[i]);
        // NEL, LS and PS are line breaks to YAML even inside quotes: escaped as \N, \L, \P (YAML 1.2 §5.7).
        if (const std::size_t n = unicodeBreakAt(text, i)) {
            out += n == 2 ? "\\N" : static_cast<unsigned char>(text[i + 2]) == 0xA8 ? "\\L" : "\\P";
            i += n - 1;
            continue;
        }
        switch (ch) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (ch < 0x20 || ch == 0x7f) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\x%02x", ch);
                out += buf;
            } else {
                out += static_cast<char>(ch); // UTF-8 passes through: YAML is Unicode
            }
        }
    }
    return out + "\"";
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

core::Result<std::string> skyPilotTask(const core::Workload& w, const core::Candidate& c, const DeployOptions& o)
{
    if (!c.gpu)
        return core::Error {core::ErrorCode::InvalidInput, "no GPU in the chosen candidate"};
    const bool serving = w.kind == core::WorkloadKind::Inference;
    const int perInstance = gpusPerInstance(c);
    const int instances = instanceCount(c);
    const std::string raw = c.pricing ? c.pricing->offering.gpuModelRaw : std::string();
    std::string y = header(w, c, o, "SkyPilot task");
    y += serving ? "# Launch: sky serve up <this file>   (SkyServe: one replica per instance)\n"
                 : "# Launch: sky launch -c " + defaultName(w, o) + " <this file>"
            + (c.pricing && c.pricing->price.pricingModel == core::PricingModel::Spot
                    ? "   (or sky jobs launch: managed spot recovery)"
                    : "")
            + "\n";
    y += "name: " + yamlQuote(defaultName(w, o)) + "\n\n";
    y += "resources:\n";
    if (c.pricing) {
        const auto& off = c.pricing->offering;
        const std::string cloud = skyPilotCloud(off.provider);
        if (cloud.empty()) {
            y += "  # SkyPilot has no \"" + oneLine(off.provider) + "\" cloud: the plan's offering is "
                + oneLine(off.provider) + " " + oneLine(off.region) + " " + oneLine(off.instanceType)
                + "; launch there directly, or let SkyPilot pick a cloud with these accelerators.\n";
        } else {
            y += "  cloud: " + yamlQuote(cloud) + "\n";
            y += "  region: " + yamlQuote(off.region) + "\n";
            if (!off.zone.empty())
                y += "  # price observed in " + oneLine(off.zone)
                    + (off.provider == "aws" ? " (an AWS AZ ID: zone names differ per account)" : "") + "\n";
            y += "  instance_type: " + yamlQuote(off.instanceType) + "\n";
        }
    }
    y += "  accelerators: " + yamlQuote(skyPilotAccelerator(*c.gpu, raw) + ":" + std::to_string(perInstance)) + "\n";
    const bool spot = c.pricing && c.pricing->price.pricingModel == core::PricingModel::Spot;
    y += std::string("  use_spot: ") + (spot ? "true" : "false") + "\n";
    if (c.pricing && c.pricing->price.termMonths > 0)
        y += "  # priced as " + std::string(core::toString(c.pricing->price.pricingModel)) + " ("
            + std::to_string(c.pricing->price.termMonths)
            + " months): buy the commitment with the provider; SkyPilot launches on-demand capacity\n";
    if (serving)
        y += "  ports: 8000\n";
    y += "\n";
    if (serving) {
        y += "service:\n";
        y += "  readiness_probe: \"/health\"\n";
        y += "  replicas: " + std::to_string(instances) + "\n\n";
    } else {
        y += "num_nodes: " + std::to_string(instances) + "\n\n";
    }
    y += "envs:\n";
    for (const auto& [k, v] : layoutEnv(c))
        y += "  " + k + ": " + yamlQuote(v) + "\n";
    y += "\n";
    y += "setup: |\n";
    y += "  # Placeholder: install your stack here (drivers and CUDA come with SkyPilot's images).\n";
    y += "  echo \"setup: nothing to install yet\"\n\n";
    y += "run: |\n";
    if (serving) {
        const int replicasPerInstance
            = std::max(1, perInstance / std::max(1, c.inference ? c.inference->layout.tp * c.inference->layout.pp : 1));
        y += "  # Placeholder: start your inference server on port 8000 with tensor parallel $GPUPLAN_TP and\n";
        y += "  # at most $GPUPLAN_MAX_NUM_SEQS sequences in flight; the plan runs "
            + std::to_string(replicasPerInstance) + " engine replica(s) per instance, e.g.\n";
        y += "  #   vllm serve <model> --port 8000 --tensor-parallel-size $GPUPLAN_TP --max-num-seqs "
             "$GPUPLAN_MAX_NUM_SEQS\n";
    } else {
        y += "  # Placeholder: start your job here. SkyPilot sets SKYPILOT_NODE_RANK, SKYPILOT_NODE_IPS,\n";
        y += "  # SKYPILOT_NUM_NODES and SKYPILOT_NUM_GPUS_PER_NODE on every node, e.g.\n";
        y += "  #   torchrun --nnodes $SKYPILOT_NUM_NODES --nproc-per-node $SKYPILOT_NUM_GPUS_PER_NODE \\\n";
        y += "  #     --node-rank $SKYPILOT_NODE_RANK --master-addr $(echo \"$SKYPILOT_NODE_IPS\" | head -n1) "
             "train.py\n";
    }
    y += "  echo \"replace this run section with your command\"\n";
    return y;
}

core::Result<std::string> kubernetesManifest(const core::Workload& w, const core::Candidate& c, const DeployOptions& o)
{
    if (!c.gpu)
        return core::Error {core::ErrorCode::InvalidInput, "no GPU in the chosen candidate"};
    const bool serving = w.kind == core::WorkloadKind::Inference;
    const bool amd = isAmd(*c.gpu);
    const std::string name = defaultName(w, o);
    const std::string image = !o.image.empty() ? o.image
        : amd                                  ? std::string("rocm/pytorch:latest")
                                               : std::string("nvcr.io/nvidia/pytorch:24.05-py3");

    // GPUs per pod: serving, one engine replica (tp × pp GPUs); training and batch, one instance.
    int podGpus = serving && c.inference ? c.inference->layout.tp * c.inference->layout.pp : gpusPerInstance(c);
    podGpus = std::max(1, podGpus);
    int pods = serving ? std::max(1, c.gpus / podGpus) : instanceCount(c);
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
        if (podGpus != 1)
            return core::Error {core::ErrorCode::InvalidInput,
                "a MIG slice holds one replica of one GPU, but the plan's replica spans " + std::to_string(podGpus)
                    + " GPUs"};
        const double need = c.inference ? c.inference->memory.total() : c.training ? c.training->memory.total() : 0.0;
        if (need > it->memoryBytes) {
            char buf[200];
            std::snprintf(buf, sizeof buf, "MIG profile %s has %.1f GiB; the replica needs %.1f GiB", it->name.c_str(),
                it->memoryBytes / (1024.0 * 1024 * 1024), need / (1024.0 * 1024 * 1024));
            return core::Error {core::ErrorCode::DoesNotFit, buf};
        }
        resource = "nvidia.com/mig-" + it->name;
        migNote = "# MIG: each pod takes one " + it->name
            + " slice (GPU operator with the \"mixed\" MIG strategy); the plan's figures are for whole GPUs.\n";
    }

    const std::string label = gpuProductLabel(*c.gpu);
    const std::string selectorKey = amd ? "amd.com/gpu.product-name" : "nvidia.com/gpu.product";
    auto selector = [&](const std::string& indent) {
        std::string s = indent + "nodeSelector:\n";
        if (label.empty()) {
            std::string guess = c.gpu->name;
            std::replace(guess.begin(), guess.end(), ' ', '-');
            s = indent + "# product label not known for " + oneLine(c.gpu->id) + ": check with kubectl get nodes -L "
                + selectorKey + "\n" + s;
            s += indent + "  " + selectorKey + ": " + yamlQuote(guess) + "\n";
        } else {
            s += indent + "  " + selectorKey + ": " + yamlQuote(label) + "\n";
        }
        return s;
    };
    auto labels = [&](const std::string& indent) {
        return indent + "labels:\n" + indent + "  app.kubernetes.io/name: " + yamlQuote(name) + "\n" + indent
            + "  app.kubernetes.io/managed-by: \"gpuplan\"\n";
    };
    auto container = [&](const std::string& indent, const std::string& role) {
        std::string s = indent + "- name: " + yamlQuote(role) + "\n";
        s += indent + "  image: " + yamlQuote(image) + "\n";
        s += indent + "  command: [\"bash\", \"-c\"]\n";
        s += indent + "  args:\n";
        s += indent + "    - "
            + yamlQuote(serving ? "echo 'replace with your server, e.g. vllm serve <model> --port "
                                  "8000 --tensor-parallel-size '$GPUPLAN_TP; sleep infinity"
                                : "echo 'replace with your job (rank: '$JOB_COMPLETION_INDEX')'")
            + "\n";
        s += indent + "  env:\n";
        for (const auto& [k, v] : layoutEnv(c))
            s += indent + "    - name: " + yamlQuote(k) + "\n" + indent + "      value: " + yamlQuote(v) + "\n";
        if (serving)
            s += indent + "  ports:\n" + indent + "    - containerPort: 8000\n";
        s += indent + "  resources:\n";
        s += indent + "    limits:\n";
        s += indent + "      " + resource + ": " + std::to_string(o.migProfile.empty() ? podGpus : 1) + "\n";
        return s;
    };

    std::string y = header(w, c, o, "Kubernetes manifest");
    y += migNote;
    if (serving) {
        y += "# " + std::to_string(pods) + " replica(s) of " + std::to_string(podGpus)
            + " GPU(s) each; the Service exposes port 8000.\n";
        y += "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: " + yamlQuote(name) + "\n" + labels("  ");
        y += "spec:\n  replicas: " + std::to_string(pods) + "\n";
        y += "  selector:\n    matchLabels:\n      app.kubernetes.io/name: " + yamlQuote(name) + "\n";
        y += "  template:\n    metadata:\n" + labels("      ");
        y += "    spec:\n" + selector("      ");
        y += "      containers:\n" + container("        ", "server");
        y += "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: " + yamlQuote(name) + "\n" + labels("  ");
        y += "spec:\n  selector:\n    app.kubernetes.io/name: " + yamlQuote(name) + "\n";
        y += "  ports:\n    - port: 8000\n      targetPort: 8000\n";
        return y;
    }
    y += "# " + std::to_string(pods) + " pod(s) of " + std::to_string(podGpus)
        + " GPU(s), one per instance of the plan; ranks come from JOB_COMPLETION_INDEX.\n";
    if (pods > 1) {
        // A headless Service gives the indexed pods stable DNS names (<job>-<index>.<service>) for rendezvous.
        y += "apiVersion: v1\nkind: Service\nmetadata:\n  name: " + yamlQuote(name) + "\n" + labels("  ");
        y += "spec:\n  clusterIP: None\n  selector:\n    job-name: " + yamlQuote(name) + "\n---\n";
    }
    y += "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: " + yamlQuote(name) + "\n" + labels("  ");
    y += "spec:\n  completions: " + std::to_string(pods) + "\n  parallelism: " + std::to_string(pods) + "\n";
    y += "  completionMode: \"Indexed\"\n  backoffLimit: 0\n";
    y += "  template:\n    metadata:\n" + labels("      ");
    y += "    spec:\n      restartPolicy: \"Never\"\n";
    if (pods > 1)
        y += "      subdomain: " + yamlQuote(name) + "\n";
    y += selector("      ");
    y += "      containers:\n" + container("        ", "worker");
    return y;
}

} // namespace gpuplan::report
