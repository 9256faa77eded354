#include "import/SourceFrame.h"

#include "import/AssimpConvert.h"

#include <QVector3D>
#include <array>
#include <assimp/scene.h>
#include <cmath>
#include <optional>
#include <sstream>

namespace cs::import {

namespace {

std::optional<double> metaNumber(const aiScene& scene, const char* key)
{
    const aiMetadata* meta = scene.mMetaData;
    if (!meta)
        return std::nullopt;
    for (unsigned i = 0; i < meta->mNumProperties; ++i) {
        if (std::string(meta->mKeys[i].C_Str()) != key)
            continue;
        const aiMetadataEntry& e = meta->mValues[i];
        switch (e.mType) {
        case AI_BOOL:
            return *static_cast<const bool*>(e.mData) ? 1.0 : 0.0;
        case AI_INT32:
            return double(*static_cast<const std::int32_t*>(e.mData));
        case AI_UINT64:
            return double(*static_cast<const std::uint64_t*>(e.mData));
        case AI_FLOAT:
            return double(*static_cast<const float*>(e.mData));
        case AI_DOUBLE:
            return *static_cast<const double*>(e.mData);
        default:
            return std::nullopt;
        }
    }
    return std::nullopt;
}

std::string number(double v)
{
    std::ostringstream s;
    s << v;
    return s.str();
}

/// FBX's axis system (GlobalSettings UpAxis/FrontAxis/CoordAxis and their signs) as the matrix taking its
/// coordinates to glTF's (right +X, up +Y, front +Z). nullopt when the axes do not name three distinct axes.
std::optional<QMatrix4x4> fbxAxes(const aiScene& scene)
{
    const auto up = metaNumber(scene, "UpAxis"), front = metaNumber(scene, "FrontAxis"),
               coord = metaNumber(scene, "CoordAxis");
    if (!up || !front || !coord)
        return std::nullopt;
    const std::array<int, 3> axes{int(*coord), int(*up), int(*front)};
    const std::array<double, 3> signs{metaNumber(scene, "CoordAxisSign").value_or(1),
                                      metaNumber(scene, "UpAxisSign").value_or(1),
                                      metaNumber(scene, "FrontAxisSign").value_or(1)};
    bool used[3] = {false, false, false};
    QMatrix4x4 m;
    m.fill(0);
    m(3, 3) = 1;
    for (int row = 0; row < 3; ++row) {
        const int a = axes[size_t(row)];
        if (a < 0 || a > 2 || used[a])
            return std::nullopt;
        used[a] = true;
        m(row, a) = signs[size_t(row)] < 0 ? -1.f : 1.f;
    }
    return m;
}

/// Splits m into placement (rotation then translation) and a uniform scale; false when m has shear,
/// non-uniform scale or a mirror, none of which can be baked as a unit.
bool splitUniform(const QMatrix4x4& m, QMatrix4x4& placement, double& scale)
{
    const QVector3D c0 = m.column(0).toVector3D(), c1 = m.column(1).toVector3D(),
                    c2 = m.column(2).toVector3D();
    const double det = QVector3D::dotProduct(c0, QVector3D::crossProduct(c1, c2));
    if (!(det > 0) || !std::isfinite(det) || m(3, 0) != 0 || m(3, 1) != 0 || m(3, 2) != 0)
        return false;
    const double s = std::cbrt(det);
    const double tolerance = 1e-4;
    const QVector3D cols[3] = {c0, c1, c2};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) {
            const double d = QVector3D::dotProduct(cols[i], cols[j]) / (s * s);
            if (std::abs(d - (i == j ? 1.0 : 0.0)) > tolerance)
                return false;
        }
    }
    placement = m;
    for (int c = 0; c < 3; ++c)
        placement.setColumn(c, m.column(c) / float(s));
    scale = s;
    return true;
}

bool nearly(const QVector3D& a, const QVector3D& b)
{
    return (a - b).length() < 1e-4f;
}

bool isZUpRotation(const QMatrix4x4& placement)
{
    return nearly(placement.mapVector({0, 0, 1}), {0, 1, 0}) &&
           nearly(placement.mapVector({1, 0, 0}), {1, 0, 0});
}

bool isIdentityRotation(const QMatrix4x4& placement)
{
    return nearly(placement.mapVector({1, 0, 0}), {1, 0, 0}) &&
           nearly(placement.mapVector({0, 1, 0}), {0, 1, 0});
}

} // namespace

QMatrix4x4 zUpToYUp()
{
    return QMatrix4x4(1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1);
}

namespace {

/// The source's root transform with what its format states about units and axes applied, and where each came
/// from (empty when the format states nothing).
struct FormatFrame
{
    QMatrix4x4 root;
    std::string unitSource, axisSource;
};

FormatFrame formatFrame(const aiScene& scene, const std::string& extension, SourceFrame& frame)
{
    FormatFrame f{toQt(scene.mRootNode->mTransformation), {}, {}};
    if (extension == "fbx") {
        // Assimp reads FBX in file units and file axes and only reports them as metadata.
        if (auto factor = metaNumber(scene, "UnitScaleFactor"); factor && *factor > 0) {
            QMatrix4x4 s;
            s.scale(float(*factor / 100.0)); // UnitScaleFactor is centimetres per unit
            f.root = s * f.root;
            f.unitSource = "FBX UnitScaleFactor " + number(*factor) + " (cm per unit)";
        }
        if (auto axes = fbxAxes(scene)) {
            f.root = *axes * f.root;
            f.axisSource = "FBX axis system";
        } else {
            frame.notes.push_back(makeWarning("IMPORT_AXES_UNKNOWN",
                                              "the FBX axis system is missing or invalid: taken as Y up"));
        }
    } else if (extension == "dae" || extension == "zae") {
        f.unitSource = "COLLADA <unit>";
        f.axisSource = "COLLADA <up_axis>";
    } else if (extension == "3ds") {
        f.axisSource = "3DS (Z up)";
    } else if (extension == "blend" && f.root.isIdentity()) {
        f.root = zUpToYUp() * f.root;
        f.axisSource = "Blender's convention (Z up)";
    } else if (extension == "3mf" && f.root.isIdentity()) {
        QMatrix4x4 mm;
        mm.scale(0.001f);
        f.root = zUpToYUp() * mm * f.root;
        f.axisSource = "3MF's convention (Z up)";
        frame.notes.push_back(makeWarning("IMPORT_UNIT_ASSUMED",
                                          "3MF: the model's unit attribute is not read; taken as millimetres "
                                          "(the 3MF default). Give the unit scale explicitly if it differs"));
        f.unitSource = "the 3MF default";
    }
    return f;
}

/// The notes that say how lengths and axes were converted, or what was assumed.
void addFrameNotes(SourceFrame& frame, const std::string& format, const FormatFrame& f)
{
    if (std::abs(frame.scale - 1.0) > 1e-9) {
        frame.notes.push_back(
            makeInfo("IMPORT_UNIT_CONVERTED",
                     "lengths scaled by " + number(frame.scale) + " to metres (from " +
                         (f.unitSource.empty() ? format + "'s root transform" : f.unitSource) + ")"));
    } else if (f.unitSource.empty()) {
        frame.notes.push_back(
            makeInfo("IMPORT_UNIT_ASSUMED", format + " states no unit: lengths taken as metres"));
    }
    const std::string axisFrom = f.axisSource.empty() ? format + "'s root transform" : f.axisSource;
    if (isZUpRotation(frame.placement)) {
        frame.notes.push_back(
            makeInfo("IMPORT_AXIS_CONVERTED", "rotated from Z up to Y up (from " + axisFrom + ")"));
    } else if (!isIdentityRotation(frame.placement)) {
        frame.notes.push_back(
            makeInfo("IMPORT_AXIS_CONVERTED",
                     "rotated into glTF's axes (right +X, up +Y, front +Z) from " + axisFrom));
    } else if (f.axisSource.empty()) {
        frame.notes.push_back(makeInfo("IMPORT_AXIS_ASSUMED", format + " states no up axis: taken as Y up"));
    }
}

} // namespace

SourceFrame sourceFrame(const aiScene& scene, const std::string& extension, const ImportOptions& options)
{
    SourceFrame frame;
    const std::string format = sourceFormatName(scene, extension);
    FormatFrame f = formatFrame(scene, extension, frame);
    QMatrix4x4 placement;
    double scale = 1;
    if (!splitUniform(f.root, placement, scale)) {
        frame.baked = false;
        frame.rootMatrix = f.root;
        frame.notes.push_back(makeWarning(
            "IMPORT_ROOT_TRANSFORM_KEPT",
            format +
                ": the source's root transform has shear, mirroring or non-uniform scale; it is kept as the "
                "matrix of a root node instead of being converted to metres and Y up"));
        return frame;
    }
    if (options.unitScale) {
        scale = *options.unitScale;
        f.unitSource = "the given unit scale";
    }
    if (options.upAxis) {
        const QVector3D t = placement.column(3).toVector3D();
        placement = *options.upAxis == UpAxis::Z ? zUpToYUp() : QMatrix4x4();
        placement.setColumn(3, QVector4D(t, 1));
        f.axisSource = "the given up axis";
    }
    frame.scale = scale;
    frame.placement = placement;
    addFrameNotes(frame, format, f);
    return frame;
}

} // namespace cs::import
