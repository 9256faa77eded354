#include "panels/PropertyRows.h"

#include "widgets/NumberField.h"
#include "widgets/QuatAsEulerField.h"
#include "widgets/Vec3Field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <algorithm>
#include <optional>

namespace cs::ui {

namespace {

template <class Field> void setUpNumbers(Field* field, const PropertyLook& look)
{
    field->setRange(look.minimum, look.maximum);
    field->setAbove(look.above);
    field->setDecimals(look.decimals);
    if (look.step > 0)
        field->setSingleStep(look.step);
}

/// The value all agree on, or nothing.
template <class T> std::optional<T> common(const std::vector<T>& values)
{
    if (values.empty() ||
        !std::all_of(values.begin(), values.end(), [&](const T& v) { return v == values[0]; }))
        return std::nullopt;
    return values[0];
}

} // namespace

PropertyFields::PropertyFields(const std::vector<PropertyLook>& looks, QWidget* parent, QObject* context,
                               const std::function<void(size_t row, const PropertyEdit& edit)>& edited)
    : m_looks(looks)
{
    for (size_t i = 0; i < m_looks.size(); ++i) {
        const PropertyLook& look = m_looks[i];
        QWidget* field = nullptr;
        switch (look.kind) {
        case PropertyKind::Number: {
            auto* number = new NumberField(parent);
            setUpNumbers(number, look);
            number->setUnit(look.unit);
            if (!look.minimumText.isEmpty())
                number->spinBox()->setSpecialValueText(look.minimumText);
            QObject::connect(number, &NumberField::edited, context,
                             [edited, i](double value) { edited(i, NumberEdit{value}); });
            field = number;
            break;
        }
        case PropertyKind::Vector: {
            auto* vector = new Vec3Field(parent);
            setUpNumbers(vector, look);
            if (!look.unit.isEmpty())
                vector->setUnit(look.unit);
            QObject::connect(vector, &Vec3Field::componentEdited, context,
                             [edited, i](int axis, double value) {
                                 edited(i, VectorEdit{axis, value});
                             });
            field = vector;
            break;
        }
        case PropertyKind::Orientation: {
            auto* orientation = new QuatAsEulerField(parent);
            QObject::connect(orientation, &QuatAsEulerField::componentEdited, context,
                             [edited, i](int axis, double degrees) {
                                 edited(i, OrientationEdit{axis, degrees});
                             });
            field = orientation;
            break;
        }
        case PropertyKind::Toggle: {
            auto* check = new QCheckBox(look.label, parent);
            QObject::connect(check, &QCheckBox::clicked, context,
                             [edited, i](bool on) { edited(i, ToggleEdit{on}); });
            field = check;
            break;
        }
        case PropertyKind::Choice: {
            auto* combo = new QComboBox(parent);
            combo->setPlaceholderText(NumberSpinBox::mixedText());
            combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
            combo->setMinimumContentsLength(12);
            QObject::connect(combo, &QComboBox::activated, context, [edited, i, combo](int index) {
                if (index >= 0)
                    edited(i, ChoiceEdit{combo->itemData(index).toInt()});
            });
            field = combo;
            break;
        }
        }
        field->setObjectName(look.objectName);
        field->setToolTip(look.toolTip);
        QLabel* label = nullptr;
        if (look.kind != PropertyKind::Toggle) {
            label = new QLabel(look.label, parent);
            label->setBuddy(field);
            label->setToolTip(look.toolTip);
        }
        m_fields.push_back(field);
        m_labels.push_back(label);
    }
}

void PropertyFields::addRows(QFormLayout* form, size_t first, size_t count)
{
    for (size_t i = first; i < first + count && i < m_fields.size(); ++i) {
        if (m_labels[i])
            form->addRow(m_labels[i], m_fields[i]);
        else
            form->addRow(m_fields[i]);
    }
}

void PropertyFields::addRow(QFormLayout* form, size_t row, QWidget* trailing)
{
    auto* box = new QWidget(m_fields[row]->parentWidget());
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    m_fields[row]->setParent(box);
    trailing->setParent(box);
    layout->addWidget(m_fields[row], 1);
    layout->addWidget(trailing);
    if (m_labels[row])
        form->addRow(m_labels[row], box);
    else
        form->addRow(box);
}

void PropertyFields::showNumbers(size_t row, const std::vector<double>& values)
{
    static_cast<NumberField*>(m_fields[row])->setValues(values);
}

void PropertyFields::showVectors(size_t row, const std::vector<physics::Vec3>& values)
{
    static_cast<Vec3Field*>(m_fields[row])->setValues(values);
}

void PropertyFields::showOrientations(size_t row, const std::vector<physics::Quat>& values)
{
    static_cast<QuatAsEulerField*>(m_fields[row])->setValues(values);
}

void PropertyFields::showToggles(size_t row, const std::vector<bool>& values)
{
    auto* check = static_cast<QCheckBox*>(m_fields[row]);
    const QSignalBlocker blocker(check);
    const bool any = std::find(values.begin(), values.end(), true) != values.end();
    const bool all = !values.empty() && std::find(values.begin(), values.end(), false) == values.end();
    const Qt::CheckState state = all ? Qt::Checked : any ? Qt::PartiallyChecked : Qt::Unchecked;
    // Tristate only to show the mixed state: a click from it checks every object.
    check->setTristate(state == Qt::PartiallyChecked);
    check->setCheckState(state);
}

void PropertyFields::showChoices(size_t row, const std::vector<int>& values,
                                 const document::Document& document)
{
    auto* combo = static_cast<QComboBox*>(m_fields[row]);
    const ChoiceEntries& entries = m_looks[row].choices;
    const QSignalBlocker blocker(combo);
    combo->clear();
    if (!entries.none.isEmpty())
        combo->addItem(entries.none, -1);
    for (const auto& [text, value] : entries.fixed)
        combo->addItem(text, value);
    if (entries.list) {
        const std::vector<QString> list = entries.list(document);
        for (size_t i = 0; i < list.size(); ++i)
            combo->addItem(list[i], static_cast<int>(i));
    }
    if (entries.valued) {
        for (const auto& [text, value] : entries.valued(document))
            combo->addItem(text, value);
    }
    if (!entries.actions.empty()) {
        combo->insertSeparator(combo->count());
        for (const auto& [text, value] : entries.actions)
            combo->addItem(text, value);
    }
    const std::optional<int> value = common(values);
    int index = -1;
    if (value) {
        index = combo->findData(*value);
        if (index < 0) { // a reference to nothing: shown as it is, after "none"
            index = entries.none.isEmpty() ? 0 : 1;
            combo->insertItem(index, QObject::tr("Invalid index %1").arg(*value), *value);
        }
    }
    combo->setCurrentIndex(index);
}

void PropertyFields::discardTyping()
{
    for (size_t i = 0; i < m_fields.size(); ++i) {
        switch (m_looks[i].kind) {
        case PropertyKind::Number:
            static_cast<NumberField*>(m_fields[i])->discardTyping();
            break;
        case PropertyKind::Vector:
            static_cast<Vec3Field*>(m_fields[i])->discardTyping();
            break;
        case PropertyKind::Orientation:
            static_cast<QuatAsEulerField*>(m_fields[i])->discardTyping();
            break;
        case PropertyKind::Toggle:
        case PropertyKind::Choice:
            break; // nothing typed
        }
    }
}

void PropertyFields::setGroupUsed(int group, bool used, const QString& whyNot)
{
    for (size_t i = 0; i < m_fields.size(); ++i) {
        if (m_looks[i].group != group)
            continue;
        m_fields[i]->setEnabled(used);
        m_fields[i]->setToolTip(used ? m_looks[i].toolTip : whyNot);
        if (m_labels[i]) {
            m_labels[i]->setEnabled(used);
            m_labels[i]->setToolTip(m_fields[i]->toolTip());
        }
    }
}

} // namespace cs::ui
