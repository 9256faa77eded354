#include "ModelLabels.h"

#include "document/Document.h"

#include <QCoreApplication>

namespace cs::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("cs::ui::ModelLabels", text);
}

/// The `name` of a JSON object, empty when it has none.
QString nameOf(const gltf::Json& object)
{
    if (!object.is_object())
        return {};
    const auto it = object.find("name");
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>()) : QString();
}

} // namespace

std::optional<document::NodeIndex> nodeOfLink(const QString& link, const QString& prefix)
{
    if (!link.startsWith(prefix))
        return std::nullopt;
    bool ok = false;
    const qulonglong node = link.mid(prefix.size()).toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return static_cast<document::NodeIndex>(node);
}

QString nodeLabel(const document::Document& document, size_t node)
{
    return QString::fromStdString(gltf::nodeLabel(document.gltf(), node));
}

QString shapeLabel(const document::Document& document, size_t shape)
{
    const auto& shapes = document.model().shapes;
    if (shape >= shapes.size())
        return tr("Shape %1").arg(shape);
    const physics::Shape& s = shapes[shape];
    const QString type = s.isPlane() ? QStringLiteral("plane")
                         : s.opaque  ? tr("unknown type")
                                     : QString::fromLatin1(physics::shapeTypeName(s.type));
    const QString name = nameOf(s.source);
    return name.isEmpty() ? tr("Shape %1 (%2)").arg(shape).arg(type) : tr("%1 (%2)").arg(name, type);
}

QString materialLabel(const document::Document& document, size_t material)
{
    const auto& materials = document.model().materials;
    const QString name = material < materials.size() ? nameOf(materials[material].source) : QString();
    return name.isEmpty() ? tr("Material %1").arg(material) : name;
}

QString filterLabel(const document::Document& document, size_t filter)
{
    const auto& filters = document.model().filters;
    const QString name = filter < filters.size() ? nameOf(filters[filter].source) : QString();
    return name.isEmpty() ? tr("Filter %1").arg(filter) : name;
}

} // namespace cs::ui
