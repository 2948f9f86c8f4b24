<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>gpuplan::Messages</name>
    <message>
        <source>empty file, expected a JSON object</source>
        <translation>文件为空，应为 JSON 对象</translation>
    </message>
    <message>
        <source>not valid JSON at byte %1: %2</source>
        <translation>第 %1 字节处不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>nests deeper than %1 levels</source>
        <translation>嵌套超过 %1 层</translation>
    </message>
    <message>
        <source>holds a text of %1 bytes, more than the %2 allowed</source>
        <translation>含有 %1 字节的文本，超过允许的 %2 字节</translation>
    </message>
    <message>
        <source>the field &quot;%1&quot; is given twice</source>
        <translation>字段“%1”出现了两次</translation>
    </message>
    <message>
        <source>must be an object, got %1</source>
        <translation>必须是对象，实际为 %1</translation>
    </message>
    <message>
        <source>is required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>must be a number, got %1</source>
        <translation>必须是数字，实际为 %1</translation>
    </message>
    <message>
        <source>must be a finite number, got %1</source>
        <translation>必须是有限数字，实际为 %1</translation>
    </message>
    <message>
        <source>must be a positive number, got %1</source>
        <translation>必须是正数，实际为 %1</translation>
    </message>
    <message>
        <source>must be zero or positive, got %1</source>
        <translation>必须为零或正数，实际为 %1</translation>
    </message>
    <message>
        <source>must be a fraction between 0 and 1 (exclusive), got %1</source>
        <translation>必须是 0 到 1 之间（不含两端）的小数，实际为 %1</translation>
    </message>
    <message>
        <source>must be a fraction between 0 and 1, got %1</source>
        <translation>必须是 0 到 1 之间的小数，实际为 %1</translation>
    </message>
    <message>
        <source>must be an integer from %1 to %2, got %3</source>
        <translation>必须是 %1 到 %2 之间的整数，实际为 %3</translation>
    </message>
    <message>
        <source>must be a string, got %1</source>
        <translation>必须是文本，实际为 %1</translation>
    </message>
    <message>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <source>must be true or false, got %1</source>
        <translation>必须是 true 或 false，实际为 %1</translation>
    </message>
    <message>
        <source>unknown field, ignored</source>
        <translation>未知字段，已忽略</translation>
    </message>
    <message>
        <source>unknown field; did you mean &quot;%1&quot;?</source>
        <translation>未知字段；您是否想输入“%1”？</translation>
    </message>
    <message>
        <source>must be one of %1, got %2</source>
        <translation>必须是 %1 之一，实际为 %2</translation>
    </message>
    <message>
        <source>must be one of %1, got %2; did you mean &quot;%3&quot;?</source>
        <translation>必须是 %1 之一，实际为 %2；您是否想输入“%3”？</translation>
    </message>
    <message>
        <source>must be an array of strings, got %1</source>
        <translation>必须是文本数组，实际为 %1</translation>
    </message>
    <message>
        <source>must be a non-empty string, got %1</source>
        <translation>必须是非空文本，实际为 %1</translation>
    </message>
    <message>
        <source>must be an array, got %1</source>
        <translation>必须是数组，实际为 %1</translation>
    </message>
    <message>
        <source>must be a non-empty array, got %1</source>
        <translation>必须是非空数组，实际为 %1</translation>
    </message>
    <message>
        <source>unsupported schema, expected &quot;%1&quot;, got &quot;%2&quot;</source>
        <translation>不支持的模式，应为“%1”，实际为“%2”</translation>
    </message>
    <message>
        <source>missing; assuming &quot;%1&quot;</source>
        <translation>缺失；按“%1”处理</translation>
    </message>
    <message>
        <source>must be at most %1, got %2</source>
        <translation>不能超过 %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be a whole number of sequences, got %1</source>
        <translation>必须是整数个序列，实际为 %1</translation>
    </message>
    <message>
        <source>give global_batch or global_batch_tokens, not both</source>
        <translation>global_batch 与 global_batch_tokens 只能给一个</translation>
    </message>
    <message>
        <source>must be a fraction such as 0.2 (20 %), got %1</source>
        <translation>必须是小数，例如 0.2（即 20 %），实际为 %1</translation>
    </message>
    <message>
        <source>must be 24 (hourly, one day) or 168 (hourly, one week) numbers of requests/s, got %1</source>
        <translation>必须是 24 个（每小时一个，一天）或 168 个（每小时一个，一周）每秒请求数，实际为 %1</translation>
    </message>
    <message>
        <source>must be zero or a positive rate in requests/s, got %1</source>
        <translation>必须为零或正的请求速率（请求/秒），实际为 %1</translation>
    </message>
    <message>
        <source>has no traffic: every hour is 0</source>
        <translation>没有流量：每个小时都是 0</translation>
    </message>
    <message>
        <source>must be from -90 to 90, got %1</source>
        <translation>必须在 -90 到 90 之间，实际为 %1</translation>
    </message>
    <message>
        <source>must be from -180 to 180, got %1</source>
        <translation>必须在 -180 到 180 之间，实际为 %1</translation>
    </message>
    <message>
        <source>needs traffic: give requests_per_second or a profile</source>
        <translation>需要流量：请给出 requests_per_second 或需求曲线</translation>
    </message>
    <message>
        <source>is required (training, inference or batch)</source>
        <translation>必填（training、inference 或 batch）</translation>
    </message>
    <message>
        <source>prompt + output = %1 tokens exceeds the model&apos;s context of %2</source>
        <translation>提示词 + 输出 = %1 个 token，超过模型的上下文长度 %2</translation>
    </message>
    <message>
        <source>is required (fp64, fp32, tensor or memory)</source>
        <translation>必填（fp64、fp32、tensor 或 memory）</translation>
    </message>
    <message>
        <source>ignored: the workload&apos;s kind is %1</source>
        <translation>已忽略：该工作负载的类型是 %1</translation>
    </message>
    <message>
        <source>must equal tp × pp × cp × dp = %1, got %2</source>
        <translation>必须等于 tp × pp × cp × dp = %1，实际为 %2</translation>
    </message>
    <message>
        <source>must be a multiple of tp × pp × cp = %1, got %2</source>
        <translation>必须是 tp × pp × cp = %1 的整数倍，实际为 %2</translation>
    </message>
    <message>
        <source>must not exceed the model&apos;s layers (%1), got %2</source>
        <translation>不能超过模型的层数（%1），实际为 %2</translation>
    </message>
    <message>
        <source>must be from 1.0 to 3.0 (power usage effectiveness), got %1</source>
        <translation>必须在 1.0 到 3.0 之间（电能使用效率 PUE），实际为 %1</translation>
    </message>
    <message>
        <source>must be a positive number of tokens such as 3e11, &quot;300B&quot;, &quot;2T&quot; or &quot;3000亿&quot;, got %1</source>
        <translation>必须是正的 token 数，例如 3e11、“300B”、“2T”或“3000亿”，实际为 %1</translation>
    </message>
    <message>
        <source>must be a positive amount in USD, or {&quot;amount&quot;: …, &quot;currency&quot;: …}, got %1</source>
        <translation>必须是以美元计的正金额，或 {&quot;amount&quot;: …, &quot;currency&quot;: …}，实际为 %1</translation>
    </message>
    <message>
        <source>matches no region of the catalog, got %1; closest: %2</source>
        <translation>与目录中的任何区域都不匹配，实际为 %1；最接近的：%2</translation>
    </message>
    <message>
        <source>must be at most %1 characters, got %2</source>
        <translation>不能超过 %1 个字符，实际为 %2</translation>
    </message>
    <message>
        <source>unknown GPU &quot;%1&quot;; closest known: %2</source>
        <translation>未知 GPU“%1”；最接近的已知型号：%2</translation>
    </message>
    <message>
        <source>unknown model preset &quot;%1&quot;; closest known: %2</source>
        <translation>未知模型预设“%1”；最接近的已知预设：%2</translation>
    </message>
    <message>
        <source>is required (or give &quot;params&quot;)</source>
        <translation>必填（或给出“params”）</translation>
    </message>
    <message>
        <source>must divide hidden (%1) or give head_dim, got %2</source>
        <translation>必须能整除 hidden（%1），否则请给出 head_dim，实际为 %2</translation>
    </message>
    <message>
        <source>must divide heads (%1), got %2</source>
        <translation>必须能整除注意力头数（%1），实际为 %2</translation>
    </message>
    <message>
        <source>must be from 1 to experts (%1), got %2</source>
        <translation>必须在 1 到专家数（%1）之间，实际为 %2</translation>
    </message>
    <message>
        <source>is required for a mixture-of-experts model</source>
        <translation>混合专家（MoE）模型必须给出</translation>
    </message>
    <message>
        <source>must not exceed layers (%1), got %2</source>
        <translation>不能超过层数（%1），实际为 %2</translation>
    </message>
    <message>
        <source>latent attention also needs qk_rope_head_dim, qk_nope_head_dim, v_head_dim</source>
        <translation>潜在注意力（MLA）还需要 qk_rope_head_dim、qk_nope_head_dim 和 v_head_dim</translation>
    </message>
    <message>
        <source>must not exceed params</source>
        <translation>不能超过 params</translation>
    </message>
    <message>
        <source>duplicate model id &quot;%1&quot;</source>
        <translation>重复的模型 ID“%1”</translation>
    </message>
    <message>
        <source>must give at least one precision</source>
        <translation>至少要给出一种精度</translation>
    </message>
    <message>
        <source>must not exceed tdp_w</source>
        <translation>不能超过 tdp_w</translation>
    </message>
    <message>
        <source>name &quot;%1&quot; is already used by another GPU</source>
        <translation>名称“%1”已被另一款 GPU 使用</translation>
    </message>
    <message>
        <source>must be &quot;USD&quot;</source>
        <translation>必须是“USD”</translation>
    </message>
    <message>
        <source>must be an ISO 4217 code such as USD or CNY, got %1</source>
        <translation>必须是 ISO 4217 货币代码，例如 USD 或 CNY，实际为 %1</translation>
    </message>
    <message>
        <source>must be an ISO 8601 date (YYYY-MM-DD), got %1</source>
        <translation>必须是 ISO 8601 日期（YYYY-MM-DD），实际为 %1</translation>
    </message>
    <message>
        <source>region %1 is not in the allowed regions</source>
        <translation>区域 %1 不在允许的区域内</translation>
    </message>
    <message>
        <source>data residency: %1 is not an allowed country</source>
        <translation>数据驻留：%1 不是允许的国家或地区</translation>
    </message>
    <message>
        <source>data residency: the region&apos;s country is unknown</source>
        <translation>数据驻留：该区域所在国家或地区未知</translation>
    </message>
    <message>
        <source>fractional GPU (%1 per instance): see shared GPUs</source>
        <translation>分数 GPU（每个实例 %1 块）：请参见共享 GPU</translation>
    </message>
    <message>
        <source>no datasheet for GPU model &quot;%1&quot; in gpus.json</source>
        <translation>gpus.json 中没有 GPU 型号“%1”的规格</translation>
    </message>
    <message>
        <source>no public price (specs only): enter a quote with `catalog import`</source>
        <translation>没有公开价格（仅有规格）：请用 `catalog import` 导入报价</translation>
    </message>
    <message>
        <source>pinned %1 GPUs is not a whole number of %2-GPU instances</source>
        <translation>固定的 %1 块 GPU 不是 %2 卡实例的整数倍</translation>
    </message>
    <message>
        <source>instance quota for %1 is 0</source>
        <translation>%1 的实例配额为 0</translation>
    </message>
    <message>
        <source>misses the deadline even on %1 GPUs (quota %2 instances)</source>
        <translation>即使用 %1 块 GPU 也赶不上截止时间（配额 %2 个实例）</translation>
    </message>
    <message>
        <source>does not fit on %1 × %2: needs %3 GiB per GPU, has %4</source>
        <translation>在 %1 × %2 上放不下：每块 GPU 需要 %3 GiB，实有 %4 GiB</translation>
    </message>
    <message>
        <source>not feasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <source>%1 is not an allowed pricing model</source>
        <translation>%1 不是允许的计费方式</translation>
    </message>
    <message>
        <source>spot interruption bucket %1 is above the allowed %2</source>
        <translation>竞价实例中断档位 %1 高于允许的 %2</translation>
    </message>
    <message>
        <source>spot price without an interruption rate</source>
        <translation>竞价实例价格缺少中断率</translation>
    </message>
    <message>
        <source>on spot capacity: %1</source>
        <translation>在竞价实例上：%1</translation>
    </message>
    <message>
        <source>misses the deadline by %1 h (%2 h with spot interruptions)</source>
        <translation>超出截止时间 %1 小时（计入竞价实例中断为 %2 小时）</translation>
    </message>
    <message>
        <source>over budget by %1 USD</source>
        <translation>超出预算 %1 美元</translation>
    </message>
    <message>
        <source>network round trip %1 ms + TTFT %2 ms exceeds the %3 ms target</source>
        <translation>网络往返 %1 毫秒 + 首 token 时延 %2 毫秒，超过 %3 毫秒的目标</translation>
    </message>
    <message>
        <source>no exchange rate for &quot;%1&quot;</source>
        <translation>没有“%1”的汇率</translation>
    </message>
    <message>
        <source>does not fit: needs %1 GiB per GPU, has %2</source>
        <translation>放不下：每块 GPU 需要 %1 GiB，实有 %2 GiB</translation>
    </message>
    <message>
        <source>misses the deadline of %1 even on %2 GPUs (%3)</source>
        <translation>即使用 %2 块 GPU 也赶不上 %1 的截止时间（需 %3）</translation>
    </message>
    <message>
        <source>no layout found</source>
        <translation>找不到可行的并行布局</translation>
    </message>
    <message>
        <source>%1 offering prices excluded in all; the %2 most relevant are listed</source>
        <translation>共排除了 %1 个报价；此处列出最相关的 %2 个</translation>
    </message>
    <message>
        <source>ranked by time, then cost</source>
        <translation>按时间排序，其次按成本</translation>
    </message>
    <message>
        <source>ranked by emissions (kg CO2e), then cost</source>
        <translation>按排放（kg CO2e）排序，其次按成本</translation>
    </message>
    <message>
        <source>ranked by cost (USD)</source>
        <translation>按成本（美元）排序</translation>
    </message>
    <message>
        <source>%1 %2 ms meets the %3 ms target, but the 80 % range reaches %4 ms: at risk</source>
        <translation>%1 %2 毫秒满足 %3 毫秒的目标，但 80% 区间可达 %4 毫秒：有风险</translation>
    </message>
    <message>
        <source>recommended: the cheapest candidate that meets the latency targets across its 80 % range, since it costs at most 5 % more than the cheapest (%1 % more); the cheaper ones are marked at risk</source>
        <translation>推荐：在整个 80% 区间内都满足时延目标的最便宜方案，因为它比最便宜的方案贵不超过 5%（贵 %1%）；更便宜的方案标为有风险</translation>
    </message>
    <message>
        <source>the recommendation is at risk of missing a latency target (its 80 % range crosses it), and no candidate within 5 % of its cost meets the target across its range; constraints.strict_slo sizes every candidate to do so</source>
        <translation>推荐方案有未达时延目标的风险（其 80% 区间越过目标），且成本高出 5% 以内没有在整个区间内都达标的方案；constraints.strict_slo 会让每个方案都按此标准配置</translation>
    </message>
    <message>
        <source>strict_slo: sized to meet the latency targets across the estimate&apos;s 80 % range, i.e. to the targets ÷ %1 (TPOT %2 ms, p99 TTFT %3 ms)</source>
        <translation>strict_slo：按在估计值 80% 区间内都满足时延目标来配置，即目标 ÷ %1（TPOT %2 毫秒，p99 首 token 时延 %3 毫秒）</translation>
    </message>
    <message>
        <source>serving costs are per 730-hour month of service</source>
        <translation>推理服务成本按每月 730 小时计</translation>
    </message>
    <message>
        <source>users_location &quot;%1&quot; is not a known location: network latency not checked</source>
        <translation>用户位置“%1”不是已知地点：未检查网络时延</translation>
    </message>
    <message>
        <source>budget ignored: %1</source>
        <translation>已忽略预算：%1</translation>
    </message>
    <message>
        <source>ranked by GPUs needed, then throughput (prices come from the catalog planner)</source>
        <translation>按所需 GPU 数排序，其次按吞吐量（价格来自目录规划）</translation>
    </message>
    <message>
        <source>ranked by wall time</source>
        <translation>按墙钟时间排序</translation>
    </message>
    <message>
        <source>ranked by GPU-hours (a price-free proxy for cost)</source>
        <translation>按 GPU 小时排序（不含价格的成本近似）</translation>
    </message>
    <message>
        <source>spot: +%1% time for interruptions; about %2 interruptions expected over the job on %3 instances: plan for managed recovery (checkpoints and automatic restarts)</source>
        <translation>竞价实例：因中断增加 %1% 的时间；整个作业在 %3 个实例上预计约中断 %2 次：请准备托管恢复（检查点与自动重启）</translation>
    </message>
    <message>
        <source>spot: +%1% time for interruptions</source>
        <translation>竞价实例：中断使时间增加 %1%</translation>
    </message>
    <message>
        <source>spot: +%1% time for interruptions (interruption rate assumed)</source>
        <translation>竞价实例：中断使时间增加 %1%（中断率为假设值）</translation>
    </message>
    <message>
        <source>storage and egress at the workload&apos;s own rates</source>
        <translation>存储与出网流量按工作负载自带的单价计</translation>
    </message>
    <message>
        <source>storage and egress: %1 (%2)</source>
        <translation>存储与出网流量：%1（%2）</translation>
    </message>
    <message>
        <source>storage and egress not priced: no bundled rate for %1 (give data.storage_price_per_gb_month and data.egress_price_per_gb)</source>
        <translation>存储与出网流量未计价：没有 %1 的内置单价（请给出 data.storage_price_per_gb_month 和 data.egress_price_per_gb）</translation>
    </message>
    <message>
        <source>concurrency %1 needs more KV cache than fits; %2 sequences fit per replica</source>
        <translation>并发 %1 所需的 KV 缓存超出可用显存；每个副本可容纳 %2 个序列</translation>
    </message>
    <message>
        <source>tensor parallel %1 (weights %2 per GPU)</source>
        <translation>张量并行 %1（每块 GPU 权重 %2）</translation>
    </message>
    <message>
        <source>%1 weights (%2 per GPU)</source>
        <translation>%1 权重（每块 GPU %2）</translation>
    </message>
    <message>
        <source>fp8 KV cache (halves the KV memory)</source>
        <translation>fp8 KV 缓存（KV 显存减半）</translation>
    </message>
    <message>
        <source>or a GPU with at least %1 of memory</source>
        <translation>或选用显存至少 %1 的 GPU</translation>
    </message>
    <message>
        <source>%1: %2 per GPU — fits</source>
        <translation>%1：每块 GPU %2 —— 放得下</translation>
    </message>
    <message>
        <source>%1: %2 per GPU — still too much</source>
        <translation>%1：每块 GPU %2 —— 仍然放不下</translation>
    </message>
    <message>
        <source>more GPUs: the model states alone need at least %1 × %2 when sharded (ZeRO-3 or tensor × pipeline parallel)</source>
        <translation>更多 GPU：仅模型状态分片后就至少需要 %1 × %2（ZeRO-3 或张量 × 流水线并行）</translation>
    </message>
    <message>
        <source>ZeRO-3 (shard weights, gradients and optimizer over %1 GPUs)</source>
        <translation>ZeRO-3（在 %1 块 GPU 上切分权重、梯度和优化器状态）</translation>
    </message>
    <message>
        <source>full activation recompute</source>
        <translation>完全激活重计算</translation>
    </message>
    <message>
        <source>micro-batch 1</source>
        <translation>微批次 1</translation>
    </message>
    <message>
        <source>tensor parallel %1 with sequence parallelism (needs %2 GPUs at the same data parallelism)</source>
        <translation>张量并行 %1 并开启序列并行（数据并行度不变时需要 %2 块 GPU）</translation>
    </message>
    <message>
        <source>pipeline parallel %1 (needs %2 GPUs)</source>
        <translation>流水线并行 %1（需要 %2 块 GPU）</translation>
    </message>
    <message>
        <source>LoRA fine-tuning instead of full training (if that is the goal)</source>
        <translation>改用 LoRA 微调而非全量训练（如果这符合目标）</translation>
    </message>
    <message>
        <source>misses the TPOT target: %1 ms per token at concurrency %2, target %3 ms</source>
        <translation>未达到每输出 token 时延（TPOT）目标：并发 %2 时每 token %1 毫秒，目标 %3 毫秒</translation>
    </message>
    <message>
        <source>misses the TTFT target: %1 ms, target %2 ms</source>
        <translation>未达到首 token 时延（TTFT）目标：%1 毫秒，目标 %2 毫秒</translation>
    </message>
    <message>
        <source>needs %1 replicas (%2 GPUs) for %3 requests/s, has %4</source>
        <translation>需要 %1 个副本（%2 块 GPU）才能承载每秒 %3 个请求，现有 %4 个</translation>
    </message>
    <message>
        <source>prefill alone takes %1 ms, over the TTFT target</source>
        <translation>仅预填充就需要 %1 毫秒，超过首 token 时延目标</translation>
    </message>
    <message>
        <source>needs more than %1 replicas (%2 sequences in flight): beyond what one plan covers; split the traffic</source>
        <translation>需要超过 %1 个副本（同时处理 %2 个序列），超出单个方案的范围；请拆分流量</translation>
    </message>
    <message>
        <source>availability target not reachable with replicas of this availability</source>
        <translation>以这种副本可用性无法达到可用性目标</translation>
    </message>
    <message>
        <source>%1 has no published %2 figure</source>
        <translation>%1 没有公开的 %2 指标</translation>
    </message>
    <message>
        <source>LoRA/QLoRA: frozen weights need no weight gradients (4·N FLOPs per token, not 6·N)</source>
        <translation>LoRA/QLoRA：冻结的权重不需要权重梯度（每 token 4·N 次浮点运算，而非 6·N）</translation>
    </message>
    <message>
        <source>global batch rounded up to %1 micro-batches of %2 on each of %3 data-parallel ranks</source>
        <translation>全局批次向上取整：%3 个数据并行副本上各 %1 个微批次，每个微批次 %2 条序列</translation>
    </message>
    <message>
        <source>%1 has no %2 math; runs at its %3 rate</source>
        <translation>%1 不支持 %2 运算，按其 %3 速率计算</translation>
    </message>
    <message>
        <source>goodput %1%: failures at Llama 3&apos;s observed rate (2.19e-5 per GPU-hour), 15 min per restart, checkpoints at Young&apos;s interval</source>
        <translation>有效训练时间比例 %1%：按 Llama 3 实测的故障率（每 GPU 小时 2.19e-5 次）、每次重启 15 分钟、按 Young 间隔保存检查点</translation>
    </message>
    <message>
        <source>KV cache gets 90% of GPU memory minus weights (vLLM default gpu_memory_utilization)</source>
        <translation>KV 缓存使用 90% 的显存减去权重（vLLM 默认 gpu_memory_utilization）</translation>
    </message>
    <message>
        <source>%1 admits a request only when the KV cache can hold its prompt and whole output (its default capacity scheduler, GUARANTEED_NO_EVICT): the sequences that fit are counted at their full length</source>
        <translation>%1 仅在 KV 缓存能容纳请求的提示词和全部输出时才接纳该请求（其默认容量调度策略 GUARANTEED_NO_EVICT）：可容纳的序列按完整长度计算</translation>
    </message>
    <message>
        <source>a sequence holds prompt + output/2 tokens of KV on average (paged attention)</source>
        <translation>每个序列平均占用提示词 + 输出/2 个 token 的 KV（分页注意力）</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>no offering of the catalog is from this provider, got %1%2 (known: %3)</source>
        <translation>目录中没有来自该云厂商的报价，实际为 %1%2（已知：%3）</translation>
    </message>
    <message>
        <source>no offering of the catalog is in this country, got %1%2 (known: %3)</source>
        <translation>目录中没有位于该国家或地区的报价，实际为 %1%2（已知：%3）</translation>
    </message>
    <message>
        <source>; did you mean &quot;%1&quot;?</source>
        <translation>；您是否想输入“%1”？</translation>
    </message>
    <message>
        <source>no serving engine runs %1 weights on %2 (%3): FP8 needs Ada/Hopper or newer, or Turing/Ampere for dense models as weight-only FP8 (vLLM)</source>
        <translation>没有推理引擎能在 %2（%3）上运行 %1 权重：FP8 需要 Ada/Hopper 或更新的架构；Turing/Ampere 仅支持稠密模型的纯权重 FP8（vLLM）</translation>
    </message>
    <message>
        <source>pipeline stages on separate instances: %1 network hop(s) per token, %2 µs each plus the hidden states at %3 Gbit/s (an assumption); stages do not overlap</source>
        <translation>流水线各阶段位于不同实例：每个 token 经过 %1 次网络跳转，每次 %2 微秒，外加以 %3 Gbit/s 传输隐藏状态（假设值）；各阶段不重叠</translation>
    </message>
    <message>
        <source>spot-only serving fleet dropped (constraints.spot: %1): a zone&apos;s spot pool is reclaimed together, so more spot replicas do not raise availability</source>
        <translation>已排除纯竞价实例的推理集群（constraints.spot：%1）：同一可用区的竞价资源池会被一起回收，增加竞价副本并不能提高可用性</translation>
    </message>
    <message>
        <source>broken catalog row: at most %1 GPUs per instance, got %2</source>
        <translation>目录行有误：每个实例最多 %1 块 GPU，实际为 %2</translation>
    </message>
    <message>
        <source>%1 of the %2 priced candidates use a price older than %3 days (the oldest: %4, as of %5, %6 days): check them with the provider or refresh the catalog before you commit</source>
        <translation>%2 个有价格的候选方案中有 %1 个使用了超过 %3 天的价格（最旧的：%4，截至 %5，已 %6 天）：下单前请向云厂商核实或刷新价格目录</translation>
    </message>
    <message>
        <source>the exchange rate of %1 is as of %2, %3 days old (more than %4): `gpuplan-cli catalog update --provider fx` fetches the ECB&apos;s current reference rates</source>
        <translation>%1 的汇率截至 %2，已 %3 天（超过 %4 天）：`gpuplan-cli catalog update --provider fx` 可获取欧洲央行当前的参考汇率</translation>
    </message>
    <message>
        <source>the spot price %1 %3/h is above this offering&apos;s on-demand price %2 %3/h: a contradiction in the catalog, not used (`gpuplan-cli catalog check` lists it)</source>
        <translation>竞价价格 %1 %3/小时高于该规格的按需价格 %2 %3/小时：价格目录自相矛盾，不予使用（`gpuplan-cli catalog check` 会列出）</translation>
    </message>
    <message>
        <source>the recommended price (%1) has a catalog-check warning, %2: %3. Check it with the provider before you commit (`gpuplan-cli catalog check` lists every finding)</source>
        <translation>推荐的价格（%1）有一条目录检查警告，%2：%3。下单前请向提供商核实（`gpuplan-cli catalog check` 列出所有发现）</translation>
    </message>
    <message>
        <source>the recommended price is %1&apos;s documented default prepaid discount for %2 months (%3 % off on-demand); each host sets its own, and may offer none: check the machine&apos;s offer before you prepay</source>
        <translation>推荐的价格是 %1 文档所述的默认预付折扣（%2 个月，按需价格的 %3 % 折让）；每台主机自行设定折扣，也可能不提供：预付前请核对该机器的报价</translation>
    </message>
    <message>
        <source>%1-month commitment: %2 %3 over the term, paid whether used or not</source>
        <translation>%1 个月承诺：整个期限共 %2 %3，无论是否使用都需支付</translation>
    </message>
    <message>
        <source>%1-month commitment: %2 %3 over the term, paid whether used or not; cheaper than on-demand above %4 % utilization</source>
        <translation>%1 个月承诺：整个期限共 %2 %3，无论是否使用都需支付；利用率高于 %4 % 时比按需更便宜</translation>
    </message>
    <message>
        <source>%1 offering prices were not estimated: the same provider sells the same GPU model and count per instance, on the same pricing and terms, for less or the same elsewhere (%2 are priced)</source>
        <translation>有 %1 个报价未做估算：同一云厂商在别处以更低或相同的价格提供相同的 GPU 型号、每实例 GPU 数量、计费方式和条款（已计价 %2 个）</translation>
    </message>
    <message>
        <source>the spot price %1 %3/h in zone %4 is above the region&apos;s on-demand price %2 %3/h: on demand is cheaper there, so this spot price is not used</source>
        <translation>可用区 %4 的竞价价格 %1 %3/小时高于该地域的按需价格 %2 %3/小时：那里按需更便宜，因此不使用此竞价价格</translation>
    </message>
    <message>
        <source>no spot burst (constraints.spot: %1): the on-demand base that meets the availability target alone fills all %2 instance(s), so the on-demand price is the whole fleet</source>
        <translation>无竞价突发容量（constraints.spot：%1）：单独满足可用性目标的按需基础已占满全部 %2 个实例，整个集群即按需价格</translation>
    </message>
    <message>
        <source>spot-only serving fleet dropped (constraints.spot: %1): no on-demand price in %2 to run the on-demand base that must meet the availability target alone</source>
        <translation>已舍弃纯竞价推理集群（constraints.spot：%1）：%2 没有按需价格，无法运行必须单独满足可用性目标的按需基础</translation>
    </message>
    <message>
        <source>on-demand base of %1 instance(s) (%2 replica(s), %3 %4/h each) meets the availability target alone; %5 spot instance(s) carry the %6% headroom and count for no availability</source>
        <translation>按需基础 %1 个实例（%2 个副本，每个 %3 %4/小时）单独满足可用性目标；%5 个竞价实例承担 %6% 的余量，不计入可用性</translation>
    </message>
    <message>
        <source>spot: each instance is reclaimed about %1 times a month; a reclaimed replica is down until it restarts on new capacity</source>
        <translation>竞价：每个实例每月约被回收 %1 次；被回收的副本在新容量上重启前不可用</translation>
    </message>
    <message>
        <source>needs more than the instance quota of %1 (constraints.max_instances, or the plan default in Settings): %2</source>
        <translation>需要的实例数超过配额 %1（constraints.max_instances，或设置中的规划默认值）：%2</translation>
    </message>
    <message>
        <source>on instances of %1 GPU(s): %2</source>
        <translation>每实例 %1 块 GPU 时：%2</translation>
    </message>
    <message>
        <source>each offering may use at most %1 instances (an assumption: set constraints.max_instances per provider, or the default in Settings); providers set real quotas per account and region</source>
        <translation>每个产品最多使用 %1 个实例（假设值：可按服务商设置 constraints.max_instances，或在设置中修改默认值）；服务商按账号和地域设定实际配额</translation>
    </message>
    <message>
        <source>AWS quotas count vCPUs per region: the recommendation needs %1 in %2; an account&apos;s quota may be lower, so check Service Quotas before launching</source>
        <translation>AWS 配额按地域计 vCPU：推荐方案在 %2 需要 %1；账号的配额可能更低，启动前请在 Service Quotas 中确认</translation>
    </message>
    <message>
        <source>Google Cloud quotas count GPUs per model and region: the recommendation needs %1 %2 GPUs in %3 (quota metric NVIDIA_*_GPUS, PREEMPTIBLE_NVIDIA_*_GPUS for spot, and GPUS_ALL_REGIONS); check them before launching</source>
        <translation>Google Cloud 配额按 GPU 型号和地域计：推荐方案在 %3 需要 %1 块 %2 GPU（配额指标 NVIDIA_*_GPUS，竞价为 PREEMPTIBLE_NVIDIA_*_GPUS，另有 GPUS_ALL_REGIONS）；启动前请确认</translation>
    </message>
    <message>
        <source>Azure quotas count vCPUs per VM family and region: the recommendation needs %1 vCPUs of %2&apos;s family in %3 (Spot VMs count against the regional Spot vCPU quota); check them before launching</source>
        <translation>Azure 配额按虚拟机系列和地域计 vCPU：推荐方案在 %3 需要 %2 所属系列的 %1 个 vCPU（竞价虚拟机计入地域竞价 vCPU 配额）；启动前请确认</translation>
    </message>
    <message>
        <source>hardware.tp %1 needs %1 GPUs on one NVLink domain; one instance here has %2 (tensor parallelism does not cross instances)</source>
        <translation>hardware.tp %1 需要同一 NVLink 域内的 %1 块 GPU；此处一个实例只有 %2 块（张量并行不跨实例）</translation>
    </message>
    <message>
        <source>hardware.ep %1 cannot run on instances of %2 GPUs: expert parallelism needs whole experts on every rank, ep GPUs inside one instance or over 2, 4 or 8 whole instances (wide expert parallelism), and a count it divides</source>
        <translation>hardware.ep %1 无法在每实例 %2 块 GPU 的实例上运行：专家并行要求每个 rank 持有完整的专家，ep 块 GPU 位于同一实例内或跨 2、4、8 个完整实例（大规模专家并行），且 GPU 总数能被其整除</translation>
    </message>
    <message>
        <source>%1 batching: steps of up to %2 tokens shared by decodes and prefill chunks, at most %3 sequences at once (its defaults on this GPU; inference.max_num_batched_tokens and max_num_seqs change them)</source>
        <translation>%1 的批处理：每步最多 %2 个词元，由解码与预填充分块共享，同时最多 %3 个序列（该引擎在此 GPU 上的默认值；inference.max_num_batched_tokens 与 max_num_seqs 可修改）</translation>
    </message>
    <message>
        <source>%1 batching: prefill batches of up to %2 tokens between decode steps, as many sequences as the KV cache holds (its defaults on this GPU)</source>
        <translation>%1 的批处理：在解码步之间插入最多 %2 个词元的预填充批次，序列数以 KV 缓存容量为限（该引擎在此 GPU 上的默认值）</translation>
    </message>
    <message>
        <source>no inference.engine given: vLLM is assumed (vllm, sglang and trtllm batch differently and run kernels of different speed)</source>
        <translation>未指定 inference.engine：按 vLLM 估算（vllm、sglang 与 trtllm 的批处理方式与内核速度各不相同）</translation>
    </message>
    <message>
        <source>request rate %1/s</source>
        <translation>请求速率 %1/s</translation>
    </message>
    <message>
        <source>concurrency %1</source>
        <translation>并发 %1</translation>
    </message>
    <message>
        <source>all %1 requests at once</source>
        <translation>全部 %1 个请求同时发出</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>median</source>
        <translation>中位数</translation>
    </message>
    <message>
        <source>mean, from the mean end-to-end latency less TTFT over output tokens − 1</source>
        <translation>均值，由平均端到端延迟减去 TTFT 再除以（输出词元数 − 1）得出</translation>
    </message>
    <message>
        <source>measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>overloaded: the server delivered %1% of the %2 output tokens/s offered, so its queue grew through the run and there is no steady state to compare with</source>
        <translation>过载：服务器只交付了所提供负载 %2 输出词元/秒中的 %1%，队列在整个运行中不断增长，没有可供比较的稳态</translation>
    </message>
    <message>
        <source>at saturation: the run offered %1 output tokens/s, %2% of the %3 the calibrated model says the deployment delivers at most; so close to capacity a queue does not settle within a run, and there is no steady state to compare with</source>
        <translation>已饱和：该运行提供 %1 输出词元/秒，为校准后模型所给部署最大能力 %3 的 %2%；如此接近容量时，队列在一次运行内无法稳定，没有可供比较的稳态</translation>
    </message>
    <message>
        <source>%1 requests in flight per replica are more than the %2 the model holds at once (KV cache or the engine&apos;s cap); the rest wait in a queue the model does not follow</source>
        <translation>每个副本同时有 %1 个请求，多于模型一次能容纳的 %2 个（受 KV 缓存或引擎上限限制）；其余请求在模型不跟踪的队列中等待</translation>
    </message>
    <message>
        <source>the model does not fit on one replica at this prompt and output length</source>
        <translation>在此提示与输出长度下，模型放不进一个副本</translation>
    </message>
    <message>
        <source>no mean end-to-end latency (nor mean TTFT and TPOT) to find the requests in flight by Little&apos;s law</source>
        <translation>没有平均端到端延迟（也没有平均 TTFT 与 TPOT），无法用 Little 定律求出在途请求数</translation>
    </message>
    <message>
        <source>no TTFT, TPOT or throughput to compare with</source>
        <translation>没有可比较的 TTFT、TPOT 或吞吐量</translation>
    </message>
    <message>
        <source>serving on %1 with %2 for %3 models uses factors fitted to %4 (%5, imported %6); other GPUs, model families and engines keep the shipped factors</source>
        <translation>在 %1 上用 %2 推理 %3 类模型时，使用拟合自 %4（%5，导入于 %6）的系数；其他 GPU、模型类别与引擎仍用内置系数</translation>
    </message>
    <message>
        <source>serving calibrations are stored for %1, not for this model family and engine on the GPUs planned here: the shipped factors apply</source>
        <translation>已存储的推理校准适用于 %1，而非此处规划的 GPU 上的这一模型类别与引擎：使用内置系数</translation>
    </message>
    <message>
        <source>needs zero_stage 3 (FSDP shards inside the group), got zero_stage %1</source>
        <translation>需要 zero_stage 为 3（FSDP 在组内分片），实际为 zero_stage %1</translation>
    </message>
    <message>
        <source>must divide the %1 data-parallel GPUs, got %2</source>
        <translation>必须整除 %1 个数据并行 GPU，实际为 %2</translation>
    </message>
    <message>
        <source>ignored: the precision is %1, not fp8</source>
        <translation>已忽略：精度为 %1，不是 fp8</translation>
    </message>
    <message>
        <source>must be from 1 to 16 (a multiple of the balanced expert load), got %1</source>
        <translation>必须在 1 到 16 之间（均衡专家负载的倍数），实际为 %1</translation>
    </message>
    <message>
        <source>ignored: the model has no experts</source>
        <translation>已忽略：该模型没有专家</translation>
    </message>
    <message>
        <source>must divide the model&apos;s %1 experts, got %2</source>
        <translation>必须整除模型的 %1 个专家，实际为 %2</translation>
    </message>
    <message>
        <source>must divide the %1 GPUs of a pipeline stage that hold the same expert slice (count ÷ pp ÷ etp), got %2</source>
        <translation>必须整除一个流水线阶段中持有相同专家切片的 %1 个 GPU（数量 ÷ pp ÷ etp），实际为 %2</translation>
    </message>
    <message>
        <source>must divide hardware.tp %1, got %2</source>
        <translation>必须整除 hardware.tp %1，实际为 %2</translation>
    </message>
    <message>
        <source>dualpipe needs an even pipeline degree of at least 2, got hardware.pp %1</source>
        <translation>dualpipe 需要至少为 2 的偶数流水线并行度，实际 hardware.pp 为 %1</translation>
    </message>
    <message>
        <source>must be a share of the layers above 0 and at most 1, got %1</source>
        <translation>必须是大于 0 且不超过 1 的层数比例，实际为 %1</translation>
    </message>
    <message>
        <source>applies to full recompute, got recompute %1</source>
        <translation>仅适用于完全重计算，实际 recompute 为 %1</translation>
    </message>
    <message>
        <source>experts assumed evenly loaded (dropless; NVIDIA&apos;s published MoE benchmarks force balance); a learned router is slower by its imbalance: training.moe_capacity_factor bounds it</source>
        <translation>假设各专家负载均衡（不丢弃词元；NVIDIA 公开的 MoE 基准强制均衡）；学习得到的路由器会因负载不均而更慢：用 training.moe_capacity_factor 设定其上限</translation>
    </message>
    <message>
        <source>MXFP8 needs Blackwell&apos;s block-scaled tensor cores; on %1 the block-wise recipe&apos;s cost is assumed</source>
        <translation>MXFP8 需要 Blackwell 的块缩放张量核心；在 %1 上按分块方案的开销估算</translation>
    </message>
    <message>
        <source>of the GPU-hours: %1 % restarts after failures, %2 % work lost since the last checkpoint, %3 % checkpoint writes, %4 % stragglers and slow ranks</source>
        <translation>GPU 小时中：%1 % 用于故障后重启，%2 % 为上次检查点以来丢失的工作，%3 % 用于写检查点，%4 % 损失于掉队和慢速节点</translation>
    </message>
    <message>
        <source>no inference.weight_precision given: the weights are served as %1 is released, %2 (experts %3); set inference.weight_precision to serve another format</source>
        <translation>未给出 inference.weight_precision：权重按 %1 发布时的格式部署，即 %2（专家 %3）；如需其他格式，请设置 inference.weight_precision</translation>
    </message>
    <message>
        <source>the buckets&apos; shares must add up to 1 (within 0.001), they add up to %1</source>
        <translation>各区间的占比之和必须为 1（误差 0.001 以内），实际为 %1</translation>
    </message>
    <message>
        <source>p99 must be above the mean and at most 14.9 × it (a lognormal with that mean and 99th percentile), got mean %1 and p99 %2</source>
        <translation>p99 必须大于均值且不超过均值的 14.9 倍（按该均值与第 99 百分位的对数正态分布），实际均值 %1、p99 %2</translation>
    </message>
    <message>
        <source>must be from 1 to draft_tokens + 1 = %1 (the drafts accepted plus the target&apos;s own token), got %2</source>
        <translation>必须在 1 到 draft_tokens + 1 = %1 之间（被接受的草稿 token 加上目标模型自己的 token），实际为 %2</translation>
    </message>
    <message>
        <source>is required for method %1: no typical value could be cited (mtp has one: DeepSeek-V3&apos;s 85–90 % second-token acceptance)</source>
        <translation>方法 %1 必须填写：没有可引用的典型值（mtp 有：DeepSeek-V3 第二个 token 的接受率为 85–90 %）</translation>
    </message>
    <message>
        <source>method draft needs draft_model, a model preset</source>
        <translation>方法 draft 需要 draft_model（一个模型预设）</translation>
    </message>
    <message>
        <source>must be at most adapters (%1), got %2</source>
        <translation>不能超过 adapters（%1），实际为 %2</translation>
    </message>
    <message>
        <source>speculative decoding (%1): %2 draft token(s) a step, %3 tokens out of a step on average; the draft&apos;s runs, weights and KV and the target&apos;s verification are charged; %4× the throughput of plain decoding here, and it raises throughput up to %5 sequences per replica</source>
        <translation>投机解码（%1）：每步 %2 个草稿 token，平均每步产出 %3 个 token；已计入草稿的运行、权重与 KV 以及目标模型的验证；此处吞吐量为普通解码的 %4 倍，每副本不超过 %5 个序列时可提高吞吐量</translation>
    </message>
    <message>
        <source>at %1 sequences per replica speculative decoding costs more than it saves (%2× the throughput of plain decoding: verifying drafts makes large batches compute-bound); it pays only up to %3 sequences</source>
        <translation>每副本 %1 个序列时，投机解码得不偿失（吞吐量为普通解码的 %2 倍：验证草稿使大批次受算力限制）；只有不超过 %3 个序列时才划算</translation>
    </message>
    <message>
        <source>prefix caching: %1 % of requests find their first %2 prompt tokens cached and skip their prefill (one shared prefix, its KV kept once per GPU); %3 % of prompt tokens are prefilled</source>
        <translation>前缀缓存：%1 % 的请求其前 %2 个提示词 token 已在缓存中，跳过预填充（一个共享前缀，其 KV 每个 GPU 只存一份）；%3 % 的提示词 token 需要预填充</translation>
    </message>
    <message>
        <source>request lengths from a mix of %1 buckets (mean prompt %2, mean output %3 tokens): KV memory and throughput from the mix, p99 TTFT and end-to-end latency from its longest requests</source>
        <translation>请求长度来自 %1 个区间的混合（平均提示词 %2、平均输出 %3 个 token）：KV 显存与吞吐量按该混合计算，p99 TTFT 与端到端延迟取自其中最长的请求</translation>
    </message>
    <message>
        <source>give each length once: prompt_tokens and output_tokens, a length_mix, or a length_distribution (whose means may come from prompt_tokens and output_tokens)</source>
        <translation>每种长度只能给出一次：prompt_tokens 与 output_tokens、length_mix，或 length_distribution（其均值可取自 prompt_tokens 与 output_tokens）</translation>
    </message>
    <message>
        <source>%1 USD per GPU-hour is %2 × the median %3 of %4 on-demand %5 rows (rule: above %6 × or below 1/%6)</source>
        <translation>每 GPU 小时 %1 美元，是 %4 条 %5 按需价格中位数 %3 的 %2 倍（规则：高于 %6 倍或低于 1/%6）</translation>
    </message>
    <message>
        <source>%1 %2/h is exactly %3 × the 1-GPU size&apos;s %4 and no second source prices the size so (a derived price, not the provider&apos;s list price?)</source>
        <translation>%1 %2/小时恰好是单 GPU 规格 %4 的 %3 倍，且没有第二来源这样定价（可能是推算价格，而非云厂商的标价？）</translation>
    </message>
    <message>
        <source>spot %1 %2/h is above on-demand %3 for the same offering</source>
        <translation>竞价实例价格 %1 %2/小时高于同一规格的按需价格 %3</translation>
    </message>
    <message>
        <source>spot %1 %2/h in %3 is above the region&apos;s on-demand %4 (the planner does not rank one above)</source>
        <translation>%3 的竞价实例价格 %1 %2/小时高于该地域的按需价格 %4（规划器不会将高于按需的竞价价格排入候选）</translation>
    </message>
    <message>
        <source>spot %1 %2/h in %3 is equal to the region&apos;s on-demand %4 (the planner does not rank one above)</source>
        <translation>%3 的竞价实例价格 %1 %2/小时等于该地域的按需价格 %4（规划器不会将高于按需的竞价价格排入候选）</translation>
    </message>
    <message>
        <source>observed %1, %2 days before %3 (rule: older than %4 days)</source>
        <translation>观测于 %1，比 %3 早 %2 天（规则：超过 %4 天）</translation>
    </message>
    <message>
        <source>%1 %2/h here, %3 in %4 (observed %5): %6 % apart (rule: more than %7 % of the lower)</source>
        <translation>此处 %1 %2/小时，%4 中为 %3（观测于 %5）：相差 %6 %（规则：超过较低者的 %7 %）</translation>
    </message>
    <message>
        <source>far from the median</source>
        <translation>远离中位数</translation>
    </message>
    <message>
        <source>spot above on-demand</source>
        <translation>竞价高于按需</translation>
    </message>
    <message>
        <source>spot not below the region&apos;s on-demand</source>
        <translation>竞价价格不低于该地域按需价格</translation>
    </message>
    <message>
        <source>exactly n × the 1-GPU price</source>
        <translation>恰为单卡价格的 n 倍</translation>
    </message>
    <message>
        <source>older than %1 days</source>
        <translation>超过 %1 天</translation>
    </message>
    <message>
        <source>sources disagree</source>
        <translation>来源不一致</translation>
    </message>
    <message>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <source>mode pinned needs both pools: &quot;prefill&quot;: {&quot;replicas&quot;: …, &quot;tp&quot;: …} and &quot;decode&quot;: {…}</source>
        <translation>mode pinned 需要两个池：&quot;prefill&quot;: {&quot;replicas&quot;: …, &quot;tp&quot;: …} 和 &quot;decode&quot;: {…}</translation>
    </message>
    <message>
        <source>is given only with mode pinned (auto searches the pools)</source>
        <translation>只能在 mode pinned 时给出（auto 会自行搜索各池）</translation>
    </message>
    <message>
        <source>disaggregated prefill and decode: %1 pairings of separate pools priced, %2 dominated pairings pruned before estimation; each pool is sized for the peak rate (not autoscaled) on on-demand or committed prices (spot capacity is not used for a pool), and meets the square root of the availability target, so that both up together meet it</source>
        <translation>PD 分离（prefill 与 decode 分池）：为 %1 种分池组合定价，%2 种被支配的组合在估算前剪除；每个池按峰值请求率定容（不做自动扩缩），使用按需或承诺使用价格（池不使用竞价实例），并各自满足可用性目标的平方根，使两池同时可用时满足目标</translation>
    </message>
    <message>
        <source>disaggregated wins: %1 costs %2 a month against %3 for the best co-located plan (%4), %5 % less, and meets the targets (p99 TTFT %6 ms, TPOT %7 ms): decode runs without prefill chunks in its steps, so it batches more sequences within the TPOT target</source>
        <translation>PD 分离胜出：%1 每月 %2，最佳合并部署方案（%4）为 %3，便宜 %5 %，且满足目标（p99 TTFT %6 ms，TPOT %7 ms）：decode 的每一步不再夹带 prefill 分块，因此在 TPOT 目标内能批处理更多序列</translation>
    </message>
    <message>
        <source>co-located wins: %1 costs %2 a month against %3 for the best disaggregated plan (%4), %5 % less: at this traffic and these lengths separate pools do not batch enough more to pay for a second pool and the KV transfer</source>
        <translation>合并部署胜出：%1 每月 %2，最佳 PD 分离方案（%4）为 %3，便宜 %5 %：在此流量和长度下，分池多出的批处理能力不足以抵消第二个池和 KV 传输的成本</translation>
    </message>
    <message>
        <source>no disaggregated layout meets the targets: %1</source>
        <translation>没有满足目标的 PD 分离布局：%1</translation>
    </message>
    <message>
        <source>no co-located plan meets the targets; the disaggregated ones do (best: %1, %2 a month)</source>
        <translation>没有满足目标的合并部署方案；PD 分离方案可以（最佳：%1，每月 %2）</translation>
    </message>
    <message>
        <source>each prompt&apos;s KV cache (%1 MB) goes from the prefill to the decode GPUs over NVLink inside one instance at %2 GB/s: %3 ms inside TTFT</source>
        <translation>每个提示的 KV 缓存（%1 MB）在同一实例内经 NVLink 以 %2 GB/s 从 prefill GPU 传到 decode GPU：计入 TTFT %3 ms</translation>
    </message>
    <message>
        <source>each prompt&apos;s KV cache (%1 MB) goes from the prefill to the decode instances over the instance network at %2 GB/s (the prefill replica&apos;s GPUs&apos; share of it): %3 ms inside TTFT</source>
        <translation>每个提示的 KV 缓存（%1 MB）经实例网络以 %2 GB/s（prefill 副本各 GPU 所占份额）从 prefill 实例传到 decode 实例：计入 TTFT %3 ms</translation>
    </message>
    <message>
        <source>each prompt&apos;s KV cache (%1 MB) crosses from %2 to %3 at an assumed %4 GB/s with a %5 ms round trip: %6 ms inside TTFT, and %7 of internet egress a month</source>
        <translation>每个提示的 KV 缓存（%1 MB）从 %2 跨到 %3，假设带宽 %4 GB/s、往返 %5 ms：计入 TTFT %6 ms，每月公网出流量费用 %7</translation>
    </message>
    <message>
        <source>prefill pool: %1</source>
        <translation>prefill 池：%1</translation>
    </message>
    <message>
        <source>decode pool: %1</source>
        <translation>decode 池：%1</translation>
    </message>
    <message>
        <source>prefill and decode in separate pools: a prefill replica runs %1 prompt(s) a step (%2 ms), a decode replica %3 sequences at %4 ms per token with no prefill in its steps; p99 TTFT = the prefill queue&apos;s p99 wait + prefill + KV transfer + the decode queue&apos;s p99 wait + one decode step (a sum of p99s, an upper bound); speculative decoding, LoRA and the length mix&apos;s tails are not modelled for separate pools</source>
        <translation>prefill 与 decode 分池：一个 prefill 副本每步处理 %1 个提示（%2 ms），一个 decode 副本以每 token %4 ms 处理 %3 个序列，步中不含 prefill；p99 TTFT = prefill 队列 p99 等待 + prefill + KV 传输 + decode 队列 p99 等待 + 一个 decode 步（p99 之和，为上界）；分池时不建模投机解码、LoRA 和长度分布的尾部</translation>
    </message>
    <message>
        <source>%1 has no internet egress rate in pricing-data/storage.json: the KV cache sent to the other region is not priced (the plan&apos;s cost leaves it out)</source>
        <translation>%1 在 pricing-data/storage.json 中没有公网出流量费率：发往其他区域的 KV 缓存未计价（方案成本不含此项）</translation>
    </message>
    <message>
        <source>must divide the model&apos;s %1 attention heads, got %2</source>
        <translation>必须能整除模型的 %1 个注意力头，实际为 %2</translation>
    </message>
    <message>
        <source>the pinned %1 pool&apos;s tp %2 needs %2 GPUs in one instance; this instance has %3 (a pool&apos;s replica stays inside one instance)</source>
        <translation>固定的 %1 池 tp %2 需要同一实例内有 %2 个 GPU；此实例只有 %3 个（池的副本不跨实例）</translation>
    </message>
    <message>
        <source>no %1 column: expected one of %2; the header has %3</source>
        <translation>没有 %1 列：应为 %2 之一；表头为 %3</translation>
    </message>
    <message>
        <source>column %1: must be a whole number of tokens from 1 to 10000000, got %2</source>
        <translation>列 %1：必须是 1 到 10000000 之间的整数 token 数，实际为 %2</translation>
    </message>
    <message>
        <source>no requests: the file has a header and no rows</source>
        <translation>没有请求：文件只有表头，没有数据行</translation>
    </message>
    <message>
        <source>a CSV of request lengths is read when the workload is opened from its file (gpuplan-cli plan FILE, or Open in the app), which turns it into a length_mix; give the lengths here as a length_mix</source>
        <translation>请求长度 CSV 只在从文件打开工作负载时读取（gpuplan-cli plan FILE，或应用中的“打开”），并转换为 length_mix；此处请直接以 length_mix 给出长度</translation>
    </message>
    <message>
        <source>%1 LoRA adapters of rank %2 (%3 MiB each, 16-bit), %4 kept in GPU memory; with every adapter equally popular %5 % of requests wait %6 ms for theirs over PCIe (25 GB/s assumed); a step reads each distinct adapter it carries and spends %7 ms more in the LoRA kernels (16 µs per adapted projection and layer, measured on vLLM 0.5.0 with one adapter against none)</source>
        <translation>%1 个秩为 %2 的 LoRA 适配器（每个 %3 MiB，16 位），%4 个常驻显存；各适配器热度相同时，%5 % 的请求需等待 %6 ms 经 PCIe 加载其适配器（假定 25 GB/s）；每一步读取其批次中每个不同的适配器，并在 LoRA 内核上多花 %7 ms（每个被适配的投影矩阵每层 16 µs，在 vLLM 0.5.0 上以一个适配器对比无适配器实测）</translation>
    </message>
    <message>
        <source>the length mix is the %2 requests of %1 (prompt column %3, output column %4): each side&apos;s lengths cut at their quartiles, 90th and 99th percentiles, each bucket at the mean lengths of its requests</source>
        <translation>长度分布来自 %1 的 %2 个请求（输入列 %3，输出列 %4）：输入和输出长度各按四分位数、第 90 和第 99 百分位切分，每个分桶取其请求的平均长度</translation>
    </message>
    <message>
        <source>prefill</source>
        <translation>预填充</translation>
    </message>
    <message>
        <source>decode</source>
        <translation>解码</translation>
    </message>
</context>
</TS>
