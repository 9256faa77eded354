#include "panels/ColliderRows.h"

#include "ModelLabels.h"
#include "document/ComponentEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/SetFields.h"

#include <QCoreApplication>

namespace cs::ui {

namespace {

using physics::ShapeType;
using Objects = PropertyObjects<ColliderComponent>;

constexpr ShapeType kShapeTypes[] = {ShapeType::Box,      ShapeType::Sphere, ShapeType::Capsule,
                                     ShapeType::Cylinder, ShapeType::Convex, ShapeType::Trimesh};

QString tr(const char* text)
{
    return QCoreApplication::translate("cs::ui::ColliderPanel", text);
}

std::vector<size_t> nodesOf(const Objects& objects)
{
    std::vector<size_t> nodes;
    nodes.reserve(objects.size());
    for (const auto& entry : objects)
        nodes.push_back(entry.first);
    return nodes;
}

document::Component componentOf(bool collider)
{
    return collider ? document::Component::Collider : document::Component::Trigger;
}

PropertyRow<ColliderComponent> shapeRow(bool collider,
                                        std::function<void(const std::vector<size_t>&, int)> chooseShape)
{
    PropertyRow<ColliderComponent> shape;
    ChoiceEntries shapes;
    shapes.none = collider ? tr("None (compound group)") : tr("None (compound trigger)");
    shapes.list = [](const document::Document& doc) {
        std::vector<QString> labels;
        for (size_t i = 0; i < doc.model().shapes.size(); ++i)
            labels.push_back(shapeLabel(doc, i));
        return labels;
    };
    for (ShapeType type : kShapeTypes)
        shapes.actions.emplace_back(tr("New %1").arg(QString::fromLatin1(physics::shapeTypeName(type))),
                                    kNewShapeItem + static_cast<int>(type));
    shape.look = propertyLook(QStringLiteral("shapeCombo"), tr("Shape"),
                              tr("The shape of the %1: one of the document's shapes, or a new one.")
                                  .arg(collider ? tr("collider") : tr("trigger")),
                              0)
                     .withChoices(std::move(shapes));
    shape.choice = [](const ColliderComponent& c) { return c.compound ? -1 : c.shape; };
    shape.edit = [chooseShape = std::move(chooseShape)](document::Document&, const Objects& objects,
                                                        const PropertyEdit& edit) {
        if (const auto* e = std::get_if<ChoiceEdit>(&edit))
            chooseShape(nodesOf(objects), e->value);
    };
    return shape;
}

PropertyRow<ColliderComponent> compoundRow(bool collider)
{
    PropertyRow<ColliderComponent> compound;
    compound.look = propertyLook(QStringLiteral("compoundCheck"),
                                 collider ? tr("Compound group") : tr("Compound trigger"), {}, 0);
    compound.look.kind = PropertyKind::Toggle;
    compound.toggle = [](const ColliderComponent& c) { return c.compound; };
    compound.edit = [collider](document::Document& doc, const Objects& objects, const PropertyEdit& edit) {
        const auto* e = std::get_if<ToggleEdit>(&edit);
        if (e && e->on) // leaving a compound is done by picking a shape
            document::makeCompound(doc, nodesOf(objects), componentOf(collider));
    };
    return compound;
}

PropertyRow<ColliderComponent> filterRow(bool collider)
{
    const auto filterLabels = [](const document::Document& doc) {
        std::vector<QString> labels;
        for (size_t i = 0; i < doc.model().filters.size(); ++i)
            labels.push_back(filterLabel(doc, i));
        return labels;
    };
    PropertyRow<ColliderComponent> filter;
    filter.look = propertyLook(QStringLiteral("filterCombo"), tr("Collision filter"),
                               tr("Which collision systems it belongs to and meets (None: the engine's "
                                  "default)."),
                               0)
                      .withChoices({tr("None (default)"), {}, filterLabels, {}, {}});
    filter.choice = [](const ColliderComponent& c) { return c.filter; };
    filter.edit = [collider](document::Document& doc, const Objects& objects, const PropertyEdit& edit) {
        const auto* e = std::get_if<ChoiceEdit>(&edit);
        if (!e)
            return;
        std::vector<std::pair<size_t, int>> items;
        for (const auto& [node, c] : objects) {
            if (collider || !c->compound) // the schema forbids a filter on a compound trigger
                items.emplace_back(node, e->value);
        }
        if (collider)
            document::setEach<document::SetColliderFilter>(doc, std::move(items));
        else
            document::setEach<document::SetTriggerFilter>(doc, std::move(items));
    };
    return filter;
}

PropertyRow<ColliderComponent> materialRow()
{
    PropertyRow<ColliderComponent> material;
    const auto materialLabels = [](const document::Document& doc) {
        std::vector<QString> labels;
        for (size_t i = 0; i < doc.model().materials.size(); ++i)
            labels.push_back(materialLabel(doc, i));
        return labels;
    };
    material.look =
        propertyLook(QStringLiteral("materialCombo"), tr("Material"),
                     tr("Friction and restitution of the collider (None: the engine's default)."), 0)
            .withChoices({tr("None (default)"), {}, materialLabels, {}, {}});
    material.choice = [](const ColliderComponent& c) { return c.material; };
    material.edit = [](document::Document& doc, const Objects& objects, const PropertyEdit& edit) {
        const auto* e = std::get_if<ChoiceEdit>(&edit);
        if (!e)
            return;
        std::vector<std::pair<size_t, int>> items;
        for (const auto& entry : objects)
            items.emplace_back(entry.first, e->value);
        document::setEach<document::SetColliderMaterial>(doc, std::move(items));
    };
    return material;
}

} // namespace

std::vector<PropertyRow<ColliderComponent>>
colliderRows(bool collider, std::function<void(const std::vector<size_t>&, int)> chooseShape)
{
    std::vector<PropertyRow<ColliderComponent>> out{shapeRow(collider, std::move(chooseShape)),
                                                    compoundRow(collider), filterRow(collider)};
    if (collider)
        out.push_back(materialRow());
    return out;
}

} // namespace cs::ui
