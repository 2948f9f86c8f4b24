#include "report.h"

#include "json_writer.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace gpuplan::probe {

namespace {
/// x rounded to 3 decimals (dividing by the exact 1000 gives the double nearest the decimal, which
/// to_chars then prints without trailing noise).
double rounded(double x)
{
    return std::round(x * 1000.0) / 1000.0;
}

void pair(JsonWriter& w, const char* name, const char* k1, double v1, const char* k2, double v2)
{
    w.key(name);
    w.beginObject();
    w.key(k1);
    w.number(rounded(v1));
    w.key(k2);
    w.number(rounded(v2));
    w.endObject();
}

void writeGpu(JsonWriter& w, const GpuRecord& g)
{
    w.beginObject();
    w.key("index");
    w.integer(g.index);
    w.key("name");
    w.string(g.name);
    w.key("uuid");
    w.string(g.uuid);
    w.key("compute_capability");
    w.string(g.computeCapability);
    w.key("memory_bytes");
    w.integer(g.memoryBytes);
    w.key("sm_count");
    w.integer(g.smCount);
    w.key("clock_mhz");
    w.number(g.clockMhz);
    w.key("memory_clock_mhz");
    w.number(g.memoryClockMhz);
    w.key("memory_bus_width_bits");
    w.integer(g.memoryBusWidthBits);
    w.key("gemm");
    w.beginArray();
    for (const auto& r : g.gemm) {
        w.beginObject();
        w.key("precision");
        w.string(r.precision);
        w.key("m");
        w.integer(r.m);
        w.key("n");
        w.integer(r.n);
        w.key("k");
        w.integer(r.k);
        if (!r.label.empty()) {
            w.key("label");
            w.string(r.label);
        }
        if (!r.model.empty()) {
            w.key("model");
            w.string(r.model);
            w.key("op");
            w.string(r.op);
            w.key("tp");
            w.integer(r.tp);
        }
        w.key("tflops");
        w.number(rounded(r.tflops));
        w.key("repetitions");
        w.integer(r.repetitions);
        w.endObject();
    }
    w.endArray();
    w.key("memory_bandwidth_gbyte_s");
    w.beginObject();
    w.key("read");
    w.number(rounded(g.readGBps));
    w.key("write");
    w.number(rounded(g.writeGBps));
    w.key("copy");
    w.number(rounded(g.copyGBps));
    w.endObject();
    pair(w, "host_to_device_gbyte_s", "pinned", g.hostToDevicePinnedGBps, "pageable", g.hostToDevicePageableGBps);
    pair(w, "device_to_host_gbyte_s", "pinned", g.deviceToHostPinnedGBps, "pageable", g.deviceToHostPageableGBps);
    w.endObject();
}
} // namespace

std::string probeJson(const ProbeRecord& record)
{
    JsonWriter w;
    w.beginObject();
    w.key("schema");
    w.string("gpuplan.probe/1");
    w.key("probe_version");
    w.string(record.probeVersion);
    w.key("created_at");
    w.string(record.createdAt);
    w.key("host");
    w.string(record.host);
    w.key("driver_version");
    w.string(record.driverVersion);
    w.key("runtime_version");
    w.string(record.runtimeVersion);
    w.key("gpus");
    w.beginArray();
    for (const auto& g : record.gpus)
        writeGpu(w, g);
    w.endArray();
    w.key("allreduce");
    w.beginArray();
    for (const auto& p : record.allreduce) {
        w.beginObject();
        w.key("bytes");
        w.integer(p.bytes);
        w.key("bus_bandwidth_gbyte_s");
        w.number(rounded(p.busBandwidthGBps));
        w.endObject();
    }
    w.endArray();
    w.key("notes");
    w.beginArray();
    for (const auto& n : record.notes)
        w.string(n);
    w.endArray();
    w.endObject();
    return w.text();
}

std::string uuidText(const std::array<unsigned char, 16>& bytes)
{
    static const char hex[] = "0123456789abcdef";
    std::string out = "GPU-";
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10)
            out += '-';
        out += hex[bytes[i] >> 4];
        out += hex[bytes[i] & 0xf];
    }
    return out;
}

std::string utcText(std::int64_t unixSeconds)
{
    using namespace std::chrono;
    const sys_seconds t {seconds {unixSeconds}}; // system_clock counts from the Unix epoch, UTC (C++20)
    const auto day = floor<days>(t);
    const year_month_day ymd {day};
    const hh_mm_ss hms {t - day};
    char text[32];
    std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(ymd.year()),
        static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), static_cast<int>(hms.hours().count()),
        static_cast<int>(hms.minutes().count()), static_cast<int>(hms.seconds().count()));
    return text;
}

std::string cudaVersionText(int version)
{
    return std::to_string(version / 1000) + '.' + std::to_string(version % 1000 / 10);
}

} // namespace gpuplan::probe
