#pragma once
// Shared by the tests: read files from the source tree and load the bundled catalogs through core only.

#include "core/gpu.h"
#include "core/model.h"
#include "core/planner.h"

#include <QtTest>

#include <QDir>

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace gpuplan::test {

inline std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// `text` with the first occurrence of `from` replaced by `to` (which must occur): a real fixture with one field
/// broken.
inline std::string edited(const std::string& text, const std::string& from, const std::string& to)
{
    const auto pos = text.find(from);
    if (pos == std::string::npos)
        qFatal("fixture does not contain %s", from.c_str());
    std::string out = text;
    out.replace(pos, from.size(), to);
    return out;
}

inline const core::GpuCatalog& gpus()
{
    static const core::GpuCatalog cat = [] {
        auto r = core::GpuCatalog::fromJson(readFile(GPUPLAN_SOURCE_DIR "/pricing-data/gpus.json"), "gpus.json");
        if (!r)
            qFatal("%s", r.error().detail.c_str());
        return std::move(r).value();
    }();
    return cat;
}

inline const core::ModelCatalog& models()
{
    static const core::ModelCatalog cat = [] {
        auto r = core::ModelCatalog::fromJson(readFile(GPUPLAN_SOURCE_DIR "/pricing-data/models.json"), "models.json");
        if (!r)
            qFatal("%s", r.error().detail.c_str());
        return std::move(r).value();
    }();
    return cat;
}

inline const core::GpuSpec& gpu(const char* id)
{
    auto r = gpus().find(id);
    if (!r)
        qFatal("%s", r.error().detail.c_str());
    return **r;
}

inline const core::ModelArch& model(const char* id)
{
    auto r = models().find(id);
    if (!r)
        qFatal("%s", r.error().detail.c_str());
    return **r;
}

/// Plan inputs over the bundled GPU and model catalogs (static: the shared_ptrs do not own them) with the given
/// offerings and exchange rates, everything else empty and the built-in defaults.
inline core::PlanInputs inputs(std::vector<core::Offering> offerings = {}, core::FxTable fx = {})
{
    core::PlanInputs in;
    in.gpus = std::shared_ptr<const core::GpuCatalog>(&gpus(), [](const core::GpuCatalog*) {});
    in.models = std::shared_ptr<const core::ModelCatalog>(&models(), [](const core::ModelCatalog*) {});
    in.offerings = std::make_shared<const std::vector<core::Offering>>(std::move(offerings));
    in.fx = std::move(fx);
    return in;
}

/// planWorkload that must succeed (the tests' inputs are valid).
inline core::Plan plan(const core::Workload& w, const core::PlanInputs& in)
{
    auto p = core::planWorkload(w, in);
    if (!p)
        qFatal("planWorkload: %s", p.error().detail.c_str());
    return std::move(p).value();
}

constexpr double GiB = 1024.0 * 1024.0 * 1024.0;

/// |actual − expected| ≤ tol·|expected|
inline bool near(double actual, double expected, double tol)
{
    return std::abs(actual - expected) <= tol * std::abs(expected);
}

} // namespace gpuplan::test

#define GP_COMPARE_REL(actual, expected, tol)                                                                          \
    do {                                                                                                               \
        const double a_ = (actual), e_ = (expected);                                                                   \
        if (!gpuplan::test::near(a_, e_, (tol)))                                                                       \
            QFAIL(qPrintable(QStringLiteral("%1 = %2, expected %3 (±%4%)")                                             \
                                 .arg(QLatin1String(#actual))                                                          \
                                 .arg(a_, 0, 'g', 10)                                                                  \
                                 .arg(e_, 0, 'g', 10)                                                                  \
                                 .arg((tol)*100)));                                                                    \
    } while (false)
