// The GPU pool simulator (core/pool.h): its readers, MIG placements, FGD's target workload, every policy on a
// hand-worked fixture, queueing, energy, tasks that fit nowhere, and Weng et al.'s experiment on the real trace
// ($GPUPLAN_SAMPLES; skipped when it is not set). Every expected value is worked out in the comments.
#include "core/pool.h"
#include "core/pool_trace.h"
#include "core/random.h"
#include "core/sharing.h"
#include "testutil.h"

#include <algorithm>
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

QTEST_APPLESS_MAIN(TestPool)
#include "tst_pool.moc"
