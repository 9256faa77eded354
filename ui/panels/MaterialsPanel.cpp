#include "panels/MaterialsPanel.h"

#include "document/Document.h"
#include "panels/RecordFieldColumn.h"
#include "physics/FieldLimits.h"

namespace cs::ui {

namespace {

using physics::CombineMode;

/// A column over one field of a material.
template <class Field> RecordColumn materialColumn(QString header, QString toolTip, RecordEditor editor)
{
    return ui::fieldColumn<document::locate::Material, Field>(std::move(header), std::move(toolTip), editor);
}

/// The range, decimals and step of the core field descriptor (the validator checks the same bound).
RecordColumn numberColumn(RecordColumn c, const physics::FieldLimits& limits)
{
    c.minimum = limits.editorMinimum();
    c.maximum = limits.maximum;
    c.decimals = limits.decimals;
    c.step = limits.step;
    return c;
}

/// What "Not set" means in the document's family (physics::votingCombineMode): OMI reads "average", which
/// takes part in the precedence rule; KHR gives no default, so the material takes no part.
QString notSetMeaning(const document::Document& document)
{
    if (physics::votingCombineMode(std::nullopt, document.model().format))
        return MaterialsPanel::tr("Not set: OMI reads it as \"average\", which takes part in the precedence "
                                  "rule (average wins).");
    return MaterialsPanel::tr(
        "Not set: KHR gives no default, so this material takes no part in the precedence "
        "rule and the other material's mode applies.");
}

RecordColumn combineColumn(RecordColumn c)
{
    c.cellToolTip = [toolTip = c.toolTip](const RecordRow& row) {
        return toolTip + QLatin1Char('\n') + notSetMeaning(row.document);
    };
    c.choices = {
        {MaterialsPanel::tr("Not set"), -1,
         MaterialsPanel::tr("Leave the mode out: OMI reads \"average\"; in KHR the material takes no "
                            "part and the other material's mode applies")},
        {MaterialsPanel::tr("Average"), int(CombineMode::Average), {}},
        {MaterialsPanel::tr("Minimum"), int(CombineMode::Minimum), {}},
        {MaterialsPanel::tr("Maximum"), int(CombineMode::Maximum), {}},
        {MaterialsPanel::tr("Multiply"), int(CombineMode::Multiply), {}}};
    return c;
}

std::vector<RecordColumn> columns()
{
    using E = RecordEditor;
    std::vector<RecordColumn> c(MaterialsPanel::ColumnCount);
    c[MaterialsPanel::NameColumn] =
        materialColumn<document::field::MaterialName>(MaterialsPanel::tr("Name"), {}, E::Text);
    c[MaterialsPanel::NameColumn].width = RecordWidth::Stretch;
    c[MaterialsPanel::NameColumn].cellToolTip = [](const RecordRow& row) {
        const QString name = row.value(MaterialsPanel::NameColumn).toString();
        return name.isEmpty() ? MaterialsPanel::tr("Material %1 (no name)").arg(row.index) : name;
    };
    c[MaterialsPanel::StaticFrictionColumn] = numberColumn(
        materialColumn<document::field::StaticFriction>(
            MaterialsPanel::tr("Static friction"),
            MaterialsPanel::tr("Resistance to starting to slide (0 or more, typically 0 to 1)"), E::Number),
        physics::limits::Friction);
    c[MaterialsPanel::DynamicFrictionColumn] = numberColumn(
        materialColumn<document::field::DynamicFriction>(
            MaterialsPanel::tr("Dynamic friction"),
            MaterialsPanel::tr("Resistance while sliding (0 or more, typically 0 to 1); engines with one "
                               "friction value use this one"),
            E::Number),
        physics::limits::Friction);
    c[MaterialsPanel::RestitutionColumn] = numberColumn(
        materialColumn<document::field::Restitution>(
            MaterialsPanel::tr("Restitution"),
            MaterialsPanel::tr("Bounciness: 0 does not bounce, 1 bounces without losing energy"), E::Number),
        physics::limits::Restitution);
    c[MaterialsPanel::FrictionCombineColumn] = combineColumn(materialColumn<document::field::FrictionCombine>(
        MaterialsPanel::tr("Friction combine"),
        MaterialsPanel::tr("How two touching materials combine their friction (average wins over minimum, "
                           "then maximum, then multiply)"),
        E::Choice));
    c[MaterialsPanel::RestitutionCombineColumn] =
        combineColumn(materialColumn<document::field::RestitutionCombine>(
            MaterialsPanel::tr("Restitution combine"),
            MaterialsPanel::tr("How two touching materials combine their restitution"), E::Choice));
    c[MaterialsPanel::UsersColumn].header = MaterialsPanel::tr("Used by");
    c[MaterialsPanel::UsersColumn].toolTip = MaterialsPanel::tr("Colliders that use the material");
    c[MaterialsPanel::UsersColumn].users = true;
    return c;
}

RecordList list()
{
    return {.list = document::ListKind::Material,
            .noUsers = MaterialsPanel::tr("No collider uses this material")};
}

RecordPanelTexts texts()
{
    return {.stem = MaterialsPanel::tr("Material"),
            .addToolTip = MaterialsPanel::tr("Add a physics material with the default values"),
            .deleteToolTip = MaterialsPanel::tr(
                "Delete the current material; the colliders that used it get the default one"),
            .unnamed = MaterialsPanel::tr("material %1"),
            .deletedUnused = MaterialsPanel::tr("Deleted %1; no collider used it."),
            .deletedUsed = [](int users) {
                return MaterialsPanel::tr(
                    "Deleted %1. %n node(s) used it and now get the default material: %2", "", users);
            }};
}

} // namespace

MaterialsPanel::MaterialsPanel(QWidget* parent) : RecordTablePanel(list(), columns(), texts(), parent) {}

} // namespace cs::ui
