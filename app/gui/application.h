#pragma once

class QApplication;

namespace gpuplan::gui {

/// Before the QApplication exists: --help, --version, --dump-form and --screenshot work without a display (the
/// offscreen platform is used when there is none and no platform is asked for).
void prepareEnvironment(int argc, char** argv);

/// Runs the desktop app: the command line (--db, --lang, --theme, --load, --new, --screenshot, …), language
/// and palette, the store, crash recovery, the main window. Returns the exit code (3 when the bundled data
/// cannot be read).
int runApplication(QApplication& app);

} // namespace gpuplan::gui
