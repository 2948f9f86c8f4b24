<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>PdfReport</name>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="418"/>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="571"/>
        <location filename="../app/report/pdf_report.cpp" line="576"/>
        <source> (log scale)</source>
        <translation>（对数刻度）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="610"/>
        <source>candidate</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="611"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="893"/>
        <source>GPU deployment plan</source>
        <translation>GPU 部署方案报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="918"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="923"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="925"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="927"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="931"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="940"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="940"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="950"/>
        <source>%1 (%2 d, old)</source>
        <translation>%1（%2 天，已过时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="950"/>
        <source>%1 (%2 d)</source>
        <translation>%1（%2 天）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="954"/>
        <source>on-demand base + spot burst</source>
        <translation>按需基础 + 竞价突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="955"/>
        <source>prepaid (host&apos;s default discount)</source>
        <translation>预付（主机默认折扣）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="958"/>
        <source>%1 mo</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="967"/>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="969"/>
        <source>spot</source>
        <translation>抢占式</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="971"/>
        <source>reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="973"/>
        <source>savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="975"/>
        <source>committed use</source>
        <translation>承诺使用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="977"/>
        <source>subscription</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="979"/>
        <source>capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="987"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="989"/>
        <source>serving (inference)</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="991"/>
        <source>batch job</source>
        <translation>批处理作业</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1005"/>
        <location filename="../app/report/pdf_report.cpp" line="1010"/>
        <location filename="../app/report/pdf_report.cpp" line="1213"/>
        <location filename="../app/report/pdf_report.cpp" line="1278"/>
        <location filename="../app/report/pdf_report.cpp" line="1279"/>
        <location filename="../app/report/pdf_report.cpp" line="1456"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1020"/>
        <source>%1 · generated %2</source>
        <translation>%1 · 生成于 %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1022"/>
        <source>workload file %1</source>
        <translation>工作负载文件 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1038"/>
        <source>Recommendation</source>
        <translation>推荐方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1038"/>
        <source>The pinned deployment does not fit</source>
        <translation>指定的部署放不下</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1041"/>
        <source>Nothing feasible: every deployment was excluded (see &quot;Why not the others&quot;).</source>
        <translation>没有可行方案：所有部署均被排除（见“为什么不选其他方案”）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1048"/>
        <source>Cost: %1 per month</source>
        <translation>费用：每月 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1049"/>
        <source>Cost: %1</source>
        <translation>费用：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1051"/>
        <location filename="../app/report/pdf_report.cpp" line="1062"/>
        <source>80 % range %1</source>
        <translation>80% 区间 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1055"/>
        <source>Latency: %1 per request (TTFT %2, TPOT %3)</source>
        <translation>延迟：每个请求 %1（首字延迟 %2，每字延迟 %3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1060"/>
        <source>Time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1063"/>
        <source>GPU-hours: %1</source>
        <translation>GPU 小时：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1066"/>
        <source>Does not fit</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1068"/>
        <source>Why: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1100"/>
        <source>ranked by time, then cost: it is the fastest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按时间排序，其次按费用：在 %1 个放得下且满足约束的已定价部署中，它最快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1103"/>
        <source>ranked by cost: it is the cheapest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按费用排序：在 %1 个放得下且满足约束的已定价部署中，它最便宜。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1108"/>
        <source>It meets the deadline of %1 with %2.</source>
        <translation>它以 %2 满足 %1 的截止时间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1111"/>
        <source>It stays within the budget of %1 %2.</source>
        <translation>它没有超出 %1 %2 的预算。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1113"/>
        <source>It is on the Pareto front of cost vs latency: no other deployment is both cheaper and faster.</source>
        <translation>它位于费用–延迟的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1115"/>
        <source>It is on the Pareto front of cost vs time: no other deployment is both cheaper and faster.</source>
        <translation>它位于费用–时间的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1123"/>
        <source>The fastest option on the front, %1, takes %2 for %3 (%4 more).</source>
        <translation>前沿上最快的方案 %1 用时 %2，费用 %3（多 %4）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1127"/>
        <source>Faster deployments on the Pareto front cost more (see the chart).</source>
        <translation>帕累托前沿上更快的部署费用更高（见图表）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1132"/>
        <source>the workload pins the hardware; this is the estimate for that deployment (no catalog offering matched it).</source>
        <translation>工作负载指定了硬件；这是该部署的估算（目录中没有匹配的报价）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1135"/>
        <source>no prices: ranked by GPU-hours, a price-free proxy for cost.</source>
        <translation>没有价格：按 GPU 小时排序，作为费用的无价格替代指标。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1142"/>
        <source>What would make it fit: %1</source>
        <translation>怎样才能放得下：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1156"/>
        <source>Workload and constraints</source>
        <translation>工作负载与约束</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1159"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1163"/>
        <source>%1 billion parameters</source>
        <translation>%1 十亿参数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1165"/>
        <source>%1 billion active</source>
        <translation>激活 %1 十亿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1167"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1171"/>
        <location filename="../app/report/pdf_report.cpp" line="1605"/>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1175"/>
        <source>rank %1</source>
        <translation>秩 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1176"/>
        <source>Precision · method</source>
        <translation>精度 · 方法</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1178"/>
        <source>Global batch</source>
        <translation>全局批量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1179"/>
        <source>%1 sequences of %2 tokens</source>
        <translation>%1 条序列，每条 %2 个 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1185"/>
        <source>Request shape</source>
        <translation>请求形状</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1185"/>
        <source>%1 prompt tokens, %2 output tokens</source>
        <translation>%1 个提示 token，%2 个输出 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1186"/>
        <source>Precision (weights · KV cache)</source>
        <translation>精度（权重 · KV 缓存）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1190"/>
        <source>Peak traffic</source>
        <translation>峰值流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1190"/>
        <source>%1 requests/s</source>
        <translation>%1 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1192"/>
        <source>Demand profile</source>
        <translation>需求曲线</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1193"/>
        <source>%1 hourly values, peak %2 requests/s</source>
        <translation>%1 个逐小时值，峰值 %2 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1196"/>
        <source>TTFT p99 ≤ %1</source>
        <translation>首字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1198"/>
        <source>TPOT p99 ≤ %1</source>
        <translation>每字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1200"/>
        <source>end to end p99 ≤ %1</source>
        <translation>端到端 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1202"/>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1204"/>
        <source>Availability target</source>
        <translation>可用性目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1208"/>
        <source>Measured work</source>
        <translation>实测工作量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1209"/>
        <source>%1 GPU-hours on %2, bound by %3</source>
        <translation>在 %2 上 %1 GPU 小时，瓶颈为 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1213"/>
        <source>Pinned hardware</source>
        <translation>指定硬件</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1216"/>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1218"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1226"/>
        <source>Providers</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1228"/>
        <source>Regions</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1230"/>
        <source>Countries (data residency)</source>
        <translation>国家（数据驻留）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1232"/>
        <source>Pricing models</source>
        <translation>计费模式</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1234"/>
        <source>Spot interruption bucket at most</source>
        <translation>抢占中断档位上限</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1235"/>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1236"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1236"/>
        <source>carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1236"/>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1238"/>
        <location filename="../app/report/pdf_report.cpp" line="1774"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1240"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1240"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1251"/>
        <source>Ranked comparison</source>
        <translation>排名比较</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1252"/>
        <source>Ranked comparison (top %1 of %2)</source>
        <translation>排名比较（%2 个中的前 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1254"/>
        <source>No candidate fits and meets the constraints.</source>
        <translation>没有候选方案放得下并满足约束。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1263"/>
        <location filename="../app/report/pdf_report.cpp" line="1286"/>
        <location filename="../app/report/pdf_report.cpp" line="1298"/>
        <location filename="../app/report/pdf_report.cpp" line="1310"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1263"/>
        <source>Provider
region</source>
        <translation>云厂商
地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1264"/>
        <source>Instances
GPUs</source>
        <translation>实例
GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1264"/>
        <source>Pricing</source>
        <translation>计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1265"/>
        <source>%1
per hour</source>
        <translation>%1
每小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1266"/>
        <source>%1 per month
80 % range</source>
        <translation>每月 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1267"/>
        <source>Total %1
80 % range</source>
        <translation>总计 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1269"/>
        <source>Latency
per request</source>
        <translation>每个请求
的延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1269"/>
        <source>Time
80 % range</source>
        <translation>时间
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1269"/>
        <source>Prices
as of</source>
        <translation>价格
日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1286"/>
        <location filename="../app/report/pdf_report.cpp" line="1298"/>
        <location filename="../app/report/pdf_report.cpp" line="1310"/>
        <location filename="../app/report/pdf_report.cpp" line="1879"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1286"/>
        <location filename="../app/report/pdf_report.cpp" line="1298"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1286"/>
        <location filename="../app/report/pdf_report.cpp" line="1298"/>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1287"/>
        <source>Time (80 % range)</source>
        <translation>时间（80% 区间）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1287"/>
        <location filename="../app/report/pdf_report.cpp" line="1310"/>
        <location filename="../app/report/pdf_report.cpp" line="1361"/>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1287"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1287"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1299"/>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1299"/>
        <source>TTFT</source>
        <translation>首字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1299"/>
        <source>TPOT</source>
        <translation>每字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1299"/>
        <source>Output tokens/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1300"/>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1310"/>
        <source>Speed vs reference</source>
        <translation>相对参考 GPU 的速度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1310"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1320"/>
        <source>● on the Pareto front of cost vs latency. Costs are per 730-hour month of service; ranges come from the estimator&apos;s measured errors.</source>
        <translation>● 位于费用–延迟的帕累托前沿上。费用按每月 730 小时服务计；区间来自估算器的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1322"/>
        <source>● on the Pareto front of cost vs time: nothing else is both cheaper and faster. Ranges (80 %) come from the estimator&apos;s measured errors on published runs.</source>
        <translation>● 位于费用–时间的帕累托前沿上：没有其他方案既更便宜又更快。80% 区间来自估算器在已发表运行上的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1330"/>
        <source>TP %1 × %2 replicas</source>
        <translation>TP %1 × %2 个副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1338"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1341"/>
        <source>Cost vs latency</source>
        <translation>费用与延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1341"/>
        <source>Cost vs time</source>
        <translation>费用与时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1347"/>
        <source>end-to-end latency per request (s)</source>
        <translation>每个请求的端到端延迟（秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1347"/>
        <location filename="../app/report/pdf_report.cpp" line="1361"/>
        <source>wall time (h)</source>
        <translation>墙钟时间（小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1348"/>
        <source>cost per month (%1)</source>
        <translation>每月费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1348"/>
        <source>total cost (%1)</source>
        <translation>总费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1349"/>
        <location filename="../app/report/pdf_report.cpp" line="1361"/>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1352"/>
        <source>GPU-hours vs time</source>
        <translation>GPU 小时与时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1393"/>
        <source>GEMMs and attention</source>
        <translation>矩阵乘与注意力</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1394"/>
        <source>Memory-bound kernels</source>
        <translation>访存受限的算子</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1395"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1396"/>
        <source>Tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1397"/>
        <source>Context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1398"/>
        <source>Pipeline-parallel communication</source>
        <translation>流水线并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1399"/>
        <source>Data-parallel communication</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1400"/>
        <source>Expert-parallel communication</source>
        <translation>专家并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1401"/>
        <source>MoE dispatch overhead</source>
        <translation>MoE 分发开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1402"/>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1405"/>
        <source>Per-step framework overhead</source>
        <translation>每步框架开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1407"/>
        <source>Restarts after failures</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1408"/>
        <source>Work lost since the last checkpoint</source>
        <translation>上次检查点以来丢失的工作</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1409"/>
        <source>Checkpoint writes</source>
        <translation>写检查点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1410"/>
        <source>Stragglers</source>
        <translation>掉队节点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1411"/>
        <location filename="../app/report/pdf_report.cpp" line="1423"/>
        <source>Spot interruptions</source>
        <translation>抢占中断</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1417"/>
        <source>Prefill (prompt processing)</source>
        <translation>预填充（处理提示）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1418"/>
        <source>Decode (token generation)</source>
        <translation>解码（生成 token）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1419"/>
        <source>Headroom, spares and idle capacity</source>
        <translation>余量、备用与空闲容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1422"/>
        <source>GPU compute</source>
        <translation>GPU 计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1426"/>
        <source>Billing (rounding, minimums, unused commitment)</source>
        <translation>计费（取整、最低计费、未用承诺）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1430"/>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1433"/>
        <source>Cost breakdown of the recommended deployment (one month)</source>
        <translation>推荐部署的费用构成（一个月）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1434"/>
        <source>Cost breakdown of the recommended deployment</source>
        <translation>推荐部署的费用构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1435"/>
        <source>GPU time breakdown of the recommended deployment</source>
        <translation>推荐部署的 GPU 时间构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1468"/>
        <source>Memory per GPU by component (GiB; red mark: the GPU&apos;s capacity)</source>
        <translation>每 GPU 显存构成（GiB；红线：GPU 容量）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1470"/>
        <source>overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1490"/>
        <source>Demand vs capacity (replicas per hour)</source>
        <translation>需求与容量（每小时副本数）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1492"/>
        <source>needed for the traffic</source>
        <translation>流量所需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1492"/>
        <source>running (autoscaled)</source>
        <translation>运行中（自动扩缩）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1493"/>
        <source>hour of the profile (UTC)</source>
        <translation>需求曲线的小时（UTC）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1493"/>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1496"/>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1499"/>
        <source>Expected availability %1 (target %2); expected downtime %3 min per month.</source>
        <translation>预期可用性 %1（目标 %2）；预期每月停机 %3 分钟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1500"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1511"/>
        <source>Sensitivity: each main assumption moved by ±%1</source>
        <translation>敏感性：各主要假设分别变动 ±%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1513"/>
        <source>The recommended offering and price recomputed with one assumption moved at a time; replicas are re-sized to the traffic. Time is the end-to-end latency of a request.</source>
        <translation>每次只变动一个假设，用推荐的报价与价格重新计算；副本数按流量重新确定。时间为单个请求的端到端延迟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1515"/>
        <source>The recommended deployment as bought (same offering, price, GPU count and layout) recomputed with one assumption moved at a time.</source>
        <translation>按购买时的推荐部署（相同报价、价格、GPU 数与并行布局），每次只变动一个假设重新计算。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1521"/>
        <location filename="../app/report/pdf_report.cpp" line="1526"/>
        <source>infeasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1546"/>
        <source>misses the deadline</source>
        <translation>超过截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1548"/>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1555"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1555"/>
        <source>Cost if
−%1</source>
        <translation>费用
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1556"/>
        <source>Cost if
+%1</source>
        <translation>费用
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1556"/>
        <source>Time if
−%1</source>
        <translation>时间
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>Time if
+%1</source>
        <translation>时间
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1557"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1558"/>
        <source>As planned</source>
        <translation>按计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1587"/>
        <source>Tornado: change of the recommended plan&apos;s cost</source>
        <translation>龙卷风图：推荐方案费用的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1588"/>
        <source>Tornado: change of the recommended plan&apos;s time</source>
        <translation>龙卷风图：推荐方案时间的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1591"/>
        <source>assumption −%1</source>
        <translation>假设 −%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1591"/>
        <source>assumption +%1</source>
        <translation>假设 +%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1592"/>
        <source>change of cost</source>
        <translation>费用变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1592"/>
        <source>change of time</source>
        <translation>时间变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1601"/>
        <source>Efficiency (GEMM, attention, memory and link)</source>
        <translation>效率（矩阵乘、注意力、显存与互联）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1603"/>
        <source>Prices (hourly rates and fees)</source>
        <translation>价格（小时费率与费用）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1606"/>
        <source>Traffic (requests/s)</source>
        <translation>流量（请求/秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1607"/>
        <source>Work (GPU-hours on the reference GPU)</source>
        <translation>工作量（参考 GPU 上的 GPU 小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1609"/>
        <source>Spot interruption rate</source>
        <translation>抢占中断率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1611"/>
        <source>Exchange rates (units per USD)</source>
        <translation>汇率（每美元兑换单位）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1619"/>
        <source>n/a: batch jobs scale by datasheet ratios, an efficiency factor cancels out</source>
        <translation>不适用：批处理作业按规格比例换算，效率系数相互抵消</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1621"/>
        <source>n/a: no prices</source>
        <translation>不适用：没有价格</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1623"/>
        <source>n/a: no traffic given</source>
        <translation>不适用：未给出流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1625"/>
        <source>n/a: not on spot capacity</source>
        <translation>不适用：未使用抢占式实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1627"/>
        <source>n/a: priced and reported in USD</source>
        <translation>不适用：以美元计价与报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1634"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1640"/>
        <source>Efficiency on %1 (%2), calibrated on this machine</source>
        <translation>%1 上的效率（%2），已在本机校准</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1640"/>
        <source>Efficiency on %1 (%2)</source>
        <translation>%1 上的效率（%2）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1647"/>
        <source>Large GEMMs reach</source>
        <translation>大矩阵乘达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1647"/>
        <location filename="../app/report/pdf_report.cpp" line="1651"/>
        <source>%1 of dense peak</source>
        <translation>稠密峰值的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1650"/>
        <source>Training GEMMs keep</source>
        <translation>训练中矩阵乘保持</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1650"/>
        <source>%1 of that rate end to end</source>
        <translation>端到端保持该速率的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1651"/>
        <source>Fused attention reaches</source>
        <translation>融合注意力达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1652"/>
        <source>HBM bandwidth reached</source>
        <translation>达到的 HBM 带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1653"/>
        <source>Collective (NCCL) bandwidth</source>
        <translation>集合通信（NCCL）带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1653"/>
        <source>%1 of link bandwidth</source>
        <translation>链路带宽的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1654"/>
        <source>Latency per ring hop</source>
        <translation>环形每跳延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1655"/>
        <source>%1 µs in a node, %2 µs across nodes</source>
        <translation>节点内 %1 µs，跨节点 %2 µs</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1658"/>
        <source>Decode step overhead</source>
        <translation>解码每步开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1659"/>
        <location filename="../app/report/pdf_report.cpp" line="1775"/>
        <location filename="../app/report/pdf_report.cpp" line="1817"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1671"/>
        <source>Estimator</source>
        <translation>估算器</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1676"/>
        <source>Serving capacity</source>
        <translation>服务容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1678"/>
        <source>Headroom above the peak: %1</source>
        <translation>峰值之上的余量：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1680"/>
        <source>Replicas: %1 (%2 for the traffic, %3 for availability), %4 GPU(s) each; utilization %5</source>
        <translation>副本：%1（流量需 %2，可用性需 %3），每个 %4 块 GPU；利用率 %5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1689"/>
        <source>set in the workload (inference.instance_availability)</source>
        <translation>在工作负载中设定（inference.instance_availability）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1692"/>
        <source>no published SLA: the stated default, below AWS EC2&apos;s 99.5 % instance-level SLA</source>
        <translation>无公开 SLA：采用声明的默认值，低于 AWS EC2 99.5 % 的实例级 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1695"/>
        <source>the provider&apos;s single-instance SLA</source>
        <translation>服务商的单实例 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1700"/>
        <source>Each replica assumed up %1 of the time; scale-up delay %2 s</source>
        <translation>假设每个副本 %1 的时间可用；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1702"/>
        <source>Each replica assumed up %1 of the time (%3); scale-up delay %2 s</source>
        <translation>假设每个副本 %1 的时间可用（%3）；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1706"/>
        <source>Mixed fleet (constraints.spot: burst_only): an on-demand base of %1 instance(s) (%2 replicas, %3 a month) meets the availability target alone; %4 spot instance(s) (%5 replicas, %6 a month) carry the headroom and count for no availability, since a zone&apos;s spot pool is reclaimed together.</source>
        <translation>混合集群（constraints.spot：burst_only）：按需基础 %1 个实例（%2 个副本，每月 %3）单独满足可用性目标；%4 个竞价实例（%5 个副本，每月 %6）承担余量，不计入可用性，因为同一可用区的竞价资源池会被一起回收。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1714"/>
        <source>Queueing model: %1</source>
        <translation>排队模型：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1719"/>
        <source>Energy and carbon</source>
        <translation>能耗与碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1721"/>
        <source>PUE %1; average GPU power at %2 between idle and board power; host %3 W per GPU</source>
        <translation>PUE %1；GPU 平均功率位于空闲与板卡功率之间的 %2；主机每 GPU %3 W</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1723"/>
        <source>Energy: %1 kWh for %2</source>
        <translation>能耗：%2 共 %1 kWh</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1726"/>
        <source>%1 kg CO₂e at %2 kg/kWh (%3)</source>
        <translation>%1 kg CO₂e，按 %2 kg/kWh（%3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1732"/>
        <source>Prices and billing</source>
        <translation>价格与计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1734"/>
        <source>Serving is priced per 730-hour month (8,760 h / 12), as AWS and most providers bill.</source>
        <translation>推理服务按每月 730 小时（8,760 小时 / 12）计价，与 AWS 及多数云厂商的计费方式一致。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1737"/>
        <source>%1 bills in increments of %2 s with a minimum of %3 s.</source>
        <translation>%1 以 %2 秒为计费增量，最低计费 %3 秒。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1740"/>
        <source>Negotiated discount applied: %1.</source>
        <translation>已应用协议折扣：%1。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1744"/>
        <source>Spot: each interruption costs a %1 restart plus half a checkpoint interval (%2&apos;s interval); a price without an interruption rate is assumed in bucket %3 (AWS Spot Advisor: 0 = &lt;5 %, 4 = &gt;20 % of instances a month).</source>
        <translation>抢占式：每次中断的代价为 %1 的重启加半个检查点间隔（%2 间隔）；没有中断率的价格假设为档位 %3（AWS Spot Advisor：0 = 每月 &lt;5% 的实例，4 = &gt;20%）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1751"/>
        <source>Spot serving: a reclaimed replica is down until it restarts on new capacity, and a zone&apos;s spot pool is reclaimed together, so spot replicas add no availability; with constraints.spot burst_only (the default for availability targets of 99.9 % or more) spot only carries the headroom above an on-demand base.</source>
        <translation>竞价推理：被回收的副本在新容量上重启前不可用，且同一可用区的竞价资源池会被一起回收，因此竞价副本不增加可用性；constraints.spot 为 burst_only 时（可用性目标 99.9 % 及以上的默认值），竞价只承担按需基础之上的余量。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1758"/>
        <source>Recommended spot price: %1 interruptions per hour for the job, checkpoint every %2, +%3 time.</source>
        <translation>推荐的抢占式价格：作业每小时 %1 次中断，每 %2 做一次检查点，时间增加 %3。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1771"/>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1774"/>
        <source>Units per USD</source>
        <translation>每美元兑换</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1774"/>
        <location filename="../app/report/pdf_report.cpp" line="1816"/>
        <source>As of</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1790"/>
        <source>Data provenance</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1816"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1816"/>
        <source>Prices used</source>
        <translation>使用的价格数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1821"/>
        <source>(and %1 more)</source>
        <translation>（另有 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1832"/>
        <source>Oldest price used: %1 %2 (%3), as of %4. Prices older than %5 days are marked &quot;old&quot;.</source>
        <translation>使用的最旧价格：%1 %2（%3），截至 %4。超过 %5 天的价格标为“已过时”。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1839"/>
        <source>No catalog prices were used.</source>
        <translation>未使用目录价格。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1843"/>
        <source>GPU datasheet (%1): %2</source>
        <translation>GPU 规格（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1845"/>
        <source>Model architecture (%1): %2</source>
        <translation>模型架构（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1846"/>
        <source>Estimator accuracy: tests/data/validation/*.csv, one published source per row.</source>
        <translation>估算器准确度：tests/data/validation/*.csv，每行对应一个已发表来源。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1854"/>
        <source>How far to trust the estimates</source>
        <translation>估算的可信程度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1855"/>
        <source>The bundled published results run through the estimator; ranges in this report are the narrowest band of estimated ÷ published ratios holding 80 % of each group&apos;s rows.</source>
        <translation>将内置的已发表结果输入估算器；本报告中的区间是各组中包含 80% 行的“估算值 ÷ 发表值”最窄区间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1862"/>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1862"/>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1862"/>
        <source>Median |error|</source>
        <translation>误差绝对值中位数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1862"/>
        <source>Worst |error|</source>
        <translation>最大误差绝对值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1863"/>
        <source>Limit (median / worst)</source>
        <translation>上限（中位数 / 最大）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1863"/>
        <source>80 % range of true ÷ estimate</source>
        <translation>真实值 ÷ 估算值的 80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1876"/>
        <source>Why not the others</source>
        <translation>为什么不选其他方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1879"/>
        <source>Offering</source>
        <translation>报价</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1879"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1896"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1901"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
</context>
</TS>
