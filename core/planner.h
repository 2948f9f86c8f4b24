#pragma once

#include "batch.h"
#include "boxed.h"
#include "capacity.h"
#include "catalog.h"
#include "disaggregation.h"
#include "efficiency.h"
#include "gpu.h"
#include "hosted.h"
#include "inference.h"
#include "plan_inputs.h"
#include "pricing.h"
#include "regions.h"
#include "sharing.h"
#include "training.h"
#include "workload.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace gpuplan::core {

/// Serving capacity for the workload's traffic (requests_per_second or the profile's peak).
struct CapacityPlan
{
    CapacityResult result;
    double replicaAvailability = 1; ///< each instance's expected availability (a replica of one instance: its own)
    int instancesPerReplica = 1;    ///< a replica spans this many instances: up replicaAvailability^instancesPerReplica
    int gpusPerReplica = 1;
    int gpus = 0; ///< result.total() × gpusPerReplica
    double scaleUpDelayS = 0;
    std::optional<AutoscaleResult> autoscale; ///< with a daily or weekly profile
    double monthlyGpuHours = 0;               ///< static fleet, or the autoscaled one when a profile is given
    double staticMonthlyGpuHours = 0;
    /// A mixed fleet's on-demand base (servingSpotPolicy burst_only, headroom > 0): the replicas the peak traffic
    /// needs without the headroom, with the spares the availability target needs at this replica availability, so
    /// the base meets the target on its own; spot instances carry the headroom above it.
    std::optional<CapacityResult> base;
    double baseMonthlyGpuHours = 0; ///< the base's GPU-hours a month, autoscaled like monthlyGpuHours
};

/// Expected availability of a priced serving deployment and what its SLA is worth.
struct AvailabilityInfo
{
    double expected = 1;
    std::optional<double> target;
    double downtimeMinutesPerMonth = 0;        ///< at the expected availability, 730-hour month
    double allowedDowntimeMinutesPerMonth = 0; ///< the target's budget (0 without a target)
    double expectedCreditPct = 0;
    std::string slaScope;
    double slaUptime = 0;
    std::string slaSource;
    double replicaAvailability = 0; ///< each instance's availability the replicas were sized with
    /// Where that figure comes from: the workload's inference.instance_availability, the provider's single-instance
    /// SLA, or noSlaReplicaAvailability (the reports translate the kind; the source text is for JSON).
    enum class Basis { Workload, Sla, NoSlaDefault } replicaAvailabilityBasis = Basis::Sla;
    std::string replicaAvailabilitySource;
};

/// Energy and emissions of a candidate: the job, or one 730-hour month of service.
struct EnergyInfo
{
    double kwh = 0;
    std::optional<double> kgCo2e; ///< unknown without a grid intensity for the region
    double pue = 0;
    double utilization = 0;
    double hostWattsPerGpu = 0;
    std::optional<double> gridKgPerKwh;
    std::string gridSource;
    /// kWh × the electricity price (USD) when one is set: what the energy would cost on owned hardware (cloud
    /// prices include power).
    std::optional<double> electricityCostUsd;
};

/// Pricing::mixed — serving with spot burst_only (constraints.spot): the spot price `price` pays only the burst; an
/// on-demand base (the offering's own on-demand price, or its region's for a zonal spot price) meets the availability
/// target alone. `instances` and the totals are the whole fleet; `availability` is the base's.
struct MixedFleet
{
    Price onDemand;
    int baseInstances = 0;
    int burstInstances = 0;
    int baseReplicas = 0;
    int burstReplicas = 0;
    double baseMonthlyCost = 0;  ///< output currency
    double burstMonthlyCost = 0; ///< output currency
};

/// The price side of a candidate: an offering, one of its prices, how many instances.
struct Pricing
{
    Offering offering; ///< a copy without its other prices (the chosen one is `price`)
    Price price;
    int instances = 1;
    std::string currency = "USD"; ///< the plan's output currency
    double hourlyCost = 0;        ///< whole deployment, output currency, per hour (effective for commitments)
    double totalCost = 0;         ///< output currency: the job, or one month of service
    double costUsd = 0;
    double priceCurrencyTotal = 0;   ///< the same in the provider's currency
    double breakEvenUtilization = 0; ///< commitment ÷ on-demand rate of the same offering
    double discount = 0;             ///< negotiated discount applied, fraction
    int terms = 0;
    SpotOverhead spot;
    Message note; ///< what the price implies (spot overhead, commitment)
    bool pareto = false;
    /// Serving: meets its TTFT/TPOT targets at the estimate, but not across the estimate's 80 % range (what is
    /// exceeded, and by how much, in `sloRisk`).
    bool sloAtRisk = false;
    Message sloRisk;
    std::optional<AvailabilityInfo> availability; ///< serving
    std::optional<double> networkRttMs;           ///< users' location to the region, round trip
    double costPerMillionOutputTokens = 0;        ///< serving, output currency
    double staticMonthlyCost = 0;                 ///< serving with a profile: a fleet sized for the peak all month
    double computeCost = 0;                       ///< output currency: the instances alone
    double storageCost = 0;                       ///< output currency: the workload's data kept in object storage
    double egressCost = 0;                        ///< output currency: data sent to the internet
    Message dataNote; ///< where the storage and egress rates come from, or why they are missing
    /// Serving with a profile, when the offering has both an on-demand and a commitment price: the cheapest mix
    /// of a committed baseline and on-demand burst (DESIGN.md: reserve the demand at rank ⌈u·H⌉, u = commitment ÷
    /// on-demand rate). Replicas, and the month's cost in the output currency.
    std::optional<int> reservedBaselineReplicas;
    double reservedBaselineBreakEven = 0;
    double reservedMixMonthlyCost = 0;
    double allOnDemandMonthlyCost = 0;
    std::optional<MixedFleet> mixed; ///< serving, spot burst_only: an on-demand base + spot burst (MixedFleet)
    /// Days from the price's as_of to the plan's date (PlanInputs::today); stale beyond maxPriceAgeDays.
    std::optional<long> priceAgeDays;
    bool priceStale = false;
    /// The oldest exchange rate this candidate's totals went through (its price currency or the output
    /// currency, when not USD): as of, days old, and stale beyond maxFxAgeDays. Empty when no rate was used.
    std::string fxAsOf;
    std::optional<long> fxAgeDays;
    bool fxStale = false;
};

// maxPriceAgeDays (catalog_check.h): a price older than that is flagged in tables and reports.
/// An exchange rate older than this is flagged: reference rates move a few per cent a month (ECB USD/CNY moved
/// 5.6 % between 2025-05-09 and 2026-04-13), more than the margin between close candidates.
inline constexpr long maxFxAgeDays = 30;

/// One pool of a disaggregated serving candidate: its GPUs, layout, replicas and price.
struct PoolPlan
{
    const GpuSpec* gpu = nullptr;
    InferenceLayout layout; ///< replicas: the pool's whole count, spares included
    /// Prefill: prompts a step and that step's time; decode: sequences a replica decodes and the time per token.
    int batch = 0;
    double stepMs = 0;
    double requestsPerSPerReplica = 0;
    std::string limitedBy; ///< decode: memory, slo_tpot or concurrency
    CapacityResult capacity;
    Offering offering; ///< without its other prices
    Price price;
    int instances = 0;
    double hourlyCost = 0;  ///< output currency
    double monthlyCost = 0; ///< output currency
    int gpus() const { return layout.gpus(); }
};

/// Serving with prefill and decode in separate pools (inference.disaggregation): both pools, the KV transfer between
/// them, and how it compares with the best co-located plan.
struct DisaggregatedPlan
{
    PoolPlan prefill, decode;
    enum class Link { ScaleUp, Network, InterRegion } link = Link::Network;
    double kvBytesPerRequest = 0; ///< the whole model's KV cache of one prompt
    double linkBytesPerS = 0;
    double linkRttMs = 0; ///< inter-region only
    double transferMs = 0;
    double ttftP99Ms = 0;
    double tpotMs = 0;
    double availability = 1;      ///< both pools up together
    double egressMonthlyCost = 0; ///< output currency: the KV cache sent out of the prefill provider (cross-provider)
    std::optional<double> colocatedMonthlyCost; ///< the best co-located plan that meets the targets, output currency
    std::string colocatedLabel;                 ///< its GPUs and provider ("8 × H200 on aws")
    /// prefill GPUs ÷ decode GPUs
    double ratio() const { return decode.gpus() > 0 ? double(prefill.gpus()) / decode.gpus() : 0.0; }
};

/// One way to run the workload: a GPU model, a GPU count and the layout the estimators chose.
struct Candidate
{
    const GpuSpec* gpu = nullptr;
    int gpus = 0;
    // Shared, not copied: every price of every offering with this GPU model and count points at one estimate.
    std::shared_ptr<TrainingEstimate> training;
    std::shared_ptr<InferenceEstimate> inference;
    std::shared_ptr<BatchEstimate> batch;
    std::shared_ptr<CapacityPlan> capacity; ///< serving with traffic (co-located)
    /// Serving in separate prefill and decode pools: `gpu` is the decode pool's, `gpus` both pools', `inference` the
    /// decode replica's estimate with the deployment's TTFT and TPOT, `pricing` both pools together (its offering and
    /// price the decode pool's).
    std::shared_ptr<DisaggregatedPlan> disaggregated;
    /// Efficiency factors measured on this GPU model (gpuplan-probe), or serving factors fitted to a benchmark's
    /// results on it (servingCalibration).
    bool calibrated = false;
    /// The serving calibration this candidate's estimate uses (the GPU, the engine and the model's family it was
    /// fitted for); null when none applies.
    std::shared_ptr<const ServingCalibration> servingCalibration;
    /// How much calibration moved the estimate: calibrated ÷ datasheet-default wall time (training) or output
    /// throughput (serving), the same GPU model and count; unset when not calibrated.
    std::optional<double> calibrationRatio;
    EnergyInfo energy;
    bool fits = true;
    double wallHours = 0;   ///< training/batch: job duration, h; inference: 730 h (one month of service)
    double gpuHours = 0;    ///< training/batch: whole job; inference: per month
    Boxed<Pricing> pricing; ///< present in priced plans (on the heap: see Boxed)
    /// Latency a serving user sees at the operating point: TTFT + (output − 1) × TPOT (ms); 0 otherwise.
    double latencyMs() const;
    /// Serving: the p99 time to first token of the deployment (ms): the fleet's queueing wait and prefill when it was
    /// sized for traffic (CapacityResult::ttftP99Ms), else the operating point's TTFT; 0 for other kinds.
    double ttftP99Ms() const;
};

/// A GPU model that could not run the workload, and why (untranslated).
struct Exclusion
{
    std::string gpu;
    Message reason;
    std::string provider; ///< priced plans: which offering
    std::string region;
    std::string instanceType;
    std::string pricingModel;
    double costUsd = 0; ///< what it would have cost (0 when unknown), to list the best exclusions first
};

struct Plan
{
    /// The GPU catalog the candidates' `gpu` pointers point into, kept alive with the plan.
    std::shared_ptr<const GpuCatalog> gpus;
    bool priced = false;               ///< candidates carry prices (else: estimates only)
    PlanDefaults defaults;             ///< the defaults that filled what the workload left out
    std::string currency = "USD";      ///< of every total in the plan
    std::optional<Candidate> pinned;   ///< when the workload's "hardware" names a GPU and count
    std::vector<Candidate> candidates; ///< best first
    std::vector<Exclusion> excluded;
    std::vector<Message> notes;
    std::vector<ApiComparison> apiComparisons; ///< serving: self-hosting against hosted APIs
    std::vector<SliceOption> sliceOptions;     ///< serving: MIG slices that hold the model
    /// Serving: the calibrations from benchmark results the candidates use (each once; the notes name them).
    std::vector<std::shared_ptr<const ServingCalibration>> servingCalibrations;
};

/// Availability assumed for one serving replica when no provider SLA applies (an unpriced plan): 99.9 %,
/// the single-instance SLA of GCP and Azure (premium SSD) in pricing-data/sla.json.
inline constexpr double defaultReplicaAvailability = 0.999;
/// A provider that publishes no SLA (marketplaces, most GPU clouds): each instance is assumed up 99.0 % of a
/// month, an assumption deliberately below the lowest instance-level SLA the hyperscalers publish (AWS EC2
/// instance-level SLA 99.5 %, https://aws.amazon.com/compute/sla/, read 2026-12-01), so that one such instance
/// never meets a 99.9 % target on its own.
inline constexpr double noSlaReplicaAvailability = 0.99;
/// How often one instance of `provider` is assumed up for serving: the workload's inference.instance_availability
/// for it, else the provider's single-instance SLA (geography), else noSlaReplicaAvailability.
double instanceAvailability(const Workload& w, const std::string& provider, const Geography* geo);
/// The most GPUs one offering's instance may have: a rack-scale system (GB200 NVL72 has 72) with room to spare.
inline constexpr int maxGpusPerInstance = 1024;

/// Energy of a candidate over `hours` (DESIGN.md "Energy and carbon"): per GPU idle + (board − idle) ×
/// utilization, plus the host share, × PUE.
EnergyInfo energyFor(const Workload& w, const Candidate& c, double hours, std::optional<double> gridKgPerKwh,
    const std::string& gridSource);

/// Hours in a month of service (AWS and most providers bill 730 h per month: 8 760 h / 12).
inline constexpr double hoursPerMonth = 730.0;
/// A serving candidate that meets its latency targets across the estimate's 80 % range is recommended over a cheaper
/// one at risk when it costs at most this much more (issue "Plans an expert would sign": the stated 5 % rule).
inline constexpr double safeLatencyPremium = 0.05;

/// What a priced candidate pays, as a key: its price's model (the catalog's names: on_demand, spot, reserved, …), or
/// "on_demand+spot" for a mixed fleet (Pricing::mixed), or "reserved_host_default" for a marketplace's documented
/// default prepaid discount (hostDefaultOfferingClass). JSON pricing_model, the CLI table, the app and the PDF.
std::string pricingKey(const Pricing& p);

/// How spot capacity may serve this workload (constraints.spot): "allow", "burst_only" or "never"; unset, burst_only
/// for an availability target of 99.9 % or more (a zone's spot pool is reclaimed together, so spot replicas do not
/// fail independently), else allow. Training and batch: "allow".
std::string_view servingSpotPolicy(const Workload& w);

/// The one way to plan a workload, used by every front end. Unpinned and priced: every feasible deployment
/// across the offerings (offering × instance count × layout × price), dropping what does not fit or breaks a
/// constraint (listed in `excluded` with the reason), ranked by the objective, with the Pareto front of cost vs
/// time (training, batch) or cost vs p99 time to first token (serving), and for serving the hosted-API comparison and
/// MIG slices. Pinned ("hardware"): that deployment's estimate in `pinned`, priced on the offerings that have it.
/// Without prices: the smallest fitting count of every GPU model. Defaults the workload leaves out come from
/// `in.defaults`; calibration profiles from `in.calibrations`. Errors: an unknown output currency, no GPU
/// catalog, or `cancel` set while planning (Cancelled).
Result<Plan> planWorkload(const Workload& w, const PlanInputs& in, const CancelFlag* cancel = nullptr);

/// Whether an inference estimate meets the workload's TTFT/TPOT targets, and if not, why.
bool sloMet(const InferenceSpec& spec, const InferenceEstimate& e);
Message sloMiss(const InferenceSpec& spec, const InferenceEstimate& e);

/// The efficiency factors for a GPU: a calibration profile's when the workload carries one for it, else the
/// defaults; scaled by the workload's efficiencyScale (sensitivity analysis).
Efficiency efficiencyFor(const Workload& w, const GpuSpec& gpu, Precision compute);

/// The serving factors one GPU model runs with: a calibration fitted to a benchmark on this GPU, engine and model
/// family (its factors replace the shipped ones and were fitted against the datasheet efficiencies, so a probe
/// calibration does not apply on top), else efficiencyFor() with the shipped factors. `gpu` is the GPU as the
/// instance has it, `datasheet` the catalog's entry (what calibrations name).
struct ServingFactors
{
    std::shared_ptr<const ServingCalibration> calibration;
    Efficiency eff;
    ServingParams params;
};
ServingFactors servingFactors(const Workload& w, const GpuSpec& datasheet, const GpuSpec& gpu);

/// One candidate for a GPU model and count (the layout is searched unless pinned). Batch workloads scale
/// from `reference`, the GPU the job was measured on.
/// Serving: `replicaAvailability` is each replica's availability, for the redundancy an availability target
/// needs.
/// Where the GPUs of a candidate sit: `scaleUpDomain` GPUs share NVLink/NVSwitch (the GPUs of one instance, never
/// more than the GPU's own largest NVLink domain, gpus.json max_gpus: 8 for an HGX board, 72 for a GB200 NVL72
/// rack), and the instances talk over a network of `networkBytesPerSPerGpu` per GPU. 0: the datasheet's typical
/// server (gpus.json max_gpus and inter-node link).
struct InstanceTopology
{
    int scaleUpDomain = 0;
    double networkBytesPerSPerGpu = 0;
};

/// The instance network assumed where the catalog gives none: 100 Gbit/s per instance, the plain-Ethernet end of
/// the GPU instances' scale-out networks (AWS g5/g6: 25–100 Gbit/s, p4d/p5: 400–3200 Gbit/s EFA,
/// https://aws.amazon.com/ec2/instance-types/, read 2026-12-01). Conservative on purpose: training over many
/// instances of an unknown network is not promised InfiniBand speeds.
inline constexpr double defaultInstanceNetworkGbps = 100;

/// Tensor parallelism stays inside the scale-up domain; pipeline, data and expert parallelism across instances
/// pay the instance network. A serving replica too big for one domain is split over instances by pipeline stages
/// (TP inside, PP across), paying one network hop per stage boundary and token; a mixture of experts may also spread
/// one replica over 2, 4 or 8 domains by wide expert parallelism (attention data-parallel, the experts' all-to-all
/// over the instance network).
/// `sizeCapacity` false: a serving candidate's estimate without its fleet (planServingCapacity sizes it later, once
/// per replica availability, from the same estimate).
/// `replicaEstimates`: one plan's serving estimates of a single replica, by GPU, instance shape and layout. A
/// replica's estimate does not depend on how many replicas run beside it (only the fleet's throughput does), so the
/// fleet sizes a plan tries (1, 2, 4, … instances) and the offerings of one GPU share them; the map must serve one
/// workload only.
/// `smallerReplicas` (serving): also the candidates of the other layouts that meet the targets with fewer GPUs per
/// replica than the chosen one, best first — a fleet of the chosen replicas that the count cannot hold (availability
/// spares of a large replica) may fit in smaller ones.
struct ReplicaEstimates
{
    /// (datasheet GPU, NVLink domain, network bytes/s per GPU as the instance has them, layout of one replica)
    std::map<std::tuple<const GpuSpec*, int, double, InferenceLayout>, InferenceEstimate> byLayout;
};
Candidate evaluate(const Workload& w, const GpuSpec& gpu, int count, const HardwarePin* pin,
    const GpuSpec* reference = nullptr, double replicaAvailability = defaultReplicaAvailability,
    const InstanceTopology& topology = {}, bool sizeCapacity = true, ReplicaEstimates* replicaEstimates = nullptr,
    std::vector<Candidate>* smallerReplicas = nullptr);

/// The scale-up domains (instances) one wide expert-parallel serving replica may span, searched co-located
/// (evaluate()) and in disaggregated pools alike. Published wide-EP runs span 4 (DeepSeek's EP32 prefill on 8-GPU
/// nodes), 9 (SGLang's EP72 decode on H100) and 18 (DeepSeek's EP144 decode) nodes; the search stops at 8, a choice
/// that keeps each count's layout list short.
inline constexpr std::array<int, 3> wideExpertParallelSpans {2, 4, 8};

/// Whether a pinned expert-parallel degree `ep` can run on `count` GPUs of instances whose scale-up domain is `domain`
/// GPUs: whole experts on each rank (ep divides the experts and the count) in a replica inside the domain, or a wide
/// replica over 2, 4 or 8 whole domains (evaluate()'s layouts). Always true for a dense model or ep ≤ 1.
bool pinnedEpPlaceable(const ModelArch& m, int ep, int domain, int count);

/// Serving: sizes the fleet of `c` (an estimate from evaluate) for the workload's traffic, TTFT target and
/// availability target, each replica up with probability `replicaAvailability` (DESIGN.md "Capacity"): replicas by
/// M/M/c with the Erlang-C wait tail, spares by k-of-n, hourly replicas for a demand profile; `c` no longer fits when
/// the count it was estimated with cannot hold that fleet. Sets the month's wall and GPU-hours. `gpusPerInstance`
/// (0: one instance a replica): a replica that spans k instances is up with probability replicaAvailability^k.
void planServingCapacity(const Workload& w, Candidate& c, double replicaAvailability, int gpusPerInstance = 0);

} // namespace gpuplan::core
