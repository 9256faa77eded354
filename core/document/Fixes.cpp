#include "document/Fixes.h"

#include "document/ColliderEdits.h"
#include "document/Document.h"
#include "document/FieldCommands.h"
#include "document/MeshCommands.h"
#include "document/RootCommands.h"
#include "geometry/ConvexHull.h"
#include "physics/DiagnosticCodes.h"
#include "physics/OmiWriter.h"
#include "physics/Validator.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>
#include <tuple>

namespace cs::document {

namespace {

namespace code = physics::code;

// The physics extensions the validator checks the lists for.
constexpr const char* kPhysicsExtensions[] = {physics::ext::Shape,          physics::ext::Body,
                                              physics::ext::LegacyCollider, physics::ext::KhrBodies,
                                              physics::ext::KhrShapes,      physics::ext::KhrLegacyShapes};

bool startsWith(const std::string& text, const std::string& prefix)
{
    return text.rfind(prefix, 0) == 0;
}

// The number after `prefix` at the start of `text` when a non-digit (or the end) follows it; -1 otherwise.
long long leadingIndex(const std::string& text, const std::string& prefix)
{
    if (!startsWith(text, prefix))
        return -1;
    size_t end = prefix.size();
    while (end < text.size() && end - prefix.size() < 12 &&
           std::isdigit(static_cast<unsigned char>(text[end])))
        ++end;
    if (end == prefix.size() || (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))))
        return -1;
    return std::stoll(text.substr(prefix.size(), end - prefix.size()));
}

bool listed(const gltf::Json& root, const char* key, const char* name)
{
    if (!root.is_object() || !root.contains(key) || !root[key].is_array())
        return false;
    const gltf::Json& list = root[key];
    return std::find(list.begin(), list.end(), gltf::Json(name)) != list.end();
}

// extensionsUsed with every physics extension the JSON uses listed; nothing when nothing is missing.
std::optional<gltf::Json> declaredList(const gltf::Json& root)
{
    gltf::Json holder = gltf::Json::object();
    if (root.is_object() && root.contains("extensionsUsed"))
        holder["extensionsUsed"] = root["extensionsUsed"];
    bool changed = false;
    for (const char* name : kPhysicsExtensions) {
        if (physics::extensionPresent(root, name) && !listed(root, "extensionsUsed", name))
            changed |= physics::setExtensionListed(holder, "extensionsUsed", name, true);
    }
    if (!changed)
        return std::nullopt;
    return holder["extensionsUsed"];
}

// Whether extensionsRequired lists a physics extension.
bool requiresPhysics(const gltf::Json& root)
{
    for (const char* name : kPhysicsExtensions) {
        if (listed(root, "extensionsRequired", name))
            return true;
    }
    return false;
}

// The shape with its degenerate values raised to the minimum (the same shape when nothing is degenerate). A
// value is degenerate where the validator says so: a size or height below physics::kDegenerateShapeSize (zero
// and negative ones included), a negative radius, a sphere radius below it, both capsule/cylinder radii below
// it.
physics::Shape clampedShape(const physics::Shape& s)
{
    physics::Shape out = s;
    const double m = kMinimumShapeSize;
    const double tiny = physics::kDegenerateShapeSize;
    switch (s.type) {
    case physics::ShapeType::Box:
        for (double& v : out.size) {
            if (!(v >= tiny))
                v = m;
        }
        break;
    case physics::ShapeType::Sphere:
        if (!(out.radius >= tiny))
            out.radius = m;
        break;
    case physics::ShapeType::Capsule:
    case physics::ShapeType::Cylinder:
        if (!(out.height >= tiny))
            out.height = m;
        if (!(out.radiusTop >= 0))
            out.radiusTop = m;
        if (!(out.radiusBottom >= 0))
            out.radiusBottom = m;
        if (std::max(out.radiusTop, out.radiusBottom) < tiny) {
            out.radiusTop = std::max(out.radiusTop, m);
            out.radiusBottom = std::max(out.radiusBottom, m);
        }
        break;
    case physics::ShapeType::Convex:
    case physics::ShapeType::Trimesh:
        break;
    }
    return out;
}

bool needsClamp(const physics::Shape& s)
{
    if (s.opaque)
        return false;
    const physics::Shape c = clampedShape(s);
    return c.size != s.size || c.radius != s.radius || c.height != s.height || c.radiusTop != s.radiusTop ||
           c.radiusBottom != s.radiusBottom;
}

const physics::Shape* shapeAt(const Document& document, int shape)
{
    const auto& shapes = document.model().shapes;
    return shape >= 0 && static_cast<size_t>(shape) < shapes.size() ? &shapes[static_cast<size_t>(shape)]
                                                                    : nullptr;
}

bool fail(Diagnostics* why, Diagnostic d)
{
    if (why)
        why->push_back(std::move(d));
    return false;
}

// Pushes `pushes` as one macro, so that no command of a fix merges into the user's previous step.
template <class F> void asOneStep(Document& document, const QString& text, F&& pushes)
{
    document.undoStack()->beginMacro(text);
    pushes();
    document.undoStack()->endMacro();
}

// The distinct points the triangles of a mesh use (as the validator counts them); 0 when it cannot be read.
size_t distinctPoints(const gltf::GltfDocument& doc, size_t mesh)
{
    auto triangles = gltf::meshTriangles(doc, mesh);
    if (!triangles)
        return 0;
    std::vector<std::tuple<float, float, float>> points;
    points.reserve(triangles->indices.size());
    for (std::uint32_t i : triangles->indices) {
        const QVector3D& v = triangles->positions[i];
        points.emplace_back(v.x(), v.y(), v.z());
    }
    std::sort(points.begin(), points.end());
    return static_cast<size_t>(std::unique(points.begin(), points.end()) - points.begin());
}

std::string mmText(double metres)
{
    return std::to_string(static_cast<int>(std::lround(metres * 1000))) + " mm";
}

// As the validator writes a length in its messages ("1e-06 m").
std::string metresText(double metres)
{
    std::ostringstream out;
    out << metres << " m";
    return out.str();
}

} // namespace

int shapeOfDiagnostic(const Document& document, const Diagnostic& diagnostic)
{
    const auto& shapes = document.model().shapes;
    auto holds = [&](size_t i) {
        const std::string& p = shapes[i].pointer;
        return !p.empty() && (diagnostic.pointer == p || startsWith(diagnostic.pointer, p + "/"));
    };
    // The validator's messages start with "shape N (type)": try that first (no scan of every shape), and
    // take it when the pointers agree or there is no pointer to compare.
    const long long index = leadingIndex(diagnostic.message, "shape ");
    if (index >= 0 && static_cast<size_t>(index) < shapes.size()) {
        const size_t i = static_cast<size_t>(index);
        if (diagnostic.pointer.empty() || shapes[i].pointer.empty() || holds(i))
            return static_cast<int>(i);
    }
    if (!diagnostic.pointer.empty()) {
        for (size_t i = 0; i < shapes.size(); ++i) {
            if (holds(i))
                return static_cast<int>(i);
        }
    }
    return -1;
}

int nodeOfDiagnostic(const Document& document, const Diagnostic& diagnostic)
{
    long long index = leadingIndex(diagnostic.pointer, "/nodes/");
    if (index < 0)
        index = leadingIndex(diagnostic.message, "node ");
    return index >= 0 && static_cast<size_t>(index) < document.gltf().count("nodes") ? static_cast<int>(index)
                                                                                     : -1;
}

Fix fixFor(const Document& document, const Diagnostic& diagnostic)
{
    Fix fix;
    const std::string& c = diagnostic.code;
    if (code::isConversionNote(c)) {
        // Only legacy OMI is upgraded by a fix. A KHR file is saved as KHR (it is never legacy); writing it
        // in the other family is a choice of Save As, which lists what OMI cannot hold, not a fix.
        if (!document.isLegacy() || document.physicsEdited() ||
            document.model().format != physics::SourceFormat::Omi)
            return fix;
        fix.kind = FixKind::UpgradeLegacy;
        fix.label = "Upgrade to newest OMI form";
        fix.description =
            "Save the physics in the newest OMI form instead of the legacy one it was read from";
        return fix;
    }
    if (c == code::ExtensionNotDeclared) {
        if (!declaredList(document.gltf().json()))
            return fix;
        fix.kind = FixKind::DeclareExtensions;
        fix.label = "Add to extensionsUsed";
        fix.description = "List every physics extension the file uses in extensionsUsed";
        return fix;
    }
    if (c == code::ExtensionRequired) {
        if (!requiresPhysics(document.gltf().json()))
            return fix;
        fix.kind = FixKind::UnrequireExtensions;
        fix.label = "Remove from extensionsRequired";
        fix.description = "The physics extensions are optional: take them out of extensionsRequired";
        return fix;
    }
    if (c == code::ShapeSizeInvalid || c == code::ShapeDegenerate) {
        const int shape = shapeOfDiagnostic(document, diagnostic);
        const physics::Shape* s = shapeAt(document, shape);
        if (!s || !needsClamp(*s))
            return fix;
        fix.kind = FixKind::ClampShapeSize;
        fix.shape = shape;
        fix.label = "Set to " + mmText(kMinimumShapeSize);
        fix.description = "Give every size, height or radius of shape " + std::to_string(shape) +
                          " that is below " + metresText(physics::kDegenerateShapeSize) +
                          " (zero and negative ones included) the smallest usable value (" +
                          mmText(kMinimumShapeSize) + ")";
        return fix;
    }
    if (c == code::HullPointLimit) {
        const int shape = shapeOfDiagnostic(document, diagnostic);
        const physics::Shape* s = shapeAt(document, shape);
        if (!s || s->opaque || s->type != physics::ShapeType::Convex || s->mesh < 0 ||
            static_cast<size_t>(s->mesh) >= document.gltf().count("meshes") ||
            distinctPoints(document.gltf(), static_cast<size_t>(s->mesh)) <=
                static_cast<size_t>(kHullFixPoints))
            return fix;
        fix.kind = FixKind::RegenerateHull;
        fix.shape = shape;
        fix.label = "Regenerate hull (" + std::to_string(kHullFixPoints) + " points)";
        fix.description = "Replace the mesh of shape " + std::to_string(shape) +
                          " by its convex hull capped at " + std::to_string(kHullFixPoints) +
                          " points, stored as a new mesh";
        return fix;
    }
    if (c == code::InertiaOrientationNotUnit) {
        const int node = nodeOfDiagnostic(document, diagnostic);
        const physics::NodePhysics* n =
            node >= 0 ? document.model().node(static_cast<size_t>(node)) : nullptr;
        if (!n || !n->motion)
            return fix;
        const auto& q = n->motion->inertiaOrientation;
        const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
        if (std::fabs(length - 1.0) <= 1e-3)
            return fix;
        fix.kind = FixKind::NormalizeInertiaOrientation;
        fix.node = node;
        fix.label = "Normalise";
        fix.description = "Scale the inertia orientation of node " + std::to_string(node) + " to length 1";
        return fix;
    }
    return fix;
}

namespace {

bool declareExtensions(Document& document, Diagnostics* why)
{
    auto list = declaredList(document.gltf().json());
    if (!list)
        return fail(why, makeError("FIX_NOT_NEEDED", "every physics extension is listed already"));
    asOneStep(document, QStringLiteral("Declare Physics Extensions"), [&] {
        document.push(new SetRootMember(&document, "extensionsUsed", std::move(list),
                                        QStringLiteral("Declare Physics Extensions")));
    });
    return true;
}

bool unrequireExtensions(Document& document, Diagnostics* why)
{
    const gltf::Json& root = document.gltf().json();
    if (!requiresPhysics(root))
        return fail(why, makeError("FIX_NOT_NEEDED", "no physics extension is required"));
    gltf::Json holder = gltf::Json::object();
    holder["extensionsRequired"] = root["extensionsRequired"];
    for (const char* name : kPhysicsExtensions)
        physics::setExtensionListed(holder, "extensionsRequired", name, false);
    std::optional<gltf::Json> value;
    if (holder.contains("extensionsRequired"))
        value = holder["extensionsRequired"];
    asOneStep(document, QStringLiteral("Make Physics Extensions Optional"), [&] {
        document.push(new SetRootMember(&document, "extensionsRequired", std::move(value),
                                        QStringLiteral("Make Physics Extensions Optional")));
    });
    return true;
}

bool clampShapeSize(Document& document, const Fix& fix, Diagnostics* why)
{
    const physics::Shape* s = shapeAt(document, fix.shape);
    if (!s || !needsClamp(*s))
        return fail(why, makeError("FIX_NOT_NEEDED", "the shape's sizes are all positive now"));
    const physics::Shape before = *s;
    const physics::Shape after = clampedShape(before);
    const size_t index = static_cast<size_t>(fix.shape);
    asOneStep(document, QStringLiteral("Fix Shape Size"), [&] {
        if (after.size != before.size)
            document.push(new SetShapeSize(&document, index, after.size));
        if (after.radius != before.radius)
            document.push(new SetShapeRadius(&document, index, after.radius));
        if (after.height != before.height)
            document.push(new SetShapeHeight(&document, index, after.height));
        if (after.radiusTop != before.radiusTop)
            document.push(new SetShapeRadiusTop(&document, index, after.radiusTop));
        if (after.radiusBottom != before.radiusBottom)
            document.push(new SetShapeRadiusBottom(&document, index, after.radiusBottom));
    });
    return true;
}

bool failWith(Diagnostics* why, const Diagnostics& problems)
{
    if (why)
        why->insert(why->end(), problems.begin(), problems.end());
    return false;
}

bool regenerateHull(Document& document, const Fix& fix, Diagnostics* why)
{
    const physics::Shape* s = shapeAt(document, fix.shape);
    if (!s || s->type != physics::ShapeType::Convex || s->mesh < 0)
        return fail(why, makeError("FIX_NOT_NEEDED", "the shape is no longer a convex mesh shape"));
    const size_t mesh = static_cast<size_t>(s->mesh);
    auto triangles = gltf::meshTriangles(document.gltf(), mesh);
    if (!triangles)
        return failWith(why, triangles.diagnostics);
    geometry::ConvexHullOptions options;
    options.maxVertices = kHullFixPoints;
    options.measureQuality = false;
    auto hull = geometry::generateConvexHull(*triangles, options);
    if (!hull)
        return failWith(why, hull.diagnostics);
    if (auto problem = checkNewMesh(document.gltf(), hull->mesh))
        return fail(why, *problem);
    std::string name = gltf::elementName(document.gltf(), "meshes", mesh);
    name = (name.empty() ? "Mesh " + std::to_string(mesh) : name) + " Hull " + std::to_string(kHullFixPoints);
    const size_t index = static_cast<size_t>(fix.shape);
    asOneStep(document, QStringLiteral("Regenerate Convex Hull"), [&] {
        auto* add = new AddMesh(&document, std::move(hull->mesh), name);
        document.push(add);
        document.push(new SetShapeMesh(&document, index, static_cast<int>(add->meshIndex())));
    });
    return true;
}

bool normalizeInertiaOrientation(Document& document, const Fix& fix, Diagnostics* why)
{
    const physics::NodePhysics* n =
        fix.node >= 0 ? document.model().node(static_cast<size_t>(fix.node)) : nullptr;
    if (!n || !n->motion)
        return fail(why, makeError("FIX_NOT_NEEDED", "the node has no motion"));
    Quat q = n->motion->inertiaOrientation;
    const double length = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
    if (std::fabs(length - 1.0) <= 1e-3)
        return fail(why, makeError("FIX_NOT_NEEDED", "the inertia orientation has length 1"));
    if (length > 0 && std::isfinite(length)) {
        for (double& v : q)
            v /= length;
    } else {
        q = {0, 0, 0, 1};
    }
    asOneStep(document, QStringLiteral("Normalise Inertia Orientation"),
              [&] { document.push(new SetInertiaOrientation(&document, static_cast<size_t>(fix.node), q)); });
    return true;
}

} // namespace

bool applyFix(Document& document, const Fix& fix, Diagnostics* why)
{
    switch (fix.kind) {
    case FixKind::None:
        return fail(why, makeError("FIX_NONE", "there is no fix for this diagnostic"));
    case FixKind::UpgradeLegacy:
        if (!upgradeLegacy(document))
            return fail(why, makeError("FIX_NOT_NEEDED", "the physics are already saved in the newest form"));
        return true;
    case FixKind::DeclareExtensions:
        return declareExtensions(document, why);
    case FixKind::UnrequireExtensions:
        return unrequireExtensions(document, why);
    case FixKind::ClampShapeSize:
        return clampShapeSize(document, fix, why);
    case FixKind::RegenerateHull:
        return regenerateHull(document, fix, why);
    case FixKind::NormalizeInertiaOrientation:
        return normalizeInertiaOrientation(document, fix, why);
    }
    return false;
}

bool applyFix(Document& document, const Diagnostic& diagnostic, Diagnostics* why)
{
    return applyFix(document, fixFor(document, diagnostic), why);
}

} // namespace cs::document
