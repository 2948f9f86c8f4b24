#pragma once
// The workload form: kind (training / serving / batch) switches the sections shown; every edit builds the
// workload JSON the CLI reads and runs core::parseWorkload on it, and the error the core reports is shown
// next to the field its JSON pointer names.

#include "appcontext.h"

#include "core/workload.h"

#include <QJsonObject>
#include <QPointer>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QToolButton;

namespace gpuplan::gui {

class CheckList;

class WorkloadForm : public QWidget
{
    Q_OBJECT
public:
    explicit WorkloadForm(std::shared_ptr<const CatalogData> catalog, QWidget* parent = nullptr);
    ~WorkloadForm() override;

    /// New catalog data (providers, currencies); the form's values stay.
    void setCatalogData(std::shared_ptr<const CatalogData> catalog);

    /// Everything typed, including sections hidden by the kind and fields the form has no widget for, as
    /// {"fields": {pointer: raw value}, "hardware": bool, "extra": {…}}. Undo and autosave keep this.
    QJsonObject state() const;
    /// Restores a state() without announcing an edit (undo, recovery).
    void setState(const QJsonObject& state);
    /// The state of a new workload.
    QJsonObject defaultState() const;
    /// Resets to defaultState().
    void reset();

    /// The workload document for the current kind (the same JSON the CLI reads).
    QJsonObject workloadJson() const;
    /// workloadJson() as indented text, keys in the README's order.
    QByteArray workloadText() const;
    /// Loads a workload document (a file or a scenario). On error returns false, leaves the form as it was
    /// and puts the reason in `error`.
    bool loadWorkload(const QByteArray& json, QString* error = nullptr);
    /// Takes the request lengths from a CSV of (prompt, output) pairs (core::lengthMixFromCsv) as the workload's
    /// length_mix, clearing the one-length and p99 fields, as one user edit; `fileName` names it in the plan.
    bool importLengthCsv(const QByteArray& csv, const QString& fileName, QString* error = nullptr);
    /// Drops a length_mix (imported or loaded), as one user edit: the prompt and output fields apply again.
    void clearLengthMix();
    /// Fills the model fields from a Hugging Face config.json (preset set to "custom"), as one user edit.
    bool importHfConfig(const QByteArray& json, QString* error = nullptr, QStringList* notes = nullptr);

    /// The workload as last validated, when valid.
    const std::optional<core::Workload>& workload() const { return m_workload; }
    bool isValid() const { return m_workload.has_value(); }
    /// The error the core reported (translated) and the pointer it named; empty when valid.
    QString errorMessage() const { return m_errorMessage; }
    QString errorPointer() const { return m_errorPointer; }
    QStringList warnings() const { return m_warnings; }
    /// The widget that edits `pointer` ("/training/tokens") and its error label, or null.
    QWidget* fieldWidget(const QString& pointer) const;
    QLabel* errorLabel(const QString& pointer) const;
    /// The field's label in the user's language ("Tokens"), or the pointer.
    QString fieldLabel(const QString& pointer) const;
    /// Whether the field is typed into (consecutive edits merge into one undo step).
    bool isTextField(const QString& pointer) const;
    /// Whether the field is empty (the core's or the Settings' default applies).
    bool isEmpty(const QString& pointer) const;
    /// All the JSON pointers the form has a widget for.
    QStringList pointers() const;

    /// Sets a field's value as if the user had typed or picked it (an edit with undo and autosave).
    bool setFieldValue(const QString& pointer, const QString& value);

Q_SIGNALS:
    /// The user changed a field (not setState/loadWorkload): the state before and after, and the field.
    void edited(const QJsonObject& before, const QJsonObject& after, const QString& pointer);
    /// After any change, once validated.
    void changed();
    /// The user asked to import a config.json (the window opens the file dialog).
    void importHfRequested();
    /// The user asked for request lengths from a CSV (the window opens the file dialog).
    void importLengthsRequested();

protected:
    void changeEvent(QEvent* event) override;

private:
    enum class Kind { Text, Number, Integer, Percent, Choice, ChoiceInt, TriBool, List, Checks };
    enum class Section { General, Model, Architecture, Training, Serving, Batch, Hardware, Constraints };
    struct Choice
    {
        QString value;
        const char* label; ///< QT_TRANSLATE_NOOP source; null: `text`, else the value, is the label
        QString text = {};
    };
    struct Field
    {
        QString pointer;
        Kind kind;
        Section section;
        const char* label;
        const char* placeholder = nullptr;
        const char* tip = nullptr;
        QWidget* widget = nullptr;
        QLabel* labelWidget = nullptr;
        QLabel* error = nullptr;
        QFormLayout* layout = nullptr;
        QVector<Choice> choices;
    };

    void build();
    void retranslate();
    Field& add(QFormLayout* form, Section section, const QString& pointer, Kind kind, const char* label,
        const char* placeholder = nullptr, const char* tip = nullptr, const QVector<Choice>& choices = {});
    void fillChoices(Field& f);
    const Field* find(const QString& pointer) const;
    QString rawValue(const Field& f) const;
    void setRawValue(Field& f, const QJsonValue& v);
    QJsonValue jsonValue(const Field& f) const;
    bool applies(const Field& f, const QString& kind, bool hardware) const;
    void userEdited(const QString& pointer);
    void validate();
    void updateVisibility();
    void updatePresetHints();
    void showError(const QString& pointer, const QString& message);
    QJsonObject stateFromWorkload(const QJsonObject& doc) const;

    std::shared_ptr<const CatalogData> m_data;
    QVector<Field> m_fields;
    QJsonObject m_extra;
    QJsonObject m_lastState;
    int m_applying = 0;
    std::optional<core::Workload> m_workload;
    QString m_errorMessage, m_errorPointer;
    QStringList m_warnings;

    QGroupBox* m_generalBox = nullptr;
    QGroupBox* m_modelBox = nullptr;
    QGroupBox* m_trainingBox = nullptr;
    QGroupBox* m_servingBox = nullptr;
    QGroupBox* m_batchBox = nullptr;
    QGroupBox* m_hardwareBox = nullptr;
    QGroupBox* m_constraintsBox = nullptr;
    QToolButton* m_archToggle = nullptr;
    QWidget* m_archPanel = nullptr;
    QLabel* m_moeHeading = nullptr;
    /// A collapsed sub-section of `parent`: a toggle with an arrow and the panel it shows; returns the panel's layout.
    QFormLayout* collapsible(QFormLayout* parent, const QString& name, QToolButton*& toggle, QWidget*& panel);
    QToolButton* m_trainingAdvancedToggle = nullptr;
    QWidget* m_trainingAdvancedPanel = nullptr;
    QToolButton* m_servingAdvancedToggle = nullptr;
    QWidget* m_servingAdvancedPanel = nullptr;
    QPushButton* m_hfButton = nullptr;
    QPushButton* m_lengthsButton = nullptr;      ///< request lengths from a CSV…
    QPushButton* m_clearLengthsButton = nullptr; ///< back to one length
    QLabel* m_lengthsLabel = nullptr;            ///< where the length mix came from
    void updateLengthMixLabel();
    /// Replaces the inference object's extra members (those without a field) by `members` (null: removes them), as
    /// one user edit named by `pointer`, clearing the fields in `cleared`.
    void editExtraInference(
        const QJsonObject& members, const QStringList& removed, const QStringList& cleared, const QString& pointer);
    QLabel* m_generalError = nullptr;
    QLabel* m_warningLabel = nullptr;
    QLabel* m_paramsLabel = nullptr;
};

} // namespace gpuplan::gui
