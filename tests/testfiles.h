#pragma once
// Files the tests write, shared by tests that link only Qt (the CLI's end-to-end tests) and those that link the app.

#include <QFile>
#include <QString>

namespace gpuplan::test {

/// A gpuplan catalog of `rows` offerings of which only the first is valid (the others have gpu_count 0): the
/// "199 of 200 rows bad" file that `catalog import` and the app's import refuse. False when it cannot be written.
inline bool writeMostlyBadCatalog(const QString& path, int rows)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return false;
    f.write(
        R"({"schema":"gpuplan.catalog/1","provider":"quotecloud","as_of":"2026-11-30","source":"test","offerings":[)");
    for (int i = 0; i < rows; ++i)
        f.write(QStringLiteral(R"(%1{"region":"r%2","instance_type":"t","gpu_model":"L4","gpu_count":%3,)"
                               R"("prices":[{"pricing_model":"on_demand","currency":"USD","hourly_rate":0.5}]})")
                    .arg(QLatin1String(i ? "," : ""))
                    .arg(i)
                    .arg(i == 0 ? 1 : 0)
                    .toUtf8());
    f.write("]}");
    return true;
}

} // namespace gpuplan::test
