#pragma once
// A tab widget repaints all of itself whenever a widget inside it asks for a new layout (QTabWidget::event →
// setUpLayout → update()), and a widget inside asks every time a label's text changes. For the main window's pages
// that is the whole window, twice a plan (the status line, the table, the side panel): see bench_gui_recompute.

class QTabWidget;

namespace gpuplan::gui {

/// Lets a layout request reach `tabs` only when what its own layout depends on changed: its tab bar's size, or its
/// own size hints (which its parent's layout reads). Otherwise the widgets inside have already laid themselves out
/// and repainted what changed, and nothing else would move.
void quietLayoutRequests(QTabWidget* tabs);

} // namespace gpuplan::gui
