#pragma once
// Shared by the tests: read files from the source tree and load the bundled catalogs through core only.

#include "core/gpu.h"
#include "core/model.h"

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
