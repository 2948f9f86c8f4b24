#include "message.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <functional>

// Qt's lupdate reads the QT_TRANSLATE_NOOP marks below into the app's translation file (context
// "gpuplan::Messages"); no Qt is needed to compile this file.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(context, text) text
#endif

namespace gpuplan::core {

MessageArg::MessageArg(std::string t)
    : text(std::move(t))
{ }

MessageArg::MessageArg(const char* t)
    : text(t)
{ }

MessageArg::MessageArg(Message m)
    : message(std::make_shared<const Message>(std::move(m)))
{ }

Message::Message(const MessageDef& d, std::vector<MessageArg> a)
    : def(&d)
    , args(std::move(a))
{ }

std::string Message::text() const
{
    if (!def)
        return {};
    std::vector<std::string> filled;
    filled.reserve(args.size());
    for (const auto& a : args)
        filled.push_back(a.message ? a.message->text() : a.text);
    return fillArgs(def->text, filled);
}

int compare(const Message& a, const Message& b)
{
    if (a.def != b.def)
        return std::less<const MessageDef*> {}(a.def, b.def) ? -1 : 1;
    if (a.args.size() != b.args.size())
        return a.args.size() < b.args.size() ? -1 : 1;
    for (std::size_t i = 0; i < a.args.size(); ++i) {
        const MessageArg &x = a.args[i], &y = b.args[i];
        if (const int t = x.text.compare(y.text))
            return t < 0 ? -1 : 1;
        if (!x.message || !y.message) {
            if (x.message || y.message)
                return x.message ? 1 : -1;
            continue;
        }
        if (const int m = compare(*x.message, *y.message))
            return m;
    }
    return 0;
}

std::string_view Message::id() const
{
    return def ? std::string_view(def->id) : std::string_view();
}

std::string fixedText(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

std::string groupedText(double v)
{
    std::string digits = fixedText(std::abs(v), 0);
    for (auto i = static_cast<std::ptrdiff_t>(digits.size()) - 3; i > 0; i -= 3)
        digits.insert(static_cast<std::size_t>(i), 1, ',');
    return (v < 0 && digits != "0" ? "-" : "") + digits;
}

std::string fillArgs(std::string_view text, const std::vector<std::string>& args)
{
    std::string out;
    out.reserve(text.size() + 16);
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '9') {
            const std::size_t n = static_cast<std::size_t>(text[i + 1] - '1');
            if (n < args.size()) {
                out += args[n];
                ++i;
                continue;
            }
        }
        out += text[i];
    }
    return out;
}

std::vector<std::string> texts(const std::vector<Message>& messages)
{
    std::vector<std::string> out;
    out.reserve(messages.size());
    for (const auto& m : messages)
        out.push_back(m.text());
    return out;
}

namespace msg {

// The definitions. Each line: the C++ name, the stable id, the English text (read by lupdate).
const MessageDef jsonEmpty {"json.empty", QT_TRANSLATE_NOOP("gpuplan::Messages", "empty file, expected a JSON object")};
const MessageDef jsonSyntax {"json.syntax", QT_TRANSLATE_NOOP("gpuplan::Messages", "not valid JSON at byte %1: %2")};
const MessageDef jsonInvalid {"json.invalid", QT_TRANSLATE_NOOP("gpuplan::Messages", "not valid JSON: %1")};
const MessageDef jsonTooDeep {"json.too_deep", QT_TRANSLATE_NOOP("gpuplan::Messages", "nests deeper than %1 levels")};
const MessageDef jsonTooLong {
    "json.too_long", QT_TRANSLATE_NOOP("gpuplan::Messages", "holds a text of %1 bytes, more than the %2 allowed")};
const MessageDef jsonDuplicateKey {
    "json.duplicate_key", QT_TRANSLATE_NOOP("gpuplan::Messages", "the field \"%1\" is given twice")};
const MessageDef mustBeObject {
    "json.must_be_object", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an object, got %1")};
const MessageDef required {"json.required", QT_TRANSLATE_NOOP("gpuplan::Messages", "is required")};
const MessageDef mustBeNumber {
    "json.must_be_number", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a number, got %1")};
const MessageDef mustBeFinite {
    "json.must_be_finite", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a finite number, got %1")};
const MessageDef mustBePositive {
    "json.must_be_positive", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a positive number, got %1")};
const MessageDef mustBeNonNegative {
    "json.must_be_non_negative", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be zero or positive, got %1")};
const MessageDef mustBeOpenFraction {"json.must_be_open_fraction",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a fraction between 0 and 1 (exclusive), got %1")};
const MessageDef mustBeFraction {
    "json.must_be_fraction", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a fraction between 0 and 1, got %1")};
const MessageDef mustBeIntegerRange {
    "json.must_be_integer_range", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an integer from %1 to %2, got %3")};
const MessageDef mustBeString {
    "json.must_be_string", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a string, got %1")};
const MessageDef mustNotBeEmpty {"json.must_not_be_empty", QT_TRANSLATE_NOOP("gpuplan::Messages", "must not be empty")};
const MessageDef mustBeBool {
    "json.must_be_bool", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be true or false, got %1")};
const MessageDef unknownField {"json.unknown_field", QT_TRANSLATE_NOOP("gpuplan::Messages", "unknown field, ignored")};
const MessageDef unknownFieldDidYouMean {
    "json.unknown_field_did_you_mean", QT_TRANSLATE_NOOP("gpuplan::Messages", "unknown field; did you mean \"%1\"?")};
const MessageDef mustBeOneOf {
    "json.must_be_one_of", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be one of %1, got %2")};
const MessageDef mustBeOneOfDidYouMean {"json.must_be_one_of_did_you_mean",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be one of %1, got %2; did you mean \"%3\"?")};
const MessageDef mustBeStringArray {
    "json.must_be_string_array", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an array of strings, got %1")};
const MessageDef mustBeNonEmptyString {
    "json.must_be_non_empty_string", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a non-empty string, got %1")};
const MessageDef mustBeArray {"json.must_be_array", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an array, got %1")};
const MessageDef mustBeNonEmptyArray {
    "json.must_be_non_empty_array", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a non-empty array, got %1")};
const MessageDef unsupportedSchema {"json.unsupported_schema",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "unsupported schema, expected \"%1\", got \"%2\"")};
const MessageDef schemaMissing {
    "json.schema_missing", QT_TRANSLATE_NOOP("gpuplan::Messages", "missing; assuming \"%1\"")};
const MessageDef numberOutOfRange {
    "json.number_out_of_range", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be at most %1, got %2")};

const MessageDef wholeSequences {
    "workload.whole_sequences", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a whole number of sequences, got %1")};
const MessageDef globalBatchBoth {"workload.global_batch_both",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "give global_batch or global_batch_tokens, not both")};
const MessageDef headroomFraction {"workload.headroom_fraction",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a fraction such as 0.2 (20 %), got %1")};
const MessageDef lengthMixShares {"workload.length_mix_shares",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "the buckets' shares must add up to 1 (within 0.001), they add up to %1")};
const MessageDef lengthP99BelowMean {"workload.length_p99_below_mean",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "p99 must be above the mean and at most 14.9 × it (a lognormal with that mean and 99th percentile), got "
        "mean %1 and p99 %2")};
const MessageDef acceptedAboveDraft {"workload.accepted_above_draft",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "must be from 1 to draft_tokens + 1 = %1 (the drafts accepted plus the target's own token), got %2")};
const MessageDef speculativeNoDefault {"workload.speculative_no_default",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "is required for method %1: no typical value could be cited (mtp has one: DeepSeek-V3's 85–90 % "
        "second-token acceptance)")};
const MessageDef draftModelRequired {"workload.draft_model_required",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "method draft needs draft_model, a model preset")};
const MessageDef lengthMixBoth {"workload.length_mix_both",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "give each length once: prompt_tokens and output_tokens, a length_mix, or a length_distribution (whose "
        "means may come from prompt_tokens and output_tokens)")};
const MessageDef lengthCsvColumn {"workload.length_csv_column",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no %1 column: expected one of %2; the header has %3")};
const MessageDef lengthCsvValue {"workload.length_csv_value",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "column %1: must be a whole number of tokens from 1 to 10000000, got %2")};
const MessageDef lengthCsvEmpty {"workload.length_csv_empty",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no requests: the file has a header and no rows")};
const MessageDef lengthCsvNotRead {"workload.length_csv_not_read",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "a CSV of request lengths is read when the workload is opened from its file (gpuplan-cli plan FILE, or Open "
        "in the app), which turns it into a length_mix; give the lengths here as a length_mix")};
const MessageDef loraResidentAboveAdapters {"workload.lora_resident_above_adapters",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be at most adapters (%1), got %2")};
const MessageDef profileLength {"workload.profile_length",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "must be 24 (hourly, one day) or 168 (hourly, one week) numbers of requests/s, got %1")};
const MessageDef profileRate {"workload.profile_rate",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be zero or a positive rate in requests/s, got %1")};
const MessageDef profileEmpty {
    "workload.profile_empty", QT_TRANSLATE_NOOP("gpuplan::Messages", "has no traffic: every hour is 0")};
const MessageDef latitudeRange {
    "workload.latitude_range", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be from -90 to 90, got %1")};
const MessageDef longitudeRange {
    "workload.longitude_range", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be from -180 to 180, got %1")};
const MessageDef autoscalingNeedsTraffic {"workload.autoscaling_needs_traffic",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "needs traffic: give requests_per_second or a profile")};
const MessageDef kindRequired {
    "workload.kind_required", QT_TRANSLATE_NOOP("gpuplan::Messages", "is required (training, inference or batch)")};
const MessageDef contextExceeded {"workload.context_exceeded",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "prompt + output = %1 tokens exceeds the model's context of %2")};
const MessageDef boundRequired {
    "workload.bound_required", QT_TRANSLATE_NOOP("gpuplan::Messages", "is required (fp64, fp32, tensor or memory)")};
const MessageDef sectionIgnored {
    "workload.section_ignored", QT_TRANSLATE_NOOP("gpuplan::Messages", "ignored: the workload's kind is %1")};
const MessageDef countEqualsProduct {"workload.count_equals_product",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must equal tp × pp × cp × dp = %1, got %2")};
const MessageDef countMultipleOfProduct {"workload.count_multiple_of_product",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a multiple of tp × pp × cp = %1, got %2")};
const MessageDef ppExceedsLayers {"workload.pp_exceeds_layers",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must not exceed the model's layers (%1), got %2")};
const MessageDef pueRange {"workload.pue_range",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be from 1.0 to 3.0 (power usage effectiveness), got %1")};
const MessageDef tokensValue {"workload.tokens_value",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "must be a positive number of tokens such as 3e11, \"300B\", \"2T\" or \"3000亿\", got %1")};
const MessageDef budgetValue {"workload.budget_value",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "must be a positive amount in USD, or {\"amount\": …, \"currency\": …}, got %1")};
const MessageDef regionMatchesNothing {"workload.region_matches_nothing",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "matches no region of the catalog, got %1; closest: %2")};
const MessageDef unknownProvider {"workload.unknown_provider",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no offering of the catalog is from this provider, got %1%2 (known: %3)")};
const MessageDef unknownCountry {"workload.unknown_country",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no offering of the catalog is in this country, got %1%2 (known: %3)")};
const MessageDef didYouMean {"workload.did_you_mean", QT_TRANSLATE_NOOP("gpuplan::Messages", "; did you mean \"%1\"?")};
const MessageDef textTooLong {
    "workload.text_too_long", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be at most %1 characters, got %2")};

const MessageDef shardGroupNeedsZero3 {"workload.shard_group_needs_zero3",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "needs zero_stage 3 (FSDP shards inside the group), got zero_stage %1")};
const MessageDef shardGroupDivides {"workload.shard_group_divides",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide the %1 data-parallel GPUs, got %2")};
const MessageDef fp8RecipeIgnored {
    "workload.fp8_recipe_ignored", QT_TRANSLATE_NOOP("gpuplan::Messages", "ignored: the precision is %1, not fp8")};
const MessageDef capacityFactorRange {"workload.capacity_factor_range",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be from 1 to 16 (a multiple of the balanced expert load), got %1")};
const MessageDef moeFieldIgnored {
    "workload.moe_field_ignored", QT_TRANSLATE_NOOP("gpuplan::Messages", "ignored: the model has no experts")};
const MessageDef epDividesExperts {"workload.ep_divides_experts",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide the model's %1 experts, got %2")};
const MessageDef epDividesDataRanks {"workload.ep_divides_data_ranks",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "must divide the %1 GPUs of a pipeline stage that hold the same expert slice (count ÷ pp ÷ etp), got %2")};
const MessageDef etpDividesTp {
    "workload.etp_divides_tp", QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide hardware.tp %1, got %2")};
const MessageDef dualPipeNeedsEvenPp {"workload.dualpipe_needs_even_pp",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "dualpipe needs an even pipeline degree of at least 2, got hardware.pp %1")};

const MessageDef recomputeLayersRange {"workload.recompute_layers_range",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be a share of the layers above 0 and at most 1, got %1")};
const MessageDef recomputeLayersNeedsFull {"workload.recompute_layers_needs_full",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "applies to full recompute, got recompute %1")};

const MessageDef unknownGpu {
    "catalog.unknown_gpu", QT_TRANSLATE_NOOP("gpuplan::Messages", "unknown GPU \"%1\"; closest known: %2")};
const MessageDef unknownModel {
    "catalog.unknown_model", QT_TRANSLATE_NOOP("gpuplan::Messages", "unknown model preset \"%1\"; closest known: %2")};

const MessageDef ffnRequired {
    "model.ffn_required", QT_TRANSLATE_NOOP("gpuplan::Messages", "is required (or give \"params\")")};
const MessageDef headsDivideHidden {"model.heads_divide_hidden",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide hidden (%1) or give head_dim, got %2")};
const MessageDef kvHeadsDivideHeads {
    "model.kv_heads_divide_heads", QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide heads (%1), got %2")};
const MessageDef expertsPerTokenRange {
    "model.experts_per_token_range", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be from 1 to experts (%1), got %2")};
const MessageDef moeFfnRequired {
    "model.moe_ffn_required", QT_TRANSLATE_NOOP("gpuplan::Messages", "is required for a mixture-of-experts model")};
const MessageDef denseLayersExceed {
    "model.dense_layers_exceed", QT_TRANSLATE_NOOP("gpuplan::Messages", "must not exceed layers (%1), got %2")};
const MessageDef mlaFieldsRequired {"model.mla_fields_required",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "latent attention also needs qk_rope_head_dim, qk_nope_head_dim, v_head_dim")};
const MessageDef activeExceedsTotal {
    "model.active_exceeds_total", QT_TRANSLATE_NOOP("gpuplan::Messages", "must not exceed params")};
const MessageDef duplicateModelId {
    "model.duplicate_id", QT_TRANSLATE_NOOP("gpuplan::Messages", "duplicate model id \"%1\"")};

const MessageDef gpuNoPrecision {
    "data.gpu_no_precision", QT_TRANSLATE_NOOP("gpuplan::Messages", "must give at least one precision")};
const MessageDef gpuIdleAboveTdp {
    "data.gpu_idle_above_tdp", QT_TRANSLATE_NOOP("gpuplan::Messages", "must not exceed tdp_w")};
const MessageDef gpuNameTaken {
    "data.gpu_name_taken", QT_TRANSLATE_NOOP("gpuplan::Messages", "name \"%1\" is already used by another GPU")};
const MessageDef mustBeUsd {"data.must_be_usd", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be \"USD\"")};
const MessageDef currencyCode {"data.currency_code",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an ISO 4217 code such as USD or CNY, got %1")};
const MessageDef isoDate {
    "data.iso_date", QT_TRANSLATE_NOOP("gpuplan::Messages", "must be an ISO 8601 date (YYYY-MM-DD), got %1")};

const MessageDef regionNotAllowed {
    "plan.region_not_allowed", QT_TRANSLATE_NOOP("gpuplan::Messages", "region %1 is not in the allowed regions")};
const MessageDef countryNotAllowed {
    "plan.country_not_allowed", QT_TRANSLATE_NOOP("gpuplan::Messages", "data residency: %1 is not an allowed country")};
const MessageDef countryUnknown {
    "plan.country_unknown", QT_TRANSLATE_NOOP("gpuplan::Messages", "data residency: the region's country is unknown")};
const MessageDef precisionUnsupported {"plan.precision_unsupported",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "no serving engine runs %1 weights on %2 (%3): FP8 needs Ada/Hopper or newer, or Turing/Ampere for dense "
        "models as weight-only FP8 (vLLM)")};
const MessageDef spotFleetDropped {"plan.spot_fleet_dropped",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot-only serving fleet dropped (constraints.spot: %1): a zone's spot pool is reclaimed together, so more "
        "spot replicas do not raise availability")};
const MessageDef gpuCountRange {"plan.gpu_count_range",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "broken catalog row: at most %1 GPUs per instance, got %2")};
const MessageDef fractionalGpu {
    "plan.fractional_gpu", QT_TRANSLATE_NOOP("gpuplan::Messages", "fractional GPU (%1 per instance): see shared GPUs")};
const MessageDef noDatasheet {
    "plan.no_datasheet", QT_TRANSLATE_NOOP("gpuplan::Messages", "no datasheet for GPU model \"%1\" in gpus.json")};
const MessageDef noPrice {"plan.no_price",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no public price (specs only): enter a quote with `catalog import`")};
const MessageDef pinnedNotWhole {"plan.pinned_not_whole",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "pinned %1 GPUs is not a whole number of %2-GPU instances")};
const MessageDef quotaZero {"plan.quota_zero", QT_TRANSLATE_NOOP("gpuplan::Messages", "instance quota for %1 is 0")};
const MessageDef missesDeadlineWithinQuota {"plan.misses_deadline_within_quota",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "misses the deadline even on %1 GPUs (quota %2 instances)")};
const MessageDef doesNotFitOn {"plan.does_not_fit_on",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "does not fit on %1 × %2: needs %3 GiB per GPU, has %4")};
const MessageDef notFeasible {"plan.not_feasible", QT_TRANSLATE_NOOP("gpuplan::Messages", "not feasible")};
const MessageDef pricingNotAllowed {
    "plan.pricing_not_allowed", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1 is not an allowed pricing model")};
const MessageDef spotAboveRegionOnDemand {"plan.spot_above_region_on_demand",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the spot price %1 %3/h in zone %4 is above the region's on-demand price %2 %3/h: on demand is cheaper there, "
        "so this spot price is not used")};
const MessageDef spotAboveOnDemand {"plan.spot_above_on_demand",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the spot price %1 %3/h is above this offering's on-demand price %2 %3/h: a contradiction in the catalog, "
        "not used (`gpuplan-cli catalog check` lists it)")};
const MessageDef spotBucketTooHigh {"plan.spot_bucket_too_high",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "spot interruption bucket %1 is above the allowed %2")};
const MessageDef spotWithoutRate {
    "plan.spot_without_rate", QT_TRANSLATE_NOOP("gpuplan::Messages", "spot price without an interruption rate")};
const MessageDef onSpotCapacity {
    "plan.on_spot_capacity", QT_TRANSLATE_NOOP("gpuplan::Messages", "on spot capacity: %1")};
const MessageDef missesDeadlineBy {"plan.misses_deadline_by",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "misses the deadline by %1 h (%2 h with spot interruptions)")};
const MessageDef overBudget {"plan.over_budget", QT_TRANSLATE_NOOP("gpuplan::Messages", "over budget by %1 USD")};
const MessageDef networkExceedsTarget {"plan.network_exceeds_target",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "network round trip %1 ms + TTFT %2 ms exceeds the %3 ms target")};
const MessageDef noExchangeRate {
    "plan.no_exchange_rate", QT_TRANSLATE_NOOP("gpuplan::Messages", "no exchange rate for \"%1\"")};
const MessageDef doesNotFitNeeds {
    "plan.does_not_fit_needs", QT_TRANSLATE_NOOP("gpuplan::Messages", "does not fit: needs %1 GiB per GPU, has %2")};
const MessageDef missesDeadlineEvenOn {"plan.misses_deadline_even_on",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "misses the deadline of %1 even on %2 GPUs (%3)")};
const MessageDef noLayout {"plan.no_layout", QT_TRANSLATE_NOOP("gpuplan::Messages", "no layout found")};
const MessageDef noteExcludedCount {"plan.note_excluded_count",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "%1 offering prices excluded in all; the %2 most relevant are listed")};
const MessageDef notePrunedTwins {"plan.note_pruned_twins",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 offering prices were not estimated: the same provider sells the same GPU model and count per instance, "
        "on the same pricing and terms, for less or the same elsewhere (%2 are priced)")};
const MessageDef notePricesOld {"plan.note_prices_old",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 of the %2 priced candidates use a price older than %3 days (the oldest: %4, as of %5, %6 days): check "
        "them with the provider or refresh the catalog before you commit")};
// catalog check's rules by name (catalog_check.cpp catalogRuleName)
const MessageDef ruleOutlier {"catalog.rule_outlier", QT_TRANSLATE_NOOP("gpuplan::Messages", "far from the median")};
const MessageDef ruleSpotAboveOnDemand {
    "catalog.rule_spot_above_on_demand", QT_TRANSLATE_NOOP("gpuplan::Messages", "spot above on-demand")};
const MessageDef ruleSpotNotCheaper {
    "catalog.rule_spot_not_cheaper", QT_TRANSLATE_NOOP("gpuplan::Messages", "spot not below the region's on-demand")};
const MessageDef ruleLinearMultiGpu {
    "catalog.rule_linear_multi_gpu", QT_TRANSLATE_NOOP("gpuplan::Messages", "exactly n × the 1-GPU price")};
const MessageDef ruleStale {"catalog.rule_stale", QT_TRANSLATE_NOOP("gpuplan::Messages", "older than %1 days")};
const MessageDef ruleSourcesDisagree {
    "catalog.rule_sources_disagree", QT_TRANSLATE_NOOP("gpuplan::Messages", "sources disagree")};
const MessageDef ruleOther {"catalog.rule_other", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1")};
// catalog check's findings (catalog_check.cpp): the figure that broke each rule
const MessageDef checkOutlier {"catalog.check_outlier",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 USD per GPU-hour is %2 × the median %3 of %4 on-demand %5 rows (rule: above %6 × or below 1/%6)")};
const MessageDef checkLinearMultiGpu {"catalog.check_linear_multi_gpu",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 %2/h is exactly %3 × the 1-GPU size's %4 and no second source prices the size so (a derived price, not "
        "the provider's list price?)")};
const MessageDef checkSpotAboveOnDemand {"catalog.check_spot_above_on_demand",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "spot %1 %2/h is above on-demand %3 for the same offering")};
const MessageDef checkSpotAboveRegion {"catalog.check_spot_above_region",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot %1 %2/h in %3 is above the region's on-demand %4 (the planner does not rank one above)")};
const MessageDef checkSpotEqualsRegion {"catalog.check_spot_equals_region",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot %1 %2/h in %3 is equal to the region's on-demand %4 (the planner does not rank one above)")};
const MessageDef checkStale {"catalog.check_stale",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "observed %1, %2 days before %3 (rule: older than %4 days)")};
const MessageDef checkSourcesDisagree {"catalog.check_sources_disagree",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "%1 %2/h here, %3 in %4 (observed %5): %6 % apart (rule: more than %7 % of the lower)")};
const MessageDef notePriceCheck {"plan.note_price_check",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the recommended price (%1) has a catalog-check warning, %2: %3. Check it with the provider before you commit "
        "(`gpuplan-cli catalog check` lists every finding)")};
const MessageDef noteHostDefault {"plan.note_host_default",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the recommended price is %1's documented default prepaid discount for %2 months (%3 % off on-demand); each "
        "host "
        "sets its own, and may offer none: check the machine's offer before you prepay")};
const MessageDef noteFxOld {"plan.note_fx_old",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the exchange rate of %1 is as of %2, %3 days old (more than %4): `gpuplan-cli catalog update --provider fx` "
        "fetches the ECB's current reference rates")};
const MessageDef noteRankedByTime {
    "plan.note_ranked_by_time", QT_TRANSLATE_NOOP("gpuplan::Messages", "ranked by time, then cost")};
const MessageDef noteRankedByCarbon {
    "plan.note_ranked_by_carbon", QT_TRANSLATE_NOOP("gpuplan::Messages", "ranked by emissions (kg CO2e), then cost")};
const MessageDef noteRankedByCost {
    "plan.note_ranked_by_cost", QT_TRANSLATE_NOOP("gpuplan::Messages", "ranked by cost (USD)")};
const MessageDef sloAtRisk {"plan.slo_at_risk",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "%1 %2 ms meets the %3 ms target, but the 80 % range reaches %4 ms: at risk")};
const MessageDef noteSloPreference {"plan.note_slo_preference",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "recommended: the cheapest candidate that meets the latency targets across its 80 % range, since it costs "
        "at most 5 % more than the cheapest (%1 % more); the cheaper ones are marked at risk")};
const MessageDef noteSloRiskRecommended {"plan.note_slo_risk_recommended",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the recommendation is at risk of missing a latency target (its 80 % range crosses it), and no candidate "
        "within 5 % of its cost meets the target across its range; constraints.strict_slo sizes every candidate to "
        "do so")};
const MessageDef noteStrictSlo {"plan.note_strict_slo",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "strict_slo: sized to meet the latency targets across the estimate's 80 % range, i.e. to the targets ÷ %1 "
        "(TPOT %2 ms, p99 TTFT %3 ms)")};
const MessageDef noteServingMonth {"plan.note_serving_month",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "serving costs are per 730-hour month of service")};
const MessageDef noteUsersUnknown {"plan.note_users_unknown",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "users_location \"%1\" is not a known location: network latency not checked")};
const MessageDef noteBudgetIgnored {
    "plan.note_budget_ignored", QT_TRANSLATE_NOOP("gpuplan::Messages", "budget ignored: %1")};
const MessageDef noteRankedByGpus {"plan.note_ranked_by_gpus",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "ranked by GPUs needed, then throughput (prices come from the catalog planner)")};
const MessageDef noteRankedByWallTime {
    "plan.note_ranked_by_wall_time", QT_TRANSLATE_NOOP("gpuplan::Messages", "ranked by wall time")};
const MessageDef noteRankedByGpuHours {"plan.note_ranked_by_gpu_hours",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "ranked by GPU-hours (a price-free proxy for cost)")};
const MessageDef spotBurstNoRoom {"plan.spot_burst_no_room",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "no spot burst (constraints.spot: %1): the on-demand base that meets the availability target alone fills "
        "all %2 instance(s), so the on-demand price is the whole fleet")};
const MessageDef spotBurstNoOnDemand {"plan.spot_burst_no_on_demand",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot-only serving fleet dropped (constraints.spot: %1): no on-demand price in %2 to run the on-demand base "
        "that must meet the availability target alone")};
const MessageDef noteMixedFleet {"plan.note_mixed_fleet",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "on-demand base of %1 instance(s) (%2 replica(s), %3 %4/h each) meets the availability target alone; %5 spot "
        "instance(s) carry the %6% headroom and count for no availability")};
const MessageDef noteSpotServing {"plan.note_spot_serving",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot: each instance is reclaimed about %1 times a month; a reclaimed replica is down until it restarts on "
        "new capacity")};
const MessageDef beyondQuota {"plan.beyond_quota",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "needs more than the instance quota of %1 (constraints.max_instances, or the plan default in Settings): %2")};
const MessageDef unfitOnInstances {
    "plan.unfit_on_instances", QT_TRANSLATE_NOOP("gpuplan::Messages", "on instances of %1 GPU(s): %2")};
const MessageDef noteQuotaDefault {"plan.note_quota_default",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "each offering may use at most %1 instances (an assumption: set constraints.max_instances per provider, or the "
        "default in Settings); providers set real quotas per account and region")};
const MessageDef noteQuotaAws {"plan.note_quota_aws",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "AWS quotas count vCPUs per region: the recommendation needs %1 in %2; an account's quota may be lower, so "
        "check Service Quotas before launching")};
const MessageDef noteQuotaGcp {"plan.note_quota_gcp",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "Google Cloud quotas count GPUs per model and region: the recommendation needs %1 %2 GPUs in %3 (quota "
        "metric NVIDIA_*_GPUS, PREEMPTIBLE_NVIDIA_*_GPUS for spot, and GPUS_ALL_REGIONS); check them before "
        "launching")};
const MessageDef noteQuotaAzure {"plan.note_quota_azure",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "Azure quotas count vCPUs per VM family and region: the recommendation needs %1 vCPUs of %2's family in %3 "
        "(Spot VMs count against the regional Spot vCPU quota); check them before launching")};
const MessageDef pinnedEpNotPlaceable {"plan.pinned_ep_not_placeable",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "hardware.ep %1 cannot run on instances of %2 GPUs: expert parallelism needs whole experts on every rank, ep "
        "GPUs inside one instance or over 2, 4 or 8 whole instances (wide expert parallelism), and a count it "
        "divides")};
const MessageDef pinnedTpBeyondDomain {"plan.pinned_tp_beyond_domain",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "hardware.tp %1 needs %1 GPUs on one NVLink domain; one instance here has %2 (tensor parallelism does not "
        "cross instances)")};
const MessageDef noteSpotOverhead {
    "plan.note_spot_overhead", QT_TRANSLATE_NOOP("gpuplan::Messages", "spot: +%1% time for interruptions")};
const MessageDef noteSpotManyInterruptions {"plan.note_spot_many_interruptions",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "spot: +%1% time for interruptions; about %2 interruptions expected over the job on %3 instances: plan for "
        "managed recovery (checkpoints and automatic restarts)")};
const MessageDef noteSpotOverheadAssumed {"plan.note_spot_overhead_assumed",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "spot: +%1% time for interruptions (interruption rate assumed)")};
const MessageDef noteCommitment {"plan.note_commitment",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "%1-month commitment: %2 %3 over the term, paid whether used or not")};
const MessageDef noteCommitmentBreakEven {"plan.note_commitment_break_even",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1-month commitment: %2 %3 over the term, paid whether used or not; cheaper than on-demand above %4 % "
        "utilization")};
const MessageDef dataOwnRates {
    "plan.data_own_rates", QT_TRANSLATE_NOOP("gpuplan::Messages", "storage and egress at the workload's own rates")};
const MessageDef dataRates {"plan.data_rates", QT_TRANSLATE_NOOP("gpuplan::Messages", "storage and egress: %1 (%2)")};
const MessageDef dataNotPriced {"plan.data_not_priced",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "storage and egress not priced: no bundled rate for %1 (give data.storage_price_per_gb_month and "
        "data.egress_price_per_gb)")};

const MessageDef fitConcurrency {"fit.concurrency",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "concurrency %1 needs more KV cache than fits; %2 sequences fit per replica")};
const MessageDef fitTensorParallel {
    "fit.tensor_parallel", QT_TRANSLATE_NOOP("gpuplan::Messages", "tensor parallel %1 (weights %2 per GPU)")};
const MessageDef fitWeightPrecision {
    "fit.weight_precision", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1 weights (%2 per GPU)")};
const MessageDef fitFp8Kv {"fit.fp8_kv", QT_TRANSLATE_NOOP("gpuplan::Messages", "fp8 KV cache (halves the KV memory)")};
const MessageDef fitLargerGpu {
    "fit.larger_gpu", QT_TRANSLATE_NOOP("gpuplan::Messages", "or a GPU with at least %1 of memory")};
const MessageDef fitChangeFits {"fit.change_fits", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1: %2 per GPU — fits")};
const MessageDef fitChangeStillTooMuch {
    "fit.change_still_too_much", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1: %2 per GPU — still too much")};
const MessageDef fitMoreGpus {"fit.more_gpus",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "more GPUs: the model states alone need at least %1 × %2 when sharded (ZeRO-3 or tensor × pipeline parallel)")};
const MessageDef changeZero3 {"fit.change_zero3",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "ZeRO-3 (shard weights, gradients and optimizer over %1 GPUs)")};
const MessageDef changeFullRecompute {
    "fit.change_full_recompute", QT_TRANSLATE_NOOP("gpuplan::Messages", "full activation recompute")};
const MessageDef changeMicroBatch1 {
    "fit.change_micro_batch_1", QT_TRANSLATE_NOOP("gpuplan::Messages", "micro-batch 1")};
const MessageDef changeTensorParallel {"fit.change_tensor_parallel",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "tensor parallel %1 with sequence parallelism (needs %2 GPUs at the same data parallelism)")};
const MessageDef changePipelineParallel {
    "fit.change_pipeline_parallel", QT_TRANSLATE_NOOP("gpuplan::Messages", "pipeline parallel %1 (needs %2 GPUs)")};
const MessageDef changeLora {"fit.change_lora",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "LoRA fine-tuning instead of full training (if that is the goal)")};
const MessageDef missesTpot {"slo.misses_tpot",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "misses the TPOT target: %1 ms per token at concurrency %2, target %3 ms")};
const MessageDef missesTtft {
    "slo.misses_ttft", QT_TRANSLATE_NOOP("gpuplan::Messages", "misses the TTFT target: %1 ms, target %2 ms")};
const MessageDef needsReplicas {"capacity.needs_replicas",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "needs %1 replicas (%2 GPUs) for %3 requests/s, has %4")};
const MessageDef prefillOverTtft {"capacity.prefill_over_ttft",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "prefill alone takes %1 ms, over the TTFT target")};
const MessageDef replicasBeyondLimit {"capacity.replicas_beyond_limit",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "needs more than %1 replicas (%2 sequences in flight): beyond what one plan covers; split the traffic")};
const MessageDef availabilityUnreachable {"capacity.availability_unreachable",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "availability target not reachable with replicas of this availability")};
const MessageDef batchNoFigure {
    "batch.no_figure", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1 has no published %2 figure")};
const MessageDef assumeLora {"assume.lora",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "LoRA/QLoRA: frozen weights need no weight gradients (4·N FLOPs per token, not 6·N)")};
const MessageDef assumeGlobalBatchRounded {"assume.global_batch_rounded",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "global batch rounded up to %1 micro-batches of %2 on each of %3 data-parallel ranks")};
const MessageDef assumePrecisionFallback {
    "assume.precision_fallback", QT_TRANSLATE_NOOP("gpuplan::Messages", "%1 has no %2 math; runs at its %3 rate")};
const MessageDef assumeGoodput {"assume.goodput",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "goodput %1%: failures at Llama 3's observed rate (2.19e-5 per GPU-hour), 15 min per restart, checkpoints at "
        "Young's interval")};
const MessageDef assumeKvShare {"assume.kv_share",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "KV cache gets 90% of GPU memory minus weights (vLLM default gpu_memory_utilization)")};
const MessageDef assumePipelineHops {"assume.pipeline_hops",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "pipeline stages on separate instances: %1 network hop(s) per token, %2 µs each plus the hidden states at %3 "
        "Gbit/s (an assumption); stages do not overlap")};
const MessageDef assumeEngineMixed {"assume.engine_mixed",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 batching: steps of up to %2 tokens shared by decodes and prefill chunks, at most %3 sequences at once (its "
        "defaults on this GPU; inference.max_num_batched_tokens and max_num_seqs change them)")};
const MessageDef assumeEngineSeparate {"assume.engine_separate",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 batching: prefill batches of up to %2 tokens between decode steps, as many sequences as the KV cache holds "
        "(its defaults on this GPU)")};
const MessageDef assumeEngineReserves {"assume.engine_reserves",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 admits a request only when the KV cache can hold its prompt and whole output (its default capacity "
        "scheduler, GUARANTEED_NO_EVICT): the sequences that fit are counted at their full length")};
const MessageDef assumeReleasedPrecision {"assume.released_precision",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "no inference.weight_precision given: the weights are served as %1 is released, %2 (experts %3); set "
        "inference.weight_precision to serve another format")};
const MessageDef assumeEngineDefault {"assume.engine_default",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "no inference.engine given: vLLM is assumed (vllm, sglang and trtllm batch differently and run kernels of "
        "different speed)")};
const MessageDef assumeMoeBalanced {"assume.moe_balanced",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "experts assumed evenly loaded (dropless; NVIDIA's published MoE benchmarks force balance); a learned router "
        "is slower by its imbalance: training.moe_capacity_factor bounds it")};
const MessageDef assumeMxfp8NotNative {"assume.mxfp8_not_native",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "MXFP8 needs Blackwell's block-scaled tensor cores; on %1 the block-wise recipe's cost is assumed")};
const MessageDef assumeGoodputShares {"assume.goodput_shares",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "of the GPU-hours: %1 % restarts after failures, %2 % work lost since the last checkpoint, %3 % checkpoint "
        "writes, %4 % stragglers and slow ranks")};
const MessageDef assumePagedKv {"assume.paged_kv",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "a sequence holds prompt + output/2 tokens of KV on average (paged attention)")};
const MessageDef assumeSpeculation {"assume.speculation",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "speculative decoding (%1): %2 draft token(s) a step, %3 tokens out of a step on average; the draft's runs, "
        "weights and KV and the target's verification are charged; %4× the throughput of plain decoding here, and it "
        "raises throughput up to %5 sequences per replica")};
const MessageDef speculationCosts {"assume.speculation_costs",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "at %1 sequences per replica speculative decoding costs more than it saves (%2× the throughput of plain "
        "decoding: verifying drafts makes large batches compute-bound); it pays only up to %3 sequences")};
const MessageDef assumePrefixCache {"assume.prefix_cache",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "prefix caching: %1 % of requests find their first %2 prompt tokens cached and skip their prefill (one "
        "shared prefix, its KV kept once per GPU); %3 % of prompt tokens are prefilled")};
const MessageDef assumeLoraServing {"assume.lora_serving",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 LoRA adapters of rank %2 (%3 MiB each, 16-bit), %4 kept in GPU memory; with every adapter equally popular "
        "%5 % of requests wait %6 ms for theirs over PCIe (25 GB/s assumed); a step reads each distinct adapter it "
        "carries and spends %7 ms more in the LoRA kernels (16 µs per adapted projection and layer, measured on vLLM "
        "0.5.0 with one adapter against none)")};
const MessageDef assumeLengthMix {"assume.length_mix",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "request lengths from a mix of %1 buckets (mean prompt %2, mean output %3 tokens): KV memory and throughput "
        "from the mix, p99 TTFT and end-to-end latency from its longest requests")};
const MessageDef assumeLengthMixSource {"assume.length_mix_source",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the length mix is the %2 requests of %1 (prompt column %3, output column %4): each side's lengths cut at "
        "their "
        "quartiles, 90th and 99th percentiles, each bucket at the mean lengths of its requests")};

const MessageDef calibRunRate {"calibration.run_rate", QT_TRANSLATE_NOOP("gpuplan::Messages", "request rate %1/s")};
const MessageDef calibRunConcurrency {
    "calibration.run_concurrency", QT_TRANSLATE_NOOP("gpuplan::Messages", "concurrency %1")};
const MessageDef calibRunBurst {
    "calibration.run_burst", QT_TRANSLATE_NOOP("gpuplan::Messages", "all %1 requests at once")};
const MessageDef calibStatMean {"calibration.stat_mean", QT_TRANSLATE_NOOP("gpuplan::Messages", "mean")};
const MessageDef calibStatMedian {"calibration.stat_median", QT_TRANSLATE_NOOP("gpuplan::Messages", "median")};
const MessageDef calibStatDerived {"calibration.stat_derived",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "mean, from the mean end-to-end latency less TTFT over output tokens − 1")};
const MessageDef calibStatMeasured {"calibration.stat_measured", QT_TRANSLATE_NOOP("gpuplan::Messages", "measured")};
const MessageDef calibOverloaded {"calibration.overloaded",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "overloaded: the server delivered %1% of the %2 output tokens/s offered, so its queue grew through the run and "
        "there is no steady state to compare with")};
const MessageDef calibSaturated {"calibration.saturated",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "at saturation: the run offered %1 output tokens/s, %2% of the %3 the calibrated model says the deployment "
        "delivers at most; so close to capacity a queue does not settle within a run, and there is no steady state "
        "to compare with")};
const MessageDef calibBeyondCapacity {"calibration.beyond_capacity",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 requests in flight per replica are more than the %2 the model holds at once (KV cache or the engine's "
        "cap); the rest wait in a queue the model does not follow")};
const MessageDef calibDoesNotFit {"calibration.does_not_fit",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "the model does not fit on one replica at this prompt and output length")};
const MessageDef calibNoLittle {"calibration.no_e2e",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "no mean end-to-end latency (nor mean TTFT and TPOT) to find the requests in flight by Little's law")};
const MessageDef calibNothingMeasured {"calibration.nothing_measured",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no TTFT, TPOT or throughput to compare with")};
const MessageDef noteServingCalibrated {"plan.serving_calibrated",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "serving on %1 with %2 for %3 models uses factors fitted to %4 (%5, imported %6); other GPUs, model families "
        "and engines keep the shipped factors")};
const MessageDef noteServingCalibratedElsewhere {"plan.serving_calibrated_elsewhere",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "serving calibrations are stored for %1, not for this model family and engine on the GPUs planned here: the "
        "shipped factors apply")};

const MessageDef disaggregationPinnedPools {"workload.disaggregation_pinned_pools",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "mode pinned needs both pools: \"prefill\": {\"replicas\": …, \"tp\": …} and \"decode\": {…}")};
const MessageDef disaggregationPoolsNeedPinned {"workload.disaggregation_pools_need_pinned",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "is given only with mode pinned (auto searches the pools)")};
const MessageDef poolTpDividesHeads {"workload.pool_tp_divides_heads",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "must divide the model's %1 attention heads, got %2")};
const MessageDef poolTpBeyondInstance {"plan.pool_tp_beyond_instance",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "the pinned %1 pool's tp %2 needs %2 GPUs in one instance; this instance has %3 (a pool's replica stays inside "
        "one instance)")};
// The pools' names inside other messages ("the pinned prefill pool's tp …"), translated with them.
const MessageDef poolPrefill {"plan.pool_prefill", QT_TRANSLATE_NOOP("gpuplan::Messages", "prefill")};
const MessageDef poolDecode {"plan.pool_decode", QT_TRANSLATE_NOOP("gpuplan::Messages", "decode")};
const MessageDef noteDisaggregated {"plan.note_disaggregated",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "disaggregated prefill and decode: %1 pairings of separate pools priced, %2 dominated pairings pruned before "
        "estimation; each pool is sized for the peak rate (not autoscaled) on on-demand or committed prices (spot "
        "capacity is not used for a pool), and meets the square root of the availability target, so that both up "
        "together meet it")};
const MessageDef noteDisaggregatedWins {"plan.note_disaggregated_wins",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "disaggregated wins: %1 costs %2 a month against %3 for the best co-located plan (%4), %5 % less, and meets "
        "the targets (p99 TTFT %6 ms, TPOT %7 ms): decode runs without prefill chunks in its steps, so it batches "
        "more sequences within the TPOT target")};
const MessageDef noteColocatedWins {"plan.note_colocated_wins",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "co-located wins: %1 costs %2 a month against %3 for the best disaggregated plan (%4), %5 % less: at this "
        "traffic and these lengths separate pools do not batch enough more to pay for a second pool and the KV "
        "transfer")};
const MessageDef noteNoDisaggregated {"plan.note_no_disaggregated",
    QT_TRANSLATE_NOOP("gpuplan::Messages", "no disaggregated layout meets the targets: %1")};
const MessageDef noteNoColocated {"plan.note_no_colocated",
    QT_TRANSLATE_NOOP(
        "gpuplan::Messages", "no co-located plan meets the targets; the disaggregated ones do (best: %1, %2 a month)")};
const MessageDef kvOverScaleUp {"plan.kv_over_scale_up",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "each prompt's KV cache (%1 MB) goes from the prefill to the decode GPUs over NVLink inside one instance at "
        "%2 GB/s: %3 ms inside TTFT")};
const MessageDef kvOverNetwork {"plan.kv_over_network",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "each prompt's KV cache (%1 MB) goes from the prefill to the decode instances over the instance network at "
        "%2 GB/s (the prefill replica's GPUs' share of it): %3 ms inside TTFT")};
const MessageDef kvOverInterRegion {"plan.kv_over_inter_region",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "each prompt's KV cache (%1 MB) crosses from %2 to %3 at an assumed %4 GB/s with a %5 ms round trip: %6 ms "
        "inside TTFT, and %7 of internet egress a month")};
const MessageDef kvEgressNotPriced {"plan.kv_egress_not_priced",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "%1 has no internet egress rate in pricing-data/storage.json: the KV cache sent to the other region is not "
        "priced (the plan's cost leaves it out)")};
const MessageDef prefillPoolUnfit {
    "plan.prefill_pool_unfit", QT_TRANSLATE_NOOP("gpuplan::Messages", "prefill pool: %1")};
const MessageDef decodePoolUnfit {"plan.decode_pool_unfit", QT_TRANSLATE_NOOP("gpuplan::Messages", "decode pool: %1")};
const MessageDef assumeDisaggregated {"inference.assume_disaggregated",
    QT_TRANSLATE_NOOP("gpuplan::Messages",
        "prefill and decode in separate pools: a prefill replica runs %1 prompt(s) a step (%2 ms), a decode replica "
        "%3 sequences at %4 ms per token with no prefill in its steps; p99 TTFT = the prefill queue's p99 wait + "
        "prefill + KV transfer + the decode queue's p99 wait + one decode step (a sum of p99s, an upper bound); "
        "speculative decoding, LoRA and the length mix's tails are not modelled for separate pools")};

} // namespace msg

const std::vector<const MessageDef*>& allMessages()
{
    using namespace msg;
    static const std::vector<const MessageDef*> all = {&jsonEmpty, &jsonSyntax, &jsonInvalid, &jsonTooDeep,
        &jsonTooLong, &jsonDuplicateKey, &mustBeObject, &required, &mustBeNumber, &mustBeFinite, &mustBePositive,
        &mustBeNonNegative, &mustBeOpenFraction, &mustBeFraction, &mustBeIntegerRange, &mustBeString, &mustNotBeEmpty,
        &mustBeBool, &unknownField, &unknownFieldDidYouMean, &mustBeOneOf, &mustBeOneOfDidYouMean, &mustBeStringArray,
        &mustBeNonEmptyString, &mustBeArray, &mustBeNonEmptyArray, &unsupportedSchema, &schemaMissing,
        &numberOutOfRange, &wholeSequences, &globalBatchBoth, &headroomFraction, &profileLength, &lengthMixShares,
        &lengthCsvColumn, &lengthCsvValue, &lengthCsvEmpty, &lengthCsvNotRead, &lengthP99BelowMean, &acceptedAboveDraft,
        &speculativeNoDefault, &draftModelRequired, &loraResidentAboveAdapters, &lengthMixBoth, &profileRate,
        &profileEmpty, &latitudeRange, &longitudeRange, &autoscalingNeedsTraffic, &kindRequired, &contextExceeded,
        &boundRequired, &sectionIgnored, &countEqualsProduct, &countMultipleOfProduct, &ppExceedsLayers, &pueRange,
        &tokensValue, &budgetValue, &regionMatchesNothing, &unknownProvider, &unknownCountry, &didYouMean, &textTooLong,
        &shardGroupNeedsZero3, &shardGroupDivides, &fp8RecipeIgnored, &capacityFactorRange, &moeFieldIgnored,
        &epDividesExperts, &epDividesDataRanks, &etpDividesTp, &dualPipeNeedsEvenPp, &recomputeLayersRange,
        &recomputeLayersNeedsFull, &unknownGpu, &unknownModel, &ffnRequired, &headsDivideHidden, &kvHeadsDivideHeads,
        &expertsPerTokenRange, &moeFfnRequired, &denseLayersExceed, &mlaFieldsRequired, &activeExceedsTotal,
        &duplicateModelId, &gpuNoPrecision, &gpuIdleAboveTdp, &gpuNameTaken, &mustBeUsd, &currencyCode, &isoDate,
        &regionNotAllowed, &countryNotAllowed, &countryUnknown, &precisionUnsupported, &spotFleetDropped,
        &gpuCountRange, &fractionalGpu, &noDatasheet, &noPrice, &pinnedNotWhole, &quotaZero, &missesDeadlineWithinQuota,
        &doesNotFitOn, &notFeasible, &pricingNotAllowed, &spotAboveOnDemand, &spotAboveRegionOnDemand,
        &spotBucketTooHigh, &spotWithoutRate, &onSpotCapacity, &missesDeadlineBy, &overBudget, &networkExceedsTarget,
        &noExchangeRate, &doesNotFitNeeds, &missesDeadlineEvenOn, &noLayout, &noteExcludedCount, &notePrunedTwins,
        &noteRankedByTime, &noteRankedByCarbon, &noteRankedByCost, &notePricesOld, &notePriceCheck, &ruleOutlier,
        &ruleSpotAboveOnDemand, &ruleSpotNotCheaper, &ruleLinearMultiGpu, &ruleStale, &ruleSourcesDisagree, &ruleOther,
        &checkOutlier, &checkLinearMultiGpu, &checkSpotAboveOnDemand, &checkSpotAboveRegion, &checkSpotEqualsRegion,
        &checkStale, &checkSourcesDisagree, &noteHostDefault, &noteFxOld, &sloAtRisk, &noteSloPreference,
        &noteSloRiskRecommended, &noteStrictSlo, &noteServingMonth, &noteUsersUnknown, &noteBudgetIgnored,
        &noteRankedByGpus, &noteRankedByWallTime, &noteRankedByGpuHours, &noteSpotOverhead, &noteSpotOverheadAssumed,
        &noteSpotManyInterruptions, &spotBurstNoRoom, &spotBurstNoOnDemand, &noteMixedFleet, &noteSpotServing,
        &beyondQuota, &unfitOnInstances, &pinnedTpBeyondDomain, &pinnedEpNotPlaceable, &noteQuotaDefault, &noteQuotaAws,
        &noteQuotaGcp, &noteQuotaAzure, &noteCommitment, &noteCommitmentBreakEven, &dataOwnRates, &dataRates,
        &dataNotPriced, &fitConcurrency, &fitTensorParallel, &fitWeightPrecision, &fitFp8Kv, &fitLargerGpu,
        &fitChangeFits, &fitChangeStillTooMuch, &fitMoreGpus, &changeZero3, &changeFullRecompute, &changeMicroBatch1,
        &changeTensorParallel, &changePipelineParallel, &changeLora, &missesTpot, &missesTtft, &needsReplicas,
        &prefillOverTtft, &replicasBeyondLimit, &availabilityUnreachable, &batchNoFigure, &assumeLora,
        &assumeGlobalBatchRounded, &assumePrecisionFallback, &assumeGoodput, &assumeKvShare, &assumePipelineHops,
        &assumePagedKv, &assumeEngineMixed, &assumeEngineSeparate, &assumeEngineReserves, &assumeEngineDefault,
        &assumeReleasedPrecision, &assumeMoeBalanced, &assumeSpeculation, &speculationCosts, &assumePrefixCache,
        &assumeLoraServing, &assumeLengthMix, &assumeLengthMixSource, &assumeMxfp8NotNative, &assumeGoodputShares,
        // calibration from a serving benchmark's results
        &calibRunRate, &calibRunConcurrency, &calibRunBurst, &calibStatMean, &calibStatMedian, &calibStatDerived,
        &calibStatMeasured, &calibOverloaded, &calibSaturated, &calibBeyondCapacity, &calibDoesNotFit, &calibNoLittle,
        &calibNothingMeasured, &noteServingCalibrated, &noteServingCalibratedElsewhere,
        // disaggregated prefill and decode
        &disaggregationPinnedPools, &disaggregationPoolsNeedPinned, &poolTpDividesHeads, &poolTpBeyondInstance,
        &poolPrefill, &poolDecode, &noteDisaggregated, &noteDisaggregatedWins, &noteColocatedWins, &noteNoDisaggregated,
        &noteNoColocated, &kvOverScaleUp, &kvOverNetwork, &kvOverInterRegion, &kvEgressNotPriced, &prefillPoolUnfit,
        &decodePoolUnfit, &assumeDisaggregated};
    return all;
}

const MessageDef* findMessage(std::string_view id)
{
    for (const MessageDef* d : allMessages())
        if (id == d->id)
            return d;
    return nullptr;
}

} // namespace gpuplan::core
