<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>PdfReport</name>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="420"/>
        <source>Page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="573"/>
        <location filename="../app/report/pdf_report.cpp" line="578"/>
        <source> (log scale)</source>
        <translation>（对数刻度）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="612"/>
        <source>candidate</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="613"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="895"/>
        <source>GPU deployment plan</source>
        <translation>GPU 部署方案报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="921"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="926"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="928"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="930"/>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="934"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="943"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="943"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="953"/>
        <source>%1 (%2 d, old)</source>
        <translation>%1（%2 天，已过时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="953"/>
        <source>%1 (%2 d)</source>
        <translation>%1（%2 天）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="957"/>
        <source>on-demand base + spot burst</source>
        <translation>按需基础 + 竞价突发</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="958"/>
        <source>prepaid (host&apos;s default discount)</source>
        <translation>预付（主机默认折扣）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="961"/>
        <source>%1 mo</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="970"/>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="972"/>
        <source>spot</source>
        <translation>抢占式</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="974"/>
        <source>reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="976"/>
        <source>savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="978"/>
        <source>committed use</source>
        <translation>承诺使用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="980"/>
        <source>subscription</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="982"/>
        <source>capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="990"/>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="992"/>
        <source>serving (inference)</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="994"/>
        <source>batch job</source>
        <translation>批处理作业</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1008"/>
        <location filename="../app/report/pdf_report.cpp" line="1013"/>
        <location filename="../app/report/pdf_report.cpp" line="1216"/>
        <location filename="../app/report/pdf_report.cpp" line="1281"/>
        <location filename="../app/report/pdf_report.cpp" line="1282"/>
        <location filename="../app/report/pdf_report.cpp" line="1459"/>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1023"/>
        <source>%1 · generated %2</source>
        <translation>%1 · 生成于 %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1025"/>
        <source>workload file %1</source>
        <translation>工作负载文件 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1041"/>
        <source>Recommendation</source>
        <translation>推荐方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1041"/>
        <source>The pinned deployment does not fit</source>
        <translation>指定的部署放不下</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1044"/>
        <source>Nothing feasible: every deployment was excluded (see &quot;Why not the others&quot;).</source>
        <translation>没有可行方案：所有部署均被排除（见“为什么不选其他方案”）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1051"/>
        <source>Cost: %1 per month</source>
        <translation>费用：每月 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1052"/>
        <source>Cost: %1</source>
        <translation>费用：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1054"/>
        <location filename="../app/report/pdf_report.cpp" line="1065"/>
        <source>80 % range %1</source>
        <translation>80% 区间 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1058"/>
        <source>Latency: %1 per request (TTFT %2, TPOT %3)</source>
        <translation>延迟：每个请求 %1（首字延迟 %2，每字延迟 %3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1063"/>
        <source>Time: %1</source>
        <translation>时间：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1066"/>
        <source>GPU-hours: %1</source>
        <translation>GPU 小时：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1069"/>
        <source>Does not fit</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1071"/>
        <source>Why: %1</source>
        <translation>理由：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1103"/>
        <source>ranked by time, then cost: it is the fastest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按时间排序，其次按费用：在 %1 个放得下且满足约束的已定价部署中，它最快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1106"/>
        <source>ranked by cost: it is the cheapest of the %1 priced deployments that fit and meet the constraints.</source>
        <translation>按费用排序：在 %1 个放得下且满足约束的已定价部署中，它最便宜。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1111"/>
        <source>It meets the deadline of %1 with %2.</source>
        <translation>它以 %2 满足 %1 的截止时间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1114"/>
        <source>It stays within the budget of %1 %2.</source>
        <translation>它没有超出 %1 %2 的预算。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1116"/>
        <source>It is on the Pareto front of cost vs latency: no other deployment is both cheaper and faster.</source>
        <translation>它位于费用–延迟的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1118"/>
        <source>It is on the Pareto front of cost vs time: no other deployment is both cheaper and faster.</source>
        <translation>它位于费用–时间的帕累托前沿上：没有其他部署既更便宜又更快。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1126"/>
        <source>The fastest option on the front, %1, takes %2 for %3 (%4 more).</source>
        <translation>前沿上最快的方案 %1 用时 %2，费用 %3（多 %4）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1130"/>
        <source>Faster deployments on the Pareto front cost more (see the chart).</source>
        <translation>帕累托前沿上更快的部署费用更高（见图表）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1135"/>
        <source>the workload pins the hardware; this is the estimate for that deployment (no catalog offering matched it).</source>
        <translation>工作负载指定了硬件；这是该部署的估算（目录中没有匹配的报价）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1138"/>
        <source>no prices: ranked by GPU-hours, a price-free proxy for cost.</source>
        <translation>没有价格：按 GPU 小时排序，作为费用的无价格替代指标。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1145"/>
        <source>What would make it fit: %1</source>
        <translation>怎样才能放得下：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1159"/>
        <source>Workload and constraints</source>
        <translation>工作负载与约束</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1162"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1166"/>
        <source>%1 billion parameters</source>
        <translation>%1 十亿参数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1168"/>
        <source>%1 billion active</source>
        <translation>激活 %1 十亿</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1170"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1174"/>
        <location filename="../app/report/pdf_report.cpp" line="1608"/>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1178"/>
        <source>rank %1</source>
        <translation>秩 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1179"/>
        <source>Precision · method</source>
        <translation>精度 · 方法</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1181"/>
        <source>Global batch</source>
        <translation>全局批量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1182"/>
        <source>%1 sequences of %2 tokens</source>
        <translation>%1 条序列，每条 %2 个 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1188"/>
        <source>Request shape</source>
        <translation>请求形状</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1188"/>
        <source>%1 prompt tokens, %2 output tokens</source>
        <translation>%1 个提示 token，%2 个输出 token</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1189"/>
        <source>Precision (weights · KV cache)</source>
        <translation>精度（权重 · KV 缓存）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1193"/>
        <source>Peak traffic</source>
        <translation>峰值流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1193"/>
        <source>%1 requests/s</source>
        <translation>%1 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1195"/>
        <source>Demand profile</source>
        <translation>需求曲线</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1196"/>
        <source>%1 hourly values, peak %2 requests/s</source>
        <translation>%1 个逐小时值，峰值 %2 请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1199"/>
        <source>TTFT p99 ≤ %1</source>
        <translation>首字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1201"/>
        <source>TPOT p99 ≤ %1</source>
        <translation>每字延迟 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1203"/>
        <source>end to end p99 ≤ %1</source>
        <translation>端到端 p99 ≤ %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1205"/>
        <source>Latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1207"/>
        <source>Availability target</source>
        <translation>可用性目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1211"/>
        <source>Measured work</source>
        <translation>实测工作量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1212"/>
        <source>%1 GPU-hours on %2, bound by %3</source>
        <translation>在 %2 上 %1 GPU 小时，瓶颈为 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1216"/>
        <source>Pinned hardware</source>
        <translation>指定硬件</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1219"/>
        <source>Deadline</source>
        <translation>截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1221"/>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1229"/>
        <source>Providers</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1231"/>
        <source>Regions</source>
        <translation>地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1233"/>
        <source>Countries (data residency)</source>
        <translation>国家（数据驻留）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1235"/>
        <source>Pricing models</source>
        <translation>计费模式</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1237"/>
        <source>Spot interruption bucket at most</source>
        <translation>抢占中断档位上限</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1238"/>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1239"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1239"/>
        <source>carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1239"/>
        <source>cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1241"/>
        <location filename="../app/report/pdf_report.cpp" line="1783"/>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1243"/>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1243"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1254"/>
        <source>Ranked comparison</source>
        <translation>排名比较</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1255"/>
        <source>Ranked comparison (top %1 of %2)</source>
        <translation>排名比较（%2 个中的前 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1257"/>
        <source>No candidate fits and meets the constraints.</source>
        <translation>没有候选方案放得下并满足约束。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1266"/>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <location filename="../app/report/pdf_report.cpp" line="1301"/>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1266"/>
        <source>Provider
region</source>
        <translation>云厂商
地域</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1267"/>
        <source>Instances
GPUs</source>
        <translation>实例
GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1267"/>
        <source>Pricing</source>
        <translation>计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1268"/>
        <source>%1
per hour</source>
        <translation>%1
每小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1269"/>
        <source>%1 per month
80 % range</source>
        <translation>每月 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1270"/>
        <source>Total %1
80 % range</source>
        <translation>总计 %1
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1272"/>
        <source>Latency
per request</source>
        <translation>每个请求
的延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1272"/>
        <source>Time
80 % range</source>
        <translation>时间
80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1272"/>
        <source>Prices
as of</source>
        <translation>价格
日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <location filename="../app/report/pdf_report.cpp" line="1301"/>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <location filename="../app/report/pdf_report.cpp" line="1960"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <location filename="../app/report/pdf_report.cpp" line="1301"/>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1289"/>
        <location filename="../app/report/pdf_report.cpp" line="1301"/>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <source>Time (80 % range)</source>
        <translation>时间（80% 区间）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <location filename="../app/report/pdf_report.cpp" line="1364"/>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1290"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1302"/>
        <source>Concurrency</source>
        <translation>并发数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1302"/>
        <source>TTFT</source>
        <translation>首字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1302"/>
        <source>TPOT</source>
        <translation>每字延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1302"/>
        <source>Output tokens/s</source>
        <translation>输出 token/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1303"/>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>Speed vs reference</source>
        <translation>相对参考 GPU 的速度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1313"/>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1323"/>
        <source>● on the Pareto front of cost vs latency. Costs are per 730-hour month of service; ranges come from the estimator&apos;s measured errors.</source>
        <translation>● 位于费用–延迟的帕累托前沿上。费用按每月 730 小时服务计；区间来自估算器的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1325"/>
        <source>● on the Pareto front of cost vs time: nothing else is both cheaper and faster. Ranges (80 %) come from the estimator&apos;s measured errors on published runs.</source>
        <translation>● 位于费用–时间的帕累托前沿上：没有其他方案既更便宜又更快。80% 区间来自估算器在已发表运行上的实测误差。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1333"/>
        <source>TP %1 × %2 replicas</source>
        <translation>TP %1 × %2 个副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1341"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1344"/>
        <source>Cost vs latency</source>
        <translation>费用与延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1344"/>
        <source>Cost vs time</source>
        <translation>费用与时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1350"/>
        <source>end-to-end latency per request (s)</source>
        <translation>每个请求的端到端延迟（秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1350"/>
        <location filename="../app/report/pdf_report.cpp" line="1364"/>
        <source>wall time (h)</source>
        <translation>墙钟时间（小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1351"/>
        <source>cost per month (%1)</source>
        <translation>每月费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1351"/>
        <source>total cost (%1)</source>
        <translation>总费用（%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1352"/>
        <location filename="../app/report/pdf_report.cpp" line="1364"/>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1355"/>
        <source>GPU-hours vs time</source>
        <translation>GPU 小时与时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1396"/>
        <source>GEMMs and attention</source>
        <translation>矩阵乘与注意力</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1397"/>
        <source>Memory-bound kernels</source>
        <translation>访存受限的算子</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1398"/>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1399"/>
        <source>Tensor-parallel communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1400"/>
        <source>Context-parallel communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1401"/>
        <source>Pipeline-parallel communication</source>
        <translation>流水线并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1402"/>
        <source>Data-parallel communication</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1403"/>
        <source>Expert-parallel communication</source>
        <translation>专家并行通信</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1404"/>
        <source>MoE dispatch overhead</source>
        <translation>MoE 分发开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1405"/>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1408"/>
        <source>Per-step framework overhead</source>
        <translation>每步框架开销</translation>
    </message>
    <message>
        <source>Failures, restarts, checkpoints</source>
        <translation type="vanished">故障、重启与检查点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1414"/>
        <location filename="../app/report/pdf_report.cpp" line="1426"/>
        <source>Spot interruptions</source>
        <translation>抢占中断</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1420"/>
        <source>Prefill (prompt processing)</source>
        <translation>预填充（处理提示）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1421"/>
        <source>Decode (token generation)</source>
        <translation>解码（生成 token）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1422"/>
        <source>Headroom, spares and idle capacity</source>
        <translation>余量、备用与空闲容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1425"/>
        <source>GPU compute</source>
        <translation>GPU 计算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1429"/>
        <source>Billing (rounding, minimums, unused commitment)</source>
        <translation>计费（取整、最低计费、未用承诺）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1433"/>
        <source>%1 GPU-hours</source>
        <translation>%1 GPU 小时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1436"/>
        <source>Cost breakdown of the recommended deployment (one month)</source>
        <translation>推荐部署的费用构成（一个月）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1437"/>
        <source>Cost breakdown of the recommended deployment</source>
        <translation>推荐部署的费用构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1438"/>
        <source>GPU time breakdown of the recommended deployment</source>
        <translation>推荐部署的 GPU 时间构成</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1471"/>
        <source>Memory per GPU by component (GiB; red mark: the GPU&apos;s capacity)</source>
        <translation>每 GPU 显存构成（GiB；红线：GPU 容量）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>activations</source>
        <translation>激活</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1473"/>
        <source>overhead</source>
        <translation>其他开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1493"/>
        <source>Demand vs capacity (replicas per hour)</source>
        <translation>需求与容量（每小时副本数）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1495"/>
        <source>needed for the traffic</source>
        <translation>流量所需</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1495"/>
        <source>running (autoscaled)</source>
        <translation>运行中（自动扩缩）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1496"/>
        <source>hour of the profile (UTC)</source>
        <translation>需求曲线的小时（UTC）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1496"/>
        <source>replicas</source>
        <translation>副本</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1499"/>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1502"/>
        <source>Expected availability %1 (target %2); expected downtime %3 min per month.</source>
        <translation>预期可用性 %1（目标 %2）；预期每月停机 %3 分钟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1503"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1514"/>
        <source>Sensitivity: each main assumption moved by ±%1</source>
        <translation>敏感性：各主要假设分别变动 ±%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1516"/>
        <source>The recommended offering and price recomputed with one assumption moved at a time; replicas are re-sized to the traffic. Time is the end-to-end latency of a request.</source>
        <translation>每次只变动一个假设，用推荐的报价与价格重新计算；副本数按流量重新确定。时间为单个请求的端到端延迟。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1518"/>
        <source>The recommended deployment as bought (same offering, price, GPU count and layout) recomputed with one assumption moved at a time.</source>
        <translation>按购买时的推荐部署（相同报价、价格、GPU 数与并行布局），每次只变动一个假设重新计算。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1524"/>
        <location filename="../app/report/pdf_report.cpp" line="1529"/>
        <source>infeasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1549"/>
        <source>misses the deadline</source>
        <translation>超过截止时间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1551"/>
        <source>over budget</source>
        <translation>超出预算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1558"/>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1558"/>
        <source>Cost if
−%1</source>
        <translation>费用
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1559"/>
        <source>Cost if
+%1</source>
        <translation>费用
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1559"/>
        <source>Time if
−%1</source>
        <translation>时间
−%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1560"/>
        <source>Time if
+%1</source>
        <translation>时间
+%1 时</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1560"/>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1561"/>
        <source>As planned</source>
        <translation>按计划</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1590"/>
        <source>Tornado: change of the recommended plan&apos;s cost</source>
        <translation>龙卷风图：推荐方案费用的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1591"/>
        <source>Tornado: change of the recommended plan&apos;s time</source>
        <translation>龙卷风图：推荐方案时间的变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1594"/>
        <source>assumption −%1</source>
        <translation>假设 −%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1594"/>
        <source>assumption +%1</source>
        <translation>假设 +%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1595"/>
        <source>change of cost</source>
        <translation>费用变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1595"/>
        <source>change of time</source>
        <translation>时间变化</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1604"/>
        <source>Efficiency (GEMM, attention, memory and link)</source>
        <translation>效率（矩阵乘、注意力、显存与互联）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1606"/>
        <source>Prices (hourly rates and fees)</source>
        <translation>价格（小时费率与费用）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1609"/>
        <source>Traffic (requests/s)</source>
        <translation>流量（请求/秒）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1610"/>
        <source>Work (GPU-hours on the reference GPU)</source>
        <translation>工作量（参考 GPU 上的 GPU 小时）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1612"/>
        <source>Spot interruption rate</source>
        <translation>抢占中断率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1614"/>
        <source>Exchange rates (units per USD)</source>
        <translation>汇率（每美元兑换单位）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1622"/>
        <source>n/a: batch jobs scale by datasheet ratios, an efficiency factor cancels out</source>
        <translation>不适用：批处理作业按规格比例换算，效率系数相互抵消</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1624"/>
        <source>n/a: no prices</source>
        <translation>不适用：没有价格</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1626"/>
        <source>n/a: no traffic given</source>
        <translation>不适用：未给出流量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1628"/>
        <source>n/a: not on spot capacity</source>
        <translation>不适用：未使用抢占式实例</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1630"/>
        <source>n/a: priced and reported in USD</source>
        <translation>不适用：以美元计价与报告</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1637"/>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1645"/>
        <source>Efficiency on %1 (%2); serving factors fitted to your benchmark %3</source>
        <translation>%1 上的效率（%2）；推理系数拟合自您的基准测试 %3</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1648"/>
        <source>Efficiency on %1 (%2), calibrated on this machine</source>
        <translation>%1 上的效率（%2），已在本机校准</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1649"/>
        <source>Efficiency on %1 (%2)</source>
        <translation>%1 上的效率（%2）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1656"/>
        <source>Large GEMMs reach</source>
        <translation>大矩阵乘达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1656"/>
        <location filename="../app/report/pdf_report.cpp" line="1660"/>
        <source>%1 of dense peak</source>
        <translation>稠密峰值的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1659"/>
        <source>Training GEMMs keep</source>
        <translation>训练中矩阵乘保持</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1659"/>
        <source>%1 of that rate end to end</source>
        <translation>端到端保持该速率的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1660"/>
        <source>Fused attention reaches</source>
        <translation>融合注意力达到</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1661"/>
        <source>HBM bandwidth reached</source>
        <translation>达到的 HBM 带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1662"/>
        <source>Collective (NCCL) bandwidth</source>
        <translation>集合通信（NCCL）带宽</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1662"/>
        <source>%1 of link bandwidth</source>
        <translation>链路带宽的 %1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1663"/>
        <source>Latency per ring hop</source>
        <translation>环形每跳延迟</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1664"/>
        <source>%1 µs in a node, %2 µs across nodes</source>
        <translation>节点内 %1 µs，跨节点 %2 µs</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1667"/>
        <source>Decode step overhead</source>
        <translation>解码每步开销</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1668"/>
        <location filename="../app/report/pdf_report.cpp" line="1784"/>
        <location filename="../app/report/pdf_report.cpp" line="1826"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1680"/>
        <source>Estimator</source>
        <translation>估算器</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1685"/>
        <source>Serving capacity</source>
        <translation>服务容量</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1687"/>
        <source>Headroom above the peak: %1</source>
        <translation>峰值之上的余量：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1689"/>
        <source>Replicas: %1 (%2 for the traffic, %3 for availability), %4 GPU(s) each; utilization %5</source>
        <translation>副本：%1（流量需 %2，可用性需 %3），每个 %4 块 GPU；利用率 %5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1698"/>
        <source>set in the workload (inference.instance_availability)</source>
        <translation>在工作负载中设定（inference.instance_availability）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1701"/>
        <source>no published SLA: the stated default, below AWS EC2&apos;s 99.5 % instance-level SLA</source>
        <translation>无公开 SLA：采用声明的默认值，低于 AWS EC2 99.5 % 的实例级 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1704"/>
        <source>the provider&apos;s single-instance SLA</source>
        <translation>服务商的单实例 SLA</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1709"/>
        <source>Each replica assumed up %1 of the time; scale-up delay %2 s</source>
        <translation>假设每个副本 %1 的时间可用；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1711"/>
        <source>Each replica assumed up %1 of the time (%3); scale-up delay %2 s</source>
        <translation>假设每个副本 %1 的时间可用（%3）；扩容延迟 %2 秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1715"/>
        <source>Mixed fleet (constraints.spot: burst_only): an on-demand base of %1 instance(s) (%2 replicas, %3 a month) meets the availability target alone; %4 spot instance(s) (%5 replicas, %6 a month) carry the headroom and count for no availability, since a zone&apos;s spot pool is reclaimed together.</source>
        <translation>混合集群（constraints.spot：burst_only）：按需基础 %1 个实例（%2 个副本，每月 %3）单独满足可用性目标；%4 个竞价实例（%5 个副本，每月 %6）承担余量，不计入可用性，因为同一可用区的竞价资源池会被一起回收。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1723"/>
        <source>Queueing model: %1</source>
        <translation>排队模型：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1728"/>
        <source>Energy and carbon</source>
        <translation>能耗与碳排放</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1730"/>
        <source>PUE %1; average GPU power at %2 between idle and board power; host %3 W per GPU</source>
        <translation>PUE %1；GPU 平均功率位于空闲与板卡功率之间的 %2；主机每 GPU %3 W</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1732"/>
        <source>Energy: %1 kWh for %2</source>
        <translation>能耗：%2 共 %1 kWh</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1735"/>
        <source>%1 kg CO₂e at %2 kg/kWh (%3)</source>
        <translation>%1 kg CO₂e，按 %2 kg/kWh（%3）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1741"/>
        <source>Prices and billing</source>
        <translation>价格与计费</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1743"/>
        <source>Serving is priced per 730-hour month (8,760 h / 12), as AWS and most providers bill.</source>
        <translation>推理服务按每月 730 小时（8,760 小时 / 12）计价，与 AWS 及多数云厂商的计费方式一致。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1746"/>
        <source>%1 bills in increments of %2 s with a minimum of %3 s.</source>
        <translation>%1 以 %2 秒为计费增量，最低计费 %3 秒。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1749"/>
        <source>Negotiated discount applied: %1.</source>
        <translation>已应用协议折扣：%1。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1753"/>
        <source>Spot: each interruption costs a %1 restart plus half a checkpoint interval (%2&apos;s interval); a price without an interruption rate is assumed in bucket %3 (AWS Spot Advisor: 0 = &lt;5 %, 4 = &gt;20 % of instances a month).</source>
        <translation>抢占式：每次中断的代价为 %1 的重启加半个检查点间隔（%2 间隔）；没有中断率的价格假设为档位 %3（AWS Spot Advisor：0 = 每月 &lt;5% 的实例，4 = &gt;20%）。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1760"/>
        <source>Spot serving: a reclaimed replica is down until it restarts on new capacity, and a zone&apos;s spot pool is reclaimed together, so spot replicas add no availability; with constraints.spot burst_only (the default for availability targets of 99.9 % or more) spot only carries the headroom above an on-demand base.</source>
        <translation>竞价推理：被回收的副本在新容量上重启前不可用，且同一可用区的竞价资源池会被一起回收，因此竞价副本不增加可用性；constraints.spot 为 burst_only 时（可用性目标 99.9 % 及以上的默认值），竞价只承担按需基础之上的余量。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1767"/>
        <source>Recommended spot price: %1 interruptions per hour for the job, checkpoint every %2, +%3 time.</source>
        <translation>推荐的抢占式价格：作业每小时 %1 次中断，每 %2 做一次检查点，时间增加 %3。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1780"/>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1783"/>
        <source>Units per USD</source>
        <translation>每美元兑换</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1783"/>
        <location filename="../app/report/pdf_report.cpp" line="1825"/>
        <source>As of</source>
        <translation>日期</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1799"/>
        <source>Data provenance</source>
        <translation>数据来源</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1825"/>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1825"/>
        <source>Prices used</source>
        <translation>使用的价格数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1830"/>
        <source>(and %1 more)</source>
        <translation>（另有 %1 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1841"/>
        <source>Oldest price used: %1 %2 (%3), as of %4. Prices older than %5 days are marked &quot;old&quot;.</source>
        <translation>使用的最旧价格：%1 %2（%3），截至 %4。超过 %5 天的价格标为“已过时”。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1848"/>
        <source>No catalog prices were used.</source>
        <translation>未使用目录价格。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1852"/>
        <source>GPU datasheet (%1): %2</source>
        <translation>GPU 规格（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1854"/>
        <source>Model architecture (%1): %2</source>
        <translation>模型架构（%1）：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1855"/>
        <source>Estimator accuracy: tests/data/validation/*.csv, one published source per row.</source>
        <translation>估算器准确度：tests/data/validation/*.csv，每行对应一个已发表来源。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1863"/>
        <source>How far to trust the estimates</source>
        <translation>估算的可信程度</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1864"/>
        <source>The bundled published results run through the estimator; ranges in this report are the narrowest band of estimated ÷ published ratios holding 80 % of each group&apos;s rows.</source>
        <translation>将内置的已发表结果输入估算器；本报告中的区间是各组中包含 80% 行的“估算值 ÷ 发表值”最窄区间。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1871"/>
        <source>Group</source>
        <translation>组</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1871"/>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1871"/>
        <source>Median |error|</source>
        <translation>误差绝对值中位数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1871"/>
        <source>Worst |error|</source>
        <translation>最大误差绝对值</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1872"/>
        <source>Limit (median / worst)</source>
        <translation>上限（中位数 / 最大）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1872"/>
        <source>80 % range of true ÷ estimate</source>
        <translation>真实值 ÷ 估算值的 80% 区间</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1887"/>
        <source>Calibrated from your benchmark</source>
        <translation>依据您的基准测试校准</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1890"/>
        <source>%1 × %2, %3 (%4), %5</source>
        <translation>%1 × %2，%3（%4），%5</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1933"/>
        <source>left out</source>
        <translation>未采用</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1935"/>
        <source>Run %1 left out: %2</source>
        <translation>运行 %1 未采用：%2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1896"/>
        <source>that of the published runs (fewer than 3 held-out figures)</source>
        <translation>沿用公开运行记录的区间（留出数值少于 3 个）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1410"/>
        <source>Restarts after failures</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1411"/>
        <source>Work lost since the last checkpoint</source>
        <translation>上次检查点以来丢失的工作</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1412"/>
        <source>Checkpoint writes</source>
        <translation>写检查点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1413"/>
        <source>Stragglers</source>
        <translation>掉队节点</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1898"/>
        <source>× %1 – %2</source>
        <translation>× %1 – %2</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1900"/>
        <source>Fitted to %1 (%2), imported %3.</source>
        <translation>拟合自 %1（%2），导入于 %3。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1902"/>
        <source>Decode bandwidth, GEMM efficiency and the engine&apos;s step cost are fitted by least squares to the runs&apos; TTFT, TPOT and output throughput; the other factors keep their shipped values. Each fitted run is also predicted by a fit without it (held out). Range of a calibrated estimate: latency %1, throughput %2.</source>
        <translation>解码带宽、GEMM 效率和引擎每步开销按最小二乘法拟合各运行的 TTFT、TPOT 与输出吞吐量；其余系数保持内置值。每个参与拟合的运行还会用不含它的拟合来预测（留出）。校准估算的区间：延迟 %1，吞吐量 %2。</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1911"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1911"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1911"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1912"/>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1912"/>
        <source>Estimate</source>
        <translation>估算</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1912"/>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1912"/>
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1913"/>
        <source>Shipped factors</source>
        <translation>内置系数</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1913"/>
        <source>Use</source>
        <translation>用途</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1928"/>
        <source>TTFT (ms, %1)</source>
        <translation>TTFT（毫秒，%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1929"/>
        <source>TPOT (ms, %1)</source>
        <translation>TPOT（毫秒，%1）</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1931"/>
        <source>output tokens/s</source>
        <translation>输出词元/秒</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1933"/>
        <source>fitted</source>
        <translation>参与拟合</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1933"/>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1957"/>
        <source>Why not the others</source>
        <translation>为什么不选其他方案</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1960"/>
        <source>Offering</source>
        <translation>报价</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1960"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1977"/>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <location filename="../app/report/pdf_report.cpp" line="1982"/>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
</context>
</TS>
