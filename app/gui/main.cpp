// gpuplan, the desktop planner: everything lives in gpuplan_gui (app/gui); this only starts it.
#include "app/gui/application.h"

#include <QApplication>

int main(int argc, char* argv[])
{
    gpuplan::gui::prepareEnvironment(argc, argv);
    QApplication app(argc, argv);
    return gpuplan::gui::runApplication(app);
}
