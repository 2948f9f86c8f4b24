#include "pool_trace.h"

#include "csv.h"
#include "json_reader.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <map>

namespace gpuplan::core {

namespace {

using detail::Bound;
using detail::ObjectReader;

constexpr std::int64_t unlimited = poolUnlimited;
constexpr double mibPerGib = 1024;

std::optional<double> parseNumber(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    double v = 0;
    const char* end = s.data() + s.size();
    auto [ptr, ec] = std::from_chars(s.data(), end, v);
    if (s.empty() || ec != std::errc() || ptr != end || !std::isfinite(v))
        return std::nullopt;
    return v;
}

std::vector<std::string> splitTypes(std::string_view s)
{
    std::vector<std::string> out;
    std::size_t from = 0;
    while (from <= s.size()) {
        const std::size_t bar = std::min(s.find('|', from), s.size());
        std::string_view part = s.substr(from, bar - from);
        while (!part.empty() && part.front() == ' ')
            part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ')
            part.remove_suffix(1);
        if (!part.empty())
            out.emplace_back(part);
        from = bar + 1;
    }
    return out;
}

/// A CSV file read record by record, its columns found by name, each value checked with the file, line, column and
/// value named in the error.
class CsvRows
{
public:
    CsvRows(std::string_view text, std::string file)
        : m_lines(text)
        , m_reader(m_lines)
        , m_file(std::move(file))
    { }

    Status readHeader()
    {
        if (!m_reader.next(m_header)) {
            if (m_reader.overlong())
                return overlongRecord(m_file, m_reader);
            return Error {ErrorCode::ParseError, m_file + ": empty file, expected a CSV header"};
        }
        if (m_reader.unterminated())
            return unterminated();
        for (auto& h : m_header) {
            while (!h.empty() && (h.back() == ' ' || h.back() == '\r'))
                h.pop_back();
            while (!h.empty() && h.front() == ' ')
                h.erase(h.begin());
        }
        return Ok {};
    }

    int column(std::string_view name) const
    {
        for (std::size_t i = 0; i < m_header.size(); ++i)
            if (m_header[i] == name)
                return static_cast<int>(i);
        return -1;
    }
    bool has(std::string_view name) const { return column(name) >= 0; }
    const std::vector<std::string>& header() const { return m_header; }

    /// The next record: true with a record, false at the end or on an error (error() then says which).
    bool next()
    {
        if (!m_reader.next(m_fields)) {
            if (m_reader.overlong())
                m_error = overlongRecord(m_file, m_reader);
            return false;
        }
        if (m_reader.unterminated()) {
            m_error = unterminated();
            return false;
        }
        if (m_fields.size() != m_header.size()) {
            m_error = Error {ErrorCode::ParseError,
                where() + ": " + std::to_string(m_fields.size()) + " fields, the header has "
                    + std::to_string(m_header.size())
                    + (m_fields.size() < m_header.size() ? " (a truncated row?)" : "")};
            return false;
        }
        return true;
    }
    const std::optional<Error>& error() const { return m_error; }

    int line() const { return static_cast<int>(m_reader.line()); }
    std::string where() const { return m_file + ":" + std::to_string(m_reader.line()); }
    const std::string& file() const { return m_file; }

    /// The field in column `col` ("" when the file has no such column).
    std::string_view field(int col) const
    {
        return col >= 0 ? std::string_view(m_fields[static_cast<std::size_t>(col)]) : std::string_view();
    }

    Error bad(int col, const std::string& what) const
    {
        return Error {ErrorCode::InvalidInput,
            where() + ": column " + m_header[static_cast<std::size_t>(col)] + ": " + what + ", got \""
                + std::string(field(col).substr(0, 60)) + "\""};
    }

    /// A number from lo to hi in column `col`; `fallback` when the column is absent or the field empty (an error
    /// when there is no fallback).
    Result<double> number(int col, double lo, double hi, std::optional<double> fallback, const std::string& what) const
    {
        if (col < 0 || field(col).empty()) {
            if (fallback)
                return *fallback;
            if (col < 0)
                return Error {ErrorCode::InvalidInput, where() + ": no value for " + what};
        }
        auto v = parseNumber(field(col));
        if (!v || *v < lo || *v > hi)
            return bad(col, what);
        return *v;
    }

    /// A whole number from lo to hi (see number()).
    Result<std::int64_t> integer(
        int col, std::int64_t lo, std::int64_t hi, std::optional<std::int64_t> fallback, const std::string& what) const
    {
        auto v = number(col, static_cast<double>(lo), static_cast<double>(hi),
            fallback ? std::optional<double>(static_cast<double>(*fallback)) : std::nullopt, what);
        if (!v)
            return v.error();
        if (*v != std::floor(*v))
            return bad(col, what);
        return static_cast<std::int64_t>(*v);
    }

private:
    Error unterminated() const
    {
        return Error {ErrorCode::ParseError, where() + ": unterminated quoted field (truncated file?)"};
    }

    LineSource m_lines;
    CsvReader m_reader;
    std::string m_file;
    std::vector<std::string> m_header;
    std::vector<std::string> m_fields;
    std::optional<Error> m_error;
};

/// Every header column must be one of `known`: a misspelt column would otherwise be silently ignored.
Status checkColumns(const CsvRows& rows, const std::vector<std::string>& known, const std::string& format)
{
    for (const auto& h : rows.header()) {
        bool found = false;
        for (const auto& k : known)
            found |= h == k;
        if (!found) {
            std::string list;
            for (const auto& k : known)
                list += (list.empty() ? "" : ", ") + k;
            return Error {ErrorCode::InvalidInput,
                rows.file() + ":1: unknown column \"" + h.substr(0, 60) + "\" for " + format + " (columns: " + list
                    + ")"};
        }
    }
    return Ok {};
}

bool looksLikeJson(std::string_view text)
{
    std::size_t i = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
        ++i;
    return i < text.size() && text[i] == '{';
}

/// GPUs given as one number: 0, a share of one GPU (0 < x < 1, to the milli-GPU), or a whole number of GPUs.
struct GpuAsk
{
    int gpus = 0;
    int milli = 0;
};
std::optional<GpuAsk> gpuAsk(double g)
{
    if (g == 0)
        return GpuAsk {};
    if (g > 0 && g < 1) {
        const int milli = static_cast<int>(std::lround(g * 1000));
        if (milli < 1 || milli > 999)
            return std::nullopt;
        return GpuAsk {1, milli};
    }
    if (g >= 1 && g <= maxPoolGpusPerNode && g == std::floor(g))
        return GpuAsk {static_cast<int>(g), 1000};
    return std::nullopt;
}
const std::string gpuAskRule = "must be 0, a share of one GPU (0.001 to 0.999) or a whole number of GPUs up to "
    + std::to_string(maxPoolGpusPerNode);

Error tooMany(const std::string& file, const char* what, std::size_t limit)
{
    return Error {ErrorCode::LimitExceeded, file + ": more than " + std::to_string(limit) + " " + what};
}

void checkSchema(ObjectReader& r, const std::string& schema)
{
    if (r.string("schema") != schema)
        detail::fail(r.context(), "/schema", "must be \"" + schema + "\", got " + detail::describe(r.raw("schema")));
}

/// Reads every record of `rows` with `read`, which appends to the list or returns the error that stops it.
template<typename T, typename F> Result<std::vector<T>> readRows(CsvRows& rows, F&& read)
{
    std::vector<T> out;
    while (rows.next())
        if (auto s = read(out); !s)
            return s.error();
    if (rows.error())
        return *rows.error();
    return out;
}

/// Parses {"schema": schema, key: [ {…}, … ]} and reads each element with `read(reader, index, list)`, which returns
/// the error that stops it; each element's unknown fields are reported as ObjectReader::finish() does.
template<typename T, typename F>
Result<std::vector<T>> readJsonList(std::string_view text, const std::string& fileName, const std::string& schema,
    const char* key, std::size_t limit, F&& read)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader r(root, "", ctx);
        checkSchema(r, schema);
        const auto& list = r.raw(key);
        if (!list.is_array())
            detail::fail(ctx, r.pointer(key), "must be an array, got " + detail::describe(list));
        r.finish();
        if (list.size() > limit)
            return tooMany(fileName, key, limit);
        std::vector<T> out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string ptr = detail::appendPointer(r.pointer(key), i);
            if (!list[i].is_object())
                detail::fail(ctx, ptr, "must be an object, got " + detail::describe(list[i]));
            ObjectReader o(list[i], ptr, ctx);
            if (auto s = read(o, i, out); !s)
                return s.error();
            o.finish();
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

// ---- nodes --------------------------------------------------------------------------------------------------

Result<std::vector<PoolNode>> openbNodes(CsvRows& rows)
{
    const int sn = rows.column("sn"), cpu = rows.column("cpu_milli"), mem = rows.column("memory_mib"),
              gpu = rows.column("gpu"), model = rows.column("model");
    if (cpu < 0 || mem < 0 || gpu < 0 || model < 0)
        return Error {ErrorCode::InvalidInput,
            rows.file() + ": an openb node list needs the columns cpu_milli, memory_mib, gpu and model"};
    return readRows<PoolNode>(rows, [&](std::vector<PoolNode>& out) -> Status {
        PoolNode n;
        n.line = rows.line();
        n.name = sn >= 0 && !rows.field(sn).empty() ? std::string(rows.field(sn)) : "node-" + std::to_string(n.line);
        auto c = rows.integer(cpu, 0, unlimited, std::nullopt, "must be a whole number of milli-CPU, 0 or more");
        if (!c)
            return c.error();
        auto m = rows.integer(mem, 0, unlimited, std::nullopt, "must be a whole number of MiB, 0 or more");
        if (!m)
            return m.error();
        auto g = rows.integer(gpu, 0, maxPoolGpusPerNode, std::nullopt,
            "must be a whole number of GPUs from 0 to " + std::to_string(maxPoolGpusPerNode));
        if (!g)
            return g.error();
        n.cpuMilli = *c;
        n.memoryMib = *m;
        n.gpus = static_cast<int>(*g);
        n.gpuType = std::string(rows.field(model));
        if (out.size() >= maxPoolNodes)
            return tooMany(rows.file(), "nodes", maxPoolNodes);
        out.push_back(std::move(n));
        return Ok {};
    });
}

/// A node of the simple forms, `count` times (names get "-1", "-2", … when count > 1).
Status addNodes(std::vector<PoolNode>& out, PoolNode n, std::int64_t count, const std::string& file)
{
    if (out.size() + static_cast<std::size_t>(count) > maxPoolNodes)
        return tooMany(file, "nodes", maxPoolNodes);
    for (std::int64_t i = 1; i <= count; ++i) {
        out.push_back(n);
        if (count > 1) { // (appended in two steps: g++ 12 -O2 warns falsely on "-" + std::to_string(i))
            out.back().name += '-';
            out.back().name += std::to_string(i);
        }
    }
    return Ok {};
}

Result<std::vector<PoolNode>> simpleNodes(CsvRows& rows)
{
    if (auto c = checkColumns(rows, {"name", "gpu_type", "gpus", "cpu_cores", "memory_gib", "count", "pool"},
            "gpuplan's simple node CSV");
        !c)
        return c.error();
    const int name = rows.column("name"), type = rows.column("gpu_type"), gpus = rows.column("gpus"),
              cpu = rows.column("cpu_cores"), mem = rows.column("memory_gib"), count = rows.column("count"),
              pool = rows.column("pool");
    return readRows<PoolNode>(rows, [&](std::vector<PoolNode>& out) -> Status {
        PoolNode n;
        n.line = rows.line();
        n.name = !rows.field(name).empty() ? std::string(rows.field(name)) : "node-" + std::to_string(n.line);
        auto g = rows.integer(gpus, 0, maxPoolGpusPerNode, std::nullopt,
            "must be a whole number of GPUs from 0 to " + std::to_string(maxPoolGpusPerNode));
        if (!g)
            return g.error();
        auto c = rows.number(cpu, 0, 1e9, -1.0, "must be a number of cores, 0 or more");
        if (!c)
            return c.error();
        auto m = rows.number(mem, 0, 1e12, -1.0, "must be a number of GiB, 0 or more");
        if (!m)
            return m.error();
        auto k = rows.integer(count, 1, 100000, 1, "must be a whole number of nodes from 1 to 100000");
        if (!k)
            return k.error();
        n.gpus = static_cast<int>(*g);
        n.gpuType = std::string(rows.field(type));
        n.cpuMilli = *c < 0 ? unlimited : std::llround(*c * 1000);
        n.memoryMib = *m < 0 ? unlimited : std::llround(*m * mibPerGib);
        n.pool = std::string(rows.field(pool));
        return addNodes(out, std::move(n), *k, rows.file());
    });
}

Result<std::vector<PoolNode>> jsonNodes(std::string_view text, const std::string& fileName)
{
    return readJsonList<PoolNode>(text, fileName, "gpuplan.pool-nodes/1", "nodes", maxPoolNodes,
        [&](ObjectReader& o, std::size_t i, std::vector<PoolNode>& out) -> Status {
            PoolNode n;
            n.line = static_cast<int>(i + 1);
            n.name = o.optString("name").value_or("node-" + std::to_string(i + 1));
            n.gpus = static_cast<int>(o.integer("gpus", 0, maxPoolGpusPerNode));
            n.gpuType = o.optString("gpu_type").value_or("");
            const auto cpu = o.optNumber("cpu_cores", Bound::NonNegative);
            const auto mem = o.optNumber("memory_gib", Bound::NonNegative);
            n.cpuMilli = cpu ? std::llround(std::min(*cpu, 1e9) * 1000) : unlimited;
            n.memoryMib = mem ? std::llround(std::min(*mem, 1e12) * mibPerGib) : unlimited;
            n.pool = o.optString("pool").value_or("");
            return addNodes(out, std::move(n), o.optInteger("count", 1, 100000).value_or(1), fileName);
        });
}

// ---- tasks --------------------------------------------------------------------------------------------------

/// The openb qos classes: BE (best effort) may be evicted; LS (latency-sensitive), Burstable and Guaranteed outrank
/// it (Alibaba cluster-trace-gpu-v2023 README: "qos" is the pod's quality-of-service class).
void setOpenbClass(PoolTask& t, std::string_view qos)
{
    t.taskClass = qos.empty() ? "default" : std::string(qos);
    t.preemptible = qos == "BE";
    t.priority = t.preemptible ? 0 : 1;
}

Result<std::vector<PoolTask>> openbTasks(CsvRows& rows)
{
    const int name = rows.column("name"), cpu = rows.column("cpu_milli"), mem = rows.column("memory_mib"),
              num = rows.column("num_gpu"), milli = rows.column("gpu_milli"), spec = rows.column("gpu_spec"),
              qos = rows.column("qos"), created = rows.column("creation_time"), deleted = rows.column("deletion_time"),
              scheduled = rows.column("scheduled_time");
    const std::string positive = "must be zero or a positive number";
    return readRows<PoolTask>(rows, [&](std::vector<PoolTask>& out) -> Status {
        PoolTask t;
        t.line = rows.line();
        t.name
            = name >= 0 && !rows.field(name).empty() ? std::string(rows.field(name)) : "task-" + std::to_string(t.line);
        auto n = rows.number(num, 0, std::numeric_limits<double>::max(), std::nullopt, positive);
        if (!n)
            return n.error();
        auto m = rows.number(milli, 0, std::numeric_limits<double>::max(), std::nullopt, positive);
        if (!m)
            return m.error();
        if (*n != std::floor(*n) || *n > maxPoolGpusPerNode)
            return rows.bad(num, "must be a whole number of GPUs from 0 to " + std::to_string(maxPoolGpusPerNode));
        t.gpus = static_cast<int>(*n);
        if (t.gpus > 0) {
            if (*m != std::floor(*m) || *m < 1 || *m > 1000)
                return rows.bad(milli, "must be a whole number from 1 to 1000 milli-GPU per GPU");
            t.gpuMilli = static_cast<int>(*m);
        }
        auto c = rows.integer(cpu, 0, unlimited, 0, "must be a whole number of milli-CPU, 0 or more");
        if (!c)
            return c.error();
        auto mm = rows.integer(mem, 0, unlimited, 0, "must be a whole number of MiB, 0 or more");
        if (!mm)
            return mm.error();
        t.cpuMilli = *c;
        t.memoryMib = *mm;
        if (t.gpus > 0)
            t.gpuTypes = splitTypes(rows.field(spec));
        setOpenbClass(t, rows.field(qos));
        const std::string seconds = "must be a number of seconds, 0 or more";
        auto a = rows.number(created, 0, 1e15, 0.0, seconds);
        if (!a)
            return a.error();
        auto s = rows.number(scheduled, 0, 1e15, *a, seconds);
        if (!s)
            return s.error();
        auto d = rows.number(deleted, 0, 1e15, -1.0, seconds);
        if (!d)
            return d.error();
        t.arrival = *a;
        if (*s < *a)
            return rows.bad(scheduled, "is before creation_time " + std::string(rows.field(created)));
        if (*d >= 0) {
            if (*d < *s) {
                const int start = rows.field(scheduled).empty() ? created : scheduled;
                return rows.bad(deleted,
                    "ends before the task starts (" + rows.header()[static_cast<std::size_t>(start)] + " "
                        + std::string(rows.field(start)) + "): a negative duration");
            }
            t.duration = *d - *s;
        }
        if (out.size() >= maxPoolTasks)
            return tooMany(rows.file(), "tasks", maxPoolTasks);
        out.push_back(std::move(t));
        return Ok {};
    });
}

Result<std::vector<PoolTask>> simpleTasks(CsvRows& rows)
{
    if (auto c = checkColumns(rows,
            {"name", "arrival_s", "duration_s", "gpus", "cpu_cores", "memory_gib", "gpu_memory_gib", "gpu_types",
                "class", "priority", "preemptible", "pool"},
            "gpuplan's simple task CSV");
        !c)
        return c.error();
    const int name = rows.column("name"), arrival = rows.column("arrival_s"), duration = rows.column("duration_s"),
              gpus = rows.column("gpus"), cpu = rows.column("cpu_cores"), mem = rows.column("memory_gib"),
              gmem = rows.column("gpu_memory_gib"), types = rows.column("gpu_types"), cls = rows.column("class"),
              prio = rows.column("priority"), pre = rows.column("preemptible"), pool = rows.column("pool");
    return readRows<PoolTask>(rows, [&](std::vector<PoolTask>& out) -> Status {
        PoolTask t;
        t.line = rows.line();
        t.name = !rows.field(name).empty() ? std::string(rows.field(name)) : "task-" + std::to_string(t.line);
        auto g = rows.number(gpus, 0, maxPoolGpusPerNode, std::nullopt, gpuAskRule);
        if (!g)
            return g.error();
        const auto ask = gpuAsk(*g);
        if (!ask)
            return rows.bad(gpus, gpuAskRule);
        t.gpus = ask->gpus;
        t.gpuMilli = ask->milli;
        const std::string seconds = "must be a number of seconds, 0 or more";
        auto a = rows.number(arrival, 0, 1e15, 0.0, seconds);
        if (!a)
            return a.error();
        auto d = rows.number(duration, 0, 1e15, -1.0, seconds);
        if (!d)
            return d.error();
        auto c = rows.number(cpu, 0, 1e9, 0.0, "must be a number of cores, 0 or more");
        if (!c)
            return c.error();
        auto m = rows.number(mem, 0, 1e12, 0.0, "must be a number of GiB, 0 or more");
        if (!m)
            return m.error();
        auto gm = rows.number(gmem, 0, 1e6, 0.0, "must be a number of GiB, 0 or more");
        if (!gm)
            return gm.error();
        auto p = rows.integer(prio, -1000000, 1000000, 0, "must be a whole number from -1000000 to 1000000");
        if (!p)
            return p.error();
        const std::string_view pv = rows.field(pre);
        if (!pv.empty() && pv != "0" && pv != "1" && pv != "true" && pv != "false")
            return rows.bad(pre, "must be true, false, 1 or 0");
        t.arrival = *a;
        t.duration = *d;
        t.cpuMilli = std::llround(*c * 1000);
        t.memoryMib = std::llround(*m * mibPerGib);
        t.gpuMemoryMib = std::llround(*gm * mibPerGib);
        t.gpuTypes = splitTypes(rows.field(types));
        t.taskClass = rows.field(cls).empty() ? "default" : std::string(rows.field(cls));
        t.priority = static_cast<int>(*p);
        t.preemptible = pv == "1" || pv == "true";
        t.pool = std::string(rows.field(pool));
        if (out.size() >= maxPoolTasks)
            return tooMany(rows.file(), "tasks", maxPoolTasks);
        out.push_back(std::move(t));
        return Ok {};
    });
}

Result<std::vector<PoolTask>> jsonTasks(std::string_view text, const std::string& fileName)
{
    return readJsonList<PoolTask>(text, fileName, "gpuplan.pool-tasks/1", "tasks", maxPoolTasks,
        [&](ObjectReader& o, std::size_t i, std::vector<PoolTask>& out) -> Status {
            PoolTask t;
            t.line = static_cast<int>(i + 1);
            t.name = o.optString("name").value_or("task-" + std::to_string(i + 1));
            const double g = o.number("gpus", Bound::NonNegative);
            const auto ask = gpuAsk(g);
            if (!ask)
                detail::fail(o.context(), o.pointer("gpus"), gpuAskRule + ", got " + detail::describe(o.raw("gpus")));
            t.gpus = ask->gpus;
            t.gpuMilli = ask->milli;
            t.arrival = std::min(o.optNumber("arrival_s", Bound::NonNegative).value_or(0), 1e15);
            t.duration = std::min(o.optNumber("duration_s", Bound::NonNegative).value_or(-1), 1e15);
            t.cpuMilli = std::llround(std::min(o.optNumber("cpu_cores", Bound::NonNegative).value_or(0), 1e9) * 1000);
            t.memoryMib
                = std::llround(std::min(o.optNumber("memory_gib", Bound::NonNegative).value_or(0), 1e12) * mibPerGib);
            t.gpuMemoryMib = std::llround(
                std::min(o.optNumber("gpu_memory_gib", Bound::NonNegative).value_or(0), 1e6) * mibPerGib);
            if (o.has("gpu_types")) {
                const auto& types = o.raw("gpu_types");
                if (!types.is_array())
                    detail::fail(o.context(), o.pointer("gpu_types"),
                        "must be an array of GPU types, got " + detail::describe(types));
                for (std::size_t k = 0; k < types.size(); ++k) {
                    if (!types[k].is_string())
                        detail::fail(o.context(), detail::appendPointer(o.pointer("gpu_types"), k),
                            "must be a GPU type, got " + detail::describe(types[k]));
                    t.gpuTypes.push_back(types[k].get<std::string>());
                }
            }
            t.taskClass = o.optString("class").value_or("default");
            t.priority = static_cast<int>(o.optInteger("priority", -1000000, 1000000).value_or(0));
            t.preemptible = o.optBool("preemptible").value_or(false);
            t.pool = o.optString("pool").value_or("");
            out.push_back(std::move(t));
            return Ok {};
        });
}

} // namespace

Result<std::vector<PoolNode>> readPoolNodes(std::string_view text, const std::string& fileName)
{
    if (looksLikeJson(text))
        return jsonNodes(text, fileName);
    CsvRows rows(text, fileName);
    if (auto h = rows.readHeader(); !h)
        return h.error();
    if (rows.has("model") || rows.has("sn") || rows.has("cpu_milli"))
        return openbNodes(rows);
    if (rows.has("gpus"))
        return simpleNodes(rows);
    return Error {ErrorCode::InvalidInput,
        fileName
            + ": a node file needs the columns sn, cpu_milli, memory_mib, gpu, model (Alibaba openb node list) "
              "or gpus (gpuplan's simple CSV), or is JSON \"gpuplan.pool-nodes/1\""};
}

Result<std::vector<PoolTask>> readPoolTasks(std::string_view text, const std::string& fileName)
{
    if (looksLikeJson(text))
        return jsonTasks(text, fileName);
    CsvRows rows(text, fileName);
    if (auto h = rows.readHeader(); !h)
        return h.error();
    if (rows.has("num_gpu") && rows.has("gpu_milli"))
        return openbTasks(rows);
    if (rows.has("gpus"))
        return simpleTasks(rows);
    return Error {ErrorCode::InvalidInput,
        fileName
            + ": needs the columns num_gpu and gpu_milli (Alibaba openb pod list) or gpus (gpuplan's simple "
              "CSV), or is JSON \"gpuplan.pool-tasks/1\""};
}

Result<std::vector<GpuTypeMapping>> readGpuTypeMap(
    std::string_view text, const std::string& fileName, const GpuCatalog& gpus)
{
    detail::JsonContext ctx {fileName, nullptr};
    try {
        const auto root = detail::parseJson(text, ctx);
        ObjectReader r(root, "", ctx);
        checkSchema(r, "gpuplan.gpu-map/1");
        r.optString("source");
        r.optString("notes");
        const auto& types = r.raw("types");
        if (!types.is_object())
            detail::fail(ctx, "/types", "must be an object of GPU types, got " + detail::describe(types));
        r.finish();
        std::vector<GpuTypeMapping> out;
        for (auto it = types.begin(); it != types.end(); ++it) {
            const std::string ptr = detail::appendPointer("/types", it.key());
            if (!it.value().is_object())
                detail::fail(ctx, ptr, "must be an object, got " + detail::describe(it.value()));
            ObjectReader o(it.value(), ptr, ctx);
            GpuTypeMapping m;
            m.label = it.key();
            if (!it.value().contains("gpu"))
                o.raw("gpu"); // required (null: left unmapped)
            if (o.has("gpu")) {
                const auto& id = o.raw("gpu");
                if (!id.is_string())
                    detail::fail(ctx, o.pointer("gpu"), "must be a gpus.json id or null, got " + detail::describe(id));
                auto g = gpus.find(id.get<std::string>());
                if (!g)
                    detail::fail(ctx, o.pointer("gpu"), g.error());
                m.gpuId = (*g)->id;
            }
            m.usdPerGpuHour = o.optNumber("usd_per_gpu_hour", Bound::NonNegative);
            m.priceSource = o.optString("source").value_or(m.usdPerGpuHour ? fileName : "");
            o.optString("note");
            o.finish();
            out.push_back(std::move(m));
        }
        return out;
    } catch (const detail::Failure& f) {
        return f.error;
    }
}

} // namespace gpuplan::core
