// Must NOT compile: core/ and its users see no Qt headers (see tests/CMakeLists.txt, core_has_no_qt). The same file
// built with GPUPLAN_PROBE_WITHOUT_QT (core_probe_clean) must compile, so that the probe's failure is the Qt include
// and nothing else.
#include "core/gpu.h"
#include "core/planner.h"
#include "core/workload.h"
#ifndef GPUPLAN_PROBE_WITHOUT_QT
#include <QString>

QString probe()
{
    return QString();
}
#else
int probe()
{
    return 0;
}
#endif
