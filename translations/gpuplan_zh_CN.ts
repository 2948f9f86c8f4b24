<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>gpuplan</source>
        <translation>gpuplan</translation>
    </message>
    <message>
        <source>The store could not be opened; scenarios and imports are off for this run.

%1</source>
        <translation>无法打开数据库；本次运行无法使用场景和导入功能。

%1</translation>
    </message>
    <message>
        <source>gpuplan did not close normally last time: what you had typed is restored.</source>
        <translation>gpuplan 上次未正常关闭：已恢复您输入的内容。</translation>
    </message>
</context>
<context>
    <name>gpuplan::benchmarks</name>
    <message>
        <source>vLLM benchmark_serving / vllm bench serve result (JSON)</source>
        <translation>vLLM benchmark_serving / vllm bench serve 结果（JSON）</translation>
    </message>
    <message>
        <source>SGLang bench_serving output (JSON Lines)</source>
        <translation>SGLang bench_serving 输出（JSON Lines）</translation>
    </message>
    <message>
        <source>NVIDIA AIPerf profile export (profile_export_aiperf.json or .csv)</source>
        <translation>NVIDIA AIPerf 导出（profile_export_aiperf.json 或 .csv）</translation>
    </message>
</context>
<context>
    <name>gpuplan::charts::LineChartView</name>
    <message>
        <source>Nothing to show</source>
        <translation>没有可显示的内容</translation>
    </message>
    <message>
        <source>%1: %2 at %3</source>
        <translation>%1：%3 时为 %2</translation>
    </message>
</context>
<context>
    <name>gpuplan::charts::ParetoChartView</name>
    <message>
        <source>No priced candidates to plot</source>
        <translation>没有带价格的候选方案可绘制</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Candidates: the front and the cheapest, %1 of %2</source>
        <translation>候选方案：前沿与最便宜者，%2 个中的 %1 个</translation>
    </message>
</context>
<context>
    <name>gpuplan::charts::PriceHistoryChartView</name>
    <message>
        <source>No price history</source>
        <translation>没有价格历史</translation>
    </message>
</context>
<context>
    <name>gpuplan::charts::StackedBarChartView</name>
    <message>
        <source>Nothing to show</source>
        <translation>没有可显示的内容</translation>
    </message>
</context>
<context>
    <name>gpuplan::charts::StepChartView</name>
    <message>
        <source>Nothing to show</source>
        <translation>没有可显示的内容</translation>
    </message>
    <message>
        <source>Hour %1: %2 %3</source>
        <translation>第 %1 小时：%2 %3</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::AccuracyGroupModel</name>
    <message>
        <source>The true value lies within this factor of the estimate for at least 80 % of the group&apos;s rows</source>
        <translation>对该分组至少 80% 的行，真实值落在估算值的这个倍数范围内</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>行数</translation>
    </message>
    <message>
        <source>Median |error|</source>
        <translation>误差绝对值中位数</translation>
    </message>
    <message>
        <source>Worst |error|</source>
        <translation>误差绝对值最大值</translation>
    </message>
    <message>
        <source>Limit (median / worst)</source>
        <translation>上限（中位数 / 最差）</translation>
    </message>
    <message>
        <source>80 % range of true ÷ estimate</source>
        <translation>真实值 ÷ 估算值的 80% 区间</translation>
    </message>
    <message>
        <source>not promised</source>
        <translation>不作承诺</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::AccuracyPage</name>
    <message>
        <source>training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>serving throughput</source>
        <translation>推理吞吐量</translation>
    </message>
    <message>
        <source>serving latency</source>
        <translation>推理延迟</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>How far to trust the estimates: published runs (Megatron-LM, MosaicML, Llama, TensorRT-LLM, ZeRO, vLLM, …) run through the estimator. Errors are (estimated − published) ÷ published; each group&apos;s 80 % range gives the ranges shown with every plan.</source>
        <translation>估算结果可信到什么程度：用估算器复算公开的实测结果（Megatron-LM、MosaicML、Llama、TensorRT-LLM、ZeRO、vLLM 等）。误差 =（估算值 − 公开值）÷ 公开值；每个分组的 80% 区间即每个计划中显示的区间。</translation>
    </message>
    <message>
        <source>Filter the published runs</source>
        <translation>筛选公开的实测结果</translation>
    </message>
    <message>
        <source>Accuracy per group</source>
        <translation>各分组的准确度</translation>
    </message>
    <message>
        <source>Published runs against the estimates</source>
        <translation>公开实测结果与估算值对比</translation>
    </message>
    <message>
        <source>holdout: %1</source>
        <translation>留出集：%1</translation>
    </message>
    <message>
        <source>mixture of experts</source>
        <translation>混合专家</translation>
    </message>
    <message>
        <source>dense</source>
        <translation>稠密</translation>
    </message>
    <message>
        <source>training, frontier runs</source>
        <translation>训练，前沿运行</translation>
    </message>
    <message>
        <source>training, dense models</source>
        <translation>训练，稠密模型</translation>
    </message>
    <message>
        <source>training, mixture of experts</source>
        <translation>训练，混合专家</translation>
    </message>
    <message>
        <source>training, 16-bit</source>
        <translation>训练，16 位</translation>
    </message>
    <message>
        <source>training, FP8</source>
        <translation>训练，FP8</translation>
    </message>
    <message>
        <source>training, Megatron-style</source>
        <translation>训练，Megatron 式</translation>
    </message>
    <message>
        <source>training, FSDP</source>
        <translation>训练，FSDP</translation>
    </message>
    <message>
        <source>held out: %1</source>
        <translation>留出集：%1</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::AccuracyRowModel</name>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <source>Published run</source>
        <translation>公开的实测</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Published</source>
        <translation>公开值</translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation>估算值</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::Autosave</name>
    <message>
        <source>%1: cannot write the autosave: %2</source>
        <translation>%1：无法写入自动保存：%2</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::BenchmarkImportDialog</name>
    <message>
        <source>Import benchmark result</source>
        <translation>导入基准测试结果</translation>
    </message>
    <message>
        <source>A result file of vLLM&apos;s benchmark_serving / vllm bench serve, SGLang&apos;s bench_serving or AIPerf. The file does not say what it ran on: say it here. The serving model&apos;s decode bandwidth, GEMM efficiency and engine step cost are fitted to its runs, and plans on this GPU with this engine for models of this family use the fit.</source>
        <translation>vLLM 的 benchmark_serving / vllm bench serve、SGLang 的 bench_serving 或 AIPerf 的结果文件。文件本身不记录运行环境，请在此填写。推理模型的解码带宽、GEMM 效率和引擎每步开销将拟合到其中的各次运行；在此 GPU 上用此引擎运行此类模型的方案将使用该拟合。</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>Result &amp;file:</source>
        <translation>结果文件(&amp;F)：</translation>
    </message>
    <message>
        <source>Guess from the file</source>
        <translation>根据文件内容判断</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>GPU &amp;count:</source>
        <translation>GPU 数量(&amp;C)：</translation>
    </message>
    <message>
        <source>all GPUs (one replica)</source>
        <translation>全部 GPU（一个副本）</translation>
    </message>
    <message>
        <source>&amp;Tensor parallel:</source>
        <translation>张量并行(&amp;T)：</translation>
    </message>
    <message>
        <source>&amp;Model preset:</source>
        <translation>模型预设(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Engine:</source>
        <translation>引擎(&amp;E)：</translation>
    </message>
    <message>
        <source>for the record, e.g. 0.4.0</source>
        <translation>仅作记录，例如 0.4.0</translation>
    </message>
    <message>
        <source>Engine &amp;version:</source>
        <translation>引擎版本(&amp;V)：</translation>
    </message>
    <message>
        <source>&amp;Weights:</source>
        <translation>权重(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;KV cache:</source>
        <translation>KV 缓存(&amp;K)：</translation>
    </message>
    <message>
        <source>from the file</source>
        <translation>取自文件</translation>
    </message>
    <message>
        <source>Mean &amp;prompt tokens:</source>
        <translation>平均提示词元数(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>并发(&amp;N)：</translation>
    </message>
    <message>
        <source>as the file says (waves for fixed-length datasets)</source>
        <translation>按文件所述（定长数据集按批次波）</translation>
    </message>
    <message>
        <source>waves: fixed lengths, started together</source>
        <translation>批次波：定长，同时开始</translation>
    </message>
    <message>
        <source>steady: lengths that vary</source>
        <translation>稳态：长度不一</translation>
    </message>
    <message>
        <source>Closed-loop &amp;arrivals:</source>
        <translation>闭环到达方式(&amp;A)：</translation>
    </message>
    <message>
        <source>all, or e.g. 1-5</source>
        <translation>全部，或如 1-5</translation>
    </message>
    <message>
        <source>&amp;Runs to use:</source>
        <translation>使用的运行(&amp;R)：</translation>
    </message>
    <message>
        <source>every usable run, or e.g. 3</source>
        <translation>所有可用运行，或如 3</translation>
    </message>
    <message>
        <source>Runs to f&amp;it:</source>
        <translation>参与拟合的运行(&amp;I)：</translation>
    </message>
    <message>
        <source>&amp;Fit and store</source>
        <translation>拟合并保存(&amp;F)</translation>
    </message>
    <message>
        <source>Benchmark result</source>
        <translation>基准测试结果</translation>
    </message>
    <message>
        <source>Benchmark results (*.json *.jsonl *.csv);;All files (*)</source>
        <translation>基准测试结果 (*.json *.jsonl *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Choose the benchmark&apos;s result file.</source>
        <translation>请选择基准测试的结果文件。</translation>
    </message>
    <message>
        <source>Runs are numbers like 1-5 or 1,3, got &quot;%1&quot;</source>
        <translation>运行编号应如 1-5 或 1,3，实际为“%1”</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CalibratePage</name>
    <message>
        <source>Cannot start %1: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Datasheet peaks are not what a GPU delivers. Measure this machine&apos;s GPU with gpuplan-probe (or import a report measured elsewhere): every estimate for that GPU model then uses the measured share of its datasheet figures, and the plan says it is calibrated.</source>
        <translation>数据手册上的峰值并不是 GPU 的实际表现。用 gpuplan-probe 测量本机的 GPU（或导入在别处测得的报告）：此后该型号 GPU 的每项估算都使用实测的数据手册占比，方案中会注明已校准。</translation>
    </message>
    <message>
        <source>&amp;Measure this GPU</source>
        <translation>测量本机 GPU(&amp;M)</translation>
    </message>
    <message>
        <source>Runs gpuplan-probe as a separate process: a GPU fault never takes gpuplan down</source>
        <translation>在独立进程中运行 gpuplan-probe：GPU 故障不会拖垮 gpuplan</translation>
    </message>
    <message>
        <source>&amp;Quick (under 20 s)</source>
        <translation>快速(&amp;Q)（20 秒以内）</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>A probe report (gpuplan.probe/1) or exported profiles (gpuplan.calibration/1)</source>
        <translation>探测报告（gpuplan.probe/1）或导出的校准档案（gpuplan.calibration/1）</translation>
    </message>
    <message>
        <source>E&amp;xport…</source>
        <translation>导出(&amp;X)…</translation>
    </message>
    <message>
        <source>Calibration profiles in the store</source>
        <translation>数据库中的校准档案</translation>
    </message>
    <message>
        <source>Progress of gpuplan-probe</source>
        <translation>gpuplan-probe 的进度</translation>
    </message>
    <message>
        <source>gpuplan-probe&apos;s progress appears here while it measures.</source>
        <translation>测量期间，gpuplan-probe 的进度显示在这里。</translation>
    </message>
    <message>
        <source>There is no store to keep a calibration in: %1</source>
        <translation>没有可保存校准的数据库：%1</translation>
    </message>
    <message>
        <source>gpuplan-probe was not found next to gpuplan or on PATH: where is it?</source>
        <translation>在 gpuplan 所在目录和 PATH 中都找不到 gpuplan-probe：它在哪里？</translation>
    </message>
    <message>
        <source>gpuplan-probe was not found (it is built where CMake finds the CUDA toolkit). Import a report measured on another machine instead.</source>
        <translation>找不到 gpuplan-probe（只有 CMake 找到 CUDA 工具包时才会构建它）。请改为导入在其他机器上测得的报告。</translation>
    </message>
    <message>
        <source>Measuring with %1…</source>
        <translation>正在用 %1 测量…</translation>
    </message>
    <message>
        <source>Measurement cancelled; nothing was stored.</source>
        <translation>测量已取消；未保存任何内容。</translation>
    </message>
    <message>
        <source>gpuplan-probe crashed; nothing was stored. The app is unaffected.</source>
        <translation>gpuplan-probe 崩溃；未保存任何内容。本程序不受影响。</translation>
    </message>
    <message>
        <source>No NVIDIA driver, GPU or cuBLASLt on this machine, so nothing was measured: %1</source>
        <translation>本机没有 NVIDIA 驱动、GPU 或 cuBLASLt，因此未进行测量：%1</translation>
    </message>
    <message>
        <source>(gpuplan-probe gave no reason)</source>
        <translation>（gpuplan-probe 未说明原因）</translation>
    </message>
    <message>
        <source>gpuplan-probe failed with exit code %1; nothing was stored: %2</source>
        <translation>gpuplan-probe 失败，退出码 %1；未保存任何内容：%2</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>gpuplan-probe&apos;s report cannot be used: %1</source>
        <translation>无法使用 gpuplan-probe 的报告：%1</translation>
    </message>
    <message>
        <source>Calibrated %1: every estimate for this GPU model now uses what was measured.</source>
        <translation>已校准 %1：该型号 GPU 的每项估算现在都使用实测值。</translation>
    </message>
    <message>
        <source>Import calibration</source>
        <translation>导入校准</translation>
    </message>
    <message>
        <source>Probe reports and calibration profiles (*.json);;All files (*)</source>
        <translation>探测报告和校准档案 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n profile(s) from %1; the plan uses them now.</source>
        <translation>
            <numerusform>已从 %1 导入 %n 个校准档案；方案现在使用它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>There are no calibration profiles to export.</source>
        <translation>没有可导出的校准档案。</translation>
    </message>
    <message>
        <source>Export calibration</source>
        <translation>导出校准</translation>
    </message>
    <message>
        <source>Calibration profiles (*.json)</source>
        <translation>校准档案 (*.json)</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n profile(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个校准档案导出到 %1。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import &amp;benchmark result…</source>
        <translation>导入基准测试结果(&amp;B)…</translation>
    </message>
    <message>
        <source>Fit the serving model to a result of vLLM&apos;s benchmark_serving / vllm bench serve, SGLang&apos;s bench_serving or AIPerf, and use the fit in plans</source>
        <translation>将推理模型拟合到 vLLM 的 benchmark_serving / vllm bench serve、SGLang 的 bench_serving 或 AIPerf 的结果，并在方案中使用该拟合</translation>
    </message>
    <message>
        <source>Serving calibrations from benchmark results</source>
        <translation>来自基准测试结果的推理校准</translation>
    </message>
    <message>
        <source>Residuals of the selected serving calibration, per run</source>
        <translation>所选推理校准在每次运行上的残差</translation>
    </message>
    <message>
        <source>Fitting the serving model to %1…</source>
        <translation>正在将推理模型拟合到 %1…</translation>
    </message>
    <message>
        <source>Fitted to %1: plans serving %2 models on %3 with %4 now use it.</source>
        <translation>已拟合到 %1：在 %3 上用 %4 推理 %2 类模型的方案现已使用该拟合。</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CalibrationModel</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Measured at</source>
        <translation>测量时间</translation>
    </message>
    <message>
        <source>GEMM, share of the datasheet</source>
        <translation>GEMM（占数据手册的比例）</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CalibrationResidualModel</name>
    <message>
        <source>TTFT, ms (%1)</source>
        <translation>TTFT，毫秒（%1）</translation>
    </message>
    <message>
        <source>TPOT, ms (%1)</source>
        <translation>TPOT，毫秒（%1）</translation>
    </message>
    <message>
        <source>output tokens/s</source>
        <translation>输出词元/秒</translation>
    </message>
    <message>
        <source>fitted</source>
        <translation>参与拟合</translation>
    </message>
    <message>
        <source>predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>left out: %1</source>
        <translation>未采用：%1</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Measured</source>
        <translation>实测</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Held out</source>
        <translation>留出</translation>
    </message>
    <message>
        <source>Shipped factors</source>
        <translation>内置系数</translation>
    </message>
    <message>
        <source>Use</source>
        <translation>用途</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CandidateTableModel</name>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2，位于 %3</translation>
    </message>
    <message>
        <source>Price: %1 per instance-hour (%2), as of %3</source>
        <translation>价格：%1 每实例小时（%2），截至 %3</translation>
    </message>
    <message>
        <source>Source: %1</source>
        <translation>来源：%1</translation>
    </message>
    <message>
        <source>Negotiated discount: %1</source>
        <translation>协议折扣：%1</translation>
    </message>
    <message>
        <source>Spot: +%1 time for interruptions (checkpoint every %2)</source>
        <translation>竞价实例：因中断增加 %1 时间（每 %2 保存一次检查点）</translation>
    </message>
    <message>
        <source>Pays off above %1 utilization</source>
        <translation>使用率高于 %1 时划算</translation>
    </message>
    <message>
        <source>%1 per million output tokens</source>
        <translation>每百万输出词元 %1</translation>
    </message>
    <message>
        <source>On the Pareto front: nothing else is both cheaper and faster</source>
        <translation>位于帕累托前沿：没有其他方案既更便宜又更快</translation>
    </message>
    <message>
        <source>Does not fit in memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <source>on the Pareto front</source>
        <translation>位于帕累托前沿</translation>
    </message>
    <message>
        <source>latency at risk</source>
        <translation>时延有风险</translation>
    </message>
    <message>
        <source>One 730-hour month of service, in the plan&apos;s currency</source>
        <translation>一个月（730 小时）的服务费用，以计划货币计</translation>
    </message>
    <message>
        <source>The whole job, in the plan&apos;s currency</source>
        <translation>整个作业的费用，以计划货币计</translation>
    </message>
    <message>
        <source>80 % range from the estimator&apos;s errors on published runs</source>
        <translation>根据估算器在公开数据上的误差得出的 80% 区间</translation>
    </message>
    <message>
        <source>A request&apos;s latency: time to first token + (output − 1) × time per output token</source>
        <translation>单个请求的延迟：首词元时间 +（输出词元数 − 1）× 每输出词元时间</translation>
    </message>
    <message>
        <source>Wall time of the job, with failures, restarts and spot interruptions</source>
        <translation>作业的实际耗时，包括故障、重启和竞价中断</translation>
    </message>
    <message>
        <source>On the Pareto front of cost against time (or latency)</source>
        <translation>位于成本与时间（或延迟）的帕累托前沿</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Cost / month</source>
        <translation>成本/月</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Range (80 %)</source>
        <translation>区间（80%）</translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Hourly</source>
        <translation>每小时</translation>
    </message>
    <message>
        <source>Price as of</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <source>Pareto</source>
        <translation>帕累托</translation>
    </message>
    <message>
        <source>%1 × %2 (calibrated)</source>
        <translation>%1 × %2（已校准）</translation>
    </message>
    <message>
        <source>The price is older than %1 days: check it with the provider or refresh the catalog.</source>
        <translation>该价格已超过 %1 天：请向云厂商核实或刷新价格目录。</translation>
    </message>
    <message>
        <source>The exchange rate is as of %1, older than %2 days: Refresh Prices → fx fetches the ECB&apos;s current rates.</source>
        <translation>汇率截至 %1，已超过 %2 天：“刷新价格”→ fx 可获取欧洲央行当前汇率。</translation>
    </message>
    <message>
        <source>On-demand base: %1 instance(s) at %2 per instance-hour meet the availability target alone; %3 spot instance(s) carry the headroom</source>
        <translation>按需基础：%1 个实例（每实例小时 %2）单独满足可用性目标；%3 个竞价实例承担余量</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CatalogImport</name>
    <message>
        <source>%1: no offerings found; the catalog is unchanged</source>
        <translation>%1：未找到任何报价，价格目录未改动</translation>
    </message>
    <message>
        <source>Cancelled: nothing was imported and the catalog is unchanged.</source>
        <translation>已取消：未导入任何内容，价格目录未改动。</translation>
    </message>
    <message>
        <source>%1: %2 problems against %3 accepted prices (more than %4 % of the rows rejected); nothing was imported and the catalog is unchanged. Fix the file, or import again with &quot;Import what is good&quot; ticked.</source>
        <translation>%1：%2 个问题，仅接受 %3 个价格（超过 %4 % 的行被拒绝）；未导入任何内容，价格目录未改变。请修正文件，或勾选“导入有效部分”后重新导入。</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::CatalogPage</name>
    <message>
        <source>Every offering and price the planner uses: for each provider the store&apos;s newest import, else the bundled catalog. Drop a price file here to import it.</source>
        <translation>规划器使用的所有报价和价格：每家云厂商优先使用数据库中最新导入的数据，否则使用内置价格目录。将价格文件拖放到此处即可导入。</translation>
    </message>
    <message>
        <source>Filter: provider, region, instance, GPU or pricing (all words must match)</source>
        <translation>筛选：云厂商、地域、实例、GPU 或计费方式（须匹配所有关键词）</translation>
    </message>
    <message>
        <source>Filter the catalog</source>
        <translation>筛选价格目录</translation>
    </message>
    <message>
        <source>Import price file…</source>
        <translation>导入价格文件…</translation>
    </message>
    <message>
        <source>Offerings and prices</source>
        <translation>报价与价格</translation>
    </message>
    <message>
        <source>Catalog snapshots</source>
        <translation>价格目录快照</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>快照</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>导入时间</translation>
    </message>
    <message>
        <source>Offerings</source>
        <translation>报价数</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>当前使用</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No imports yet: the bundled catalog is used.</source>
        <translation>尚未导入任何数据：使用内置价格目录。</translation>
    </message>
    <message>
        <source>Select an offering to see its price across imports</source>
        <translation>选择一个报价以查看其在历次导入中的价格</translation>
    </message>
    <message>
        <source>%1: %2/h (as of %3, snapshot %4)</source>
        <translation>%1：%2/小时（截至 %3，快照 %4）</translation>
    </message>
    <message>
        <source>%1: %2/h (bundled, as of %3)</source>
        <translation>%1：%2/小时（内置数据，截至 %3）</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2，位于 %3</translation>
    </message>
    <message>
        <source>No prices for %1</source>
        <translation>%1 没有价格</translation>
    </message>
    <message>
        <source>%1 per instance-hour</source>
        <translation>%1 每实例小时</translation>
    </message>
    <message>
        <source>Import price file</source>
        <translation>导入价格文件</translation>
    </message>
    <message>
        <source>Price files (*.json *.csv);;All files (*)</source>
        <translation>价格文件 (*.json *.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>There is no store to import into: %1</source>
        <translation>没有可导入的数据库：%1</translation>
    </message>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Provider (SkyPilot):</source>
        <translation>云厂商（SkyPilot）：</translation>
    </message>
    <message>
        <source>Prices as of:</source>
        <translation>价格日期：</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n offering(s)</source>
        <translation>
            <numerusform>已导入 %n 个报价</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> with %n price(s).</source>
        <translation>
            <numerusform>，共 %n 个价格。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) were skipped.</source>
        <translation>
            <numerusform>跳过了 %n 行。</numerusform>
        </translation>
    </message>
    <message>
        <source>Import finished</source>
        <translation>导入完成</translation>
    </message>
    <message>
        <source>Import cancelled</source>
        <translation>导入已取消</translation>
    </message>
    <message>
        <source>Import failed</source>
        <translation>导入失败</translation>
    </message>
    <message>
        <source>Cancelled: nothing was imported and the catalog is unchanged.</source>
        <translation>已取消：未导入任何内容，价格目录未改动。</translation>
    </message>
    <message>
        <source>Import what is good</source>
        <translation>导入有效部分</translation>
    </message>
    <message>
        <source>Import the accepted rows even when more than half of the file&apos;s rows are rejected (otherwise such a file is refused and nothing changes).</source>
        <translation>即使文件中超过一半的行被拒绝，也导入被接受的行（否则拒绝该文件，不做任何更改）。</translation>
    </message>
    <message>
        <source>%1 of %2 prices shown · %3 providers · catalog checks: %4 errors (never planned with), %5 warnings (the Check column; filter with &quot;error&quot; or &quot;warning&quot;)</source>
        <translation>显示 %1 / %2 个价格 · %3 家提供商 · 目录检查：%4 个错误（从不用于规划），%5 个警告（见“检查”列；可用“error”或“warning”筛选）</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ChartAdapters</name>
    <message>
        <source>Wall time (hours)</source>
        <translation>实际耗时（小时）</translation>
    </message>
    <message>
        <source>Cost per month (%1)</source>
        <translation>每月成本（%1）</translation>
    </message>
    <message>
        <source>Cost (%1)</source>
        <translation>成本（%1）</translation>
    </message>
    <message>
        <source>#%1 %2 %3 (%4)
%5 × %6, %7
%8 · %9</source>
        <translation>#%1 %2 %3（%4）
%5 × %6，%7
%8 · %9</translation>
    </message>
    <message>
        <source>On the Pareto front</source>
        <translation>位于帕累托前沿</translation>
    </message>
    <message>
        <source>Per GPU</source>
        <translation>每卡</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <source>By use</source>
        <translation>按用途</translation>
    </message>
    <message>
        <source>By payment</source>
        <translation>按付款方式</translation>
    </message>
    <message>
        <source>Compute used</source>
        <translation>实际使用的计算</translation>
    </message>
    <message>
        <source>Unused commitment</source>
        <translation>未使用的承诺</translation>
    </message>
    <message>
        <source>Spot interruptions</source>
        <translation>竞价中断</translation>
    </message>
    <message>
        <source>Upfront fee</source>
        <translation>预付费用</translation>
    </message>
    <message>
        <source>Recurring charges</source>
        <translation>周期性费用</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>承载流量</translation>
    </message>
    <message>
        <source>Redundancy</source>
        <translation>冗余</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <source>Hour of the week</source>
        <translation>一周中的小时</translation>
    </message>
    <message>
        <source>Hour of the day</source>
        <translation>一天中的小时</translation>
    </message>
    <message>
        <source>Needed for the demand</source>
        <translation>需求所需</translation>
    </message>
    <message>
        <source>Running (autoscaled)</source>
        <translation>实际运行（自动扩缩容）</translation>
    </message>
    <message>
        <source>Static fleet for the peak</source>
        <translation>按峰值配置的固定集群</translation>
    </message>
    <message>
        <source>Needed for the traffic</source>
        <translation>流量所需</translation>
    </message>
    <message>
        <source>Running (with redundancy)</source>
        <translation>实际运行（含冗余）</translation>
    </message>
    <message>
        <source>Downtime</source>
        <translation>停机时间</translation>
    </message>
    <message>
        <source>Expected at %1 availability</source>
        <translation>预期（可用性 %1）</translation>
    </message>
    <message>
        <source>Minutes per month (730 h)</source>
        <translation>每月分钟数（730 小时）</translation>
    </message>
    <message>
        <source>Budget of the %1 target</source>
        <translation>%1 目标允许的停机预算</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>p99 time to first token (ms)</source>
        <translation>p99 首 token 时间（毫秒）</translation>
    </message>
    <message>
        <source>p99 TTFT %1 · %2 per million output tokens</source>
        <translation>p99 TTFT %1 · 每百万输出 token %2</translation>
    </message>
    <message>
        <source>Cost per month</source>
        <translation>每月费用</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总费用</translation>
    </message>
    <message>
        <source>#%1 %2 %3 · %4</source>
        <translation>#%1 %2 %3 · %4</translation>
    </message>
    <message>
        <source>Prefill pool</source>
        <translation>prefill 池</translation>
    </message>
    <message>
        <source>Decode pool</source>
        <translation>decode 池</translation>
    </message>
    <message>
        <source>Headroom, spares and idle capacity</source>
        <translation>余量、备用与空闲容量</translation>
    </message>
    <message>
        <source>KV cache egress between regions</source>
        <translation>跨区域 KV 缓存出流量</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::DetailsPanel</name>
    <message>
        <source>Quantity</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>80 % range</source>
        <translation>80% 区间</translation>
    </message>
    <message>
        <source>No candidate selected</source>
        <translation>未选择候选方案</translation>
    </message>
    <message>
        <source>Select a candidate to see its memory per GPU</source>
        <translation>选择一个候选方案以查看其单卡显存</translation>
    </message>
    <message>
        <source>Select a priced candidate to see its cost breakdown</source>
        <translation>选择一个带价格的候选方案以查看其成本构成</translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <source>%1 %2 in %3: %4 × %5</source>
        <translation>%1 %2，位于 %3：%4 × %5</translation>
    </message>
    <message>
        <source>Pinned deployment: %1 × %2</source>
        <translation>指定的部署：%1 × %2</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>单卡显存</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>额外开销</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>GiB = 2^30 bytes; a vendor&apos;s &quot;80 GB&quot; of HBM is 80 GiB</source>
        <translation>GiB = 2^30 字节；厂商所说的“80 GB” HBM 即 80 GiB</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Needs</source>
        <translation>需要</translation>
    </message>
    <message>
        <source>%1 per GPU</source>
        <translation>每卡 %1</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>部署</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>显存放得下</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>TP %1 × PP %2 × DP %3</source>
        <translation>TP %1 × PP %2 × DP %3</translation>
    </message>
    <message>
        <source> × CP %1</source>
        <translation> × CP %1</translation>
    </message>
    <message>
        <source>, EP %1</source>
        <translation>，EP %1</translation>
    </message>
    <message>
        <source>, data-parallel attention</source>
        <translation>，注意力数据并行</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
    <message>
        <source>Micro-batch, ZeRO</source>
        <translation>微批次，ZeRO</translation>
    </message>
    <message>
        <source>%1, stage %2</source>
        <translation>%1，阶段 %2</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Model and compute</source>
        <translation>模型与计算量</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 亿</translation>
    </message>
    <message>
        <source>Active parameters</source>
        <translation>激活参数</translation>
    </message>
    <message>
        <source>Trainable parameters</source>
        <translation>可训练参数</translation>
    </message>
    <message>
        <source>%1 million</source>
        <translation>%1 百万</translation>
    </message>
    <message>
        <source>Total compute</source>
        <translation>总计算量</translation>
    </message>
    <message>
        <source>%1 FLOPs</source>
        <translation>%1 次浮点运算</translation>
    </message>
    <message>
        <source>6·N·D + attention (PaLM, appendix B)</source>
        <translation>6·N·D + 注意力（PaLM 论文附录 B）</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算量</translation>
    </message>
    <message>
        <source>%1 PFLOPS-days</source>
        <translation>%1 PFLOPS·天</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 词元/秒</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <source>Model FLOPs utilization</source>
        <translation>模型算力利用率</translation>
    </message>
    <message>
        <source>HFU</source>
        <translation>HFU</translation>
    </message>
    <message>
        <source>Hardware FLOPs utilization (with recompute)</source>
        <translation>硬件算力利用率（含重计算）</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>实际耗时</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效产出率</translation>
    </message>
    <message>
        <source>Share of wall time that advances training</source>
        <translation>实际耗时中推进训练的比例</translation>
    </message>
    <message numerus="yes">
        <source>TP %1 × PP %2, %n replica(s)</source>
        <translation>
            <numerusform>TP %1 × PP %2，%n 个副本</numerusform>
        </translation>
    </message>
    <message>
        <source>Latency</source>
        <translation>延迟</translation>
    </message>
    <message>
        <source>Time to first token</source>
        <translation>首词元时间</translation>
    </message>
    <message>
        <source>Time per output token</source>
        <translation>每输出词元时间</translation>
    </message>
    <message>
        <source>Whole request</source>
        <translation>整个请求</translation>
    </message>
    <message>
        <source>Prefill (one prompt)</source>
        <translation>预填充（单个提示）</translation>
    </message>
    <message>
        <source>Output tokens/s</source>
        <translation>输出词元/秒</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>Concurrency per replica</source>
        <translation>每副本并发数</translation>
    </message>
    <message>
        <source>%1 of %2 that fit</source>
        <translation>%1（最多可容纳 %2）</translation>
    </message>
    <message>
        <source>Limited by</source>
        <translation>受限于</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Replicas</source>
        <translation>副本数</translation>
    </message>
    <message>
        <source>%1 for the traffic + %2 for availability</source>
        <translation>承载流量 %1 个 + 保障可用性 %2 个</translation>
    </message>
    <message>
        <source>Decided by</source>
        <translation>决定因素</translation>
    </message>
    <message>
        <source>Utilization</source>
        <translation>使用率</translation>
    </message>
    <message>
        <source>TTFT p99 (queueing + prefill)</source>
        <translation>TTFT p99（排队 + 预填充）</translation>
    </message>
    <message>
        <source>M/M/c queue (Erlang C) over the replicas&apos; request slots</source>
        <translation>对各副本的请求槽位采用 M/M/c 排队模型（Erlang C）</translation>
    </message>
    <message>
        <source>Expected availability</source>
        <translation>预期可用性</translation>
    </message>
    <message>
        <source>GPU-hours per month</source>
        <translation>每月 GPU 小时</translation>
    </message>
    <message>
        <source>Not feasible</source>
        <translation>不可行</translation>
    </message>
    <message>
        <source>Batch job</source>
        <translation>批处理作业</translation>
    </message>
    <message>
        <source>Speed-up over the reference</source>
        <translation>相对参考 GPU 的加速比</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1 倍</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Per month</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>Per hour</source>
        <translation>每小时</translation>
    </message>
    <message>
        <source>Per GPU-hour</source>
        <translation>每 GPU 小时</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Break-even utilization</source>
        <translation>盈亏平衡使用率</translation>
    </message>
    <message>
        <source>A commitment pays off when the GPUs are busy more than this share of the term</source>
        <translation>GPU 在承诺期内的使用率高于此比例时，承诺才划算</translation>
    </message>
    <message>
        <source>Negotiated discount</source>
        <translation>协议折扣</translation>
    </message>
    <message>
        <source>Per million output tokens</source>
        <translation>每百万输出词元</translation>
    </message>
    <message>
        <source>Price as of</source>
        <translation>价格日期</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <source>Expected</source>
        <translation>预期</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Downtime per month</source>
        <translation>每月停机时间</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>Allowed by the target</source>
        <translation>目标允许的停机时间</translation>
    </message>
    <message>
        <source>Provider SLA</source>
        <translation>云厂商 SLA</translation>
    </message>
    <message>
        <source>Expected SLA credit</source>
        <translation>预期 SLA 赔付</translation>
    </message>
    <message>
        <source>%1 % of the bill</source>
        <translation>账单的 %1%</translation>
    </message>
    <message>
        <source>Network round trip</source>
        <translation>网络往返时间</translation>
    </message>
    <message>
        <source>Energy</source>
        <translation>能耗</translation>
    </message>
    <message>
        <source>Whole job</source>
        <translation>整个作业</translation>
    </message>
    <message>
        <source>%1 kWh</source>
        <translation>%1 千瓦时</translation>
    </message>
    <message>
        <source>GPU power between idle and board power, plus the host share, × PUE %1</source>
        <translation>GPU 功耗（介于空闲功耗与板卡功耗之间）加上主机分摊，× PUE %1</translation>
    </message>
    <message>
        <source>Emissions</source>
        <translation>排放</translation>
    </message>
    <message>
        <source>%1 kg CO₂e</source>
        <translation>%1 千克 CO₂e</translation>
    </message>
    <message>
        <source>Electricity cost</source>
        <translation>电费</translation>
    </message>
    <message>
        <source>At the electricity price set in Settings (for owned hardware; cloud prices include power)</source>
        <translation>按“设置”中的电价计算（适用于自有硬件；云价格已包含电费）</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>No memory estimate for a batch job</source>
        <translation>批处理作业没有显存估算</translation>
    </message>
    <message>
        <source>No price: estimates only</source>
        <translation>没有价格：仅有估算</translation>
    </message>
    <message>
        <source>80 % range: %1</source>
        <translation>80% 区间：%1</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>the latency targets</source>
        <translation>延迟目标</translation>
    </message>
    <message>
        <source>the TPOT target</source>
        <translation>TPOT 目标</translation>
    </message>
    <message>
        <source>the TTFT target</source>
        <translation>TTFT 目标</translation>
    </message>
    <message>
        <source>the concurrency given</source>
        <translation>指定的并发数</translation>
    </message>
    <message>
        <source>queue stability</source>
        <translation>队列稳定性</translation>
    </message>
    <message>
        <source>headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>availability</source>
        <translation>可用性</translation>
    </message>
    <message>
        <source>the minimum</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>Efficiency</source>
        <translation>效率</translation>
    </message>
    <message>
        <source>calibrated</source>
        <translation>已校准</translation>
    </message>
    <message>
        <source>datasheet defaults</source>
        <translation>数据手册默认值</translation>
    </message>
    <message>
        <source>Measured on %1 at %2: %3</source>
        <translation>于 %2 在 %1 上测得：%3</translation>
    </message>
    <message>
        <source>Datasheet figures × efficiencies from published runs; measure this GPU on the Calibrate page</source>
        <translation>数据手册数值 × 公开运行记录中的效率；可在“校准”页测量此 GPU</translation>
    </message>
    <message>
        <source>Cost breakdown</source>
        <translation>费用构成</translation>
    </message>
    <message>
        <source>Demand vs capacity</source>
        <translation>需求与容量</translation>
    </message>
    <message>
        <source>calibrated: wall time %1 %</source>
        <translation>已校准：耗时 %1 %</translation>
    </message>
    <message>
        <source>calibrated: throughput %1 %</source>
        <translation>已校准：吞吐量 %1 %</translation>
    </message>
    <message>
        <source>none published: each instance assumed %1</source>
        <translation>未公布：按每个实例 %1 估算</translation>
    </message>
    <message>
        <source>4·N·D + attention: LoRA skips the frozen weights&apos; gradients (PaLM, appendix B)</source>
        <translation>4·N·D + 注意力：LoRA 不计算冻结权重的梯度（PaLM 附录 B）</translation>
    </message>
    <message>
        <source>Older than %1 days: check the price with the provider or refresh the catalog</source>
        <translation>已超过 %1 天：请向云厂商核实价格或刷新价格目录</translation>
    </message>
    <message>
        <source>Exchange rate as of</source>
        <translation>汇率日期</translation>
    </message>
    <message>
        <source>Older than %1 days: Refresh Prices → fx fetches the ECB&apos;s current reference rates</source>
        <translation>已超过 %1 天：“刷新价格”→ fx 可获取欧洲央行当前的参考汇率</translation>
    </message>
    <message>
        <source>On-demand base</source>
        <translation>按需基础</translation>
    </message>
    <message>
        <source>%1 instance(s), %2 a month</source>
        <translation>%1 个实例，每月 %2</translation>
    </message>
    <message>
        <source>Meets the availability target on its own, at %1 per instance-hour</source>
        <translation>单独满足可用性目标，每实例小时 %1</translation>
    </message>
    <message>
        <source>Spot burst</source>
        <translation>竞价突发</translation>
    </message>
    <message>
        <source>Carries the headroom; counted for no availability (a zone&apos;s spot pool is reclaimed together)</source>
        <translation>承担余量；不计入可用性（同一可用区的竞价资源池会被一起回收）</translation>
    </message>
    <message>
        <source>fitted to published runs</source>
        <translation>按公开实测拟合</translation>
    </message>
    <message>
        <source>Serving factors fitted to %1 (%2, %3 × %4, %5), imported %6; the range comes from its held-out runs</source>
        <translation>推理系数拟合自 %1（%2，%3 × %4，%5），导入于 %6；区间来自其留出运行</translation>
    </message>
    <message>
        <source>Calibrated by</source>
        <translation>校准依据</translation>
    </message>
    <message>
        <source>, expert TP %1</source>
        <translation>，专家张量并行 %1</translation>
    </message>
    <message>
        <source>Lost to restarts</source>
        <translation>重启损失</translation>
    </message>
    <message>
        <source>Detection, rescheduling and reloading after each failure (Llama 3&apos;s failure rate, 15 min each)</source>
        <translation>每次故障后的检测、重新调度与重新加载（按 Llama 3 的故障率，每次 15 分钟）</translation>
    </message>
    <message>
        <source>Lost work</source>
        <translation>丢失的工作</translation>
    </message>
    <message>
        <source>Work since the last checkpoint, redone after each failure</source>
        <translation>每次故障后需重做的、上次检查点以来的工作</translation>
    </message>
    <message>
        <source>Checkpoint writes</source>
        <translation>写检查点</translation>
    </message>
    <message>
        <source>Writing checkpoints at Young&apos;s interval</source>
        <translation>按 Young 间隔写检查点</translation>
    </message>
    <message>
        <source>Stragglers</source>
        <translation>掉队节点</translation>
    </message>
    <message>
        <source>Slow ranks that hold the others back: 10.4 % of GPU-hours in runs across nodes (Lin et al. 2025)</source>
        <translation>拖慢其他进程的慢速节点：跨节点运行中占 GPU 小时的 10.4 %（Lin 等，2025）</translation>
    </message>
    <message>
        <source>Out of date: fix the input to update the plan. %1</source>
        <translation>已过期：请修正输入以更新计划。%1</translation>
    </message>
    <message>
        <source>Advanced serving</source>
        <translation>高级推理服务</translation>
    </message>
    <message>
        <source>TTFT p99 before queueing</source>
        <translation>排队前的 p99 TTFT</translation>
    </message>
    <message>
        <source>The slowest 1 % of requests: the longest prompts of the length mix, prefix-cache misses, cold LoRA adapters</source>
        <translation>最慢的 1 % 请求：长度混合中最长的提示词、前缀缓存未命中、冷 LoRA 适配器</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <source>%1 tokens a step, %2× plain decoding&apos;s throughput</source>
        <translation>每步 %1 个 token，吞吐量为普通解码的 %2 倍</translation>
    </message>
    <message>
        <source>Speculation pays up to</source>
        <translation>投机解码划算的上限</translation>
    </message>
    <message numerus="yes">
        <source>%n sequence(s) per replica</source>
        <translation>
            <numerusform>每副本 %n 个序列</numerusform>
        </translation>
    </message>
    <message>
        <source>Beyond this, verifying drafts makes the step compute-bound and throughput falls</source>
        <translation>超过此值，验证草稿使每步受算力限制，吞吐量下降</translation>
    </message>
    <message>
        <source>Draft weights per GPU</source>
        <translation>每 GPU 草稿权重</translation>
    </message>
    <message>
        <source>Prompt tokens prefilled</source>
        <translation>需预填充的提示词 token</translation>
    </message>
    <message>
        <source>The rest are found in the prefix cache</source>
        <translation>其余在前缀缓存中命中</translation>
    </message>
    <message>
        <source>Shared prefix KV per GPU</source>
        <translation>每 GPU 共享前缀 KV</translation>
    </message>
    <message>
        <source>LoRA adapters in GPU memory</source>
        <translation>GPU 显存中的 LoRA 适配器</translation>
    </message>
    <message>
        <source>Cold adapter load</source>
        <translation>冷适配器加载</translation>
    </message>
    <message>
        <source>Distinct adapters per step</source>
        <translation>每步不同适配器数</translation>
    </message>
    <message>
        <source>%1 × TP %2 on %3 (%4 × %5)</source>
        <translation>%1 × TP %2，%3（%4 × %5）</translation>
    </message>
    <message>
        <source>Disaggregated prefill and decode</source>
        <translation>PD 分离（prefill 与 decode 分池）</translation>
    </message>
    <message>
        <source>Prefill pool</source>
        <translation>prefill 池</translation>
    </message>
    <message numerus="yes">
        <source>%n prompt(s) a step of %1; utilization at the peak %2; decided by %3</source>
        <translation>
            <numerusform>每步 %n 个提示，用时 %1；峰值利用率 %2；由 %3 决定</numerusform>
        </translation>
    </message>
    <message>
        <source>Prefill pool cost</source>
        <translation>prefill 池成本</translation>
    </message>
    <message>
        <source>%1 / month</source>
        <translation>%1 / 月</translation>
    </message>
    <message>
        <source>Decode pool</source>
        <translation>decode 池</translation>
    </message>
    <message numerus="yes">
        <source>%n sequence(s) at %1 a token; utilization at the peak %2; decided by %3</source>
        <translation>
            <numerusform>%n 个序列，每 token %1；峰值利用率 %2；由 %3 决定</numerusform>
        </translation>
    </message>
    <message>
        <source>Decode pool cost</source>
        <translation>decode 池成本</translation>
    </message>
    <message>
        <source>Prefill : decode GPUs</source>
        <translation>prefill : decode GPU 数</translation>
    </message>
    <message>
        <source>%1 : %2</source>
        <translation>%1 : %2</translation>
    </message>
    <message>
        <source>NVLink inside one instance</source>
        <translation>同一实例内的 NVLink</translation>
    </message>
    <message>
        <source>the instance network</source>
        <translation>实例网络</translation>
    </message>
    <message>
        <source>an inter-region link</source>
        <translation>跨区域链路</translation>
    </message>
    <message>
        <source>KV cache transfer</source>
        <translation>KV 缓存传输</translation>
    </message>
    <message>
        <source>%1 MB in %2</source>
        <translation>%1 MB，用时 %2</translation>
    </message>
    <message>
        <source>Each prompt&apos;s KV cache, from the prefill to the decode GPUs over %1 at %2 GB/s</source>
        <translation>每个提示的 KV 缓存经%1以 %2 GB/s 从 prefill GPU 传到 decode GPU</translation>
    </message>
    <message>
        <source>KV cache egress</source>
        <translation>KV 缓存出流量</translation>
    </message>
    <message>
        <source>p99 TTFT</source>
        <translation>p99 TTFT</translation>
    </message>
    <message>
        <source>Prefill queue&apos;s p99 wait + prefill + KV transfer + decode queue&apos;s p99 wait + one decode step</source>
        <translation>prefill 队列 p99 等待 + prefill + KV 传输 + decode 队列 p99 等待 + 一个 decode 步</translation>
    </message>
    <message>
        <source>Against co-located</source>
        <translation>对比合并部署</translation>
    </message>
    <message>
        <source>%1 less</source>
        <translation>便宜 %1</translation>
    </message>
    <message>
        <source>%1 more</source>
        <translation>贵 %1</translation>
    </message>
    <message>
        <source>The best co-located plan: %1, %2 / month</source>
        <translation>最佳合并部署方案：%1，%2 / 月</translation>
    </message>
    <message>
        <source>LoRA kernels per step</source>
        <translation>每步 LoRA 内核开销</translation>
    </message>
    <message>
        <source>The LoRA path&apos;s fixed cost in every step: 16 µs per adapted projection and layer, measured on vLLM 0.5.0</source>
        <translation>LoRA 路径在每一步的固定开销：每个被适配的投影矩阵每层 16 µs，在 vLLM 0.5.0 上实测</translation>
    </message>
    <message>
        <source>full, %1 % of layers</source>
        <translation>全量，%1 % 的层</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全量</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>per-op selective (torchtitan)</source>
        <translation>逐算子选择性（torchtitan）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ErrorText</name>
    <message>
        <source>Invalid input</source>
        <translation>输入无效</translation>
    </message>
    <message>
        <source>Not readable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Unknown GPU</source>
        <translation>未知 GPU</translation>
    </message>
    <message>
        <source>Unknown model</source>
        <translation>未知模型</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>No offering</source>
        <translation>没有报价</translation>
    </message>
    <message>
        <source>File error</source>
        <translation>文件错误</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Network error</source>
        <translation>网络错误</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Read-only</source>
        <translation>只读</translation>
    </message>
    <message>
        <source>Too large</source>
        <translation>超出限制</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ExclusionModel</name>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Why excluded</source>
        <translation>排除原因</translation>
    </message>
    <message>
        <source>Would cost</source>
        <translation>预计成本</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::Fmt</name>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>On-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <source>Savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <source>Committed use</source>
        <translation>承诺使用折扣</translation>
    </message>
    <message>
        <source>Subscription</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <source>Capacity block</source>
        <translation>容量块</translation>
    </message>
    <message numerus="yes">
        <source>%n yr</source>
        <translation>
            <numerusform>%n 年</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n mo</source>
        <translation>
            <numerusform>%n 个月</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 (%2 d, old)</source>
        <translation>%1（%2 天，已过时）</translation>
    </message>
    <message>
        <source>%1 (%2 d)</source>
        <translation>%1（%2 天）</translation>
    </message>
    <message>
        <source>On-demand base + spot burst</source>
        <translation>按需基础 + 竞价突发</translation>
    </message>
    <message>
        <source>Prepaid (host&apos;s default discount)</source>
        <translation>预付（主机默认折扣）</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::GuidedWizard</name>
    <message>
        <source>Guided Plan</source>
        <translation>引导式规划</translation>
    </message>
    <message>
        <source>1 · What do you need?</source>
        <translation>1 · 您需要什么？</translation>
    </message>
    <message>
        <source>The task, the model and how much work: tokens to train on, traffic to serve, or GPU-hours of a measured job.</source>
        <translation>任务、模型和工作量：训练的 token 数、要承载的流量，或已测得作业的 GPU 小时数。</translation>
    </message>
    <message>
        <source>Pre-train a model</source>
        <translation>预训练模型</translation>
    </message>
    <message>
        <source>Fine-tune a model (LoRA)</source>
        <translation>微调模型（LoRA）</translation>
    </message>
    <message>
        <source>Serve a model (inference)</source>
        <translation>部署模型提供服务（推理）</translation>
    </message>
    <message>
        <source>Batch GPU job (rendering, simulation)</source>
        <translation>批处理 GPU 作业（渲染、仿真）</translation>
    </message>
    <message>
        <source>&amp;Task:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <source>optional</source>
        <translation>可选</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>300B, 2T, 1.5e12 and 3000亿 are all understood</source>
        <translation>300B、2T、1.5e12 和 3000亿 都可以识别</translation>
    </message>
    <message>
        <source>Training &amp;tokens:</source>
        <translation>训练 token 数(&amp;T)：</translation>
    </message>
    <message>
        <source> requests/s</source>
        <translation> 请求/秒</translation>
    </message>
    <message>
        <source>&amp;Traffic:</source>
        <translation>流量(&amp;T)：</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>&amp;Prompt length:</source>
        <translation>提示长度(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Output length:</source>
        <translation>输出长度(&amp;O)：</translation>
    </message>
    <message>
        <source>Measured on &amp;GPU:</source>
        <translation>测量所用 GPU(&amp;G)：</translation>
    </message>
    <message>
        <source> GPU-hours</source>
        <translation> GPU 小时</translation>
    </message>
    <message>
        <source>&amp;Work measured:</source>
        <translation>测得的工作量(&amp;W)：</translation>
    </message>
    <message>
        <source> h</source>
        <translation> 小时</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无截止时间</translation>
    </message>
    <message>
        <source>&amp;Deadline:</source>
        <translation>截止时间(&amp;D)：</translation>
    </message>
    <message>
        <source>2 · How fast must it be?</source>
        <translation>2 · 需要多快？</translation>
    </message>
    <message>
        <source>Number format, and for serving the latency users may see (p99). Every GPU model that fits is compared; pin one afterwards in the form if you must.</source>
        <translation>数值精度；推理服务还需给出用户可接受的延迟（p99）。所有放得下的 GPU 型号都会参与比较；如必须指定某一型号，可之后在表单中固定。</translation>
    </message>
    <message>
        <source>&amp;Precision:</source>
        <translation>精度(&amp;P)：</translation>
    </message>
    <message>
        <source> ms</source>
        <translation> 毫秒</translation>
    </message>
    <message>
        <source>no target</source>
        <translation>无目标</translation>
    </message>
    <message>
        <source>Time to first token, p99:</source>
        <translation>首 token 延迟（p99）：</translation>
    </message>
    <message>
        <source>Time per output token, p99:</source>
        <translation>每个输出 token 的时间（p99）：</translation>
    </message>
    <message>
        <source>3 · What service, at what price?</source>
        <translation>3 · 需要什么样的服务，预算多少？</translation>
    </message>
    <message>
        <source>Budget, availability, where the GPUs may be and how you are willing to pay.</source>
        <translation>预算、可用性、GPU 可以部署的地域，以及您接受的计费方式。</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>无预算限制</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>预算：</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>&amp;Availability:</source>
        <translation>可用性(&amp;A)：</translation>
    </message>
    <message>
        <source>any (e.g. us-east-1, cn-beijing)</source>
        <translation>任意（如 us-east-1、cn-beijing）</translation>
    </message>
    <message>
        <source>&amp;Regions:</source>
        <translation>地域(&amp;R)：</translation>
    </message>
    <message>
        <source>On-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <source>Monthly</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <source>Pay as:</source>
        <translation>计费方式：</translation>
    </message>
    <message>
        <source>Lowest cost</source>
        <translation>费用最低</translation>
    </message>
    <message>
        <source>Shortest time</source>
        <translation>耗时最短</translation>
    </message>
    <message>
        <source>Lowest carbon</source>
        <translation>碳排放最低</translation>
    </message>
    <message>
        <source>&amp;Rank by:</source>
        <translation>排序依据(&amp;R)：</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::HfConfig</name>
    <message>
        <source>not JSON: %1 at offset %2</source>
        <translation>不是 JSON：%1（位置 %2）</translation>
    </message>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
    <message>
        <source>used the language model&apos;s text_config</source>
        <translation>使用了语言模型的 text_config</translation>
    </message>
    <message>
        <source>hidden_size, num_hidden_layers and num_attention_heads are required, and at least one is missing</source>
        <translation>hidden_size、num_hidden_layers 和 num_attention_heads 是必需的，但至少缺少一个</translation>
    </message>
    <message>
        <source>no intermediate_size: assumed 4 × hidden = %1</source>
        <translation>没有 intermediate_size：假定为 4 × hidden = %1</translation>
    </message>
    <message>
        <source>training sequence length set to %1 of the %2-token context; edit it for long-context training</source>
        <translation>训练序列长度设为 %1（上下文为 %2 个词元）；长上下文训练请修改此值</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::MainWindow</name>
    <message>
        <source>Edit “%1”</source>
        <translation>编辑“%1”</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n offering(s); the plan uses them now.</source>
        <translation>
            <numerusform>已导入 %n 个报价；计划已在使用它们。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Plan</source>
        <translation>计划(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Catalog</source>
        <translation>价格目录(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Accuracy</source>
        <translation>准确度(&amp;A)</translation>
    </message>
    <message>
        <source>Cost against time</source>
        <translation>成本与时间</translation>
    </message>
    <message>
        <source>Excluded (%1)</source>
        <translation>已排除（%1）</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Filter by provider, GPU, region or pricing (Ctrl+F)</source>
        <translation>按云厂商、GPU、地域或计费方式筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Filter the candidates</source>
        <translation>筛选候选方案</translation>
    </message>
    <message>
        <source>Group by provider</source>
        <translation>按云厂商分组</translation>
    </message>
    <message>
        <source>C&amp;urrency:</source>
        <translation>货币(&amp;U)：</translation>
    </message>
    <message>
        <source>Currency of the plan</source>
        <translation>计划使用的货币</translation>
    </message>
    <message>
        <source>Ranked candidates</source>
        <translation>候选方案排名</translation>
    </message>
    <message>
        <source>Excluded offerings and why</source>
        <translation>已排除的报价及原因</translation>
    </message>
    <message>
        <source>Notes on the plan</source>
        <translation>计划说明</translation>
    </message>
    <message>
        <source>Cost against time chart; click a point to select its candidate</source>
        <translation>成本与时间图表；点击一个点即可选中对应的候选方案</translation>
    </message>
    <message>
        <source>Details of the selected candidate</source>
        <translation>所选候选方案的详细信息</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Scenario</source>
        <translation>场景(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;New Scenario</source>
        <translation>新建场景(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Save Scenario</source>
        <translation>保存场景(&amp;S)</translation>
    </message>
    <message>
        <source>Save Scenario &amp;As…</source>
        <translation>场景另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Import Workload JSON…</source>
        <translation>导入工作负载 JSON(&amp;I)…</translation>
    </message>
    <message>
        <source>&amp;Export Workload JSON…</source>
        <translation>导出工作负载 JSON(&amp;E)…</translation>
    </message>
    <message>
        <source>Import Hugging Face &amp;config.json…</source>
        <translation>导入 Hugging Face config.json(&amp;C)…</translation>
    </message>
    <message>
        <source>Import &amp;Price File…</source>
        <translation>导入价格文件(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Se&amp;ttings…</source>
        <translation>设置(&amp;T)…</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>创建副本(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>De&amp;lete…</source>
        <translation>删除(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Find Candidates</source>
        <translation>查找候选方案(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Group by Provider</source>
        <translation>按云厂商分组(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;About gpuplan</source>
        <translation>关于 gpuplan(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清空列表(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Store: %1</source>
        <translation>数据库：%1</translation>
    </message>
    <message>
        <source>No store: %1</source>
        <translation>没有数据库：%1</translation>
    </message>
    <message>
        <source>Fix the input to update the plan: %1</source>
        <translation>请修正输入以更新计划：%1</translation>
    </message>
    <message>
        <source>Updating the plan…</source>
        <translation>正在更新计划…</translation>
    </message>
    <message numerus="yes">
        <source>%n candidate(s)</source>
        <translation>
            <numerusform>%n 个候选方案</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n GPU model(s) fit (no price catalog)</source>
        <translation>
            <numerusform>%n 种 GPU 型号可以放下（无价格目录）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n excluded</source>
        <translation>
            <numerusform> · 已排除 %n 个</numerusform>
        </translation>
    </message>
    <message>
        <source> · the pinned deployment fits</source>
        <translation> · 指定的部署可以放下</translation>
    </message>
    <message>
        <source> · the pinned deployment does not fit</source>
        <translation> · 指定的部署放不下</translation>
    </message>
    <message>
        <source> · the pinned deployment fits in memory but is not feasible</source>
        <translation> · 指定的部署显存放得下，但不可行</translation>
    </message>
    <message>
        <source> · planned in %1 ms</source>
        <translation> · 计算用时 %1 毫秒</translation>
    </message>
    <message>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>%1[*] — gpuplan</source>
        <translation>%1[*] — gpuplan</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存场景</translation>
    </message>
    <message>
        <source>There is no store to save into: %1</source>
        <translation>没有可保存的数据库：%1</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Saved “%1”</source>
        <translation>已保存“%1”</translation>
    </message>
    <message>
        <source>Save scenario as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <source>“%1” is not a readable workload: %2</source>
        <translation>“%1”不是可读取的工作负载：%2</translation>
    </message>
    <message>
        <source>Duplicate scenario</source>
        <translation>创建场景副本</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Delete scenario</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <source>Delete “%1”? This cannot be undone.</source>
        <translation>删除“%1”？此操作无法撤销。</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: not a workload file: %2</source>
        <translation>%1：不是工作负载文件：%2</translation>
    </message>
    <message>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <source>Import workload JSON</source>
        <translation>导入工作负载 JSON</translation>
    </message>
    <message>
        <source>Workload files (*.json);;All files (*)</source>
        <translation>工作负载文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Export workload JSON</source>
        <translation>导出工作负载 JSON</translation>
    </message>
    <message>
        <source>Workload files (*.json)</source>
        <translation>工作负载文件 (*.json)</translation>
    </message>
    <message>
        <source>Exported %1 (gpuplan-cli plan %1 gives the same plan)</source>
        <translation>已导出 %1（gpuplan-cli plan %1 会给出相同的计划）</translation>
    </message>
    <message>
        <source>Open recent</source>
        <translation>打开最近的文件</translation>
    </message>
    <message>
        <source>No recent files</source>
        <translation>没有最近的文件</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>config.json (*.json);;All files (*)</source>
        <translation>config.json (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import config.json</source>
        <translation>导入 config.json</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Architecture read from %1</source>
        <translation>已从 %1 读取模型结构</translation>
    </message>
    <message>
        <source>About gpuplan</source>
        <translation>关于 gpuplan</translation>
    </message>
    <message>
        <source>&lt;h3&gt;gpuplan %1&lt;/h3&gt;&lt;p&gt;What a GPU workload needs, where it should run, what it costs and whether it meets its SLA.&lt;/p&gt;&lt;p&gt;Estimates come from first principles, checked against published runs (see the Accuracy page); prices from the bundled, dated and sourced catalog or the files you import.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;gpuplan %1&lt;/h3&gt;&lt;p&gt;估算 GPU 工作负载需要什么资源、应在哪里运行、成本多少以及能否满足 SLA。&lt;/p&gt;&lt;p&gt;估算基于第一性原理，并以公开的实测结果校验（见“准确度”页面）；价格来自内置的、注明日期和来源的价格目录，或您导入的文件。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open workload</source>
        <translation>打开工作负载</translation>
    </message>
    <message>
        <source>Ca&amp;librate</source>
        <translation>校准(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Compare Scenarios…</source>
        <translation>比较场景(&amp;C)…</translation>
    </message>
    <message>
        <source>Export &amp;Plan</source>
        <translation>导出方案(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;PDF Report…</source>
        <translation>PDF 报告(&amp;P)…</translation>
    </message>
    <message>
        <source>&amp;CSV Comparison Table…</source>
        <translation>CSV 对比表(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;SkyPilot Task…</source>
        <translation>SkyPilot 任务文件(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Kubernetes Manifest…</source>
        <translation>Kubernetes 清单(&amp;K)…</translation>
    </message>
    <message>
        <source>&amp;Refresh Prices from the Providers…</source>
        <translation>从云厂商刷新价格(&amp;R)…</translation>
    </message>
    <message>
        <source>There is no current plan to export: correct the marked fields or wait for the plan.</source>
        <translation>没有可导出的当前方案：请先改正标出的字段，或等待方案计算完成。</translation>
    </message>
    <message>
        <source>Export PDF report</source>
        <translation>导出 PDF 报告</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Export CSV comparison table</source>
        <translation>导出 CSV 对比表</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export SkyPilot task</source>
        <translation>导出 SkyPilot 任务文件</translation>
    </message>
    <message>
        <source>YAML files (*.yaml *.yml)</source>
        <translation>YAML 文件 (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>Export Kubernetes manifest</source>
        <translation>导出 Kubernetes 清单</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Guided Plan</source>
        <translation>引导式规划</translation>
    </message>
    <message>
        <source>&amp;Guided Plan…</source>
        <translation>引导式规划(&amp;G)…</translation>
    </message>
    <message>
        <source>The answers do not make a valid workload: %1</source>
        <translation>这些回答无法构成有效的工作负载：%1</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无方案：%1</translation>
    </message>
    <message>
        <source>P&amp;ool</source>
        <translation>资源池(&amp;O)</translation>
    </message>
    <message>
        <source>The cheapest deployments, ranked by cost</source>
        <translation>最便宜的部署，按费用排序</translation>
    </message>
    <message>
        <source>Cheapest deployments</source>
        <translation>最便宜的部署</translation>
    </message>
    <message>
        <source>Cost against p99 TTFT</source>
        <translation>费用与 p99 TTFT</translation>
    </message>
    <message>
        <source>Request lengths from a CSV</source>
        <translation>从 CSV 读取请求长度</translation>
    </message>
    <message>
        <source>CSV files (*.csv);;All files (*)</source>
        <translation>CSV 文件 (*.csv);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Request lengths</source>
        <translation>请求长度</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::OfferingModel</name>
    <message>
        <source>Double-click to open</source>
        <translation>双击打开</translation>
    </message>
    <message>
        <source>As published: %1 %2</source>
        <translation>原始报价：%1 %2</translation>
    </message>
    <message>
        <source>no public price</source>
        <translation>无公开价格</translation>
    </message>
    <message>
        <source>%1/h</source>
        <translation>%1/小时</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>实例</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Price (instance)</source>
        <translation>价格（每实例）</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>截至</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Per GPU-hour (USD)</source>
        <translation>每 GPU 小时（美元）</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>错误：%1</translation>
    </message>
    <message>
        <source>warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::PoolPage</name>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Node and task files (*.csv *.json);;All files (*)</source>
        <translation>节点和任务文件 (*.csv *.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Node File</source>
        <translation>节点文件</translation>
    </message>
    <message>
        <source>Task File</source>
        <translation>任务文件</translation>
    </message>
    <message>
        <source>GPU Map</source>
        <translation>GPU 映射</translation>
    </message>
    <message>
        <source>GPU maps (*.json);;All files (*)</source>
        <translation>GPU 映射文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>TCO File</source>
        <translation>TCO 文件</translation>
    </message>
    <message>
        <source>TCO files (*.json);;All files (*)</source>
        <translation>TCO 文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export Pool Sizing as PDF</source>
        <translation>将资源池容量规划导出为 PDF</translation>
    </message>
    <message>
        <source>PDF files (*.pdf)</source>
        <translation>PDF 文件 (*.pdf)</translation>
    </message>
    <message>
        <source>Size a GPU pool for a trace of tasks or for your saved scenarios, priced: owned servers (a TCO file), reserved instances from the catalog, and on-demand burst (spot for preemptible tasks) for whatever would wait longer than the target. The same sizing as gpuplan-cli simulate --size.</source>
        <translation>按任务轨迹或已保存的场景规划 GPU 资源池并计价：自有服务器（TCO 文件）、价格目录中的预留实例，以及为等待超过目标的任务准备的按需突发容量（可抢占任务使用竞价实例）。与 gpuplan-cli simulate --size 的计算相同。</translation>
    </message>
    <message>
        <source>&amp;Trace files</source>
        <translation>轨迹文件(&amp;T)</translation>
    </message>
    <message>
        <source>Saved &amp;scenarios (jobs start at the hour given)</source>
        <translation>已保存的场景(&amp;S)（作业从给定的小时开始）</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Tasks:</source>
        <translation>任务：</translation>
    </message>
    <message>
        <source>GPU map:</source>
        <translation>GPU 映射：</translation>
    </message>
    <message>
        <source>&amp;GPU:</source>
        <translation>GPU(&amp;G)：</translation>
    </message>
    <message>
        <source>TCO &amp;file:</source>
        <translation>TCO 文件(&amp;F)：</translation>
    </message>
    <message>
        <source>P&amp;rovider:</source>
        <translation>云厂商(&amp;R)：</translation>
    </message>
    <message>
        <source>p99 &amp;wait target, s:</source>
        <translation>p99 等待目标(&amp;W)，秒：</translation>
    </message>
    <message>
        <source>Burst &amp;start, s:</source>
        <translation>突发实例启动(&amp;S)，秒：</translation>
    </message>
    <message>
        <source>&amp;Policies:</source>
        <translation>调度策略(&amp;P)：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>the cluster the trace ran on (optional with scenarios)</source>
        <translation>轨迹所运行的集群（使用场景时可不填）</translation>
    </message>
    <message>
        <source>openb pod list, simple CSV or JSON</source>
        <translation>openb pod 列表、简单 CSV 或 JSON</translation>
    </message>
    <message>
        <source>optional: trace GPU labels as gpus.json ids</source>
        <translation>可选：将轨迹中的 GPU 标签映射为 gpus.json 的 id</translation>
    </message>
    <message>
        <source>optional: gpuplan.tco/1; without it no owned servers</source>
        <translation>可选：gpuplan.tco/1；不提供则不规划自有服务器</translation>
    </message>
    <message>
        <source>Automatic (the TCO file&apos;s, else the cluster&apos;s)</source>
        <translation>自动（取 TCO 文件的，否则取集群的）</translation>
    </message>
    <message>
        <source>Any (the cheapest of each kind)</source>
        <translation>任意（每种取最便宜的）</translation>
    </message>
    <message>
        <source>Seconds for every class, then CLASS=seconds for a class of its own: 600, BE=3600</source>
        <translation>先写所有类别的秒数，再用 类别=秒数 单独指定某个类别：600, BE=3600</translation>
    </message>
    <message>
        <source>How long an on-demand or spot instance takes to start before a burst task runs on it</source>
        <translation>突发任务运行前，按需或竞价实例启动所需的时间</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Starts at hour</source>
        <translation>开始小时</translation>
    </message>
    <message>
        <source>Saved scenarios to size the pool for</source>
        <translation>用于规划资源池的已保存场景</translation>
    </message>
    <message>
        <source>Placement policies, sized side by side</source>
        <translation>调度策略，并排规划</translation>
    </message>
    <message>
        <source>&amp;Size the Pool</source>
        <translation>规划资源池(&amp;S)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Export &amp;PDF…</source>
        <translation>导出 PDF(&amp;P)…</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Over time</source>
        <translation>随时间变化</translation>
    </message>
    <message>
        <source>Queueing delay</source>
        <translation>排队延迟</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>The cheapest mix per policy</source>
        <translation>各调度策略下最便宜的组合</translation>
    </message>
    <message>
        <source>Queueing delay per class and policy</source>
        <translation>各类别、各调度策略的排队延迟</translation>
    </message>
    <message>
        <source>Prices and break-even utilization of the pool&apos;s parts</source>
        <translation>资源池各部分的价格与盈亏平衡使用率</translation>
    </message>
    <message>
        <source>The pool&apos;s GPUs over time</source>
        <translation>资源池 GPU 随时间的变化</translation>
    </message>
    <message>
        <source>Cost per month of each part, per policy</source>
        <translation>各调度策略下各部分的每月成本</translation>
    </message>
    <message>
        <source>p99 queueing delay per class, per policy</source>
        <translation>各调度策略下各类别的 p99 排队延迟</translation>
    </message>
    <message>
        <source>Not a pool sizing request (schema %1 expected, got &quot;%2&quot;)</source>
        <translation>不是资源池规划请求（应为 schema %1，实际为“%2”）</translation>
    </message>
    <message>
        <source>The sizing stored with this scenario on %1.</source>
        <translation>此场景于 %1 保存的规划结果。</translation>
    </message>
    <message>
        <source>A sizing is running.</source>
        <translation>正在规划。</translation>
    </message>
    <message>
        <source>p99 wait target: %1</source>
        <translation>p99 等待目标：%1</translation>
    </message>
    <message>
        <source>Tick the saved scenarios to size the pool for.</source>
        <translation>请勾选用于规划资源池的已保存场景。</translation>
    </message>
    <message>
        <source>Choose a task file (the trace), or size for saved scenarios.</source>
        <translation>请选择任务文件（轨迹），或按已保存的场景规划。</translation>
    </message>
    <message>
        <source>Tick at least one placement policy.</source>
        <translation>请至少勾选一个调度策略。</translation>
    </message>
    <message>
        <source>Sizing…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <source>Cancelled: nothing was sized or stored.</source>
        <translation>已取消：未规划，也未保存任何内容。</translation>
    </message>
    <message>
        <source>The pool could not be sized: %1</source>
        <translation>无法规划资源池：%1</translation>
    </message>
    <message>
        <source>Sized for %1 tasks; %2 fit no part of the pool.</source>
        <translation>已按 %1 个任务规划；%2 个任务放不进资源池的任何部分。</translation>
    </message>
    <message>
        <source>Sized for %1 tasks.</source>
        <translation>已按 %1 个任务规划。</translation>
    </message>
    <message>
        <source>Stored with %1.</source>
        <translation>已随 %1 保存。</translation>
    </message>
    <message>
        <source>Not stored: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>No sizing yet: choose a trace or scenarios, a target and Size the Pool.</source>
        <translation>尚未规划：请选择轨迹或场景及目标，然后点击“规划资源池”。</translation>
    </message>
    <message>
        <source>No sizing yet</source>
        <translation>尚未规划</translation>
    </message>
    <message>
        <source>%1 tasks on %2; p99 wait target %3.</source>
        <translation>%1 个任务，使用 %2；p99 等待目标 %3。</translation>
    </message>
    <message>
        <source>Cheapest under %1: %2 owned and %3 reserved GPUs, burst for %4 GPU-hours on demand and %5 on spot: %6 per month, against %7 all on demand.</source>
        <translation>%1 策略下最便宜：自有 %2 块、预留 %3 块 GPU，按需突发 %4 GPU 小时、竞价突发 %5 GPU 小时：每月 %6，全部按需则为 %7。</translation>
    </message>
    <message>
        <source>Under %1 no mix within the search&apos;s bounds meets the target.</source>
        <translation>%1 策略下，搜索范围内没有满足目标的组合。</translation>
    </message>
    <message>
        <source>USD per month</source>
        <translation>每月美元</translation>
    </message>
    <message>
        <source>owned</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>on-demand burst</source>
        <translation>按需突发</translation>
    </message>
    <message>
        <source>spot burst</source>
        <translation>竞价突发</translation>
    </message>
    <message>
        <source>p99 wait, minutes</source>
        <translation>p99 等待，分钟</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>days from the first arrival</source>
        <translation>自首个任务到达起的天数</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>day %1</source>
        <translation>第 %1 天</translation>
    </message>
    <message>
        <source>allocated on the pool</source>
        <translation>资源池中已分配</translation>
    </message>
    <message>
        <source>fragmented</source>
        <translation>碎片化</translation>
    </message>
    <message>
        <source>on burst capacity</source>
        <translation>突发容量上</translation>
    </message>
    <message>
        <source>Size the pool first: a stored sizing is shown, not kept for a report.</source>
        <translation>请先规划资源池：当前显示的是已保存的结果，无法用于生成报告。</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>已写入 %1。</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::PoolTableModel</name>
    <message>
        <source>no mix meets the target</source>
        <translation>没有满足目标的组合</translation>
    </message>
    <message>
        <source>%1 owned, %2 reserved</source>
        <translation>自有 %1，预留 %2</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>owned</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>预留</translation>
    </message>
    <message>
        <source>spot</source>
        <translation>竞价</translation>
    </message>
    <message>
        <source>on-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>%1 + %2 when busy</source>
        <translation>%1 + 忙碌时 %2</translation>
    </message>
    <message>
        <source>%1 of on-demand</source>
        <translation>按需价格的 %1</translation>
    </message>
    <message>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <source>no TCO file: not sized</source>
        <translation>无 TCO 文件：不规划</translation>
    </message>
    <message>
        <source>no spot price: preemptible tasks burst on demand</source>
        <translation>无竞价价格：可抢占任务按需突发</translation>
    </message>
    <message>
        <source>no price in the catalog: not sized</source>
        <translation>价格目录中无价格：不规划</translation>
    </message>
    <message>
        <source>servers of %1 × %2 at %3 %4 over %5 years</source>
        <translation>%1 × %2 的服务器，%3 %4，折旧 %5 年</translation>
    </message>
    <message>
        <source>%1 %2 (%3 GPUs) %4, %5</source>
        <translation>%1 %2（%3 块 GPU）%4，%5</translation>
    </message>
    <message>
        <source>USD per 730-hour month at the trace&apos;s pace</source>
        <translation>按轨迹的节奏折算为每月（730 小时）美元</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>调度策略</translation>
    </message>
    <message>
        <source>Owned GPUs</source>
        <translation>自有 GPU</translation>
    </message>
    <message>
        <source>Reserved GPUs</source>
        <translation>预留 GPU</translation>
    </message>
    <message>
        <source>Owned</source>
        <translation>自有</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <source>On-demand burst</source>
        <translation>按需突发</translation>
    </message>
    <message>
        <source>Spot burst</source>
        <translation>竞价突发</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <source>Busy</source>
        <translation>忙碌占比</translation>
    </message>
    <message>
        <source>All on-demand</source>
        <translation>全部按需</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation>抢占次数</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <source>Burst</source>
        <translation>突发</translation>
    </message>
    <message>
        <source>p50 wait</source>
        <translation>p50 等待</translation>
    </message>
    <message>
        <source>p99 wait</source>
        <translation>p99 等待</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Met</source>
        <translation>达标</translation>
    </message>
    <message>
        <source>Part</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>USD per GPU-hour</source>
        <translation>每 GPU 小时美元</translation>
    </message>
    <message>
        <source>Break-even utilization</source>
        <translation>盈亏平衡使用率</translation>
    </message>
    <message>
        <source>From</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>截至</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::RefreshDialog</name>
    <message>
        <source>Price source</source>
        <translation>价格来源</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>接口地址</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>Refresh Prices</source>
        <translation>刷新价格</translation>
    </message>
    <message>
        <source>&amp;Source:</source>
        <translation>来源(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Endpoint (optional mirror):</source>
        <translation>接口地址（可选镜像）(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Regions (comma-separated, optional):</source>
        <translation>地域（逗号分隔，可选）(&amp;R)：</translation>
    </message>
    <message>
        <source>the provider&apos;s public API</source>
        <translation>云厂商的公开接口</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>刷新(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Nothing is fetched until you press Refresh. A failed refresh leaves the catalog as it was.</source>
        <translation>按下“刷新”之前不会下载任何内容。刷新失败时价格目录保持原样。</translation>
    </message>
    <message>
        <source>No store is open: imported prices would have nowhere to go.</source>
        <translation>没有打开数据库：导入的价格无处保存。</translation>
    </message>
    <message>
        <source>No GCP API key in the keychain: add one in Settings.</source>
        <translation>钥匙串中没有 GCP API 密钥：请在“设置”中添加。</translation>
    </message>
    <message>
        <source>Fetching %1…</source>
        <translation>正在获取 %1…</translation>
    </message>
    <message>
        <source>%1: unchanged since the last refresh (nothing downloaded).</source>
        <translation>%1：自上次刷新以来没有变化（未下载）。</translation>
    </message>
    <message>
        <source>%1: %2 offerings, %3 prices stored as a new snapshot. %4 new, %5 removed; %6 prices up, %7 down.</source>
        <translation>%1：%2 个实例规格、%3 条价格已存为新快照。新增 %4 个，移除 %5 个；%6 条价格上涨，%7 条下降。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>Failed; the catalog is unchanged.</source>
        <translation>失败；价格目录未改变。</translation>
    </message>
    <message>
        <source>fx (ECB euro reference rates)</source>
        <translation>fx（欧洲央行欧元参考汇率）</translation>
    </message>
    <message>
        <source>fx: %1 exchange rates per USD of %2 stored; per currency the newest rate is used.</source>
        <translation>fx：已保存 %2 的 %1 个兑美元汇率；每种货币使用最新的汇率。</translation>
    </message>
    <message>
        <source>gcp-pricing (GCP prices from Cyclenerd&apos;s pricing.yml, no key)</source>
        <translation>gcp-pricing（来自 Cyclenerd 的 pricing.yml 的 GCP 价格，无需密钥）</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ReportExport</name>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>Nothing feasible to deploy: the plan has no candidate that fits.</source>
        <translation>没有可部署的方案：当前方案中没有放得下的候选。</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ScenarioCompareDialog</name>
    <message>
        <source>Compare Scenarios</source>
        <translation>比较场景</translation>
    </message>
    <message>
        <source>&amp;First:</source>
        <translation>第一个(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Second:</source>
        <translation>第二个(&amp;S)：</translation>
    </message>
    <message>
        <source>Show only &amp;differences</source>
        <translation>只显示差异(&amp;D)</translation>
    </message>
    <message>
        <source>The two scenarios side by side; differences are highlighted</source>
        <translation>两个场景并排显示；差异以高亮标出</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ScenarioDialog</name>
    <message>
        <source>Scenarios</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Scenarios are kept in %1</source>
        <translation>场景保存在 %1</translation>
    </message>
    <message>
        <source>Saved scenarios</source>
        <translation>已保存的场景</translation>
    </message>
    <message>
        <source>&amp;Open</source>
        <translation>打开(&amp;O)</translation>
    </message>
    <message>
        <source>D&amp;uplicate</source>
        <translation>创建副本(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Delete scenario</source>
        <translation>删除场景</translation>
    </message>
    <message>
        <source>Delete “%1”? This cannot be undone.</source>
        <translation>删除“%1”？此操作无法撤销。</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ScenarioDiffModel</name>
    <message>
        <source>nothing fits</source>
        <translation>没有可行方案</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>%1 (calibrated)</source>
        <translation>%1（已校准）</translation>
    </message>
    <message>
        <source>%1 %2 in %3</source>
        <translation>%1 %2，位于 %3</translation>
    </message>
    <message>
        <source>Best offering</source>
        <translation>最佳方案</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Pricing</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Cost per month</source>
        <translation>每月成本</translation>
    </message>
    <message>
        <source>Cost (per month when serving)</source>
        <translation>成本（推理服务按月计）</translation>
    </message>
    <message>
        <source>Total cost</source>
        <translation>总成本</translation>
    </message>
    <message>
        <source>Latency per request</source>
        <translation>每个请求的延迟</translation>
    </message>
    <message>
        <source>Time or latency</source>
        <translation>时间或延迟</translation>
    </message>
    <message>
        <source>Wall time</source>
        <translation>实际耗时</translation>
    </message>
    <message>
        <source>Candidates</source>
        <translation>候选方案</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>Result or input</source>
        <translation>结果或输入</translation>
    </message>
    <message>
        <source>First</source>
        <translation>第一个</translation>
    </message>
    <message>
        <source>Second</source>
        <translation>第二个</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ScenarioListModel</name>
    <message>
        <source>Saved %1</source>
        <translation>保存于 %1</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::SecretStore</name>
    <message>
        <source>No key is stored.</source>
        <translation>未保存密钥。</translation>
    </message>
    <message>
        <source>No keychain service is running (such as GNOME Keyring or KWallet): the key cannot be kept, and gpuplan keeps it nowhere else. (%1)</source>
        <translation>没有正在运行的密钥环服务（例如 GNOME Keyring 或 KWallet）：无法保存密钥，gpuplan 也不会把它保存在其他任何地方。（%1）</translation>
    </message>
    <message>
        <source>The keychain refused: %1</source>
        <translation>密钥环拒绝了请求：%1</translation>
    </message>
    <message>
        <source>This build of gpuplan has no keychain support (QtKeychain was not found): the key cannot be kept.</source>
        <translation>此版本的 gpuplan 不支持密钥环（构建时未找到 QtKeychain）：无法保存密钥。</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::ServingCalibrationModel</name>
    <message>
        <source>%1 × %2 (TP %3)</source>
        <translation>%1 × %2（TP %3）</translation>
    </message>
    <message>
        <source>%1 (measured with %2)</source>
        <translation>%1（以 %2 测得）</translation>
    </message>
    <message>
        <source>%1 %2 ms</source>
        <translation>%1 %2 毫秒</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>published runs&apos;</source>
        <translation>沿用公开运行记录</translation>
    </message>
    <message>
        <source>× %1 – %2</source>
        <translation>× %1 – %2</translation>
    </message>
    <message>
        <source>latency %1, throughput %2</source>
        <translation>延迟 %1，吞吐量 %2</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Model family</source>
        <translation>模型类别</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Benchmark result</source>
        <translation>基准测试结果</translation>
    </message>
    <message>
        <source>Imported at</source>
        <translation>导入时间</translation>
    </message>
    <message>
        <source>Fitted factors</source>
        <translation>拟合系数</translation>
    </message>
    <message>
        <source>80 % range of a calibrated estimate</source>
        <translation>校准估算的 80 % 区间</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>&amp;Appearance:</source>
        <translation>外观(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Currency:</source>
        <translation>货币(&amp;C)：</translation>
    </message>
    <message>
        <source>Spare serving capacity above the peak, for workloads that give none</source>
        <translation>高于峰值的冗余服务容量，用于未指定余量的工作负载</translation>
    </message>
    <message>
        <source>Serving &amp;headroom:</source>
        <translation>服务余量(&amp;H)：</translation>
    </message>
    <message>
        <source> per kWh</source>
        <translation> 每千瓦时</translation>
    </message>
    <message>
        <source>For the energy cost of owned hardware (cloud prices include power); 0 hides it</source>
        <translation>用于计算自有硬件的电费（云价格已包含电费）；设为 0 则不显示</translation>
    </message>
    <message>
        <source>&amp;Electricity price:</source>
        <translation>电价(&amp;E)：</translation>
    </message>
    <message>
        <source>Planner default (by cooling)</source>
        <translation>规划器默认值（按冷却方式）</translation>
    </message>
    <message>
        <source>Power usage effectiveness of the data centre, for workloads that give none</source>
        <translation>数据中心的电能使用效率（PUE），用于未指定 PUE 的工作负载</translation>
    </message>
    <message>
        <source>&amp;PUE:</source>
        <translation>PUE(&amp;P)：</translation>
    </message>
    <message>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <source>Exchange rates (units per US dollar). Edit a rate to override the bundled one; clear it to go back.</source>
        <translation>汇率（每美元兑换的单位数）。修改汇率即可覆盖内置值；清空即恢复。</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Per USD</source>
        <translation>每美元</translation>
    </message>
    <message>
        <source>Bundled</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>As of</source>
        <translation>截至</translation>
    </message>
    <message>
        <source>Exchange rates</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>Negotiated discounts, in percent off every price of a provider (kept in the store).</source>
        <translation>协议折扣：某云厂商所有价格的减免百分比（保存在数据库中）。</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Discount (%)</source>
        <translation>折扣（%）</translation>
    </message>
    <message>
        <source>Negotiated discounts</source>
        <translation>协议折扣</translation>
    </message>
    <message>
        <source>Prices</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Google Cloud Billing API key</source>
        <translation>Google Cloud Billing API 密钥</translation>
    </message>
    <message>
        <source>GCP API key</source>
        <translation>GCP API 密钥</translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation>API 密钥(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Save in keychain</source>
        <translation>保存到密钥环(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Forget</source>
        <translation>删除密钥(&amp;F)</translation>
    </message>
    <message>
        <source>Asking the keychain…</source>
        <translation>正在查询密钥环…</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>密钥</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>These values were not numbers in range and were left out: %1</source>
        <translation>以下值不是有效范围内的数字，已忽略：%1</translation>
    </message>
    <message>
        <source>stored in the keychain</source>
        <translation>已保存在密钥环中</translation>
    </message>
    <message>
        <source>A key is stored in the keychain.</source>
        <translation>密钥环中已保存一个密钥。</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>GiB (2³⁰ bytes)</source>
        <translation>GiB（2³⁰ 字节）</translation>
    </message>
    <message>
        <source>GB (10⁹ bytes, as datasheets print)</source>
        <translation>GB（10⁹ 字节，与规格书一致）</translation>
    </message>
    <message>
        <source>&amp;Memory units:</source>
        <translation>显存单位(&amp;M)：</translation>
    </message>
    <message>
        <source>The plan defaults could not be saved: %1</source>
        <translation>无法保存方案默认值：%1</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::WorkloadForm</name>
    <message>
        <source>Custom architecture</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>Not given</source>
        <translation>未指定</translation>
    </message>
    <message>
        <source>Workload</source>
        <translation>工作负载</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Serving</source>
        <translation>推理服务</translation>
    </message>
    <message>
        <source>Batch job</source>
        <translation>批处理作业</translation>
    </message>
    <message>
        <source>Pin the hardware</source>
        <translation>指定硬件</translation>
    </message>
    <message>
        <source>Estimate one deployment: a GPU model and count (parallel degrees left empty are searched)</source>
        <translation>估算一种指定的部署：GPU 型号和数量（留空的并行度将自动搜索）</translation>
    </message>
    <message>
        <source>Constraints</source>
        <translation>约束条件</translation>
    </message>
    <message>
        <source>Import config.json…</source>
        <translation>导入 config.json…</translation>
    </message>
    <message>
        <source>Fill the architecture from a Hugging Face config.json</source>
        <translation>从 Hugging Face 的 config.json 填写模型结构</translation>
    </message>
    <message>
        <source>Import Hugging Face config.json</source>
        <translation>导入 Hugging Face config.json</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>模型结构</translation>
    </message>
    <message>
        <source>Show the architecture fields</source>
        <translation>显示模型结构字段</translation>
    </message>
    <message>
        <source>Mixture of experts and latent attention</source>
        <translation>混合专家与潜在注意力</translation>
    </message>
    <message>
        <source>Any</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>New workload</source>
        <translation>新工作负载</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>As the preset (%1)</source>
        <translation>与预设相同（%1）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Default (%1)</source>
        <translation>默认（%1）</translation>
    </message>
    <message>
        <source>must be a percentage above 0 and below 100, got %1</source>
        <translation>必须是大于 0 且小于 100 的百分数，收到 %1</translation>
    </message>
    <message>
        <source>%1 billion parameters</source>
        <translation>%1 亿参数</translation>
    </message>
    <message>
        <source>, %1 billion active per token</source>
        <translation>，每个词元激活 %1 亿</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>No</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>shown in reports</source>
        <translation>显示在报告中</translation>
    </message>
    <message>
        <source>Training or fine-tuning, serving an LLM, or a batch job measured on a reference GPU</source>
        <translation>训练或微调、大模型推理服务，或在参考 GPU 上测量过的批处理作业</translation>
    </message>
    <message>
        <source>A preset from pricing-data/models.json; architecture fields below override it</source>
        <translation>pricing-data/models.json 中的预设；下方的结构字段会覆盖它</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>num_hidden_layers</source>
        <translation>num_hidden_layers</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏层维度</translation>
    </message>
    <message>
        <source>hidden_size</source>
        <translation>hidden_size</translation>
    </message>
    <message>
        <source>MLP width</source>
        <translation>MLP 宽度</translation>
    </message>
    <message>
        <source>intermediate_size</source>
        <translation>intermediate_size</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>num_attention_heads</source>
        <translation>num_attention_heads</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>num_key_value_heads (fewer than the heads for grouped-query attention)</source>
        <translation>num_key_value_heads（分组查询注意力时少于注意力头数）</translation>
    </message>
    <message>
        <source>Head dimension</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>head_dim, when it is not hidden size ÷ heads</source>
        <translation>head_dim，当它不等于隐藏层维度 ÷ 头数时</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>vocab_size</source>
        <translation>vocab_size</translation>
    </message>
    <message>
        <source>Training sequence length</source>
        <translation>训练序列长度</translation>
    </message>
    <message>
        <source>tokens per training sequence</source>
        <translation>每个训练序列的词元数</translation>
    </message>
    <message>
        <source>Maximum context</source>
        <translation>最大上下文</translation>
    </message>
    <message>
        <source>max_position_embeddings: the longest context served</source>
        <translation>max_position_embeddings：服务支持的最长上下文</translation>
    </message>
    <message>
        <source>Gated MLP (SwiGLU)</source>
        <translation>门控 MLP（SwiGLU）</translation>
    </message>
    <message>
        <source>Three h × f matrices per MLP instead of two</source>
        <translation>每个 MLP 有三个 h × f 矩阵，而非两个</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享词嵌入</translation>
    </message>
    <message>
        <source>tie_word_embeddings: the output head shares the input embedding</source>
        <translation>tie_word_embeddings：输出层与输入词嵌入共享权重</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>n_routed_experts / num_local_experts</source>
        <translation>n_routed_experts / num_local_experts</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每词元专家数</translation>
    </message>
    <message>
        <source>num_experts_per_tok</source>
        <translation>num_experts_per_tok</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家数</translation>
    </message>
    <message>
        <source>n_shared_experts</source>
        <translation>n_shared_experts</translation>
    </message>
    <message>
        <source>Expert MLP width</source>
        <translation>专家 MLP 宽度</translation>
    </message>
    <message>
        <source>moe_intermediate_size</source>
        <translation>moe_intermediate_size</translation>
    </message>
    <message>
        <source>Leading dense layers</source>
        <translation>前置稠密层数</translation>
    </message>
    <message>
        <source>first_k_dense_replace</source>
        <translation>first_k_dense_replace</translation>
    </message>
    <message>
        <source>KV latent rank</source>
        <translation>KV 潜在秩</translation>
    </message>
    <message>
        <source>kv_lora_rank (multi-head latent attention, DeepSeek-V2/V3)</source>
        <translation>kv_lora_rank（多头潜在注意力，DeepSeek-V2/V3）</translation>
    </message>
    <message>
        <source>Query latent rank</source>
        <translation>查询潜在秩</translation>
    </message>
    <message>
        <source>q_lora_rank</source>
        <translation>q_lora_rank</translation>
    </message>
    <message>
        <source>RoPE head dimension</source>
        <translation>RoPE 头维度</translation>
    </message>
    <message>
        <source>qk_rope_head_dim</source>
        <translation>qk_rope_head_dim</translation>
    </message>
    <message>
        <source>Non-RoPE head dimension</source>
        <translation>非 RoPE 头维度</translation>
    </message>
    <message>
        <source>qk_nope_head_dim</source>
        <translation>qk_nope_head_dim</translation>
    </message>
    <message>
        <source>Value head dimension</source>
        <translation>Value 头维度</translation>
    </message>
    <message>
        <source>v_head_dim</source>
        <translation>v_head_dim</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>词元数</translation>
    </message>
    <message>
        <source>e.g. 300B, 2T, 1.5e12</source>
        <translation>例如 300B、2T、1.5e12、3000亿</translation>
    </message>
    <message>
        <source>Tokens to train on. Suffixes k, M, B, T (and 万, 亿) are understood.</source>
        <translation>要训练的词元数。支持后缀 k、M、B、T（以及 万、亿）。</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Math precision of the matrix multiplications</source>
        <translation>矩阵乘法的计算精度</translation>
    </message>
    <message>
        <source>Method</source>
        <translation>方法</translation>
    </message>
    <message>
        <source>Full training, or fine-tuning with LoRA adapters (QLoRA: on 4-bit weights)</source>
        <translation>全量训练，或用 LoRA 适配器微调（QLoRA：基于 4 位权重）</translation>
    </message>
    <message>
        <source>Full</source>
        <translation>全量</translation>
    </message>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>QLoRA</source>
        <translation>QLoRA</translation>
    </message>
    <message>
        <source>LoRA rank</source>
        <translation>LoRA 秩</translation>
    </message>
    <message>
        <source>16</source>
        <translation>16</translation>
    </message>
    <message>
        <source>Global batch (sequences)</source>
        <translation>全局批大小（序列数）</translation>
    </message>
    <message>
        <source>default: 4M tokens</source>
        <translation>默认：4M 词元</translation>
    </message>
    <message>
        <source>Sequences per optimizer step</source>
        <translation>每个优化器步的序列数</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>searched</source>
        <translation>自动搜索</translation>
    </message>
    <message>
        <source>Activation recompute</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Searched</source>
        <translation>自动搜索</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>Per-op selective (torchtitan)</source>
        <translation>逐算子选择性（torchtitan）</translation>
    </message>
    <message>
        <source>ZeRO stage</source>
        <translation>ZeRO 阶段</translation>
    </message>
    <message>
        <source>Optimizer state sharding (DeepSpeed ZeRO / FSDP)</source>
        <translation>优化器状态分片（DeepSpeed ZeRO / FSDP）</translation>
    </message>
    <message>
        <source>Prompt tokens</source>
        <translation>提示词元数</translation>
    </message>
    <message>
        <source>Output tokens</source>
        <translation>输出词元数</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Precision of the KV cache</source>
        <translation>KV 缓存的精度</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>peak traffic</source>
        <translation>峰值流量</translation>
    </message>
    <message>
        <source>TTFT p99 target (ms)</source>
        <translation>TTFT p99 目标（毫秒）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>Time to first token, 99th percentile</source>
        <translation>首词元时间，第 99 百分位</translation>
    </message>
    <message>
        <source>TPOT p99 target (ms)</source>
        <translation>TPOT p99 目标（毫秒）</translation>
    </message>
    <message>
        <source>Time per output token, 99th percentile</source>
        <translation>每输出词元时间，第 99 百分位</translation>
    </message>
    <message>
        <source>Availability (%)</source>
        <translation>可用性（%）</translation>
    </message>
    <message>
        <source>e.g. 99.9</source>
        <translation>例如 99.9</translation>
    </message>
    <message>
        <source>Target availability; replicas are added so that enough stay up</source>
        <translation>目标可用性；会增加副本，保证有足够的副本在线</translation>
    </message>
    <message>
        <source>Headroom (%)</source>
        <translation>余量（%）</translation>
    </message>
    <message>
        <source>20</source>
        <translation>20</translation>
    </message>
    <message>
        <source>Spare capacity planned above the peak</source>
        <translation>在峰值之上预留的冗余容量</translation>
    </message>
    <message>
        <source>Concurrency per replica</source>
        <translation>每副本并发数</translation>
    </message>
    <message>
        <source>maximum throughput</source>
        <translation>最大吞吐</translation>
    </message>
    <message>
        <source>Users in</source>
        <translation>用户所在地</translation>
    </message>
    <message>
        <source>Where the users are, for the network round trip to each region</source>
        <translation>用户所在地，用于计算到各地域的网络往返时间</translation>
    </message>
    <message>
        <source>End-to-end p99 target (ms)</source>
        <translation>端到端 p99 目标（毫秒）</translation>
    </message>
    <message>
        <source>Network round trip + time to first token, 99th percentile</source>
        <translation>网络往返 + 首词元时间，第 99 百分位</translation>
    </message>
    <message>
        <source>Measured on</source>
        <translation>测量所用 GPU</translation>
    </message>
    <message>
        <source>The GPU the job&apos;s GPU-hours were measured on</source>
        <translation>测量该作业 GPU 小时数时所用的 GPU</translation>
    </message>
    <message>
        <source>GPU-hours</source>
        <translation>GPU 小时</translation>
    </message>
    <message>
        <source>GPU-hours the job took on the reference GPU</source>
        <translation>该作业在参考 GPU 上耗用的 GPU 小时</translation>
    </message>
    <message>
        <source>Bound by</source>
        <translation>瓶颈资源</translation>
    </message>
    <message>
        <source>What limits the job&apos;s speed: it scales with this resource</source>
        <translation>限制作业速度的资源：速度随该资源等比变化</translation>
    </message>
    <message>
        <source>FP32 compute</source>
        <translation>FP32 算力</translation>
    </message>
    <message>
        <source>FP64 compute</source>
        <translation>FP64 算力</translation>
    </message>
    <message>
        <source>Tensor cores</source>
        <translation>Tensor Core</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU 数</translation>
    </message>
    <message>
        <source>typical</source>
        <translation>典型值</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Pipeline parallel</source>
        <translation>流水线并行</translation>
    </message>
    <message>
        <source>Data parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>Deadline (hours)</source>
        <translation>截止时间（小时）</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>Budget currency</source>
        <translation>预算货币</translation>
    </message>
    <message>
        <source>Providers</source>
        <translation>云厂商</translation>
    </message>
    <message>
        <source>Regions</source>
        <translation>地域</translation>
    </message>
    <message>
        <source>any, e.g. us-*, eu-west-1</source>
        <translation>不限，例如 us-*, eu-west-1</translation>
    </message>
    <message>
        <source>Region names or patterns with * and ?, separated by commas</source>
        <translation>地域名称或含 * 和 ? 的模式，用逗号分隔</translation>
    </message>
    <message>
        <source>On-demand</source>
        <translation>按需</translation>
    </message>
    <message>
        <source>Spot</source>
        <translation>竞价实例</translation>
    </message>
    <message>
        <source>Reserved</source>
        <translation>预留实例</translation>
    </message>
    <message>
        <source>Savings plan</source>
        <translation>节省计划</translation>
    </message>
    <message>
        <source>Committed use</source>
        <translation>承诺使用折扣</translation>
    </message>
    <message>
        <source>Subscription</source>
        <translation>包年包月</translation>
    </message>
    <message>
        <source>Capacity block</source>
        <translation>容量块</translation>
    </message>
    <message>
        <source>Pricing models</source>
        <translation>计费方式</translation>
    </message>
    <message>
        <source>Spot interruptions at most</source>
        <translation>竞价中断率上限</translation>
    </message>
    <message>
        <source>AWS Spot Advisor&apos;s share of instances interrupted per month</source>
        <translation>AWS Spot Advisor 给出的每月被中断实例比例</translation>
    </message>
    <message>
        <source>&lt; 5 %</source>
        <translation>&lt; 5%</translation>
    </message>
    <message>
        <source>5–10 %</source>
        <translation>5–10%</translation>
    </message>
    <message>
        <source>10–15 %</source>
        <translation>10–15%</translation>
    </message>
    <message>
        <source>15–20 %</source>
        <translation>15–20%</translation>
    </message>
    <message>
        <source>Rank by</source>
        <translation>排序依据</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>成本</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Carbon</source>
        <translation>碳排放</translation>
    </message>
    <message>
        <source>Serving engine</source>
        <translation>推理引擎</translation>
    </message>
    <message>
        <source>How the engine batches prefill and decode and how fast its kernels run (default vLLM)</source>
        <translation>引擎如何批处理预填充与解码、其内核有多快（默认 vLLM）</translation>
    </message>
    <message>
        <source>FP8 scaling</source>
        <translation>FP8 缩放</translation>
    </message>
    <message>
        <source>How FP8 training scales its tensors: per tensor from earlier steps (delayed) or from the tensor itself (tensorwise), in 1×128/128×128 blocks (DeepSeek-V3), or MXFP8&apos;s 1×32 blocks (Blackwell)</source>
        <translation>FP8 训练如何缩放张量：按张量取自之前的步（延迟缩放）或取自张量本身（按张量），按 1×128/128×128 分块（DeepSeek-V3），或 MXFP8 的 1×32 分块（Blackwell）</translation>
    </message>
    <message>
        <source>Default (tensorwise)</source>
        <translation>默认（按张量）</translation>
    </message>
    <message>
        <source>Delayed</source>
        <translation>延迟缩放</translation>
    </message>
    <message>
        <source>Tensorwise</source>
        <translation>按张量</translation>
    </message>
    <message>
        <source>Blockwise</source>
        <translation>分块</translation>
    </message>
    <message>
        <source>MXFP8</source>
        <translation>MXFP8</translation>
    </message>
    <message>
        <source>FSDP shard group</source>
        <translation>FSDP 分片组</translation>
    </message>
    <message>
        <source>GPUs one ZeRO-3/FSDP shard spans; fewer than the data-parallel GPUs is hybrid sharding (HSDP)</source>
        <translation>一个 ZeRO-3/FSDP 分片跨越的 GPU 数；少于数据并行 GPU 数即为混合分片（HSDP）</translation>
    </message>
    <message>
        <source>Share of layers recomputed</source>
        <translation>重计算的层数比例</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>With full recompute, the share of each stage&apos;s layers recomputed, e.g. 0.5</source>
        <translation>完全重计算时，每个阶段中重计算的层数比例，例如 0.5</translation>
    </message>
    <message>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <source>1F1B (interleaved when the pipeline is interleaved), or DualPipe, which hides the expert all-to-alls</source>
        <translation>1F1B（流水线交错时为交错式），或 DualPipe（可隐藏专家的 all-to-all 通信）</translation>
    </message>
    <message>
        <source>Default (1F1B)</source>
        <translation>默认（1F1B）</translation>
    </message>
    <message>
        <source>1F1B</source>
        <translation>1F1B</translation>
    </message>
    <message>
        <source>DualPipe</source>
        <translation>DualPipe</translation>
    </message>
    <message>
        <source>MoE capacity factor</source>
        <translation>MoE 容量因子</translation>
    </message>
    <message>
        <source>dropless, balanced</source>
        <translation>不丢弃，均衡</translation>
    </message>
    <message>
        <source>Expert capacity as a multiple of the balanced load (1 to 16); experts are timed at it</source>
        <translation>专家容量，为均衡负载的倍数（1 到 16）；按此容量计算专家耗时</translation>
    </message>
    <message>
        <source>Overlap tensor-parallel communication</source>
        <translation>重叠张量并行通信</translation>
    </message>
    <message>
        <source>Transformer Engine&apos;s userbuffers or torchtitan&apos;s async TP (default yes)</source>
        <translation>Transformer Engine 的 userbuffers 或 torchtitan 的异步 TP（默认开启）</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>The fused attention the stack runs: the GPU&apos;s latest (cuDNN, FlashAttention-3/4), FlashAttention-2, or a first-generation kernel (FlashAttention-1, xformers)</source>
        <translation>训练栈使用的融合注意力：该 GPU 最新的内核（cuDNN、FlashAttention-3/4）、FlashAttention-2，或第一代内核（FlashAttention-1、xformers）</translation>
    </message>
    <message>
        <source>Default (latest)</source>
        <translation>默认（最新）</translation>
    </message>
    <message>
        <source>Latest</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>FlashAttention-2</source>
        <translation>FlashAttention-2</translation>
    </message>
    <message>
        <source>FlashAttention-1</source>
        <translation>FlashAttention-1</translation>
    </message>
    <message>
        <source>Context parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>GPUs that split each sequence (long contexts)</source>
        <translation>切分每条序列的 GPU 数（长上下文）</translation>
    </message>
    <message>
        <source>Expert parallel</source>
        <translation>专家并行</translation>
    </message>
    <message>
        <source>GPUs the experts of a mixture-of-experts model are spread over</source>
        <translation>混合专家模型的专家所分布的 GPU 数</translation>
    </message>
    <message>
        <source>Expert tensor parallel</source>
        <translation>专家张量并行</translation>
    </message>
    <message>
        <source>GPUs that split each expert: the tensor-parallel degree, or 1 to keep experts whole (MoE parallel folding)</source>
        <translation>切分每个专家的 GPU 数：等于张量并行度，或为 1 以保持专家完整（MoE 并行折叠）</translation>
    </message>
    <message>
        <source>Pipeline interleaving</source>
        <translation>流水线交错</translation>
    </message>
    <message>
        <source>Virtual pipeline stages per GPU</source>
        <translation>每个 GPU 的虚拟流水线阶段数</translation>
    </message>
    <message>
        <source>How the stack runs</source>
        <translation>训练栈的运行方式</translation>
    </message>
    <message>
        <source>Show the advanced training fields</source>
        <translation>显示高级训练字段</translation>
    </message>
    <message>
        <source>Precision of the weights (quantization); by default as the model is released (FP8 for DeepSeek-V3 and Kimi K2, MXFP4 experts for gpt-oss, else BF16)</source>
        <translation>权重精度（量化）；默认按模型发布时的格式（DeepSeek-V3 与 Kimi K2 为 FP8，gpt-oss 的专家为 MXFP4，其余为 BF16）</translation>
    </message>
    <message>
        <source>As released</source>
        <translation>按发布格式</translation>
    </message>
    <message>
        <source>Speculative decoding</source>
        <translation>投机解码</translation>
    </message>
    <message>
        <source>A draft proposes tokens that the model verifies in one pass: multi-token prediction heads (DeepSeek-V3), an EAGLE head, or a smaller draft model</source>
        <translation>由草稿提出 token，模型一次前向验证：多 token 预测头（DeepSeek-V3）、EAGLE 头或一个较小的草稿模型</translation>
    </message>
    <message>
        <source>MTP</source>
        <translation>MTP</translation>
    </message>
    <message>
        <source>EAGLE</source>
        <translation>EAGLE</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <source>Draft tokens a step</source>
        <translation>每步草稿 token 数</translation>
    </message>
    <message>
        <source>1</source>
        <translation>1</translation>
    </message>
    <message>
        <source>Tokens the draft proposes each step (1 to 16)</source>
        <translation>草稿每步提出的 token 数（1 到 16）</translation>
    </message>
    <message>
        <source>Tokens accepted a step</source>
        <translation>每步接受的 token 数</translation>
    </message>
    <message>
        <source>MTP: 1.85</source>
        <translation>MTP：1.85</translation>
    </message>
    <message>
        <source>Tokens out of a step on average, the model&apos;s own included: from 1 to draft tokens + 1</source>
        <translation>平均每步产出的 token 数（含模型自己的 token）：1 到草稿 token 数 + 1</translation>
    </message>
    <message>
        <source>a model preset</source>
        <translation>一个模型预设</translation>
    </message>
    <message>
        <source>The draft model&apos;s preset, for the draft-model method</source>
        <translation>草稿模型的预设（用于草稿模型方法）</translation>
    </message>
    <message>
        <source>Shared prefix tokens</source>
        <translation>共享前缀 token 数</translation>
    </message>
    <message>
        <source>no prefix caching</source>
        <translation>无前缀缓存</translation>
    </message>
    <message>
        <source>A prompt prefix many requests share (a system prompt, a document): cached, it skips prefill</source>
        <translation>许多请求共享的提示词前缀（系统提示词、文档）：命中缓存时跳过预填充</translation>
    </message>
    <message>
        <source>Prefix cache hit rate (%)</source>
        <translation>前缀缓存命中率（%）</translation>
    </message>
    <message>
        <source>Share of requests that find the prefix in the cache</source>
        <translation>在缓存中找到该前缀的请求比例</translation>
    </message>
    <message>
        <source>LoRA adapters</source>
        <translation>LoRA 适配器</translation>
    </message>
    <message>
        <source>Fine-tuned adapters served on the one base model</source>
        <translation>在同一基础模型上服务的微调适配器</translation>
    </message>
    <message>
        <source>Adapters in GPU memory</source>
        <translation>GPU 显存中的适配器</translation>
    </message>
    <message>
        <source>Adapters kept in GPU memory at once; a request for another waits for its copy</source>
        <translation>同时保留在 GPU 显存中的适配器数；请求其他适配器时需等待其拷贝</translation>
    </message>
    <message>
        <source>Prompt tokens, p99</source>
        <translation>提示词 token 数，p99</translation>
    </message>
    <message>
        <source>one length</source>
        <translation>单一长度</translation>
    </message>
    <message>
        <source>With the output p99: lengths drawn from lognormals with the prompt and output tokens above as means</source>
        <translation>与输出 p99 一起：长度服从以上方提示词与输出 token 数为均值的对数正态分布</translation>
    </message>
    <message>
        <source>Output tokens, p99</source>
        <translation>输出 token 数，p99</translation>
    </message>
    <message>
        <source>Advanced serving</source>
        <translation>高级推理服务</translation>
    </message>
    <message>
        <source>Show the advanced serving fields</source>
        <translation>显示高级推理服务字段</translation>
    </message>
    <message>
        <source>Prefill/decode pools</source>
        <translation>Prefill/decode 分池</translation>
    </message>
    <message>
        <source>Disaggregated serving: prefill and decode in separate pools. Auto plans them beside the co-located deployments and ranks both; pinned plans only the pools below</source>
        <translation>PD 分离部署：prefill 与 decode 在不同的池中运行。“同时规划分池”会在合并部署之外规划分池方案并一起排序；“固定分池”只规划下面给出的池</translation>
    </message>
    <message>
        <source>Co-located only</source>
        <translation>仅合并部署</translation>
    </message>
    <message>
        <source>Also separate pools</source>
        <translation>同时规划分池</translation>
    </message>
    <message>
        <source>Pinned pools</source>
        <translation>固定分池</translation>
    </message>
    <message>
        <source>Pools across providers</source>
        <translation>允许跨云厂商分池</translation>
    </message>
    <message>
        <source>Let the prefill and decode pools sit at different providers or regions: the KV cache then crosses an inter-region link and its egress is paid</source>
        <translation>允许 prefill 池和 decode 池位于不同云厂商或区域：KV 缓存需跨区域传输，并支付出流量费用</translation>
    </message>
    <message>
        <source>Prefill pool GPU</source>
        <translation>prefill 池 GPU</translation>
    </message>
    <message>
        <source>Decode pool GPU</source>
        <translation>decode 池 GPU</translation>
    </message>
    <message>
        <source>Pinned pools: the GPU model, or any</source>
        <translation>固定分池：GPU 型号，或任意</translation>
    </message>
    <message>
        <source>Prefill replicas</source>
        <translation>prefill 副本数</translation>
    </message>
    <message>
        <source>Decode replicas</source>
        <translation>decode 副本数</translation>
    </message>
    <message>
        <source>pinned pools only</source>
        <translation>仅用于固定分池</translation>
    </message>
    <message>
        <source>Prefill tensor parallel</source>
        <translation>prefill 张量并行</translation>
    </message>
    <message>
        <source>Decode tensor parallel</source>
        <translation>decode 张量并行</translation>
    </message>
    <message>
        <source>GPUs of one replica of the pool, inside one instance</source>
        <translation>池中一个副本的 GPU 数，在同一实例内</translation>
    </message>
    <message>
        <source>Request lengths from a CSV…</source>
        <translation>从 CSV 读取请求长度…</translation>
    </message>
    <message>
        <source>Take the prompt and output lengths of real requests (your serving logs, a published trace) from a CSV with prompt_tokens and output_tokens columns</source>
        <translation>从含 prompt_tokens 和 output_tokens 列的 CSV 读取真实请求的输入与输出长度（您的服务日志，或公开的请求轨迹）</translation>
    </message>
    <message>
        <source>One length</source>
        <translation>单一长度</translation>
    </message>
    <message>
        <source>Drop the length mix: the prompt and output tokens above apply again</source>
        <translation>去掉长度分布：重新使用上面的输入与输出 token 数</translation>
    </message>
    <message numerus="yes">
        <source>Lengths: a mix of %n bucket(s) from the workload file</source>
        <translation>
            <numerusform>长度：来自工作负载文件的 %n 个分桶</numerusform>
        </translation>
    </message>
    <message>
        <source>from the length mix</source>
        <translation>取自长度分布</translation>
    </message>
    <message numerus="yes">
        <source>Lengths: a mix of %n bucket(s) from the %1 requests of %2</source>
        <translation>
            <numerusform>长度：由 %2 的 %1 个请求得到的 %n 个分桶</numerusform>
        </translation>
    </message>
    <message>
        <source>Overlap expert all-to-alls</source>
        <translation>重叠专家 all-to-all 通信</translation>
    </message>
    <message>
        <source>Megatron-Core&apos;s combined 1F1B: one micro-batch&apos;s expert dispatch and combine run under another&apos;s compute (default no; DualPipe always overlaps them)</source>
        <translation>Megatron-Core 的 combined 1F1B：一个微批次的专家分发与合并在另一个微批次的计算期间进行（默认否；DualPipe 总是重叠它们）</translation>
    </message>
    <message>
        <source>MoE token dispatcher</source>
        <translation>MoE 令牌分发器</translation>
    </message>
    <message>
        <source>DeepEP-style (DeepEP, HybridEP: a token crosses to each remote node once) or a plain NCCL all-to-all (every routed copy crosses the network)</source>
        <translation>DeepEP 式（DeepEP、HybridEP：令牌到每个远端节点只传一次）或普通 NCCL all-to-all（每个路由副本都经网络传输）</translation>
    </message>
    <message>
        <source>Default (DeepEP-style)</source>
        <translation>默认（DeepEP 式）</translation>
    </message>
    <message>
        <source>DeepEP-style</source>
        <translation>DeepEP 式</translation>
    </message>
    <message>
        <source>All-to-all (NCCL)</source>
        <translation>All-to-all（NCCL）</translation>
    </message>
</context>
<context>
    <name>gpuplan::gui::json</name>
    <message>
        <source>expected a JSON object</source>
        <translation>应为 JSON 对象</translation>
    </message>
</context>
<context>
    <name>gpuplan::importers</name>
    <message>
        <source>gpuplan catalog (gpuplan.catalog/1 JSON)</source>
        <translation>gpuplan 价格目录（gpuplan.catalog/1 JSON）</translation>
    </message>
    <message>
        <source>SkyPilot catalog CSV</source>
        <translation>SkyPilot 价格目录 CSV</translation>
    </message>
    <message>
        <source>AWS Price List offer file (CSV)</source>
        <translation>AWS Price List 报价文件（CSV）</translation>
    </message>
    <message>
        <source>AWS Price List offer file (JSON)</source>
        <translation>AWS Price List 报价文件（JSON）</translation>
    </message>
    <message>
        <source>Azure Retail Prices API page (JSON)</source>
        <translation>Azure 零售价格 API 页面（JSON）</translation>
    </message>
    <message>
        <source>GCP Cloud Billing Catalog SKU page (JSON)</source>
        <translation>GCP Cloud Billing 目录 SKU 页面（JSON）</translation>
    </message>
    <message>
        <source>Alibaba Cloud instancePrice.json</source>
        <translation>阿里云 instancePrice.json</translation>
    </message>
    <message>
        <source>AWS Spot Advisor data (JSON)</source>
        <translation>AWS Spot Advisor 数据（JSON）</translation>
    </message>
    <message>
        <source>GCP pricing.yml (Cyclenerd&apos;s Cloud Billing Catalog export, YAML)</source>
        <translation>GCP pricing.yml（Cyclenerd 的 Cloud Billing Catalog 导出，YAML）</translation>
    </message>
</context>
</TS>
