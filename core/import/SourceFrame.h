#pragma once

#include "Diagnostic.h"
#include "import/AssetImporter.h"

#include <QMatrix4x4>
#include <string>

struct aiScene;

namespace cs::import {

/// How the source's units and axes map to glTF's metres and Y up: world = placement * (scale * source).
/// `scale` (metres per source unit) is baked into positions and translations, so that the glTF holds metres
/// and no node carries a unit scale (physics engines handle scaled bodies poorly); `placement` (rotation and
/// translation only) goes onto the top-level nodes.
struct SourceFrame
{
    double scale = 1.0;
    QMatrix4x4 placement;
    /// false: the source's root transform is not a rotation with uniform scale; it is then kept as the matrix
    /// of a root node (`rootMatrix`) instead, and scale is 1.
    bool baked = true;
    QMatrix4x4 rootMatrix;
    Diagnostics notes; ///< an info per conversion, a warning when units or axes could only be assumed
};

/// Works out the frame from what the importer put in the root node (COLLADA <unit>/<up_axis>, 3DS), the
/// scene metadata (FBX UnitScaleFactor and axis system), the conventions of formats that state neither
/// (Blender, 3MF: Z up) and the caller's overrides.
SourceFrame sourceFrame(const aiScene& scene, const std::string& extension, const ImportOptions& options);

/// The rotation of -90 degrees about X, taking a Z-up source to Y up: (x, y, z) -> (x, z, -y).
QMatrix4x4 zUpToYUp();

} // namespace cs::import
