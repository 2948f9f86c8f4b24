<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>PdfReport</name>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="424"/>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="570"/>
        <location filename="../app/report/pdf_report.cpp" line="575"/>
        <source> (log scale)</source>
        <translation>（对数刻度）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="609"/>
        <source>candidate</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="610"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="941"/>
        <source>GPU deployment plan</source>
        <translation>GPU 部署方案报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="882"/>
        <location filename="../app/report/pdf_report.cpp" line="2201"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="887"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="889"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="891"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="895"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="978"/>
        <location filename="../app/report/pdf_report.cpp" line="2203"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="978"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="988"/>
        <source>%1 (%2 d, old)</source>
        <translation>%1（%2 天，已过时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="988"/>
        <source>%1 (%2 d)</source>
        <translation>%1（%2 天）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="992"/>
        <source>on-demand base + spot burst</source>
        <translation>按需基础 + 竞价突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="993"/>
        <source>prepaid (host&apos;s default discount)</source>
        <translation>预付（主机默认折扣）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="996"/>
        <location filename="../app/report/pdf_report.cpp" line="2223"/>
        <source>%1 mo</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="901"/>
        <location filename="../app/report/pdf_report.cpp" line="2289"/>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="903"/>
        <location filename="../app/report/pdf_report.cpp" line="2291"/>
        <location filename="../app/report/pdf_report.cpp" line="2296"/>
        <source>spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="905"/>
        <location filename="../app/report/pdf_report.cpp" line="2283"/>
        <location filename="../app/report/pdf_report.cpp" line="2286"/>
        <location filename="../app/report/pdf_report.cpp" line="2331"/>
        <source>reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="907"/>
        <source>savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="909"/>
        <source>committed use</source>
        <translation>承诺使用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="911"/>
        <source>subscription</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="913"/>
        <source>capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1006"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1008"/>
        <source>serving (inference)</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1010"/>
        <source>batch job</source>
        <translation>批处理作业</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1024"/>
        <location filename="../app/report/pdf_report.cpp" line="1029"/>
        <location filename="../app/report/pdf_report.cpp" line="1239"/>
        <location filename="../app/report/pdf_report.cpp" line="1304"/>
        <location filename="../app/report/pdf_report.cpp" line="1305"/>
        <location filename="../app/report/pdf_report.cpp" line="1543"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1039"/>
        <source>%1 · generated %2</source>
        <translation>%1 · 生成于 %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1041"/>
        <source>workload file %1</source>
        <translation>工作负载文件 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1057"/>
        <source>Recommendation</source>
        <translation>推荐方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1057"/>
        <source>The pinned deployment does not fit</source>
        <translation>指定的部署放不下</translation>
    </message>
    <message>
        <source>The pinned deployment is not feasible</source>
        <translation>指定的部署不可行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1060"/>
        <source>Nothing feasible: every deployment was excluded (see &quot;Why not the others&quot;).</source>
        <translation>没有可行方案：所有部署均被排除（见“为什么不选其他方案”）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1067"/>
        <source>Cost: %1 per month</source>
        <translation>费用：每月 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1068"/>
        <source>Cost: %1</source>
        <translation>费用：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1070"/>
        <location filename="../app/report/pdf_report.cpp" line="1081"/>
        <source>80 % range %1</source>
        <translation>80% 区间 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1074"/>
        <source>Latency: %1 per request (TTFT %2, TPOT %3)</source>
        <translation>延迟：每个请求 %1（首字延迟 %2，每字延迟 %3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1079"/>
        <source>Time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1082"/>
        <source>GPU-hours: %1</source>
        <translation>GPU 小时：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1085"/>
        <source>Does not fit</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1087"/>
        <source>Why: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1119"/>
        <source>ranked by time, then cost: it is the fastest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按时间排序，其次按费用：在 %1 个放得下且满足约束的已定价部署中，它最快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1122"/>
        <source>ranked by cost: it is the cheapest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按费用排序：在 %1 个放得下且满足约束的已定价部署中，它最便宜。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1127"/>
        <source>It meets the deadline of %1 with %2.</source>
        <translation>它以 %2 满足 %1 的截止时间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1130"/>
        <source>It stays within the budget of %1 %2.</source>
        <translation>它没有超出 %1 %2 的预算。</translation>
    </message>
    <message>
        <source>It is on the Pareto front of cost vs latency: no other deployment is both cheaper and faster.</source>
        <translation type="vanished">它位于费用–延迟的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1134"/>
        <source>It is on the Pareto front of cost vs time: no other deployment is both cheaper and faster.</source>
        <translation>它位于费用–时间的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1142"/>
        <source>The fastest option on the front, %1, answers within %2 at p99 for %3 (%4 more).</source>
        <translation>前沿上最快的方案 %1 在 p99 下 %2 内返回首 token，费用 %3（多 %4）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1144"/>
        <source>The fastest option on the front, %1, takes %2 for %3 (%4 more).</source>
        <translation>前沿上最快的方案 %1 用时 %2，费用 %3（多 %4）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1150"/>
        <source>Faster deployments on the Pareto front cost more (see the chart).</source>
        <translation>帕累托前沿上更快的部署费用更高（见图表）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1155"/>
        <source>the workload pins the hardware; this is the estimate for that deployment (no catalog offering matched it).</source>
        <translation>工作负载指定了硬件；这是该部署的估算（目录中没有匹配的报价）。</translation>
    </message>
    <message>
        <source>the workload pins the hardware; this is the estimate for that deployment (no catalog offering can run it as pinned: see &quot;Why not the others&quot;).</source>
        <translation>工作负载指定了硬件；这是该部署的估算（目录中没有报价能按指定方式运行它：见“为什么不选其他方案”）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1158"/>
        <source>no prices: ranked by GPU-hours, a price-free proxy for cost.</source>
        <translation>没有价格：按 GPU 小时排序，作为费用的无价格替代指标。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1165"/>
        <source>What would make it fit: %1</source>
        <translation>怎样才能放得下：%1</translation>
    </message>
    <message>
        <source>Not feasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <source>Why it is not feasible: %1</source>
        <translation>不可行的原因：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1180"/>
        <source>Workload and constraints</source>
        <translation>工作负载与约束</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1183"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1188"/>
        <source>%1 billion parameters</source>
        <translation>%1 亿参数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1191"/>
        <source>%1 billion active</source>
        <translation>激活 %1 亿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1192"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1196"/>
        <location filename="../app/report/pdf_report.cpp" line="1692"/>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1201"/>
        <source>rank %1</source>
        <translation>秩 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1202"/>
        <source>Precision · method</source>
        <translation>精度 · 方法</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1204"/>
        <source>Global batch</source>
        <translation>全局批量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1205"/>
        <source>%1 sequences of %2 tokens</source>
        <translation>%1 条序列，每条 %2 个 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1211"/>
        <source>Request shape</source>
        <translation>请求形状</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1211"/>
        <source>%1 prompt tokens, %2 output tokens</source>
        <translation>%1 个提示 token，%2 个输出 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1212"/>
        <source>Precision (weights · KV cache)</source>
        <translation>精度（权重 · KV 缓存）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1216"/>
        <source>Peak traffic</source>
        <translation>峰值流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1216"/>
        <source>%1 requests/s</source>
        <translation>%1 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1218"/>
        <source>Demand profile</source>
        <translation>需求曲线</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1219"/>
        <source>%1 hourly values, peak %2 requests/s</source>
        <translation>%1 个逐小时值，峰值 %2 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1222"/>
        <source>TTFT p99 ≤ %1</source>
        <translation>首字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1224"/>
        <source>TPOT p99 ≤ %1</source>
        <translation>每字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1226"/>
        <source>end to end p99 ≤ %1</source>
        <translation>端到端 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1228"/>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1230"/>
        <source>Availability target</source>
        <translation>可用性目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1234"/>
        <source>Measured work</source>
        <translation>实测工作量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1235"/>
        <source>%1 GPU-hours on %2, bound by %3</source>
        <translation>在 %2 上 %1 GPU 小时，瓶颈为 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1239"/>
        <source>Pinned hardware</source>
        <translation>指定硬件</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1242"/>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1244"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1252"/>
        <source>Providers</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1254"/>
        <source>Regions</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1256"/>
        <source>Countries (data residency)</source>
        <translation>国家（数据驻留）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1258"/>
        <source>Pricing models</source>
        <translation>计费模式</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1260"/>
        <source>Spot interruption bucket at most</source>
        <translation>竞价实例中断档位上限</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1261"/>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1262"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1262"/>
        <source>carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1262"/>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1264"/>
        <location filename="../app/report/pdf_report.cpp" line="1905"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1266"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1266"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1277"/>
        <source>Ranked comparison</source>
        <translation>排名比较</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1278"/>
        <source>Ranked comparison (top %1 of %2)</source>
        <translation>排名比较（%2 个中的前 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1280"/>
        <source>No candidate fits and meets the constraints.</source>
        <translation>没有候选方案放得下并满足约束。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <location filename="../app/report/pdf_report.cpp" line="1312"/>
        <location filename="../app/report/pdf_report.cpp" line="1324"/>
        <location filename="../app/report/pdf_report.cpp" line="1336"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <source>Provider
region</source>
        <translation>云厂商
地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <source>Instances
GPUs</source>
        <translation>实例
GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <source>Pricing</source>
        <translation>计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1291"/>
        <source>%1
per hour</source>
        <translation>%1
每小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1292"/>
        <source>%1 per month
80 % range</source>
        <translation>每月 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1293"/>
        <source>Total %1
80 % range</source>
        <translation>总计 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1295"/>
        <source>Latency
per request</source>
        <translation>每个请求
的延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1295"/>
        <source>Time
80 % range</source>
        <translation>时间
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1295"/>
        <source>Prices
as of</source>
        <translation>价格
日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1312"/>
        <location filename="../app/report/pdf_report.cpp" line="1324"/>
        <location filename="../app/report/pdf_report.cpp" line="1336"/>
        <location filename="../app/report/pdf_report.cpp" line="2085"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1312"/>
        <location filename="../app/report/pdf_report.cpp" line="1324"/>
        <location filename="../app/report/pdf_report.cpp" line="2391"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1312"/>
        <location filename="../app/report/pdf_report.cpp" line="1324"/>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>Time (80 % range)</source>
        <translation>时间（80% 区间）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <location filename="../app/report/pdf_report.cpp" line="1336"/>
        <location filename="../app/report/pdf_report.cpp" line="1441"/>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1325"/>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1325"/>
        <source>TTFT</source>
        <translation>首字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1325"/>
        <source>TPOT</source>
        <translation>每字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1325"/>
        <source>Output tokens/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1326"/>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1336"/>
        <source>Speed vs reference</source>
        <translation>相对参考 GPU 的速度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1336"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>● on the Pareto front of cost vs latency. Costs are per 730-hour month of service; ranges come from the estimator&apos;s measured errors.</source>
        <translation type="vanished">● 位于费用–延迟的帕累托前沿上。费用按每月 730 小时服务计；区间来自估算器的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1349"/>
        <source>● on the Pareto front of cost vs time: nothing else is both cheaper and faster. Ranges (80 %) come from the estimator&apos;s measured errors on published runs.</source>
        <translation>● 位于费用–时间的帕累托前沿上：没有其他方案既更便宜又更快。80% 区间来自估算器在已发表运行上的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1358"/>
        <location filename="../app/report/pdf_report.cpp" line="1361"/>
        <location filename="../app/report/pdf_report.cpp" line="1365"/>
        <source>TP %1 × %2 replicas</source>
        <translation>TP %1 × %2 个副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1389"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Cost vs latency</source>
        <translation type="vanished">费用与延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1394"/>
        <source>Cost vs time</source>
        <translation>费用与时间</translation>
    </message>
    <message>
        <source>end-to-end latency per request (s)</source>
        <translation type="vanished">每个请求的端到端延迟（秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1407"/>
        <location filename="../app/report/pdf_report.cpp" line="1441"/>
        <source>wall time (h)</source>
        <translation>墙钟时间（小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1407"/>
        <source>p99 time to first token (s)</source>
        <translation>p99 首 token 时间（秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1408"/>
        <source>cost per month (%1)</source>
        <translation>每月费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1408"/>
        <source>total cost (%1)</source>
        <translation>总费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1409"/>
        <location filename="../app/report/pdf_report.cpp" line="1441"/>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1413"/>
        <source>The cheapest deployments (their p99 times to first token differ by %1 at most)</source>
        <translation>最便宜的部署（它们的 p99 首 token 时间相差至多 %1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1414"/>
        <source>The cheapest deployments (their times differ by %1 at most)</source>
        <translation>最便宜的部署（它们的时间相差至多 %1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1423"/>
        <source>%1 a month · %2 per million output tokens</source>
        <translation>每月 %1 · 每百万输出 token %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1425"/>
        <source>#%1 %2 %3 · %4</source>
        <translation>#%1 %2 %3 · %4</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1432"/>
        <source>GPU-hours vs time</source>
        <translation>GPU 小时与时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>GEMMs and attention</source>
        <translation>矩阵乘与注意力</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1474"/>
        <source>Memory-bound kernels</source>
        <translation>访存受限的算子</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1475"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1476"/>
        <source>Tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1477"/>
        <source>Context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1478"/>
        <source>Pipeline-parallel communication</source>
        <translation>流水线并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1479"/>
        <source>Data-parallel communication</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1480"/>
        <source>Expert-parallel communication</source>
        <translation>专家并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1481"/>
        <source>MoE dispatch overhead</source>
        <translation>MoE 分发开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1482"/>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1485"/>
        <source>Per-step framework overhead</source>
        <translation>每步框架开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1779"/>
        <source>The slowest 1 % of requests (the longest prompts of the length mix, prefix-cache misses, cold LoRA adapters) take %1 to their first token before any queueing; the p99 TTFT adds it to the p99 wait, an upper bound</source>
        <translation>最慢的 1 % 请求（长度混合中最长的提示词、前缀缓存未命中、冷 LoRA 适配器）在排队之前需 %1 才得到首个 token；p99 TTFT 将其加到 p99 等待时间上，是一个上界</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2172"/>
        <source>GPU pool sizing</source>
        <translation>GPU 资源池容量规划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2178"/>
        <source>%1 tasks of %2 on %3</source>
        <translation>%2 中的 %1 个任务，使用 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2181"/>
        <source>generated %1</source>
        <translation>生成于 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2183"/>
        <source>Pool sizing</source>
        <translation>资源池容量规划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2193"/>
        <source>%1 USD</source>
        <translation>%1 美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2196"/>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2211"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2212"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2218"/>
        <source>%1 %2 (%3 GPUs) %4, %5</source>
        <translation>%1 %2（%3 块 GPU）%4，%5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2225"/>
        <source>(a host&apos;s default discount: indicative)</source>
        <translation>（主机默认折扣：仅供参考）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2226"/>
        <source>as of %1</source>
        <translation>截至 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2241"/>
        <source>Target: the 99th percentile of the queueing delay of every class at most %1; a burst instance takes %2 to start. Demand when every task starts on arrival: at most %3 GPUs at once, %4 GPU-hours over %5.</source>
        <translation>目标：每个类别排队延迟的第 99 百分位不超过 %1；突发实例启动需要 %2。若每个任务到达即开始，需求为：同时最多 %3 块 GPU，%5 内共 %4 GPU 小时。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2248"/>
        <source>Under %1 no mix within the search&apos;s bounds meets the target.</source>
        <translation>%1 策略下，搜索范围内没有满足目标的组合。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2253"/>
        <source>Cheapest under %1: %2 owned GPUs, %3 reserved GPUs, on-demand burst for %4 GPU-hours and spot for %5 GPU-hours: %6 per month (%7 over the replay), against %8 per month all on demand.</source>
        <translation>%1 策略下最便宜：自有 GPU %2 块，预留 GPU %3 块，按需突发 %4 GPU 小时，竞价实例突发 %5 GPU 小时：每月 %6（回放期间共 %7），全部按需则每月 %8。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2265"/>
        <source>Prices and break-even utilization</source>
        <translation>价格与盈亏平衡使用率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2267"/>
        <source>part</source>
        <translation>部分</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2267"/>
        <source>USD per GPU-hour</source>
        <translation>每 GPU 小时美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2268"/>
        <source>break-even utilization</source>
        <translation>盈亏平衡使用率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2268"/>
        <source>from</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2271"/>
        <location filename="../app/report/pdf_report.cpp" line="2281"/>
        <location filename="../app/report/pdf_report.cpp" line="2331"/>
        <source>owned</source>
        <translation>自有</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2272"/>
        <source>%1 + %2 when busy</source>
        <translation>%1 + 忙碌时 %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2275"/>
        <source>TCO: servers of %1 GPUs at %2 %3 over %4 years, PUE %5, power %6 per kWh</source>
        <translation>TCO：每台 %1 块 GPU 的服务器，%2 %3，折旧 %4 年，PUE %5，电价每千瓦时 %6</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2281"/>
        <source>no TCO inputs: not sized</source>
        <translation>无 TCO 输入：不规划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2287"/>
        <source>no commitment price for this GPU in the catalog: not sized</source>
        <translation>价格目录中没有此 GPU 的承诺价格：不规划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2292"/>
        <source>%1 of on-demand</source>
        <translation>按需价格的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2294"/>
        <source>+%1 % for interruptions</source>
        <translation>中断另加 %1 %</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2297"/>
        <source>no spot price for this GPU in the catalog: preemptible tasks burst on demand</source>
        <translation>价格目录中没有此 GPU 的竞价实例价格：可抢占任务按需突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2303"/>
        <source>The cheapest mix per policy</source>
        <translation>各调度策略下最便宜的组合</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2305"/>
        <location filename="../app/report/pdf_report.cpp" line="2359"/>
        <source>policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2305"/>
        <source>owned
GPUs</source>
        <translation>自有
GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2305"/>
        <source>reserved
GPUs</source>
        <translation>预留
GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2306"/>
        <source>owned
USD</source>
        <translation>自有
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2306"/>
        <source>reserved
USD</source>
        <translation>预留
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2307"/>
        <source>on-demand
burst, USD</source>
        <translation>按需突发
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2307"/>
        <source>spot burst
USD</source>
        <translation>竞价实例突发
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2308"/>
        <source>total
USD</source>
        <translation>合计
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2308"/>
        <source>all on-demand
USD</source>
        <translation>全部按需
美元</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2314"/>
        <source>no mix meets the target</source>
        <translation>没有满足目标的组合</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2326"/>
        <source>USD per 730-hour month at the trace&apos;s pace (its cost over the replay × 730 ÷ its hours).</source>
        <translation>按轨迹的节奏折算为每月（730 小时）美元（回放期间的成本 × 730 ÷ 回放小时数）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2331"/>
        <source>on-demand burst</source>
        <translation>按需突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2331"/>
        <source>spot burst</source>
        <translation>竞价实例突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2338"/>
        <source>%1: owned GPUs %2 busy, reserved GPUs %3 busy; %4 tasks burst on demand, %5 on spot (%6 interruptions expected); %7 preemptions; %8 mixes replayed, %9 ruled out by their fixed cost.</source>
        <translation>%1：自有 GPU 忙碌 %2，预留 GPU 忙碌 %3；%4 个任务按需突发，%5 个使用竞价实例（预计中断 %6 次）；抢占 %7 次；回放了 %8 个组合，%9 个因固定成本被排除。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2349"/>
        <source>%1: the cheapest mix lies on the search&apos;s bound; a larger bound may do better.</source>
        <translation>%1：最便宜的组合位于搜索边界上；扩大边界可能更好。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2357"/>
        <source>Queueing delay per class</source>
        <translation>各类别的排队延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2359"/>
        <source>class</source>
        <translation>类别</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2359"/>
        <source>tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2359"/>
        <source>burst</source>
        <translation>突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2360"/>
        <source>p50 wait</source>
        <translation>p50 等待</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2360"/>
        <source>p99 wait</source>
        <translation>p99 等待</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2360"/>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2361"/>
        <source>met</source>
        <translation>达标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2368"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2368"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2381"/>
        <source>allocated on the pool</source>
        <translation>资源池中已分配</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2381"/>
        <source>fragmented</source>
        <translation>碎片化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2382"/>
        <source>on burst capacity</source>
        <translation>突发容量上</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2389"/>
        <source>GPUs over time under %1</source>
        <translation>%1 策略下 GPU 随时间的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2391"/>
        <source>days from the first arrival</source>
        <translation>自首个任务到达起的天数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2397"/>
        <source>Method and assumptions</source>
        <translation>方法与假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2399"/>
        <source>Owned servers and reserved instances are paid every hour; a task that has waited its class&apos;s target less the start time runs on an on-demand instance (spot when it is preemptible and a spot price exists) for its whole duration, billed in whole GPUs.</source>
        <translation>自有服务器和预留实例每小时都要付费；任务等待达到其类别目标减去启动时间后，在按需实例上运行完整个时长（可抢占且有竞价实例价格时使用竞价实例），按整块 GPU 计费。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2402"/>
        <source>Every mix of owned servers (0 to %1) and reserved instances (0 to %2) is replayed in turn; a mix whose fixed cost alone reaches the best total is skipped, since nothing it adds can make it cheaper.</source>
        <translation>依次回放自有服务器（0 至 %1 台）与预留实例（0 至 %2 个）的每种组合；仅固定成本就达到当前最优总成本的组合会被跳过，因为它不可能更便宜。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2407"/>
        <source>A fixed GPU pays off when busy above its break-even utilization: reserved ÷ on-demand price; owned: its fixed cost ÷ (on-demand − the power a busy GPU adds).</source>
        <translation>固定 GPU 的忙碌占比高于盈亏平衡使用率时才划算：预留为预留价 ÷ 按需价；自有为其固定成本 ÷（按需价 − 忙碌 GPU 增加的电费）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2409"/>
        <source>Prices: the catalog&apos;s cheapest GPU-hour of each kind in USD at the dated exchange rates, less negotiated discounts. The on-demand, reserved and spot prices may come from different providers.</source>
        <translation>价格：价格目录中每种计费方式最便宜的 GPU 小时价，按带日期的汇率换算为美元并扣除协议折扣。按需、预留和竞价实例价格可能来自不同的云厂商。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2412"/>
        <source>%1 tasks fit no part of the pool and are not sized for.</source>
        <translation>%1 个任务放不进资源池的任何部分，未计入规划。</translation>
    </message>
    <message>
        <source>Failures, restarts, checkpoints</source>
        <translation type="vanished">故障、重启与检查点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1491"/>
        <location filename="../app/report/pdf_report.cpp" line="1510"/>
        <source>Spot interruptions</source>
        <translation>竞价实例中断</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1504"/>
        <source>Prefill (prompt processing)</source>
        <translation>预填充（处理提示）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1505"/>
        <source>Decode (token generation)</source>
        <translation>解码（生成 token）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1497"/>
        <location filename="../app/report/pdf_report.cpp" line="1506"/>
        <source>Headroom, spares and idle capacity</source>
        <translation>余量、备用与空闲容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1198"/>
        <source>full training</source>
        <translation>全量训练</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1370"/>
        <source>(HSDP, shards of %1)</source>
        <translation>（HSDP，每 %1 个 GPU 一个分片组）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1373"/>
        <source>full recompute of %1 % of layers</source>
        <translation>%1 % 的层全量重计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1375"/>
        <source>full recompute</source>
        <translation>全量重计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1377"/>
        <source>selective recompute</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1379"/>
        <source>per-op recompute</source>
        <translation>逐算子选择性重计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1396"/>
        <source>Plotted: the Pareto front and the cheapest deployments, %1 of the %2 priced.</source>
        <translation>图中绘出帕累托前沿与最便宜的部署方案：已定价的 %2 个中的 %1 个。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1495"/>
        <source>Prefill pool</source>
        <translation>prefill 池</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1496"/>
        <source>Decode pool</source>
        <translation>decode 池</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1498"/>
        <source>KV cache egress between regions</source>
        <translation>跨区域 KV 缓存出流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1509"/>
        <source>GPU compute</source>
        <translation>GPU 计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1513"/>
        <source>Billing (rounding, minimums, unused commitment)</source>
        <translation>计费（取整、最低计费、未用承诺）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1517"/>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1520"/>
        <source>Cost breakdown of the recommended deployment (one month)</source>
        <translation>推荐部署的费用构成（一个月）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1521"/>
        <source>Cost breakdown of the recommended deployment</source>
        <translation>推荐部署的费用构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1522"/>
        <source>GPU time breakdown of the recommended deployment</source>
        <translation>推荐部署的 GPU 时间构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1555"/>
        <source>Memory per GPU by component (GiB; red mark: the GPU&apos;s capacity)</source>
        <translation>每 GPU 显存构成（GiB；红线：GPU 容量）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1577"/>
        <source>Demand vs capacity (replicas per hour)</source>
        <translation>需求与容量（每小时副本数）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1579"/>
        <source>needed for the traffic</source>
        <translation>流量所需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1579"/>
        <source>running (autoscaled)</source>
        <translation>运行中（自动扩缩）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1580"/>
        <source>hour of the profile (UTC)</source>
        <translation>需求曲线的小时（UTC）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1580"/>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1583"/>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1586"/>
        <source>Expected availability %1 (target %2); expected downtime %3 min per month.</source>
        <translation>预期可用性 %1（目标 %2）；预期每月停机 %3 分钟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1587"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1598"/>
        <source>Sensitivity: each main assumption moved by ±%1</source>
        <translation>敏感性：各主要假设分别变动 ±%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1600"/>
        <source>The recommended offering and price recomputed with one assumption moved at a time; replicas are re-sized to the traffic. Time is the end-to-end latency of a request.</source>
        <translation>每次只变动一个假设，用推荐的报价与价格重新计算；副本数按流量重新确定。时间为单个请求的端到端延迟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1602"/>
        <source>The recommended deployment as bought (same offering, price, GPU count and layout) recomputed with one assumption moved at a time.</source>
        <translation>按购买时的推荐部署（相同报价、价格、GPU 数与并行布局），每次只变动一个假设重新计算。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1608"/>
        <location filename="../app/report/pdf_report.cpp" line="1613"/>
        <source>infeasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1633"/>
        <source>misses the deadline</source>
        <translation>超过截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1635"/>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1642"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1642"/>
        <source>Cost if
−%1</source>
        <translation>费用
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1643"/>
        <source>Cost if
+%1</source>
        <translation>费用
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1643"/>
        <source>Time if
−%1</source>
        <translation>时间
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1644"/>
        <source>Time if
+%1</source>
        <translation>时间
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1644"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1645"/>
        <source>As planned</source>
        <translation>按计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1674"/>
        <source>Tornado: change of the recommended plan&apos;s cost</source>
        <translation>龙卷风图：推荐方案费用的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1675"/>
        <source>Tornado: change of the recommended plan&apos;s time</source>
        <translation>龙卷风图：推荐方案时间的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1678"/>
        <source>assumption −%1</source>
        <translation>假设 −%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1678"/>
        <source>assumption +%1</source>
        <translation>假设 +%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1679"/>
        <source>change of cost</source>
        <translation>费用变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1679"/>
        <source>change of time</source>
        <translation>时间变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1688"/>
        <source>Efficiency (GEMM, attention, memory and link)</source>
        <translation>效率（矩阵乘、注意力、显存与互联）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1690"/>
        <source>Prices (hourly rates and fees)</source>
        <translation>价格（小时费率与费用）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1693"/>
        <source>Traffic (requests/s)</source>
        <translation>流量（请求/秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1694"/>
        <source>Work (GPU-hours on the reference GPU)</source>
        <translation>工作量（参考 GPU 上的 GPU 小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1696"/>
        <source>Spot interruption rate</source>
        <translation>竞价实例中断率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1698"/>
        <source>Exchange rates (units per USD)</source>
        <translation>汇率（每美元兑换单位）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1706"/>
        <source>n/a: batch jobs scale by datasheet ratios, an efficiency factor cancels out</source>
        <translation>不适用：批处理作业按规格比例换算，效率系数相互抵消</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1708"/>
        <source>n/a: no prices</source>
        <translation>不适用：没有价格</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1710"/>
        <source>n/a: no traffic given</source>
        <translation>不适用：未给出流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1712"/>
        <source>n/a: not on spot capacity</source>
        <translation>不适用：未使用竞价实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1714"/>
        <source>n/a: priced and reported in USD</source>
        <translation>不适用：以美元计价与报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1721"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1730"/>
        <source>Efficiency on %1 (%2); serving factors fitted to your benchmark %3</source>
        <translation>%1 上的效率（%2）；推理系数拟合自您的基准测试 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1733"/>
        <source>Efficiency on %1 (%2), calibrated on this machine</source>
        <translation>%1 上的效率（%2），已在本机校准</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1734"/>
        <source>Efficiency on %1 (%2)</source>
        <translation>%1 上的效率（%2）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1741"/>
        <source>Large GEMMs reach</source>
        <translation>大矩阵乘达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1741"/>
        <location filename="../app/report/pdf_report.cpp" line="1745"/>
        <source>%1 of dense peak</source>
        <translation>稠密峰值的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1744"/>
        <source>Training GEMMs keep</source>
        <translation>训练中矩阵乘保持</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1744"/>
        <source>%1 of that rate end to end</source>
        <translation>端到端保持该速率的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1745"/>
        <source>Fused attention reaches</source>
        <translation>融合注意力达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1746"/>
        <source>HBM bandwidth reached</source>
        <translation>达到的 HBM 带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1747"/>
        <source>Collective (NCCL) bandwidth</source>
        <translation>集合通信（NCCL）带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1747"/>
        <source>%1 of link bandwidth</source>
        <translation>链路带宽的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1748"/>
        <source>Latency per ring hop</source>
        <translation>环形每跳延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1749"/>
        <source>%1 µs in a node, %2 µs across nodes</source>
        <translation>节点内 %1 µs，跨节点 %2 µs</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1752"/>
        <source>Decode step overhead</source>
        <translation>解码每步开销</translation>
    </message>
    <message>
        <source>Engine cost per step</source>
        <translation>引擎每步开销</translation>
    </message>
    <message>
        <source>%1, and %2 per layer</source>
        <translation>%1，另加每层 %2</translation>
    </message>
    <message>
        <source>%1; for serving, × the factors fitted to published runs of %2 (tests/data/validation/serving.csv)</source>
        <translation>%1；推理服务另乘以根据 %2 公开运行结果拟合的系数（tests/data/validation/serving.csv）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1753"/>
        <location filename="../app/report/pdf_report.cpp" line="1906"/>
        <location filename="../app/report/pdf_report.cpp" line="1948"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1765"/>
        <source>Estimator</source>
        <translation>估算器</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1770"/>
        <source>Serving capacity</source>
        <translation>服务容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1772"/>
        <source>Headroom above the peak: %1</source>
        <translation>峰值之上的余量：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1774"/>
        <source>Replicas: %1 (%2 for the traffic, %3 for availability), %4 GPU(s) each; utilization %5</source>
        <translation>副本：%1（流量需 %2，可用性需 %3），每个 %4 块 GPU；利用率 %5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1788"/>
        <source>set in the workload (inference.instance_availability)</source>
        <translation>在工作负载中设定（inference.instance_availability）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1791"/>
        <source>no published SLA: the stated default, below AWS EC2&apos;s 99.5 % instance-level SLA</source>
        <translation>无公开 SLA：采用声明的默认值，低于 AWS EC2 99.5 % 的实例级 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1794"/>
        <source>the provider&apos;s single-instance SLA</source>
        <translation>服务商的单实例 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1799"/>
        <source>Each instance assumed up %1 of the time; scale-up delay %2 s</source>
        <translation>假设每个实例 %1 的时间可用；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1801"/>
        <source>Each instance assumed up %1 of the time (%3); scale-up delay %2 s</source>
        <translation>假设每个实例 %1 的时间可用（%3）；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1804"/>
        <source>A replica spans %1 instances and serves only while all of them are up: %2 of the time</source>
        <translation>每个副本跨越 %1 个实例，只有全部实例可用时才能提供服务：%2 的时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1809"/>
        <source>Mixed fleet (constraints.spot: burst_only): an on-demand base of %1 instance(s) (%2 replicas, %3 a month) meets the availability target alone; %4 spot instance(s) (%5 replicas, %6 a month) carry the headroom and count for no availability, since a zone&apos;s spot pool is reclaimed together.</source>
        <translation>混合集群（constraints.spot：burst_only）：按需基础 %1 个实例（%2 个副本，每月 %3）单独满足可用性目标；%4 个竞价实例（%5 个副本，每月 %6）承担余量，不计入可用性，因为同一可用区的竞价资源池会被一起回收。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1817"/>
        <source>Queueing model: %1</source>
        <translation>排队模型：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1824"/>
        <source>Disaggregated prefill and decode</source>
        <translation>PD 分离（prefill 与 decode 分池）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1827"/>
        <source>%1 replica(s) of TP %2 on %3, %4 × %5 (%6), utilization %7, %8 a month</source>
        <translation>%1 个 TP %2 副本，%3，%4 × %5（%6），利用率 %7，每月 %8</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1832"/>
        <source>Prefill pool: %1; %2 prompt(s) a step of %3</source>
        <translation>prefill 池：%1；每步 %2 个提示，用时 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1834"/>
        <source>Decode pool: %1; %2 sequences at %3 a token, no prefill in its steps</source>
        <translation>decode 池：%1；%2 个序列，每 token %3，步中不含 prefill</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1836"/>
        <source>Prefill : decode GPUs %1 : %2; each prompt&apos;s KV cache (%3 MB) takes %4 from one pool to the other, inside the p99 TTFT of %5</source>
        <translation>prefill : decode GPU 数 %1 : %2；每个提示的 KV 缓存（%3 MB）在两池间传输用时 %4，计入 p99 TTFT %5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1841"/>
        <source>The best co-located plan (%1) costs %2 a month</source>
        <translation>最佳合并部署方案（%1）每月 %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1847"/>
        <source>Energy and carbon</source>
        <translation>能耗与碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1849"/>
        <source>PUE %1; average GPU power at %2 between idle and board power; host %3 W per GPU</source>
        <translation>PUE %1；GPU 平均功率位于空闲与板卡功率之间的 %2；主机每 GPU %3 W</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1852"/>
        <source>Energy: %1 kWh for %2</source>
        <translation>能耗：%2 共 %1 kWh</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1854"/>
        <source>one 730-hour month of service</source>
        <translation>一个 730 小时的服务月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1854"/>
        <source>the whole job</source>
        <translation>整个作业</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1857"/>
        <source>%1 kg CO₂e at %2 kg/kWh (%3)</source>
        <translation>%1 kg CO₂e，按 %2 kg/kWh（%3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1863"/>
        <source>Prices and billing</source>
        <translation>价格与计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1865"/>
        <source>Serving is priced per 730-hour month (8,760 h / 12), as AWS and most providers bill.</source>
        <translation>推理服务按每月 730 小时（8,760 小时 / 12）计价，与 AWS 及多数云厂商的计费方式一致。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1868"/>
        <source>%1 bills in increments of %2 s with a minimum of %3 s.</source>
        <translation>%1 以 %2 秒为计费增量，最低计费 %3 秒。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1871"/>
        <source>Negotiated discount applied: %1.</source>
        <translation>已应用协议折扣：%1。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1875"/>
        <source>Spot: each interruption costs a %1 restart plus half a checkpoint interval (%2&apos;s interval); a price without an interruption rate is assumed in bucket %3 (AWS Spot Advisor: 0 = &lt;5 %, 4 = &gt;20 % of instances a month).</source>
        <translation>竞价实例：每次中断的代价为 %1 的重启加半个检查点间隔（%2 间隔）；没有中断率的价格假设为档位 %3（AWS Spot Advisor：0 = 每月 &lt;5% 的实例，4 = &gt;20%）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1882"/>
        <source>Spot serving: a reclaimed replica is down until it restarts on new capacity, and a zone&apos;s spot pool is reclaimed together, so spot replicas add no availability; with constraints.spot burst_only (the default for availability targets of 99.9 % or more) spot only carries the headroom above an on-demand base.</source>
        <translation>竞价推理：被回收的副本在新容量上重启前不可用，且同一可用区的竞价资源池会被一起回收，因此竞价副本不增加可用性；constraints.spot 为 burst_only 时（可用性目标 99.9 % 及以上的默认值），竞价只承担按需基础之上的余量。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1889"/>
        <source>Recommended spot price: %1 interruptions per hour for the job, checkpoint every %2, +%3 time.</source>
        <translation>推荐的竞价实例价格：作业每小时 %1 次中断，每 %2 做一次检查点，时间增加 %3。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1902"/>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1905"/>
        <source>Units per USD</source>
        <translation>每美元兑换</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1905"/>
        <location filename="../app/report/pdf_report.cpp" line="1947"/>
        <source>As of</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1921"/>
        <source>Data provenance</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1947"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1947"/>
        <source>Prices used</source>
        <translation>使用的价格数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1952"/>
        <source>(and %1 more)</source>
        <translation>（另有 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1963"/>
        <source>Oldest price used: %1 %2 (%3), as of %4. Prices older than %5 days are marked &quot;old&quot;.</source>
        <translation>使用的最旧价格：%1 %2（%3），截至 %4。超过 %5 天的价格标为“已过时”。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1970"/>
        <source>No catalog prices were used.</source>
        <translation>未使用目录价格。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1974"/>
        <source>GPU datasheet (%1): %2</source>
        <translation>GPU 规格（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1976"/>
        <source>Model architecture (%1): %2</source>
        <translation>模型架构（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1977"/>
        <source>Estimator accuracy: tests/data/validation/*.csv, one published source per row.</source>
        <translation>估算器准确度：tests/data/validation/*.csv，每行对应一个已发表来源。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1985"/>
        <source>How far to trust the estimates</source>
        <translation>估算的可信程度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1986"/>
        <source>The bundled published results run through the estimator; ranges in this report are the narrowest band of estimated ÷ published ratios holding 80 % of each group&apos;s rows.</source>
        <translation>将内置的已发表结果输入估算器；本报告中的区间是各组中包含 80% 行的“估算值 ÷ 发表值”最窄区间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1995"/>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1995"/>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1995"/>
        <source>Median |error|</source>
        <translation>误差绝对值中位数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1996"/>
        <source>Worst |error|</source>
        <translation>最大误差绝对值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1996"/>
        <source>Limit (median / worst)</source>
        <translation>上限（中位数 / 最大）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1996"/>
        <source>80 % range of true ÷ estimate</source>
        <translation>真实值 ÷ 估算值的 80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2001"/>
        <source>not promised</source>
        <translation>不作承诺</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2012"/>
        <source>Calibrated from your benchmark</source>
        <translation>依据您的基准测试校准</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2015"/>
        <source>%1 × %2, %3 (%4), %5</source>
        <translation>%1 × %2，%3（%4），%5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2058"/>
        <source>left out</source>
        <translation>未采用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2060"/>
        <source>Run %1 left out: %2</source>
        <translation>运行 %1 未采用：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2021"/>
        <source>that of the published runs (fewer than 3 held-out figures)</source>
        <translation>沿用公开运行记录的区间（留出数值少于 3 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1132"/>
        <source>It is on the Pareto front of cost vs p99 time to first token: no other deployment both costs less and answers sooner.</source>
        <translation>它位于费用–p99 首 token 时间的帕累托前沿上：没有其他部署既更便宜又更快返回首 token。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1346"/>
        <source>● on the Pareto front of cost vs p99 time to first token. Costs are per 730-hour month of service; ranges come from the estimator&apos;s measured errors.</source>
        <translation>● 位于费用–p99 首 token 时间的帕累托前沿上。费用按每月 730 小时服务计算；区间来自估算器的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1357"/>
        <source>prefill %1 + decode %2</source>
        <translation>prefill %1 + decode %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1394"/>
        <source>Cost vs p99 time to first token</source>
        <translation>费用与 p99 首 token 时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1487"/>
        <source>Restarts after failures</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1488"/>
        <source>Work lost since the last checkpoint</source>
        <translation>上次检查点以来丢失的工作</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1489"/>
        <source>Checkpoint writes</source>
        <translation>写检查点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1490"/>
        <source>Stragglers</source>
        <translation>掉队节点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2023"/>
        <source>× %1 – %2</source>
        <translation>× %1 – %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2025"/>
        <source>Fitted to %1 (%2), imported %3.</source>
        <translation>拟合自 %1（%2），导入于 %3。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2027"/>
        <source>Decode bandwidth, GEMM efficiency and the engine&apos;s step cost are fitted by least squares to the runs&apos; TTFT, TPOT and output throughput; the other factors keep their shipped values. Each fitted run is also predicted by a fit without it (held out). Range of a calibrated estimate: latency %1, throughput %2.</source>
        <translation>解码带宽、GEMM 效率和引擎每步开销按最小二乘法拟合各运行的 TTFT、TPOT 与输出吞吐量；其余系数保持内置值。每个参与拟合的运行还会用不含它的拟合来预测（留出）。校准估算的区间：延迟 %1，吞吐量 %2。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2036"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2036"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2036"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2037"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2037"/>
        <source>Estimate</source>
        <translation>估算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2037"/>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2037"/>
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2038"/>
        <source>Shipped factors</source>
        <translation>内置系数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2038"/>
        <source>Use</source>
        <translation>用途</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2053"/>
        <source>TTFT (ms, %1)</source>
        <translation>TTFT（毫秒，%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2054"/>
        <source>TPOT (ms, %1)</source>
        <translation>TPOT（毫秒，%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2056"/>
        <source>output tokens/s</source>
        <translation>输出词元/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2058"/>
        <source>fitted</source>
        <translation>参与拟合</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2058"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2082"/>
        <source>Why not the others</source>
        <translation>为什么不选其他方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2085"/>
        <source>Offering</source>
        <translation>报价</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2085"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2102"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="2107"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <location filename="../app/report/candidate_view.cpp" line="89"/>
        <source>M/M/c: a replica is B request slots busy for prefill + output x TPOT(B); replicas = the smallest count whose p99 wait (Erlang C) + prefill meets the TTFT target at the peak rate x (1 + headroom), plus spares for the availability target (k-of-n)</source>
        <translation>M/M/c：每个副本有 B 个请求槽，每个槽忙于预填充 + 输出 × TPOT(B)；副本数为使 p99 等待（Erlang C）+ 预填充在峰值速率 × (1 + 余量) 下满足 TTFT 目标的最小数量，再加上满足可用性目标所需的备用副本（k-of-n）</translation>
    </message>
</context>
</TS>
