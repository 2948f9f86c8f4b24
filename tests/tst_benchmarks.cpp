// The serving-benchmark result readers (providers/calibration): each format read from a real published file
// (tests/data/calibration, provenance in its READMEs), with the figures checked against the file's own numbers
// (means worked out below from its totals), and bad input — a truncated file, a missing field, a file of another
// format, runs that measured nothing — refused with a message naming the file, the field and the value.
// What would make this fail: a reader that takes a field from the wrong key, divides by the wrong count, accepts the
// zeros of a failed run as measurements, or loses the bare `Infinity` of SGLang's files.
#include "providers/calibration/common.h"
#include "providers/calibration/registry.h"
#include "testutil.h"

#include <cmath>
#include <limits>

using namespace gpuplan;

namespace {

std::string data(const std::string& path)
{
    return test::readFile(std::string(GPUPLAN_TEST_DATA "/calibration/") + path);
}

core::BenchmarkFile read(const std::string& path, const char* format)
{
    const auto slash = path.find_last_of('/');
    auto f = benchmarks::readBenchmarkFile(data(path), path.substr(slash + 1), format);
    if (!f)
        qFatal("%s", f.error().detail.c_str());
    return std::move(f).value();
}

bool near(double a, double b, double rel = 1e-9)
{
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

const char* const sglang70b = "sglang/datacrunch_h200_llama_3_3_70b_online_output.jsonl";
const char* const sglangOffline = "sglang/datacrunch_h200_llama_3_3_70b_offline_output.jsonl";
const char* const vllmLines = "vllm/benchmark_serving/nerdalert-llmd-l40s-results.json";
const char* const vllmFailed17
    = "vllm/benchmark_serving/amd-meta-vllm-no-rpc-1000.0qps-Llama-3.1-405B-FP8-20241116-152727.json";
const char* const vllmConc64 = "vllm/bench_serve/1p3d_conc64_in2048_out2048_20250914_014738.json";
const char* const vllm0251 = "vllm/bench_serve/bench_serve_v0.25.1.json";
const char* const vllmAllFailed = "vllm/bench_serve/bench_serve_all_requests_failed_v0.25.1.json";
const char* const aiperfJsonFile = "aiperf/kimi-k2.5-mi355x-conc16/profile_export_aiperf.json";
const char* const aiperfCsvFile = "aiperf/kimi-k2.5-mi355x-conc16/profile_export_aiperf.csv";
const char* const aiperfQwenCsv = "aiperf/qwen3-4b-rtxpro4500-conc64-transcribed/profile_export_aiperf.csv";

} // namespace

class TestBenchmarks : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void sglangSweep();
    void sglangInfinity();
    void vllmJsonLines();
    void vllmBenchServe();
    void aiperfJson();
    void aiperfCsv();
    void aiperfCsvWithoutInputLengths();
    void someFailedRequestsWarn();
    void quotesNonFiniteTokens();
    void guessesEachFormat_data();
    void guessesEachFormat();
    void badInput_data();
    void badInput();
};

void TestBenchmarks::sglangSweep()
{
    const auto f = read(sglang70b, "sglang");
    QCOMPARE(f.format, std::string("sglang"));
    QCOMPARE(f.runs.size(), std::size_t(7)); // request rates 1, 2, 4, 8, 16 (random) and 4, 8 (ShareGPT)
    const auto& r = f.runs[0];
    QCOMPARE(r.where, std::string("datacrunch_h200_llama_3_3_70b_online_output.jsonl:1"));
    QCOMPARE(r.engine, std::string("sglang"));
    QCOMPARE(*r.requestRate, 1.0);
    QVERIFY(!r.maxConcurrency); // "max_concurrency": null
    QCOMPARE(r.completed, 300);
    QVERIFY(near(*r.promptTokens, 152612.0 / 300)); // total_input_tokens / completed = 508.71
    QVERIFY(near(r.outputTokens, 160347.0 / 300));  // 534.49
    QVERIFY(near(*r.ttftMs.median, 85.74514742940664));
    QVERIFY(!r.ttftMs.mean); // the short key set of sglang 0.3–0.4 has no mean TTFT
    QVERIFY(near(*r.e2eMs.mean, 7840.616212638561));
    QVERIFY(near(*r.itlMs.median, 13.638956006616354));
    QVERIFY(near(r.outputTokensPerS, 537.4142851849319));
    QVERIFY(near(r.durationS, 298.3675805060193));
    // random_range_ratio 0: lengths drawn from 1 to 1024, so they vary; the ShareGPT lines say sharegpt.
    QCOMPARE(r.dataset, std::string("random (lengths vary)"));
    QCOMPARE(f.runs[5].dataset, std::string("sharegpt"));
    QCOMPARE(*f.runs[4].requestRate, 16.0);
    QVERIFY(f.warnings.empty());
}

void TestBenchmarks::sglangInfinity()
{
    // Every line of the offline file has the bare token `"request_rate": Infinity` (Python's json for inf).
    const auto f = read(sglangOffline, "sglang");
    QCOMPARE(f.runs.size(), std::size_t(7));
    for (const auto& r : f.runs)
        QVERIFY(std::isinf(*r.requestRate));
    QCOMPARE(f.runs[0].completed, 3000);
    QVERIFY(near(f.runs[0].outputTokens, 1544818.0 / 3000)); // 514.94
}

void TestBenchmarks::vllmJsonLines()
{
    // Nine results appended as JSON Lines to one ".json", --metadata keys merged in as strings.
    const auto f = read(vllmLines, "vllm");
    QCOMPARE(f.runs.size(), std::size_t(9));
    const auto& first = f.runs[0];
    QCOMPARE(first.where, std::string("nerdalert-llmd-l40s-results.json:1"));
    QCOMPARE(*first.requestRate, 10.0);
    QCOMPARE(first.completed, 300);
    QCOMPARE(first.failed, 0);                            // num_prompts 300 = completed
    QVERIFY(near(*first.promptTokens, 999.0));            // 299700 / 300
    QVERIFY(near(first.outputTokens, 80945.0 / 300));     // 269.82: no --ignore-eos, far below the nominal 500
    QVERIFY(near(*first.ttftMs.mean, 54.59561144333596)); // mean_ttft_ms
    QVERIFY(near(*first.tpotMs.mean, 13.710971568239172));
    QVERIFY(near(first.outputTokensPerS, 2258.212337970085));
    QCOMPARE(first.model, std::string("meta-llama/Llama-3.2-3B-Instruct"));
    // The third line's "request_rate": "inf" (a string).
    QVERIFY(std::isinf(*f.runs[2].requestRate));
    QCOMPARE(f.runs[2].completed, 900);
    QVERIFY(near(f.runs[2].outputTokens, 240165.0 / 900)); // 266.85
}

void TestBenchmarks::vllmBenchServe()
{
    const auto f = read(vllmConc64, "vllm");
    QCOMPARE(f.runs.size(), std::size_t(1));
    const auto& r = f.runs[0];
    QCOMPARE(r.where, std::string("1p3d_conc64_in2048_out2048_20250914_014738.json"));
    QVERIFY(std::isinf(*r.requestRate));
    QCOMPARE(*r.maxConcurrency, 64);
    QCOMPARE(r.completed, 500);
    QVERIFY(near(*r.promptTokens, 1023101.0 / 500)); // 2046.2
    QVERIFY(near(r.outputTokens, 351725.0 / 500));   // 703.45
    QVERIFY(near(*r.ttftMs.mean, 239.4557174639831));
    QVERIFY(near(*r.ttftMs.median, 208.7672179998208));
    QVERIFY(near(*r.tpotMs.mean, 9.264252410640491));
    QVERIFY(near(*r.requestsPerS, 9.265318155527194));
    QVERIFY(r.engine.empty()); // this version writes endpoint_type, not backend

    // vLLM 0.25.1: pretty-printed, `failed` and `backend` beside endpoint_type.
    const auto v = read(vllm0251, "vllm");
    QCOMPARE(v.runs.size(), std::size_t(1));
    QCOMPARE(*v.runs[0].maxConcurrency, 2);
    QCOMPARE(v.runs[0].completed, 8);
    QCOMPARE(v.runs[0].failed, 0);
    QVERIFY(near(v.runs[0].outputTokens, 16.0)); // 128 / 8
    QCOMPARE(v.runs[0].engine, std::string("vllm"));
}

void TestBenchmarks::aiperfJson()
{
    const auto f = read(aiperfJsonFile, "aiperf");
    QCOMPARE(f.format, std::string("aiperf"));
    QCOMPARE(f.runs.size(), std::size_t(1));
    const auto& r = f.runs[0];
    QCOMPARE(*r.maxConcurrency, 16); // input_config.loadgen.concurrency (AIPerf 0.8)
    QVERIFY(!r.requestRate);
    QCOMPARE(r.completed, 565); // request_count.avg
    QCOMPARE(r.failed, 0);
    QVERIFY(near(*r.promptTokens, 91406.2831858407)); // input_sequence_length.avg
    QVERIFY(near(r.outputTokens, 916.4300884955752));
    QVERIFY(near(*r.ttftMs.mean, 4419.561542863717));
    QVERIFY(near(*r.ttftMs.median, 1557.01012));
    QVERIFY(near(*r.tpotMs.mean, 36.66149645953243)); // inter_token_latency: AIPerf's per-request TPOT
    QVERIFY(near(*r.e2eMs.mean, 35060.769286541596));
    QVERIFY(near(r.outputTokensPerS, 283.8835068938874));
    QVERIFY(near(r.durationS, 1823.9277288960002));
    QCOMPARE(r.model, std::string("amd/Kimi-K2.5-MXFP4"));
    QCOMPARE(r.dataset, std::string("semianalysis_cc_traces_weka_with_subagents_060226_256k"));
}

void TestBenchmarks::aiperfCsv()
{
    // The same run's CSV: the same figures to the CSV's two decimals; no concurrency in a CSV.
    const auto f = read(aiperfCsvFile, "aiperf");
    QCOMPARE(f.runs.size(), std::size_t(1));
    const auto& r = f.runs[0];
    QCOMPARE(r.completed, 565);
    QCOMPARE(*r.ttftMs.mean, 4419.56);
    QCOMPARE(*r.ttftMs.median, 1557.01);
    QCOMPARE(*r.tpotMs.mean, 36.66);
    QCOMPARE(*r.tpotMs.median, 29.00);
    QCOMPARE(*r.e2eMs.mean, 35060.77);
    QCOMPARE(r.outputTokens, 916.43);
    QCOMPARE(*r.promptTokens, 91406.28);
    QCOMPARE(r.outputTokensPerS, 283.88);
    QCOMPARE(*r.requestsPerS, 0.31);
    QCOMPARE(r.durationS, 1823.93);
    QVERIFY(!r.maxConcurrency && !r.requestRate);
}

void TestBenchmarks::aiperfCsvWithoutInputLengths()
{
    // AIPerf 0.11 on a file dataset wrote no Input Sequence Length row: the prompt length stays unset (the user gives
    // it), nothing else is missing. CRLF line ends.
    const auto f = read(aiperfQwenCsv, "aiperf");
    const auto& r = f.runs[0];
    QVERIFY(!r.promptTokens);
    QCOMPARE(r.completed, 4895);
    QCOMPARE(*r.ttftMs.mean, 51.44);
    QCOMPARE(*r.tpotMs.mean, 14.53);
    QCOMPARE(r.outputTokens, 262.36);
    QCOMPARE(r.outputTokensPerS, 4283.22);
}

void TestBenchmarks::someFailedRequestsWarn()
{
    // 1 error in 1,045 requests: read, with a warning naming the count.
    const auto f = read("aiperf/one-error/profile_export_aiperf.json", "aiperf");
    QCOMPARE(f.runs[0].completed, 1044);
    QCOMPARE(f.runs[0].failed, 1);
    QCOMPARE(f.warnings.size(), std::size_t(1));
    QVERIFY2(f.warnings[0].find("1 of 1045 requests failed") != std::string::npos, f.warnings[0].c_str());
}

void TestBenchmarks::quotesNonFiniteTokens()
{
    using benchmarks::detail::quoteNonFinite;
    QCOMPARE(quoteNonFinite("{\"a\": Infinity, \"b\": -Infinity, \"c\": NaN}"),
        std::string("{\"a\": \"Infinity\", \"b\": \"-Infinity\", \"c\": \"NaN\"}"));
    // Inside strings (escaped quotes included) nothing changes.
    const std::string inString = "{\"Infinity\": \"x\\\"NaN Infinity\"}";
    QCOMPARE(quoteNonFinite(inString), inString);
}

void TestBenchmarks::guessesEachFormat_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    QTest::addRow("sglang") << QString::fromLatin1(sglang70b) << "sglang";
    QTest::addRow("sglang offline") << QString::fromLatin1(sglangOffline) << "sglang";
    QTest::addRow("vllm lines") << QString::fromLatin1(vllmLines) << "vllm";
    QTest::addRow("vllm bench serve") << QString::fromLatin1(vllmConc64) << "vllm";
    QTest::addRow("vllm 0.25.1") << QString::fromLatin1(vllm0251) << "vllm";
    QTest::addRow("aiperf json") << QString::fromLatin1(aiperfJsonFile) << "aiperf";
    QTest::addRow("aiperf csv") << QString::fromLatin1(aiperfCsvFile) << "aiperf";
}

void TestBenchmarks::guessesEachFormat()
{
    QFETCH(QString, path);
    QFETCH(QString, format);
    auto f = benchmarks::readBenchmarkFile(data(path.toStdString()), path.toStdString());
    QVERIFY2(f.ok(), f ? "" : f.error().detail.c_str());
    QCOMPARE(QString::fromStdString(f->format), format);
}

void TestBenchmarks::badInput_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("from"); // edit of the real file: replace the first `from` by `to`; empty: as it is
    QTest::addColumn<QString>("to");
    QTest::addColumn<int>("cut"); // keep only the first `cut` bytes (0: all)
    QTest::addColumn<QString>("expected");

    const QString s70 = QString::fromLatin1(sglang70b), v64 = QString::fromLatin1(vllmConc64);
    // Truncated: the 7th line of the SGLang file cut short (3,918 bytes in all) is not JSON, at its line; a
    // pretty-printed file cut short is not JSON at a byte; an AIPerf CSV cut before its scalar section has no count.
    QTest::addRow("sglang truncated") << s70 << "sglang"
                                      << ""
                                      << "" << 3800
                                      << "datacrunch_h200_llama_3_3_70b_online_output.jsonl:7: not valid JSON at byte";
    QTest::addRow("vllm truncated") << QString::fromLatin1(vllm0251) << "vllm"
                                    << ""
                                    << "" << 900 << "bench_serve_v0.25.1.json: not valid JSON at byte";
    QTest::addRow("aiperf csv truncated")
        << QString::fromLatin1(aiperfCsvFile) << "aiperf"
        << ""
        << "" << 3000 << "profile_export_aiperf.csv: no \"Time to First Token (ms)\" row among the per-request metrics";
    QTest::addRow("aiperf json truncated") << QString::fromLatin1(aiperfJsonFile) << "aiperf"
                                           << ""
                                           << "" << 5000 << "profile_export_aiperf.json: not valid JSON at byte";
    // Missing or bad fields, named with the file, the line and the JSON pointer.
    QTest::addRow("sglang missing ttft") << s70 << "sglang"
                                         << "\"median_ttft_ms\""
                                         << "\"median_ttft\"" << 0
                                         << "datacrunch_h200_llama_3_3_70b_online_output.jsonl:1:/median_ttft_ms: is "
                                            "required";
    QTest::addRow("vllm missing completed")
        << v64 << "vllm"
        << "\"completed\""
        << "\"done\"" << 0 << "1p3d_conc64_in2048_out2048_20250914_014738.json:/completed: is required";
    QTest::addRow("vllm bad rate") << v64 << "vllm"
                                   << "\"request_rate\": \"inf\""
                                   << "\"request_rate\": \"fast\"" << 0
                                   << "/request_rate: must be a request rate (a positive number or \"inf\"), got "
                                      "\"fast\"";
    QTest::addRow("vllm negative ttft") << v64 << "vllm"
                                        << "\"mean_ttft_ms\": 239"
                                        << "\"mean_ttft_ms\": -239" << 0
                                        << "/mean_ttft_ms: must be zero or positive, got -239.4557174639831";
    QTest::addRow("aiperf missing itl") << QString::fromLatin1(aiperfJsonFile) << "aiperf"
                                        << "\"inter_token_latency\""
                                        << "\"itl\"" << 0
                                        << "profile_export_aiperf.json:/inter_token_latency: is required";
    QTest::addRow("aiperf csv bad number")
        << QString::fromLatin1(aiperfQwenCsv) << "aiperf"
        << "Time to First Token (ms),51.44"
        << "Time to First Token (ms),fast" << 0
        << "profile_export_aiperf.csv:24: Time to First Token (ms): avg: must be a non-negative number, got \"fast\"";
    // A file of another format.
    QTest::addRow("sglang read as vllm") << s70 << "vllm"
                                         << ""
                                         << "" << 0
                                         << "datacrunch_h200_llama_3_3_70b_online_output.jsonl:1:/mean_tpot_ms: "
                                            "required: not a vLLM benchmark result (it has no \"mean_tpot_ms\"): it "
                                            "looks like SGLang's bench_serving output (format sglang)";
    QTest::addRow("vllm read as sglang")
        << v64 << "sglang"
        << ""
        << "" << 0
        << "/mean_e2e_latency_ms: required: not an SGLang bench_serving result (it has "
           "no \"mean_e2e_latency_ms\"): it looks like vLLM's";
    QTest::addRow("aiperf read as vllm") << QString::fromLatin1(aiperfJsonFile) << "vllm"
                                         << ""
                                         << "" << 0 << "it looks like an AIPerf export (format aiperf)";
    QTest::addRow("vllm read as aiperf") << v64 << "aiperf"
                                         << ""
                                         << "" << 0 << "/aiperf_version: required: not an AIPerf export";
    QTest::addRow("csv of another kind") << QString::fromLatin1("sglang/README.md") << "aiperf"
                                         << ""
                                         << "" << 0 << "README.md:/: not an AIPerf profile_export_aiperf.csv";
    QTest::addRow("unknown format") << QString::fromLatin1("../probe/h100-sxm.json") << ""
                                    << ""
                                    << "" << 0
                                    << "h100-sxm.json: not a result format gpuplan reads (vllm, sglang, aiperf)";
    // Runs that measured nothing: zeros are not measurements.
    QTest::addRow("all requests failed") << QString::fromLatin1(vllmAllFailed) << "vllm"
                                         << ""
                                         << "" << 0
                                         << "bench_serve_all_requests_failed_v0.25.1.json:/completed: no request "
                                            "completed (8 of 8 failed): the run measured nothing";
    QTest::addRow("17 of 1000 completed")
        << QString::fromLatin1(vllmFailed17) << "vllm"
        << ""
        << "" << 0 << "/completed: 983 of 1000 requests failed: the run measured a failing server, not its speed";
    QTest::addRow("aiperf cancelled")
        << QString::fromLatin1("aiperf/cancelled-no-metrics/profile_export_aiperf.json") << "aiperf"
        << ""
        << "" << 0
        << "profile_export_aiperf.json:/was_cancelled: true: the run was cancelled before "
           "its end (32 requests failed)";
    QTest::addRow("aiperf cancelled csv")
        << QString::fromLatin1("aiperf/cancelled-no-metrics/profile_export_aiperf.csv") << "aiperf"
        << ""
        << "" << 0 << "no \"Time to First Token (ms)\" row";
    QTest::addRow("aiperf 16 of 41 failed")
        << QString::fromLatin1("aiperf/cancelled-25-requests/profile_export_aiperf.csv") << "aiperf"
        << ""
        << "" << 0 << "profile_export_aiperf.csv:/Request Count: 16 of 41 requests failed";
}

void TestBenchmarks::badInput()
{
    QFETCH(QString, path);
    QFETCH(QString, format);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(int, cut);
    QFETCH(QString, expected);
    std::string text = data(path.toStdString());
    if (!from.isEmpty())
        text = test::edited(text, from.toStdString(), to.toStdString());
    if (cut > 0)
        text.resize(static_cast<std::size_t>(cut));
    const std::string name = path.toStdString().substr(path.toStdString().find_last_of('/') + 1);
    auto f = benchmarks::readBenchmarkFile(text, name, format.toStdString());
    QVERIFY(!f.ok());
    QVERIFY2(f.error().detail.find(expected.toStdString()) != std::string::npos, f.error().detail.c_str());
}

QTEST_GUILESS_MAIN(TestBenchmarks)
#include "tst_benchmarks.moc"
