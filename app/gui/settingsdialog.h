#pragma once

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace gpuplan::gui {

class AppContext;
class SecretStore;

/// Settings: language, palette, currency and exchange rates, electricity price, PUE, headroom, negotiated
/// discounts (in the store) and the GCP API key (in the OS keychain, or nowhere).
class SettingsDialog : public QDialog
{
    Q_OBJECT
public:
    explicit SettingsDialog(AppContext* context, QWidget* parent = nullptr);

    /// Writes everything (QSettings, the store's discounts) and emits applied().
    void apply();
    QComboBox* languageBox() const { return m_language; }
    QLabel* keyStatus() const { return m_keyStatus; }

Q_SIGNALS:
    void applied();

private:
    void load();
    void keychainResult(bool ok, bool available, const QString& value, const QString& message);

    AppContext* m_context;
    SecretStore* m_secrets;
    QComboBox* m_language;
    QComboBox* m_theme;
    QComboBox* m_memoryUnits;
    QComboBox* m_currency;
    QTableWidget* m_fx;
    QTableWidget* m_discounts;
    QDoubleSpinBox* m_electricity;
    QDoubleSpinBox* m_pue;
    QDoubleSpinBox* m_headroom;
    QLineEdit* m_key;
    QPushButton* m_saveKey;
    QPushButton* m_forgetKey;
    QLabel* m_keyStatus;
};

} // namespace gpuplan::gui
