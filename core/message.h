#pragma once
// User-visible messages as data: a stable id, an English text with %1 … %9 where the arguments go, and the
// arguments. The CLI and the JSON print the English text; the app and the PDF translate by id (every definition
// in message.cpp is marked for Qt's lupdate with the context "gpuplan::Messages"), so rewording a message can
// never silently lose its translation: tst_translations fails for any id without a Chinese text.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::core {

/// One kind of message.
struct MessageDef
{
    const char* id;   ///< stable, e.g. "json.must_be_positive"
    const char* text; ///< English, "%1" … "%9" for the arguments
};

struct Message;

/// An argument: plain text (a number, a name, a quoted value), or a message of its own, translated with it.
struct MessageArg
{
    std::string text;
    std::shared_ptr<const Message> message;
    MessageArg(std::string t);
    MessageArg(const char* t);
    MessageArg(Message m);
};

struct Message
{
    const MessageDef* def = nullptr;
    std::vector<MessageArg> args;

    Message() = default;
    Message(const MessageDef& d, std::vector<MessageArg> a = {});
    /// English, the arguments filled in (nested messages in English too).
    std::string text() const;
    /// The definition's id ("" for an empty message).
    std::string_view id() const;
    bool empty() const { return def == nullptr; }
};

/// Orders messages by definition, then argument by argument (text, then nested message), without formatting them:
/// negative, zero (the same message, so the same text in every language) or positive.
int compare(const Message& a, const Message& b);

/// Every definition: the translation coverage test walks this list.
const std::vector<const MessageDef*>& allMessages();
/// The definition with this id, or null.
const MessageDef* findMessage(std::string_view id);
/// `text` with %1 … %9 replaced by `args` (a placeholder without an argument stays as it is).
std::string fillArgs(std::string_view text, const std::vector<std::string>& args);

/// `v` with `decimals` digits after the point ("%.*f"), for message arguments.
std::string fixedText(double v, int decimals);
/// `v` rounded to a whole number with a comma every three digits ("100,503"), as the reports write amounts of money.
std::string groupedText(double v);

/// The texts of messages, in English.
std::vector<std::string> texts(const std::vector<Message>& messages);

// The definitions, grouped by where they are used. Keep every id stable: translations are found by it.
namespace msg {
// Disaggregated prefill and decode (workload.cpp, disaggregation.cpp, priced_plan.cpp)
extern const MessageDef disaggregationPinnedPools, disaggregationPoolsNeedPinned, poolTpDividesHeads,
    poolTpBeyondInstance, poolPrefill, poolDecode, noteDisaggregated, noteDisaggregatedWins, noteColocatedWins,
    noteNoDisaggregated, noteNoColocated, kvOverScaleUp, kvOverNetwork, kvOverInterRegion, kvEgressNotPriced,
    prefillPoolUnfit, decodePoolUnfit, assumeDisaggregated;
// JSON documents (json_reader.cpp) and the generic field checks
extern const MessageDef jsonEmpty, jsonSyntax, jsonInvalid, jsonTooDeep, jsonTooLong, jsonDuplicateKey, mustBeObject,
    required, mustBeNumber, mustBeFinite, mustBePositive, mustBeNonNegative, mustBeOpenFraction, mustBeFraction,
    mustBeIntegerRange, mustBeString, mustNotBeEmpty, mustBeBool, unknownField, unknownFieldDidYouMean, mustBeOneOf,
    mustBeOneOfDidYouMean, mustBeStringArray, mustBeNonEmptyString, mustBeArray, mustBeNonEmptyArray, unsupportedSchema,
    schemaMissing, numberOutOfRange;
// Workloads (workload.cpp)
extern const MessageDef wholeSequences, globalBatchBoth, headroomFraction, profileLength, lengthMixShares,
    lengthP99BelowMean, acceptedAboveDraft, speculativeNoDefault, draftModelRequired, loraResidentAboveAdapters,
    lengthMixBoth, lengthCsvColumn, lengthCsvValue, lengthCsvEmpty, lengthCsvNotRead, profileRate, profileEmpty,
    latitudeRange, longitudeRange, autoscalingNeedsTraffic, kindRequired, contextExceeded, boundRequired,
    sectionIgnored, countEqualsProduct, countMultipleOfProduct, ppExceedsLayers, pueRange, tokensValue, budgetValue,
    regionMatchesNothing, unknownProvider, unknownCountry, didYouMean, textTooLong, shardGroupNeedsZero3,
    shardGroupDivides, fp8RecipeIgnored, capacityFactorRange, moeFieldIgnored, epDividesExperts, epDividesDataRanks,
    etpDividesTp, dualPipeNeedsEvenPp, recomputeLayersRange, recomputeLayersNeedsFull;
// Catalog look-ups (gpu.cpp, model.cpp)
extern const MessageDef unknownGpu, unknownModel;
// Model architectures (model.cpp)
extern const MessageDef ffnRequired, headsDivideHidden, kvHeadsDivideHeads, expertsPerTokenRange, moeFfnRequired,
    denseLayersExceed, mlaFieldsRequired, activeExceedsTotal, duplicateModelId;
// Bundled data files (gpus.json, fx.json, …)
extern const MessageDef gpuNoPrecision, gpuIdleAboveTdp, gpuNameTaken, mustBeUsd, currencyCode, isoDate;
// The planner: why an offering was excluded, and the plan's notes
extern const MessageDef regionNotAllowed, countryNotAllowed, countryUnknown, precisionUnsupported, spotFleetDropped,
    gpuCountRange, fractionalGpu, noDatasheet, noPrice, pinnedNotWhole, quotaZero, missesDeadlineWithinQuota,
    doesNotFitOn, notFeasible, pricingNotAllowed, spotAboveOnDemand, spotAboveRegionOnDemand, spotBucketTooHigh,
    spotWithoutRate, onSpotCapacity, missesDeadlineBy, overBudget, networkExceedsTarget, noExchangeRate,
    doesNotFitNeeds, missesDeadlineEvenOn, noLayout, sloAtRisk, noteSloPreference, noteSloRiskRecommended,
    noteStrictSlo, noteExcludedCount, notePrunedTwins, noteRankedByTime, noteRankedByCarbon, noteRankedByCost,
    noteServingMonth, noteUsersUnknown, noteBudgetIgnored, noteRankedByGpus, noteRankedByWallTime, noteRankedByGpuHours,
    noteSpotOverhead, noteSpotOverheadAssumed, noteSpotManyInterruptions, spotBurstNoRoom, spotBurstNoOnDemand,
    noteMixedFleet, noteSpotServing, beyondQuota, unfitOnInstances, pinnedTpBeyondDomain, pinnedEpNotPlaceable,
    noteQuotaDefault, noteQuotaAws, noteQuotaGcp, noteQuotaAzure, noteCommitment, noteCommitmentBreakEven,
    notePricesOld, notePriceCheck, ruleOutlier, ruleSpotAboveOnDemand, ruleSpotNotCheaper, ruleLinearMultiGpu,
    ruleStale, ruleSourcesDisagree, ruleOther, checkOutlier, checkLinearMultiGpu, checkSpotAboveOnDemand,
    checkSpotAboveRegion, checkSpotEqualsRegion, checkStale, checkSourcesDisagree, noteHostDefault, noteFxOld,
    dataOwnRates, dataRates, dataNotPriced;
// Estimates: what would make a deployment fit, why it misses a target, what they assumed
extern const MessageDef fitConcurrency, fitTensorParallel, fitWeightPrecision, fitFp8Kv, fitLargerGpu, fitChangeFits,
    fitChangeStillTooMuch, fitMoreGpus, changeZero3, changeFullRecompute, changeMicroBatch1, changeTensorParallel,
    changePipelineParallel, changeLora, missesTpot, missesTtft, needsReplicas, prefillOverTtft, availabilityUnreachable,
    replicasBeyondLimit, batchNoFigure, assumeLora, assumeGlobalBatchRounded, assumePrecisionFallback, assumeGoodput,
    assumeKvShare, assumePipelineHops, assumePagedKv, assumeEngineMixed, assumeEngineSeparate, assumeEngineReserves,
    assumeEngineDefault, assumeReleasedPrecision, assumeMoeBalanced, assumeMxfp8NotNative, assumeGoodputShares,
    assumeSpeculation, speculationCosts, assumePrefixCache, assumeLoraServing, assumeLengthMix, assumeLengthMixSource;
// Calibration from a serving benchmark's results (serving_calibration.cpp) and what plans say about it
extern const MessageDef calibRunRate, calibRunConcurrency, calibRunBurst, calibStatMean, calibStatMedian,
    calibStatDerived, calibStatMeasured, calibOverloaded, calibSaturated, calibBeyondCapacity, calibDoesNotFit,
    calibNoLittle, calibNothingMeasured, noteServingCalibrated, noteServingCalibratedElsewhere;
} // namespace msg

} // namespace gpuplan::core
