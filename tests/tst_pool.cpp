// The GPU pool simulator (core/pool.h): its readers, MIG placements, FGD's target workload, every policy on a
// hand-worked fixture, queueing, energy, tasks that fit nowhere, and Weng et al.'s experiment on the real trace
// ($GPUPLAN_SAMPLES; skipped when it is not set). Every expected value is worked out in the comments.
#include "core/pool.h"
#include "core/pool_size.h"
#include "core/pool_trace.h"
#include "core/random.h"
#include "core/sharing.h"
#include "testutil.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>

using namespace gpuplan;

namespace {

std::string fixture(const char* name)
{
    return test::readFile(std::string(GPUPLAN_TEST_DATA "/traces/") + name);
}

core::PoolCluster cluster(const std::string& nodesText, const std::string& file = "nodes.csv",
    const std::vector<core::GpuTypeMapping>& mapping = {})
{
    auto nodes = core::readPoolNodes(nodesText, file);
    if (!nodes)
        qFatal("%s", nodes.error().detail.c_str());
    auto c = core::makePoolCluster(*nodes, file, mapping, test::gpus());
    if (!c)
        qFatal("%s", c.error().detail.c_str());
    return std::move(c).value();
}

std::vector<core::PoolTask> tasks(const std::string& text, const std::string& file = "tasks.csv")
{
    auto t = core::readPoolTasks(text, file);
    if (!t)
        qFatal("%s", t.error().detail.c_str());
    return std::move(t).value();
}

core::PoolOptions options(core::PoolPolicy p)
{
    core::PoolOptions o;
    o.policy = p;
    o.shuffleNodes = false; // ties to the node file's order, so that the fixture can be worked by hand
    o.keepPlacements = true;
    return o;
}

/// The real sample files, or "" when GPUPLAN_SAMPLES is not set.
std::string samples()
{
    return qEnvironmentVariable("GPUPLAN_SAMPLES").toStdString();
}

/// The real trace (Alibaba cluster-trace-gpu-v2023): the GPU node list and the default pod list.
struct RealTrace
{
    core::PoolCluster cluster;
    std::vector<core::PoolTask> tasks;
};
RealTrace realTrace()
{
    const std::string dir = samples() + "/traces/";
    return {cluster(test::readFile(dir + "openb_node_list_gpu_node.csv"), "openb_node_list_gpu_node.csv"),
        tasks(test::readFile(dir + "openb_pod_list_default.csv"), "openb_pod_list_default.csv")};
}

} // namespace

class TestPool : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void readers();
    void badInput_data();
    void badInput();
    void gpuTypeMap();
    void migPlacements();
    void typicalTasks();
    void fixturePolicies_data();
    void fixturePolicies();
    void randomPolicy();
    void fgdFragmentation();
    void migSharing();
    void queueingAndEnergy();
    void unfitTasks();
    void inflationIsDeterministic();
    void packOnPool();
    void rng();
    void realTraceInflation();
    void realTraceReplay();
    void burstRule();
    void sizingHandWorked();
    void sizingPerClassTargets();
    void sizingUnfitAndCancel();
    void sizingPricesFromCatalog();
    void sizingScenarios();
    void realTraceSizing();
};

void TestPool::readers()
{
    // pool-nodes.csv (openb node list): a = 2 GPUs, 8 cores, 64 GiB; b = 1 GPU, 64 cores.
    auto nodes = core::readPoolNodes(fixture("pool-nodes.csv"), "pool-nodes.csv");
    QVERIFY2(nodes, nodes ? "" : nodes.error().detail.c_str());
    QCOMPARE(nodes->size(), std::size_t(2));
    QCOMPARE(nodes->at(0).name, std::string("pool-node-a"));
    QCOMPARE(nodes->at(0).gpus, 2);
    QCOMPARE(nodes->at(0).cpuMilli, std::int64_t(8000));
    QCOMPARE(nodes->at(1).gpuType, std::string("T4"));
    // pool-pods.csv (openb pod list): pod 1 arrives at 0 with no deletion time (runs to the end), 500 milli-GPU,
    // qos BE (preemptible, priority 0); pod 2 is pending (no scheduled time), 2 whole GPUs, LS (priority 1).
    auto pods = core::readPoolTasks(fixture("pool-pods.csv"), "pool-pods.csv");
    QVERIFY2(pods, pods ? "" : pods.error().detail.c_str());
    QCOMPARE(pods->size(), std::size_t(3));
    QCOMPARE(pods->at(0).gpuMilli, 500);
    QCOMPARE(pods->at(0).duration, -1.0);
    QVERIFY(pods->at(0).preemptible);
    QCOMPARE(pods->at(1).gpus, 2);
    QCOMPARE(pods->at(1).gpuMilli, 1000);
    QCOMPARE(pods->at(1).arrival, 10.0);
    QCOMPARE(pods->at(1).priority, 1);
    QCOMPARE(pods->at(1).line, 3);
    // The openb times: arrival = creation_time, duration = deletion_time − scheduled_time (400 − 150 = 250).
    auto timed = core::readPoolTasks("name,num_gpu,gpu_milli,creation_time,deletion_time,scheduled_time\n"
                                     "x,1,1000,100,400,150\n",
        "t.csv");
    QVERIFY(timed);
    QCOMPARE(timed->at(0).arrival, 100.0);
    QCOMPARE(timed->at(0).duration, 250.0);
    // The simple CSV: "gpus" 0.25 is 250 milli of one GPU, 2 is two whole GPUs; GiB to MiB (× 1024); count repeats
    // a node (names get -1, -2).
    auto simple = core::readPoolTasks("name,gpus,cpu_cores,memory_gib,gpu_types,class,priority,preemptible\n"
                                      "s,0.25,1.5,2,A100|H100,batch,3,true\nw,2,,,,,,\n",
        "t.csv");
    QVERIFY2(simple, simple ? "" : simple.error().detail.c_str());
    QCOMPARE(simple->at(0).gpuMilli, 250);
    QCOMPARE(simple->at(0).cpuMilli, std::int64_t(1500));
    QCOMPARE(simple->at(0).memoryMib, std::int64_t(2048));
    QCOMPARE(simple->at(0).gpuTypes, (std::vector<std::string> {"A100", "H100"}));
    QCOMPARE(simple->at(0).priority, 3);
    QVERIFY(simple->at(0).preemptible);
    QCOMPARE(simple->at(1).gpus, 2);
    QCOMPARE(simple->at(1).gpuMilli, 1000);
    QCOMPARE(simple->at(1).taskClass, std::string("default"));
    auto grouped = core::readPoolNodes("name,gpu_type,gpus,count\nh,H100-SXM-80GB,8,3\n", "n.csv");
    QVERIFY(grouped);
    QCOMPARE(grouped->size(), std::size_t(3));
    QCOMPARE(grouped->at(2).name, std::string("h-3"));
    QCOMPARE(grouped->at(2).cpuMilli, core::poolUnlimited); // no CPU stated: it does not constrain
    // JSON, the same fields.
    auto json = core::readPoolTasks(
        R"({"schema":"gpuplan.pool-tasks/1","tasks":[{"gpus":0.5,"arrival_s":3,"duration_s":60,"gpu_types":["T4"]}]})",
        "t.json");
    QVERIFY2(json, json ? "" : json.error().detail.c_str());
    QCOMPARE(json->at(0).gpuMilli, 500);
    QCOMPARE(json->at(0).duration, 60.0);
    QCOMPARE(json->at(0).gpuTypes, (std::vector<std::string> {"T4"}));
    auto jsonNodes = core::readPoolNodes(
        R"({"schema":"gpuplan.pool-nodes/1","nodes":[{"gpu_type":"L4","gpus":4,"cpu_cores":48,"count":2}]})", "n.json");
    QVERIFY2(jsonNodes, jsonNodes ? "" : jsonNodes.error().detail.c_str());
    QCOMPARE(jsonNodes->size(), std::size_t(2));
    QCOMPARE(jsonNodes->at(1).cpuMilli, std::int64_t(48000));
}

void TestPool::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("nodes");
    QTest::addColumn<QString>("error");
    const QString pods = QStringLiteral("name,cpu_milli,memory_mib,num_gpu,gpu_milli,creation_time,deletion_time,"
                                        "scheduled_time\n");
    QTest::addRow("negative duration (openb)")
        << pods + QStringLiteral("p,1000,1024,1,500,100,50,\n") << false
        << QStringLiteral("t.csv:2: column deletion_time: ends before the task starts (creation_time 100): a negative "
                          "duration, got \"50\"");
    QTest::addRow("negative duration (simple)")
        << QStringLiteral("name,gpus,duration_s\nok,1,5\nbad,1,-5\n") << false
        << QStringLiteral("t.csv:3: column duration_s: must be a number of seconds, 0 or more, got \"-5\"");
    QTest::addRow("truncated row") << pods + QStringLiteral("p,1000,1024,1,500,0,10,0\nq,1000\n") << false
                                   << QStringLiteral("t.csv:3: 2 fields, the header has 8 (a truncated row?)");
    QTest::addRow("unterminated quote") << QStringLiteral("name,gpus\n\"abc,1\n") << false
                                        << QStringLiteral("t.csv:2: unterminated quoted field (truncated file?)");
    QTest::addRow("share above one GPU")
        << QStringLiteral("gpus\n1.5\n") << false
        << QStringLiteral("t.csv:2: column gpus: must be 0, a share of one GPU (0.001 to 0.999) or a whole number of "
                          "GPUs up to 128, got \"1.5\"");
    QTest::addRow("milli-GPU out of range")
        << pods + QStringLiteral("p,1000,1024,1,1200,0,10,0\n") << false
        << QStringLiteral("t.csv:2: column gpu_milli: must be a whole number from 1 to 1000 milli-GPU per GPU, got "
                          "\"1200\"");
    QTest::addRow("not a number") << QStringLiteral("name,num_gpu,gpu_milli\np,1,lots\n") << false
                                  << QStringLiteral("t.csv:2: column gpu_milli: must be zero or a positive number, got "
                                                    "\"lots\"");
    QTest::addRow("no GPU column") << QStringLiteral("name,cpu\nx,1\n") << false
                                   << QStringLiteral(
                                          "t.csv: needs the columns num_gpu and gpu_milli (Alibaba openb pod "
                                          "list) or gpus (gpuplan's simple CSV), or is JSON "
                                          "\"gpuplan.pool-tasks/1\"");
    QTest::addRow("JSON task field") << QStringLiteral(R"({"schema":"gpuplan.pool-tasks/1","tasks":[{"gpus":-1}]})")
                                     << false
                                     << QStringLiteral("t.csv:/tasks/0/gpus: must be zero or positive, got -1");
    QTest::addRow("JSON schema") << QStringLiteral(R"({"schema":"x","nodes":[]})") << true
                                 << QStringLiteral("t.csv:/schema: must be \"gpuplan.pool-nodes/1\", got \"x\"");
    QTest::addRow("node GPUs") << QStringLiteral("sn,cpu_milli,memory_mib,gpu,model\nn,1000,1024,two,T4\n") << true
                               << QStringLiteral("t.csv:2: column gpu: must be a whole number of GPUs from 0 to 128, "
                                                 "got \"two\"");
    QTest::addRow("empty file") << QString() << true << QStringLiteral("t.csv: empty file, expected a CSV header");
}

void TestPool::badInput()
{
    QFETCH(QString, text);
    QFETCH(bool, nodes);
    QFETCH(QString, error);
    const std::string t = text.toStdString();
    const std::string detail
        = nodes ? core::readPoolNodes(t, "t.csv").error().detail : core::readPoolTasks(t, "t.csv").error().detail;
    QCOMPARE(QString::fromStdString(detail), error);
}

void TestPool::gpuTypeMap()
{
    // V100M16 → V100-SXM2-16GB with a price; G2 deliberately unmapped; T4 is itself a gpus.json id.
    auto map = core::readGpuTypeMap(R"({"schema":"gpuplan.gpu-map/1","types":{
        "V100M16":{"gpu":"V100-SXM2-16GB","usd_per_gpu_hour":2.5,"source":"quote"},"G2":{"gpu":null}}})",
        "map.json", test::gpus());
    QVERIFY2(map, map ? "" : map.error().detail.c_str());
    QCOMPARE(map->size(), std::size_t(2));
    const auto c
        = cluster("sn,cpu_milli,memory_mib,gpu,model\nv,8000,1024,4,V100M16\ng,8000,1024,8,G2\nt,8000,1024,2,T4\n",
            "nodes.csv", *map);
    QCOMPARE(c.types.size(), std::size_t(3));
    QCOMPARE(c.type("V100M16")->gpu->id, std::string("V100-SXM2-16GB"));
    QCOMPARE(*c.type("V100M16")->usdPerGpuHour, 2.5);
    QVERIFY(!c.type("G2")->gpu);
    QCOMPARE(c.type("T4")->gpu->id, std::string("T4"));
    QCOMPARE(c.gpuCount(), 14); // 4 + 8 + 2
    auto bad = core::readGpuTypeMap(
        R"({"schema":"gpuplan.gpu-map/1","types":{"X":{"gpu":"Z9000"}}})", "map.json", test::gpus());
    QVERIFY(!bad);
    QVERIFY2(bad.error().detail.rfind("map.json:/types/X/gpu:", 0) == 0, bad.error().detail.c_str());
    auto nodes = core::readPoolNodes("name,gpus\nn,2\n", "n.csv");
    auto untyped = core::makePoolCluster(*nodes, "n.csv", {}, test::gpus());
    QVERIFY(!untyped);
    QCOMPARE(untyped.error().detail, std::string("n.csv:2: node n has 2 GPUs but no GPU type"));
}

void TestPool::migPlacements()
{
    // A100-SXM-80GB, 8 memory slices of 10 GiB. The MIG User Guide's placements: 1g.10gb {0..6}:1, 1g.20gb
    // {0,2,4,6}:2, 2g.20gb {0,2,4}:2, 3g.40gb {0,4}:4, 4g.40gb {0}:4, 7g.80gb {0}:8 — as bit masks of the slices.
    auto layout = core::migLayout(test::gpu("A100-SXM-80GB"));
    QVERIFY2(layout, layout ? "" : layout.error().detail.c_str());
    std::map<std::string, std::vector<std::uint8_t>> masks;
    for (const auto& s : *layout)
        masks[s.profile->name] = s.masks;
    using M = std::vector<std::uint8_t>;
    QCOMPARE(masks["1g.10gb"], (M {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40}));
    QCOMPARE(masks["1g.20gb"], (M {0x03, 0x0c, 0x30, 0xc0}));
    QCOMPARE(masks["2g.20gb"], (M {0x03, 0x0c, 0x30}));
    QCOMPARE(masks["3g.40gb"], (M {0x0f, 0xf0}));
    QCOMPARE(masks["4g.40gb"], (M {0x0f}));
    QCOMPARE(masks["7g.80gb"], (M {0xff}));
    // H200 (141 GB, eighths of 17.6 GB): 1g.18gb is one slice, 3g.71gb four.
    auto h200 = core::migLayout(test::gpu("H200-SXM-141GB"));
    QVERIFY(h200);
    QCOMPARE(h200->front().span, 1);
    QCOMPARE(h200->at(3).span, 4);
    // The smallest profile holding a share: 0.46 of an A100-80GB needs 4 sevenths (3/7 = 0.43 is short) → 4g.40gb;
    // 0.25 with 20 GiB → 2g.20gb (2/7 = 0.29; 1g.20gb has the memory but 1/7 = 0.14 of the compute).
    const auto& a100 = test::gpu("A100-SXM-80GB");
    QCOMPARE(core::smallestMigProfile(a100, 0.46, 0.46 * a100.memoryBytes)->name, std::string("4g.40gb"));
    QCOMPARE(core::smallestMigProfile(a100, 0.25, 20.0 * 1024 * 1024 * 1024)->name, std::string("2g.20gb"));
    QCOMPARE(core::smallestMigProfile(a100, 0.1, 15.0 * 1024 * 1024 * 1024)->name, std::string("1g.20gb"));
    QVERIFY(!core::smallestMigProfile(a100, 0.5, 90.0 * 1024 * 1024 * 1024));
}

void TestPool::typicalTasks()
{
    // Shapes (CPU, milli, GPUs): A = (4000, 500, 1) × 5, B = (2000, 1000, 2) × 3, C = (8000, 0, 0) × 1, D = (1000,
    // 250, 1) × 1: 10 tasks. 95 % is 9.5 tasks: A (5), B (8), then C and D tie at 1 — the larger key first, C (CPU
    // 8000 > 1000) → 9 < 9.5, so D too → 10. Popularity: 5/10, 3/10, 1/10, 1/10.
    std::vector<core::PoolTask> ts;
    const auto add = [&](std::int64_t cpu, int milli, int gpus, int n) {
        for (int i = 0; i < n; ++i) {
            core::PoolTask t;
            t.cpuMilli = cpu;
            t.gpuMilli = milli;
            t.gpus = gpus;
            ts.push_back(t);
        }
    };
    add(4000, 500, 1, 5);
    add(2000, 1000, 2, 3);
    add(8000, 0, 0, 1);
    add(1000, 250, 1, 1);
    const auto classes = core::typicalTasks(ts);
    QCOMPARE(classes.size(), std::size_t(4));
    QCOMPARE(classes[0].count, std::int64_t(5));
    QCOMPARE(classes[2].cpuMilli, std::int64_t(8000));
    QCOMPARE(classes[3].gpuMilli, 250);
    QCOMPARE(classes[1].popularity, 0.3);
    // At 80 % (8 tasks) A and B are enough: 8 ≥ 8.
    QCOMPARE(core::typicalTasks(ts, 0.8).size(), std::size_t(2));
}

void TestPool::fixturePolicies_data()
{
    // pool-nodes.csv: a = 2 T4, 8 cores; b = 1 T4, 64 cores (largest node: 64 cores, 2 GPUs = 2000 milli).
    // pool-pods.csv, arriving in this order and never leaving: p1 = 500 milli, 4 cores, BE; p2 = 2 whole GPUs,
    // 2 cores, LS; p3 = 500 milli, 2 cores, LS. p2 fits only an untouched a; p3 fits b, or a's half-used GPU.
    QTest::addColumn<QString>("policy");
    QTest::addColumn<std::vector<int>>("nodes"); // node of p1, p2, p3 (0 = a, 1 = b, -1 waits)
    QTest::addColumn<std::int64_t>("preemptions");
    QTest::addColumn<double>("allocationPct"); // time-weighted over [0, 20] s, of 3 GPUs
    // first fit (a, then b; the lowest GPU): p1 → a GPU0; p2: a has one whole GPU, b one → waits; p3 → a GPU0
    // (500 left). Allocated 0.5 GPU over [0, 20) → 0.5 / 3 = 16.67 %.
    QTest::addRow("firstfit") << "firstfit" << std::vector<int> {0, -1, 0} << std::int64_t(0) << 100.0 / 6;
    // best fit ⌊100·(1 − ½·CPU left / 64 000 − ½·GPU left / 2000)⌋: p1: a 1 − ½·4/64 − ½·1500/2000 = 0.59375 → 59;
    // b 1 − ½·60/64 − ½·500/2000 = 0.40625 → 40 → a. p2 waits. p3: a 1 − ½·2/64 − ½·1000/2000 = 0.734 → 73; b
    // 1 − ½·62/64 − ½·500/2000 = 0.391 → 39 → a (GPU0, the tightest). 16.67 % as first fit.
    QTest::addRow("bestfit") << "bestfit" << std::vector<int> {0, -1, 0} << std::int64_t(0) << 100.0 / 6;
    // worst fit ⌊100·(½·CPU left / 64 000 + ½·GPU left / 2000)⌋: p1: a 0.406 → 40, b 0.594 → 59 → b; p2 → a (the
    // only fit); p3 → b (a is full). Allocated 0.5 GPU over [0, 10), 2.5 over [10, 20): (5 + 25) / 20 / 3 = 50 %.
    QTest::addRow("worstfit") << "worstfit" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // packing: untouched nodes score max(33 − G, G): a 31, b 32 → b; then p2 → a, p3 → b. 50 %.
    QTest::addRow("packing") << "packing" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // dot product ⌊100·(1 − (free CPU · CPU + free GPU · GPU) / 2)⌋, shares of 64 cores and 2000 milli: p1: a
    // (8/64)(4/64) + (2000/2000)(500/2000) = 0.2578 → 87; b (64/64)(4/64) + (1000/2000)(500/2000) = 0.1875 → 90 →
    // b; then p2 → a, p3 → b. 50 %.
    QTest::addRow("dotprod") << "dotprod" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // clustering, base ⌊25·(2000 − free milli) / 2000⌋: p1 on nodes with no GPU task: a 25 + 0, b 25 + ⌊12.5⌋ =
    // 37 → b; then p2 → a, p3 → b. 50 %.
    QTest::addRow("clustering") << "clustering" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // FGD, target workload = the three shapes, ⅓ each; F = Σ ⅓ · (free milli of GPUs too small for the shape if the
    // node can run it, else all its free milli). p1 on a: before 0; after GPUs (500, 1000): p1 and p3 run with no
    // small GPU, p2 (2 whole) cannot: 1500 → F = 500, Δ = +500 → ⌊100 / (1 + e^0.5)⌋ = 37. On b: before p2
    // cannot run: ⅓ · 1000; after, ⅓ · 500: Δ = −166.7 → ⌊100 / (1 + e^−0.1667)⌋ = 54 → b. Then p2 → a, p3 → b.
    QTest::addRow("fgd") << "fgd" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // two-level: pools "T4 x2" (a) and "T4 x1" (b); a GPU task tries the pool of the smallest nodes first: p1:
    // best fit in b's pool (40) beats a's (59 − 128 for the second pool) → b; p2 → a, p3 → b. 50 %.
    QTest::addRow("twolevel") << "twolevel" << std::vector<int> {1, 0, 1} << std::int64_t(0) << 50.0;
    // priority: best fit puts p1 (BE) on a; p2 (LS) fits nowhere, and evicting p1 frees a: p2 → a, p1 restarts on
    // b at once (1 preemption); p3 → b. Allocated 0.5 over [0, 10), 2.5 over [10, 20): 50 %.
    QTest::addRow("priority") << "priority" << std::vector<int> {1, 0, 1} << std::int64_t(1) << 50.0;
}

void TestPool::fixturePolicies()
{
    QFETCH(QString, policy);
    QFETCH(std::vector<int>, nodes);
    QFETCH(std::int64_t, preemptions);
    QFETCH(double, allocationPct);
    const auto c = cluster(fixture("pool-nodes.csv"), "pool-nodes.csv");
    const auto t = tasks(fixture("pool-pods.csv"), "pool-pods.csv");
    const auto p = core::poolPolicyFromString(policy.toStdString());
    QVERIFY(p);
    const auto r = core::simulatePool(c, t, options(*p));
    QCOMPARE(r.placements, nodes);
    QCOMPARE(r.preemptions, preemptions);
    GP_COMPARE_REL(r.allocationPct, allocationPct, 1e-9);
    const bool p2Waits = nodes[1] < 0;
    QCOMPARE(r.neverPlaced, std::int64_t(p2Waits ? 1 : 0));
    // 3 GPUs: all three placed is 0.5 + 2 + 0.5 = 3 GPUs at the end; without p2, 1 GPU.
    GP_COMPARE_REL(r.peakAllocationPct, p2Waits ? 100.0 / 3 : 100.0, 1e-9);
    QCOMPARE(r.start, 0.0);
    QCOMPARE(r.end, 20.0);
}

void TestPool::randomPolicy()
{
    // Random: p1 lands on a or b; on b everything fits (100 % at the end), on a p2 must wait (1 of 3 GPUs).
    const auto c = cluster(fixture("pool-nodes.csv"));
    const auto t = tasks(fixture("pool-pods.csv"));
    std::set<int> firstNodes;
    for (std::uint64_t seed = 1; seed <= 16; ++seed) {
        auto o = options(core::PoolPolicy::Random);
        o.seed = seed;
        const auto r = core::simulatePool(c, t, o);
        firstNodes.insert(r.placements[0]);
        const bool onB = r.placements[0] == 1;
        GP_COMPARE_REL(r.peakAllocationPct, onB ? 100.0 : 100.0 / 3, 1e-9);
        QCOMPARE(r.neverPlaced, std::int64_t(onB ? 0 : 1));
    }
    QCOMPARE(firstNodes, (std::set<int> {0, 1})); // 16 fair coin flips all alike: 2 · 2^-16
}

void TestPool::fgdFragmentation()
{
    // FGD on the fixture ends with a = (0, 0) free, b = 0 free: nothing is free, so nothing is fragmented; after
    // p1 alone (t in [0, 10)) b = 500 free: p1 and p3 run there with no GPU below 500 → 0; p2 cannot → 500; ⅓ · 500
    // = 166.7 milli of 3000 = 5.556 %. Over [10, 20) a is full and b unchanged: 5.556 %. Time-weighted: 5.556 %.
    const auto c = cluster(fixture("pool-nodes.csv"));
    const auto t = tasks(fixture("pool-pods.csv"));
    const auto r = core::simulatePool(c, t, options(core::PoolPolicy::Fgd));
    GP_COMPARE_REL(r.fragmentedPct, 100.0 * (500.0 / 3) / 3000, 1e-9);
    // Best fit: over [0, 20) (p3 comes at 20, the end) a = (500, 1000) free with 4 cores: p1 and p3 run with no GPU
    // below 500 → 0, p2 (2 whole) cannot → 1500; b = 1000: p2 cannot (1 GPU) → 1000. (1500 + 1000) · ⅓ = 833.3
    // milli of 3000 = 27.78 %.
    const auto b = core::simulatePool(c, t, options(core::PoolPolicy::BestFit));
    GP_COMPARE_REL(b.fragmentedPct, 100.0 * (1500.0 / 3 + 1000.0 / 3) / 3000, 1e-9);
}

void TestPool::migSharing()
{
    // One A100-80GB; tasks 0.46, 0.25, 0.1, 0.1 of a GPU. MIG: 0.46 → 4g.40gb at slices 0–3; 0.25 → 2g.20gb, whose
    // starts are 0, 2, 4: slices 4–5; 0.1 → 1g.10gb, starts 0–6: slice 6; the second 0.1 finds no free start
    // (slice 7 is no start) and waits. Allocated 4 + 2 + 1 = 7 sevenths = 100 %, requested 0.81 → 81 %.
    const auto c = cluster(fixture("pool-mig-nodes.csv"), "pool-mig-nodes.csv");
    const auto t = tasks(fixture("pool-mig-tasks.csv"), "pool-mig-tasks.csv");
    auto o = options(core::PoolPolicy::BestFit);
    o.sharing = core::PoolSharing::Mig;
    const auto mig = core::simulatePool(c, t, o);
    QCOMPARE(mig.placements, (std::vector<int> {0, 0, 0, -1}));
    GP_COMPARE_REL(mig.peakAllocationPct, 100.0, 1e-9);
    QCOMPARE(mig.neverPlaced, std::int64_t(1));
    // The last state, over [2, 3): 100 % allocated, 81 % asked for. Time-weighted over [0, 3]: allocated 4/7, 6/7,
    // 7/7 for a second each → (4 + 6 + 7) / 21 = 80.95 %; requested (0.46 + 0.71 + 0.81) / 3 = 66 %.
    GP_COMPARE_REL(mig.allocationPct, 100.0 * 17 / 21, 1e-9);
    GP_COMPARE_REL(mig.utilizationPct, 66.0, 1e-9);
    // By fraction all four fit: 0.91 of the GPU.
    o.sharing = core::PoolSharing::Fraction;
    const auto frac = core::simulatePool(c, t, o);
    QCOMPARE(frac.placements, (std::vector<int> {0, 0, 0, 0}));
    GP_COMPARE_REL(frac.peakAllocationPct, 91.0, 1e-9);
}

void TestPool::queueingAndEnergy()
{
    // One T4. a (1 GPU) runs 0–3600; b (1 GPU) arrives at 600 and waits; c, d (half a GPU each) arrive at 1200 and
    // 1800 and wait. At 3600 a leaves: b first (earlier), 3600–5400, waited 3000 s; c cannot (GPU full). At 5400 c
    // and d start together (waited 4200 and 3600 s) and leave at 6000. train: waits {0, 3000} → nearest rank p50
    // = the ⌈0.5·2⌉ = 1st = 0, p99 the 2nd = 3000; serve: {3600, 4200} → p50 3600, p99 4200.
    const auto c = cluster("name,gpu_type,gpus\nq,T4,1\n", "q.csv", {core::GpuTypeMapping {"T4", "T4", 0.35, "quote"}});
    const auto t = tasks("name,arrival_s,duration_s,gpus,class\na,0,3600,1,train\nb,600,1800,1,train\n"
                         "c,1200,600,0.5,serve\nd,1800,600,0.5,serve\n");
    auto o = options(core::PoolPolicy::FirstFit);
    const auto r = core::simulatePool(c, t, o);
    QCOMPARE(r.completed, std::int64_t(4));
    QCOMPARE(r.end, 6000.0);
    QCOMPARE(r.delays.size(), std::size_t(2));
    const auto& serve = r.delays[0]; // by name: serve, train
    const auto& train = r.delays[1];
    QCOMPARE(serve.taskClass, std::string("serve"));
    QCOMPARE(serve.p50, 3600.0);
    QCOMPARE(serve.p99, 4200.0);
    QCOMPARE(serve.mean, 3900.0);
    QCOMPARE(train.p50, 0.0);
    QCOMPARE(train.p99, 3000.0);
    // The GPU is allocated all 6000 s: 100 %. T4: idle 7 W, board 70 W (gpus.json) → 70 W × 1.667 h = 0.1167 kWh;
    // 0.35 USD per GPU-hour × 1.667 h = 0.5833 USD.
    GP_COMPARE_REL(r.allocationPct, 100.0, 1e-9);
    GP_COMPARE_REL(*r.energyKwh, 70.0 * 6000 / 3600 / 1000, 1e-9);
    GP_COMPARE_REL(*r.costUsd, 0.35 * 6000 / 3600, 1e-9);
    // The time series starts at 0 with a running and nothing waiting.
    QVERIFY(r.series.size() >= 100);
    QCOMPARE(r.series.front().running, std::int64_t(1));
    QCOMPARE(r.series.front().queued, std::int64_t(0));
    // PUE 1.5 scales the energy by 1.5.
    o.pue = 1.5;
    GP_COMPARE_REL(*core::simulatePool(c, t, o).energyKwh, 1.5 * 70.0 * 6000 / 3600 / 1000, 1e-9);
}

void TestPool::unfitTasks()
{
    // Nodes of 2 GPUs: x (4 GPUs) and y (a V100) fit nowhere, even on the empty cluster: counted, listed with
    // their line, never queued; z (half a GPU) runs. A task that fits no node never makes the replay loop.
    const auto c = cluster("name,gpu_type,gpus\nn1,T4,2\nn2,T4,2\n");
    const auto t = tasks("name,gpus,gpu_types,duration_s\nx,4,,10\ny,1,V100,10\nz,0.5,,10\n");
    for (auto p : core::allPoolPolicies()) {
        auto o = options(p);
        const auto r = core::simulatePool(c, t, o);
        QCOMPARE(r.unfitCount, std::int64_t(2));
        QCOMPARE(r.unfit.size(), std::size_t(2));
        QCOMPARE(r.unfit[0].name, std::string("x"));
        QCOMPARE(r.unfit[0].line, 2);
        QCOMPARE(r.unfit[1].line, 3);
        QCOMPARE(r.placed, std::int64_t(1));
        QCOMPARE(r.neverPlaced, std::int64_t(0));
        const auto i = core::inflatePool(c, t, o);
        QCOMPARE(i.runs.front().unfitCount, std::int64_t(2));
    }
}

void TestPool::inflationIsDeterministic()
{
    // The fixture resampled to 130 % of 3 GPUs (3.9 GPUs of demand): the same seed gives the same run; every
    // attempt's demand counts as arrived, so the curve reaches 130 %, and the allocation never exceeds 100 %.
    const auto c = cluster(fixture("pool-nodes.csv"));
    const auto t = tasks(fixture("pool-pods.csv"));
    auto o = options(core::PoolPolicy::Fgd);
    o.shuffleNodes = true;
    const auto a = core::inflatePool(c, t, o, 3);
    const auto b = core::inflatePool(c, t, o, 3);
    QCOMPARE(a.runs.size(), std::size_t(3));
    for (std::size_t i = 0; i < a.runs.size(); ++i) {
        QCOMPARE(a.runs[i].seed, o.seed + i);
        QCOMPARE(a.runs[i].tried, b.runs[i].tried);
        QCOMPARE(a.runs[i].curve.size(), b.runs[i].curve.size());
        for (std::size_t k = 0; k < a.runs[i].curve.size(); ++k)
            QCOMPARE(a.runs[i].curve[k].allocatedPct, b.runs[i].curve[k].allocatedPct);
        for (const auto& p : a.runs[i].curve)
            QVERIFY(p.allocatedPct <= 100.0 + 1e-9);
    }
    QCOMPARE(a.unallocatedAt100Mean, b.unallocatedAt100Mean);
    // CPU-only tasks never take the demand to the target: the draws stop at 100 per task, 2 + 200 = 202 tried.
    const auto cpu = tasks("name,gpus,cpu_cores\nx,0,1\ny,0,2\n");
    QCOMPARE(core::inflatePool(c, cpu, o).runs.front().tried, std::int64_t(202));
}

void TestPool::packOnPool()
{
    // First-fit decreasing on single-GPU nodes: 0.7 0.5 0.4 0.3 0.1 → GPU0 0.7 + 0.3, GPU1 0.5 + 0.4 + 0.1.
    std::vector<core::PoolTask> ts;
    for (int milli : {500, 300, 700, 400, 100}) {
        core::PoolTask t;
        t.gpus = 1;
        t.gpuMilli = milli;
        ts.push_back(t);
    }
    const auto p = core::packOnGpus(ts, nullptr, core::PoolSharing::Fraction);
    QCOMPARE(p.placement, (std::vector<int> {1, 0, 0, 1, 1}));
    QCOMPARE(p.freeUnits, (std::vector<int> {0, 0}));
    // On an A100 under MIG: 0.7 → 7g (no profile of 5 or 6 sevenths), 0.5 → 4g, 0.4 → 3g.40gb, 0.3 → 3g.40gb,
    // 0.1 → 1g.10gb. GPU0: 7g. GPU1: 4g at slices 0–3; 3g's starts are 0 and 4: slices 4–7. GPU2: 3g at 0–3,
    // then 1g at slice 4. 3 GPUs, 7 + 7 + 4 = 18 sevenths allocated.
    const auto m = core::packOnGpus(ts, &test::gpu("A100-SXM-80GB"), core::PoolSharing::Mig);
    QCOMPARE(m.placement, (std::vector<int> {1, 2, 0, 1, 2}));
    QCOMPARE(m.allocatedUnits, std::int64_t(18 * 1000));
}

void TestPool::rng()
{
    // Shuffles are permutations, draws stay in range, and one seed repeats its stream.
    core::Rng a(7), b(7);
    std::vector<int> v(100);
    std::iota(v.begin(), v.end(), 0);
    a.shuffle(v);
    auto sorted = v;
    std::sort(sorted.begin(), sorted.end());
    for (int i = 0; i < 100; ++i)
        QCOMPARE(sorted[static_cast<std::size_t>(i)], i);
    std::vector<int> w(100);
    std::iota(w.begin(), w.end(), 0);
    b.shuffle(w);
    QCOMPARE(v, w);
    for (int i = 0; i < 1000; ++i)
        QVERIFY(a.below(3) < 3);
    const double u = a.uniform();
    QVERIFY(u >= 0 && u < 1);
}

void TestPool::realTraceInflation()
{
    if (samples().empty())
        QSKIP("GPUPLAN_SAMPLES not set: Weng et al.'s experiment on the real trace is not run");
    const auto [c, t] = realTrace();
    // The trace's README: 1,213 GPU nodes, 6,212 GPUs, 8,152 tasks.
    QCOMPARE(c.nodes.size(), std::size_t(1213));
    QCOMPARE(c.gpuCount(), 6212);
    QCOMPARE(t.size(), std::size_t(8152));
    // Weng et al. 2023 (mean over 10 seeds of the authors' runs): unallocated GPUs at 100 % arrived, FGD 4.77 %,
    // BestFit 7.14, Packing 8.22, Clustering 8.35, DotProd 9.38, Random 13.70; their seed-to-seed SD is at most
    // 0.6 pp, so two runs of ours must land within 5 pp of each.
    std::map<core::PoolPolicy, core::InflationResult> r;
    for (auto p : {core::PoolPolicy::Fgd, core::PoolPolicy::BestFit, core::PoolPolicy::Packing,
             core::PoolPolicy::DotProduct, core::PoolPolicy::Clustering, core::PoolPolicy::Random}) {
        core::PoolOptions o;
        o.policy = p;
        r[p] = core::inflatePool(c, t, o, 2);
        const double paper = *core::publishedUnallocatedPct(p);
        qInfo("%s: unallocated at 100 %% arrived %.2f %% (paper %.2f %%), first failure at %.2f %% allocated",
            std::string(core::toString(p)).c_str(), r[p].unallocatedAt100Mean, paper, r[p].allocatedAtFirstFailureMean);
        QVERIFY2(std::abs(r[p].unallocatedAt100Mean - paper) <= 5.0, std::string(core::toString(p)).c_str());
    }
    // FGD leaves fewer GPUs unallocated than best fit, packing and dot product, and allocates more of the cluster
    // before its first failure.
    for (auto p : {core::PoolPolicy::BestFit, core::PoolPolicy::Packing, core::PoolPolicy::DotProduct}) {
        QVERIFY(r[core::PoolPolicy::Fgd].unallocatedAt100Mean < r[p].unallocatedAt100Mean);
        QVERIFY(r[core::PoolPolicy::Fgd].allocatedAtFirstFailureMean > r[p].allocatedAtFirstFailureMean);
    }
}

void TestPool::realTraceReplay()
{
    if (samples().empty())
        QSKIP("GPUPLAN_SAMPLES not set: the replay of the real trace is not run");
    const auto [c, t] = realTrace();
    core::PoolOptions o;
    o.policy = core::PoolPolicy::Fgd;
    const auto r = core::simulatePool(c, t, o);
    // Every task has a deletion time, so all leave; the trace is sparse in time (its latest creation is at
    // 12,901,761 s): no task ever waits on 6,212 GPUs.
    QCOMPARE(r.placed, std::int64_t(8152));
    QCOMPARE(r.completed, std::int64_t(8152));
    QCOMPARE(r.neverPlaced, std::int64_t(0));
    QCOMPARE(r.end, 12902960.0); // the last deletion_time
    for (const auto& d : r.delays)
        QCOMPARE(d.p99, 0.0);
}

namespace {

/// The hand-worked sizing case (tests/data/traces/size-tasks.csv): prices made up so that every sum is short.
///  on demand 2.00 USD per GPU-hour; reserved 1.10 (1-GPU instances); spot 0.50 with a 10 % overhead and 0.01
///  interruptions per instance-hour; owned servers of 2 GPUs at 1.90 USD per server-hour fixed, and 0.05 USD per
///  busy GPU-hour of power. Billing by the second, no minimum.
core::PoolPrices handPrices()
{
    core::PoolPrices p;
    core::PoolPrice od;
    od.usdPerGpuHour = 2.0;
    od.provider = "hand";
    od.minimumBillingS = 0;
    p.onDemand = od;
    core::PoolPrice rv = od;
    rv.model = core::PricingModel::Reserved;
    rv.usdPerGpuHour = 1.1;
    rv.termMonths = 12;
    p.reserved = rv;
    core::PoolPrice sp = od;
    sp.model = core::PricingModel::Spot;
    sp.usdPerGpuHour = 0.5;
    sp.overhead = 0.1;
    sp.interruptionsPerHour = 0.01;
    p.spot = sp;
    core::PoolOwned owned;
    owned.gpusPerServer = 2;
    owned.fixedUsdPerServerHour = 1.9;
    owned.powerUsdPerBusyGpuHour = 0.05;
    p.owned = owned;
    return p;
}

core::PoolSizingRequest handRequest()
{
    core::PoolSizingRequest r;
    r.tasks = tasks(fixture("size-tasks.csv"), "size-tasks.csv");
    r.tasksName = "size-tasks.csv";
    r.gpuId = "A100-SXM-40GB";
    r.policies = {core::PoolPolicy::FirstFit};
    r.shuffleNodes = false; // ties to the node order: owned servers first, then reserved instances
    r.burstStartDelay = 0;
    return r;
}

const core::PoolMix* findMix(const core::PoolPolicySizing& s, int owned, int reserved)
{
    for (const auto& m : s.evaluated)
        if (m.ownedServers == owned && m.reservedInstances == reserved)
            return &m;
    return nullptr;
}

} // namespace

void TestPool::burstRule()
{
    // size-tasks.csv: a, b (1 GPU, 0–10 h), c (0–6 h), d (0–2 h) of class LS and e (0–4 h, BE, preemptible), all
    // arriving at 0, on three 1-GPU nodes, first fit: a, b, c start, d and e wait. The rule: burst after 3,000 s,
    // then 600 s for the instance to start. Nothing frees a GPU before c leaves at 6 h, so d and e burst at 3,000 s
    // and start at 3,600 s: d runs 3,600–10,800, e 3,600–18,000; their wait is 3,000 + 600 = 3,600 s. The replay
    // ends when a and b leave, at 36,000 s. LS waits {0, 0, 0, 3600}: p99 = the ⌈0.99·4⌉ = 4th = 3,600.
    const auto c = cluster("name,gpu_type,gpus\nr1,A100-SXM-40GB,1\nr2,A100-SXM-40GB,1\nr3,A100-SXM-40GB,1\n");
    const auto t = tasks(fixture("size-tasks.csv"), "size-tasks.csv");
    auto o = options(core::PoolPolicy::FirstFit);
    o.keepNodeUse = true;
    core::PoolBurstRule rule;
    rule.after = 3000;
    rule.startDelay = 600;
    o.burst = rule;
    const auto r = core::simulatePool(c, t, o);
    QCOMPARE(r.bursts.size(), std::size_t(2));
    QCOMPARE(r.bursts[0].task, 3); // d
    QCOMPARE(r.bursts[0].start, 3600.0);
    QCOMPARE(r.bursts[0].end, 10800.0);
    QCOMPARE(r.bursts[1].task, 4); // e
    QCOMPARE(r.bursts[1].end, 18000.0);
    QCOMPARE(r.end, 36000.0);
    QCOMPARE(r.completed, std::int64_t(5));
    QCOMPARE(r.delays.size(), std::size_t(2)); // BE, LS
    QCOMPARE(r.delays[1].taskClass, std::string("LS"));
    QCOMPARE(r.delays[1].p99, 3600.0);
    QCOMPARE(r.delays[1].burst, std::int64_t(1));
    QCOMPARE(r.delays[0].p99, 3600.0);
    // Node use: r1 holds a for 10 h, r2 b for 10 h, r3 c for 6 h.
    QCOMPARE(r.nodeGpuHours, (std::vector<double> {10.0, 10.0, 6.0}));
    // A class of its own: BE bursts at once (after 0), e waits only the 600 s start.
    rule.afterByClass = {{"BE", 0.0}};
    o.burst = rule;
    const auto r2 = core::simulatePool(c, t, o);
    QCOMPARE(r2.delays[0].p99, 600.0);
    QCOMPARE(r2.bursts.front().task, 4); // e first, at 0
    // With no node at all every task waits for burst capacity: none is unfit.
    const auto none = core::simulatePool(core::PoolCluster {}, t, o);
    QCOMPARE(none.unfitCount, std::int64_t(0));
    QCOMPARE(none.bursts.size(), std::size_t(5));
}

void TestPool::sizingHandWorked()
{
    // The optimizer on the hand-worked case (handPrices, size-tasks.csv), target 0 s and no start delay: a task that
    // finds no free GPU on arrival bursts at once, so with F fixed GPUs (first fit, owned servers first) the first F
    // tasks of a, b, c, d, e run on them and the rest burst. GPU-hours: a 10, b 10, c 6, d 2, e 4; the span is 10 h.
    // Cost of a mix of O owned servers and R reserved instances over 10 h:
    //   owned 1.9·10 = 19 per server + 0.05 per busy GPU-hour; reserved 1.1·10 = 11 per instance;
    //   a burst of a–d 2.00 per GPU-hour; e on spot 0.50·1.1 = 0.55 per GPU-hour → 2.2.
    //   (0,0) 2·28 + 2.2 = 58.2     (0,1) 11 + 2·18 + 2.2 = 49.2   (0,2) 22 + 2·8 + 2.2 = 40.2
    //   (0,3) 33 + 2·2 + 2.2 = 39.2 (0,4) 44 + 2.2 = 46.2          (0,5) 55
    //   (1,0) 19 + 0.05·20 + 2·8 + 2.2 = 38.2                        (1,1) 19 + 1 + 11 + 2·2 + 2.2 = 37.2
    //   (1,2) 19 + 1 + 22 + 2.2 = 44.2  (2,0) 38 + 0.05·28 + 2.2 = 41.6  (2,1) 38 + 1.4 + 11 = 50.4
    // The cheapest is one owned server (a, b) and one reserved instance (c), d bursting on demand and e on spot: 37.2.
    const auto req = handRequest();
    const auto r = core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"));
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    // Peak demand: all five at once, 5 GPUs. Bounds: ⌈5/2⌉ + 1 = 4 servers, 5 + 1 = 6 instances.
    QCOMPARE(r->peakDemandGpus, 5.0);
    QCOMPARE(r->demandGpuHours, 32.0);
    QCOMPARE(r->ownedMax, 4);
    QCOMPARE(r->reservedMax, 6);
    QCOMPARE(r->policies.size(), std::size_t(1));
    const auto& s = r->policies.front();
    QVERIFY(s.best);
    const core::PoolMix& b = *s.best;
    QCOMPARE(b.ownedServers, 1);
    QCOMPARE(b.reservedInstances, 1);
    QCOMPARE(b.ownedGpus, 2);
    QCOMPARE(b.hours, 10.0);
    GP_COMPARE_REL(b.ownedUsd, 20.0, 1e-12);
    GP_COMPARE_REL(b.reservedUsd, 11.0, 1e-12);
    GP_COMPARE_REL(b.onDemandUsd, 4.0, 1e-12);
    GP_COMPARE_REL(b.spotUsd, 2.2, 1e-12);
    GP_COMPARE_REL(b.totalUsd(), 37.2, 1e-12);
    GP_COMPARE_REL(b.perMonth(b.totalUsd()), 37.2 * 73, 1e-12); // 730 h ÷ 10 h
    QCOMPARE(b.ownedBusyGpuHours, 20.0);
    QCOMPARE(b.reservedBusyGpuHours, 6.0);
    QCOMPARE(b.onDemandGpuHours, 2.0);
    QCOMPARE(b.spotGpuHours, 4.0);
    QCOMPARE(b.onDemandTasks, std::int64_t(1));
    QCOMPARE(b.spotTasks, std::int64_t(1));
    GP_COMPARE_REL(b.expectedSpotInterruptions, 0.04, 1e-12); // 0.01 per hour × 4 h × 1 instance
    QVERIFY(b.meetsTarget);
    for (const auto& d : b.delays)
        QCOMPARE(d.p99, 0.0);
    QVERIFY(!s.atEdge);
    // The other mixes the search replayed, as worked out above.
    GP_COMPARE_REL(s.allOnDemand.totalUsd(), 58.2, 1e-12);
    GP_COMPARE_REL(findMix(s, 0, 3)->totalUsd(), 39.2, 1e-12);
    GP_COMPARE_REL(findMix(s, 1, 0)->totalUsd(), 38.2, 1e-12);
    // The bound: a mix whose fixed cost over the 10 h alone reaches the best so far is not replayed. In order:
    // (0,0) 58.2, (0,1) 49.2, (0,2) 40.2, (0,3) 39.2; (0,4) fixed 44 ≥ 39.2: (0,4)–(0,6) skipped; (1,0) 38.2,
    // (1,1) 37.2; (1,2) fixed 19 + 22 = 41 ≥ 37.2: (1,2)–(1,6) skipped; (2,0) fixed 38 ≥ 37.2: O = 2…4 skipped.
    // 6 replayed + 3 + 5 + 3·7 = 35 = 5 × 7 mixes.
    QCOMPARE(s.evaluated.size(), std::size_t(6));
    QCOMPARE(s.skipped, std::int64_t(29));
    QVERIFY(!findMix(s, 2, 0));
    // Break-even utilizations: reserved 1.1 ÷ 2 = 0.55; owned 0.95 fixed per GPU-hour ÷ (2 − 0.05) = 0.48718;
    // spot 0.55 ÷ 2 = 0.275 of the on-demand price.
    GP_COMPARE_REL(*r->prices.reservedBreakEven(), 0.55, 1e-12);
    GP_COMPARE_REL(*r->prices.ownedBreakEven(), 0.95 / 1.95, 1e-12);
    GP_COMPARE_REL(*r->prices.spotRatio(), 0.275, 1e-12);
    // Progress reaches the whole grid.
    std::int64_t last = 0, of = 0;
    QVERIFY(core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"), [&](std::int64_t d, std::int64_t t) {
        last = d;
        of = t;
    }));
    QCOMPARE(of, std::int64_t(35));
    QCOMPARE(last, std::int64_t(35));
}

void TestPool::sizingPerClassTargets()
{
    // LS must wait at most 60 s, BE 7,200 s; an instance takes 120 s to start, so an LS task may never burst (its
    // wait would be 120 s, and with 4 LS tasks the p99 is the longest) while e may burst after 7,080 s.
    //   F = 4 fixed GPUs or more: a–d run at once. e waits; d leaves at 7,200 s, after e's 7,080 s: e bursts on spot,
    //   0.55 × 4 h = 2.2. (2,0): 38 + 0.05 · (10 + 10 + 6 + 2) + 2.2 = 41.6; (1,2): 19 + 1 + 22 + 2.2 = 44.2;
    //   (0,4): 44 + 2.2 = 46.2; five fixed GPUs run e as well: (2,1) 38 + 1.4 + 11 = 50.4, (1,3) 19 + 1 + 33 = 53.
    //   F ≤ 3: an LS task bursts and LS misses its target.
    // The cheapest that meets both targets: two owned servers, 41.6.
    auto req = handRequest();
    req.burstStartDelay = 120;
    req.targetWait = 60;
    req.targetByClass = {{"BE", 7200.0}};
    const auto r = core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"));
    QVERIFY(r);
    const auto& s = r->policies.front();
    QVERIFY(s.best);
    QCOMPARE(s.best->ownedServers, 2);
    QCOMPARE(s.best->reservedInstances, 0);
    GP_COMPARE_REL(s.best->totalUsd(), 41.6, 1e-12);
    GP_COMPARE_REL(s.best->spotUsd, 2.2, 1e-12);
    QVERIFY(!s.allOnDemand.meetsTarget);
    QVERIFY(!findMix(s, 1, 1)->meetsTarget);
    // e waited 7,080 + 120 = 7,200 s: exactly the BE target.
    QCOMPARE(s.best->delays.front().taskClass, std::string("BE"));
    QCOMPARE(s.best->delays.front().p99, 7200.0);
    // The best mix's replay is kept, with its burst series: e's GPU from 7,080 s on.
    QCOMPARE(s.replay.bursts.size(), std::size_t(1));
    // A target no mix within the bounds meets (0 s with a 120 s start, and at most one server): no best.
    req.targetByClass.clear();
    req.targetWait = 0;
    req.maxOwnedServers = 1;
    req.maxReservedInstances = 0;
    const auto none = core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"));
    QVERIFY(none);
    QVERIFY(!none->policies.front().best);
}

void TestPool::sizingUnfitAndCancel()
{
    // A task that names another GPU, and one of 16 GPUs (an A100 server holds 8: gpus.json max_gpus), fit no part of
    // the pool: counted and listed, not sized for. A task naming the pool's GPU by an alias ("a100-40gb") is kept.
    auto req = handRequest();
    req.tasks = tasks("name,gpus,gpu_types,duration_s\nx,1,T4,10\ny,16,,10\nz,1,a100-40gb,10\n");
    auto r = core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"));
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->unfitCount, std::int64_t(2));
    QCOMPARE(r->tasks, std::int64_t(1));
    QCOMPARE(r->unfit.front().name, std::string("x"));
    // Nothing fits: an error that names the file.
    req.tasks = tasks("name,gpus,gpu_types\nx,1,T4\n");
    r = core::sizePoolWith(req, handPrices(), &test::gpu("A100-SXM-40GB"));
    QVERIFY(!r);
    QVERIFY(r.error().detail.find("size-tasks.csv") != std::string::npos);
    // Cancelled before the first mix after (0,0).
    std::atomic<bool> cancel {true};
    r = core::sizePoolWith(handRequest(), handPrices(), &test::gpu("A100-SXM-40GB"), {}, &cancel);
    QVERIFY(!r);
    QCOMPARE(r.error().code, core::ErrorCode::Cancelled);
    // No on-demand price: no burst capacity, an error.
    auto noOd = handPrices();
    noOd.onDemand.reset();
    QVERIFY(!core::sizePoolWith(handRequest(), noOd, &test::gpu("A100-SXM-40GB")));
}

void TestPool::sizingPricesFromCatalog()
{
    // Two offerings of A100-SXM-40GB: "x" 8 GPUs at 16 USD per hour on demand (2 per GPU-hour), reserved 12 months
    // all upfront 70,080 (70,080 ÷ (12 × 730) = 8 per hour, 1 per GPU-hour) and spot 4 per hour (0.5) in bucket 0;
    // "y" 1 GPU at 3 per hour on demand (dearer), in CNY 10 per hour at 7.0 CNY per USD (1.43: cheaper than 2) with a
    // 50 % negotiated discount on y: 0.714. The cheapest on demand is y's CNY row.
    core::Offering x;
    x.provider = "x";
    x.region = "r";
    x.instanceType = "x8";
    x.gpuModel = "A100-SXM-40GB";
    x.gpuCount = 8;
    x.vcpus = 96;
    x.memoryGiB = 1152;
    core::Price od;
    od.hourlyRate = 16;
    od.asOf = "2026-01-01";
    core::Price rv;
    rv.pricingModel = core::PricingModel::Reserved;
    rv.termMonths = 12;
    rv.upfrontFee = 70080;
    core::Price sp;
    sp.pricingModel = core::PricingModel::Spot;
    sp.hourlyRate = 4;
    sp.interruptionBucket = 0;
    x.prices = {od, rv, sp};
    core::Offering y = x;
    y.provider = "y";
    y.instanceType = "y1";
    y.gpuCount = 1;
    core::Price cny = od;
    cny.hourlyRate = 10;
    cny.currency = "CNY";
    y.prices = {cny};
    auto in = test::inputs({x, y}, core::FxTable({core::FxRate {"CNY", 7.0, "2026-01-01", "test"}}));
    in.discounts["y"] = 0.5;
    auto p = core::poolPrices(in, test::gpu("A100-SXM-40GB"), "", std::nullopt, 0, 0);
    QVERIFY2(p, p ? "" : p.error().detail.c_str());
    QCOMPARE(p->onDemand->provider, std::string("y"));
    GP_COMPARE_REL(p->onDemand->usdPerGpuHour, 10.0 / 7.0 * 0.5, 1e-12);
    GP_COMPARE_REL(p->reserved->usdPerGpuHour, 1.0, 1e-12);
    QCOMPARE(p->reserved->gpusPerInstance, 8);
    QCOMPARE(p->reserved->cpuMilli, std::int64_t(96000));
    QCOMPARE(p->reserved->memoryMib, std::int64_t(1152 * 1024));
    GP_COMPARE_REL(p->spot->usdPerGpuHour, 0.5, 1e-12);
    QVERIFY(p->spot->overhead > 0);
    // Spot bucket 0 (< 5 %): its midpoint 2.5 % a month, −ln(1 − 0.025)/730 per instance-hour (pricing.h).
    GP_COMPARE_REL(p->spot->interruptionsPerHour, -std::log(1 - 0.025) / 730, 1e-12);
    QVERIFY(!p->owned);
    // Only provider x: its own on-demand price.
    p = core::poolPrices(in, test::gpu("A100-SXM-40GB"), "x", std::nullopt, 0, 0);
    QVERIFY(p);
    GP_COMPARE_REL(p->onDemand->usdPerGpuHour, 2.0, 1e-12);
    // No price at all: an error naming the GPU.
    const auto none = core::poolPrices(in, test::gpu("T4"), "", std::nullopt, 0, 0);
    QVERIFY(!none);
    QVERIFY(none.error().detail.find("T4") != std::string::npos);
    // Owned servers from TCO inputs: 8 GPUs, 240,000 USD over 4 years = 240,000 ÷ 35,040 = 6.849 per server-hour,
    // power at 0 USD per kWh: the fixed cost is the purchase alone; owned break-even 6.849/8 ÷ 2 = 0.428 against x.
    core::TcoSpec tco;
    tco.gpu = "A100-SXM-40GB";
    tco.serverPrice = 240000;
    tco.powerPricePerKwh = 0;
    p = core::poolPrices(in, test::gpu("A100-SXM-40GB"), "x", tco, 128000, 0);
    QVERIFY(p);
    GP_COMPARE_REL(p->owned->fixedUsdPerServerHour, 240000.0 / (4 * 8760), 1e-12);
    QCOMPARE(p->owned->powerUsdPerBusyGpuHour, 0.0);
    QCOMPARE(p->owned->cpuMilli, std::int64_t(128000));
    QCOMPARE(p->owned->memoryMib, core::poolUnlimited);
    GP_COMPARE_REL(*p->ownedBreakEven(), 240000.0 / (4 * 8760) / 8 / 2.0, 1e-12);
    // A TCO file for another GPU is an error.
    tco.gpu = "H100-SXM-80GB";
    QVERIFY(!core::poolPrices(in, test::gpu("A100-SXM-40GB"), "x", tco, 0, 0));
}

void TestPool::sizingScenarios()
{
    // Two scenarios on A100-SXM-80GB with estimates only (no offerings): the training example (pinned to 8 H100s)
    // becomes 8 A100s for its wall time on them from hour 24; the serving example with a daily profile becomes its
    // replicas hour by hour over one week (168 h, the default span).
    const auto in = test::inputs();
    std::vector<core::PoolScenario> sc;
    for (const char* f : {"llama-3.1-70b-lora.json", "llama-3.1-8b-daily-profile.json"}) {
        const std::string path = std::string(GPUPLAN_SOURCE_DIR "/examples/") + f;
        auto w = core::parseWorkload(test::readFile(path), f, test::models(), test::gpus());
        QVERIFY2(w, w ? "" : w.error().detail.c_str());
        sc.push_back(core::PoolScenario {f, *w, sc.empty() ? 24.0 : 0.0});
    }
    std::vector<std::string> notes;
    auto t = core::poolTasksFromScenarios(sc, in, "A100-SXM-80GB", 8, &notes);
    QVERIFY2(t, t ? "" : t.error().detail.c_str());
    QCOMPARE(notes.size(), std::size_t(3)); // the pin moved, then one line per scenario
    QVERIFY(notes[0].find("pinned to H100-SXM-80GB") != std::string::npos);
    // The training job: planned alone on 8 A100s it needs the same GPUs and wall time.
    core::Workload onA100 = sc[0].workload;
    onA100.hardware->gpu = "A100-SXM-80GB";
    const core::Plan plan = test::plan(onA100, in);
    QVERIFY(plan.pinned && plan.pinned->fits);
    const core::Candidate* c = &*plan.pinned;
    QCOMPARE(c->gpus, 8);
    int trainingGpus = 0;
    double servingGpuHours = 0;
    for (const auto& task : *t) {
        QCOMPARE(task.gpuTypes, (std::vector<std::string> {"A100-SXM-80GB"}));
        QVERIFY(task.gpus <= 8);
        if (task.taskClass == "training") {
            trainingGpus += task.gpus;
            QCOMPARE(task.arrival, 24 * 3600.0);
            GP_COMPARE_REL(task.duration, c->wallHours * 3600, 1e-12);
        } else {
            QCOMPARE(task.taskClass, std::string("serving"));
            QCOMPARE(task.priority, 2);
            servingGpuHours += task.gpus * task.duration / 3600;
        }
    }
    QCOMPARE(trainingGpus, c->gpus);
    // Serving: the replicas each hour needs, seven days over: 7 × Σ needed × GPUs per replica.
    const core::Plan served = test::plan(sc[1].workload, in);
    const core::Candidate* s = nullptr;
    for (const auto& cand : served.candidates)
        if (cand.gpu->id == "A100-SXM-80GB" && cand.fits && !s)
            s = &cand;
    QVERIFY(s && s->capacity && s->capacity->autoscale);
    double perDay = 0;
    for (int n : s->capacity->autoscale->needed)
        perDay += n * s->capacity->gpusPerReplica;
    QCOMPARE(s->capacity->autoscale->needed.size(), std::size_t(24));
    GP_COMPARE_REL(servingGpuHours, 7 * perDay, 1e-12);
    // A GPU with no candidate: an error naming the scenario.
    const auto bad = core::poolTasksFromScenarios(sc, in, "T4", 8);
    QVERIFY(!bad);
    QVERIFY(bad.error().detail.find("llama-3.1-70b-lora.json") != std::string::npos);
}

void TestPool::realTraceSizing()
{
    if (samples().empty())
        QSKIP("GPUPLAN_SAMPLES not set: the sizing of the real trace is not run");
    // The real trace asks for at most 64.59 GPUs at once (a sweep of its 8,152 tasks when each starts on arrival:
    // the openb pods, gpu_milli × num_gpu), 1 % of the 6,212 GPUs it ran on. Sized on the hand prices with servers of
    // 2 GPUs (owned bound ⌈64.59 / 2⌉ + 1 = 34): the best mix exists, meets a 10-minute target, and is cheaper than
    // all on demand.
    const auto [c, t] = realTrace();
    auto req = handRequest();
    req.tasks = t;
    req.targetWait = 600;
    req.burstStartDelay = core::poolBurstStartDelayS;
    req.policies = {core::PoolPolicy::BestFit};
    auto prices = handPrices();
    prices.reserved.reset();
    const auto r = core::sizePoolWith(req, prices, &test::gpu("A100-SXM-40GB"));
    QVERIFY2(r, r ? "" : r.error().detail.c_str());
    QCOMPARE(r->tasks, std::int64_t(8152));
    GP_COMPARE_REL(r->peakDemandGpus, 64.59, 1e-9);
    QCOMPARE(r->ownedMax, 34);
    const auto& s = r->policies.front();
    QVERIFY(s.best);
    QVERIFY(s.best->meetsTarget);
    QVERIFY(s.best->totalUsd() < s.allOnDemand.totalUsd());
}

QTEST_APPLESS_MAIN(TestPool)
#include "tst_pool.moc"
