#include "physics/PhysicsModel.h"

namespace cs::physics {

namespace {

template <class Enum, size_t N>
const char* nameOf(Enum value, const std::array<std::pair<Enum, const char*>, N>& table)
{
    for (const auto& [e, name] : table) {
        if (e == value)
            return name;
    }
    return "";
}

template <class Enum, size_t N>
std::optional<Enum> valueOf(const std::string& name, const std::array<std::pair<Enum, const char*>, N>& table)
{
    for (const auto& [e, n] : table) {
        if (name == n)
            return e;
    }
    return std::nullopt;
}

constexpr std::array<std::pair<ShapeType, const char*>, 6> kShapeNames{{
    {ShapeType::Box, "box"},
    {ShapeType::Sphere, "sphere"},
    {ShapeType::Capsule, "capsule"},
    {ShapeType::Cylinder, "cylinder"},
    {ShapeType::Convex, "convex"},
    {ShapeType::Trimesh, "trimesh"},
}};

constexpr std::array<std::pair<MotionType, const char*>, 3> kMotionNames{{
    {MotionType::Static, "static"},
    {MotionType::Kinematic, "kinematic"},
    {MotionType::Dynamic, "dynamic"},
}};

constexpr std::array<std::pair<CombineMode, const char*>, 4> kCombineNames{{
    {CombineMode::Average, "average"},
    {CombineMode::Minimum, "minimum"},
    {CombineMode::Maximum, "maximum"},
    {CombineMode::Multiply, "multiply"},
}};

constexpr std::array<std::pair<DriveType, const char*>, 2> kDriveTypeNames{{
    {DriveType::Linear, "linear"},
    {DriveType::Angular, "angular"},
}};

constexpr std::array<std::pair<DriveMode, const char*>, 2> kDriveModeNames{{
    {DriveMode::Force, "force"},
    {DriveMode::Acceleration, "acceleration"},
}};

} // namespace

const char* driveTypeName(DriveType t)
{
    return nameOf(t, kDriveTypeNames);
}
std::optional<DriveType> driveTypeFromName(const std::string& name)
{
    return valueOf(name, kDriveTypeNames);
}
const char* driveModeName(DriveMode m)
{
    return nameOf(m, kDriveModeNames);
}
std::optional<DriveMode> driveModeFromName(const std::string& name)
{
    return valueOf(name, kDriveModeNames);
}

Shape Shape::makePlane(const PlaneParams& params)
{
    Shape s;
    s.opaque = true;
    s.plane = params;
    s.source = Json{{"type", "plane"}};
    return s;
}

std::string Shape::typeName() const
{
    if (plane)
        return "plane";
    if (opaque)
        return source.contains("type") && source["type"].is_string() ? source["type"].get<std::string>() : "";
    return shapeTypeName(type);
}

bool JointLimit::sameValues(const JointLimit& o) const
{
    return linearAxes == o.linearAxes && angularAxes == o.angularAxes && min == o.min && max == o.max &&
           stiffness == o.stiffness && damping == o.damping;
}

bool JointDrive::sameValues(const JointDrive& o) const
{
    return type == o.type && mode == o.mode && axis == o.axis && maxForce == o.maxForce &&
           positionTarget == o.positionTarget && velocityTarget == o.velocityTarget &&
           stiffness == o.stiffness && damping == o.damping;
}

bool JointDescription::sameValues(const JointDescription& o) const
{
    auto sameList = [](const auto& a, const auto& b) {
        if (a.size() != b.size())
            return false;
        for (size_t i = 0; i < a.size(); ++i) {
            if (!a[i].sameValues(b[i]))
                return false;
        }
        return true;
    };
    return sameList(limits, o.limits) && sameList(drives, o.drives);
}

const char* shapeTypeName(ShapeType t)
{
    return nameOf(t, kShapeNames);
}
std::optional<ShapeType> shapeTypeFromName(const std::string& name)
{
    return valueOf(name, kShapeNames);
}
const char* motionTypeName(MotionType t)
{
    return nameOf(t, kMotionNames);
}
std::optional<MotionType> motionTypeFromName(const std::string& name)
{
    return valueOf(name, kMotionNames);
}
const char* combineModeName(CombineMode m)
{
    return nameOf(m, kCombineNames);
}
std::optional<CombineMode> combineModeFromName(const std::string& name)
{
    return valueOf(name, kCombineNames);
}
CombineMode appliedCombineMode(std::optional<CombineMode> a, std::optional<CombineMode> b)
{
    if (!a || !b)
        return a ? *a : b ? *b : CombineMode::Average;
    // The enum is declared in precedence order.
    return static_cast<int>(*a) <= static_cast<int>(*b) ? *a : *b;
}

MassReading massReading(const Motion& motion, SourceFormat format)
{
    if (!khrMeanings(format))
        return {MassMeaning::Given, motion.mass.value_or(1.0)};
    if (!motion.mass)
        return {MassMeaning::Computed, 0.0};
    if (*motion.mass == 0.0)
        return {MassMeaning::Infinite, 0.0};
    return {MassMeaning::Given, *motion.mass};
}

std::array<MassMeaning, 3> inertiaMeanings(const Motion& motion, SourceFormat format)
{
    std::array<MassMeaning, 3> out{MassMeaning::Computed, MassMeaning::Computed, MassMeaning::Computed};
    if (!motion.inertiaDiagonal)
        return out;
    const Vec3& d = *motion.inertiaDiagonal;
    if (!khrMeanings(format) && d == Vec3{0, 0, 0})
        return out;
    for (size_t i = 0; i < 3; ++i)
        out[i] = d[i] == 0.0 ? MassMeaning::Infinite : MassMeaning::Given;
    return out;
}

CenterOfMassReading centerOfMassReading(const Motion& motion, SourceFormat format)
{
    if (motion.centerOfMass)
        return {MassMeaning::Given, *motion.centerOfMass};
    if (khrMeanings(format))
        return {MassMeaning::Computed, Vec3{0, 0, 0}};
    return {MassMeaning::Given, Vec3{0, 0, 0}};
}

std::optional<CombineMode> votingCombineMode(std::optional<CombineMode> mode, SourceFormat format)
{
    if (mode || khrMeanings(format))
        return mode;
    return CombineMode::Average;
}

Shape Shape::defaults(ShapeType type)
{
    Shape s;
    s.type = type;
    // The cylinder's height is its full height and defaults to 2 m; the capsule's is the mid-height (1 m).
    s.height = type == ShapeType::Cylinder ? 2.0 : 1.0;
    return s;
}

bool Shape::sameGeometry(const Shape& o) const
{
    if (plane || o.plane)
        return plane == o.plane;
    if (opaque || o.opaque)
        return opaque == o.opaque && source == o.source;
    if (type != o.type)
        return false;
    switch (type) {
    case ShapeType::Box:
        return size == o.size;
    case ShapeType::Sphere:
        return radius == o.radius;
    case ShapeType::Capsule:
    case ShapeType::Cylinder:
        return height == o.height && radiusTop == o.radiusTop && radiusBottom == o.radiusBottom;
    case ShapeType::Convex:
    case ShapeType::Trimesh:
        return mesh == o.mesh;
    }
    return false;
}

bool Motion::sameValues(const Motion& o) const
{
    return type == o.type && mass == o.mass && centerOfMass == o.centerOfMass &&
           inertiaDiagonal == o.inertiaDiagonal && inertiaOrientation == o.inertiaOrientation &&
           linearVelocity == o.linearVelocity && angularVelocity == o.angularVelocity &&
           gravityFactor == o.gravityFactor;
}

bool PhysicsMaterial::sameValues(const PhysicsMaterial& o) const
{
    return staticFriction == o.staticFriction && dynamicFriction == o.dynamicFriction &&
           restitution == o.restitution && frictionCombine == o.frictionCombine &&
           restitutionCombine == o.restitutionCombine;
}

bool CollisionFilter::sameValues(const CollisionFilter& o) const
{
    return collisionSystems == o.collisionSystems && collideWithSystems == o.collideWithSystems &&
           notCollideWithSystems == o.notCollideWithSystems;
}

const NodePhysics* PhysicsModel::node(size_t index) const
{
    auto it = nodes.find(index);
    return it == nodes.end() ? nullptr : &it->second;
}

bool PhysicsModel::usesBody() const
{
    if (!materials.empty() || !filters.empty() || !joints.empty())
        return true;
    for (const auto& [index, n] : nodes) {
        if (!n.empty())
            return true;
    }
    return false;
}

} // namespace cs::physics
