// Must NOT compile: core/ and its users see no Qt headers (see tests/CMakeLists.txt, core_has_no_qt).
#include "core/gpu.h"
#include <QString>

QString probe()
{
    return QString();
}
