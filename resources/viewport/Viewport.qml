// Collidoscope's 3D view (ui/viewport/QuickScene): one View3D with a camera, a directional headlight and two
// root nodes; the objects under them are made from C++ with the components below.
import QtQuick
import QtQuick3D

View3D {
    id: view

    // Opaque meshes. Back faces are culled as glTF says for a material that is not doubleSided (twoSided false).
    property Component meshModel: Component {
        Model {
            id: mesh
            property alias color: material.diffuseColor
            property alias map: material.diffuseMap
            property alias vertexColors: material.vertexColorsEnabled
            property bool twoSided: true
            materials: [ DefaultMaterial {
                id: material
                cullMode: mesh.twoSided ? Material.NoCulling : Material.BackFaceCulling
            } ]
        }
    }
    // Meshes whose material's alpha matters (glTF alphaMode 1 MASK, 2 BLEND): the base colour's alpha (factor
    // times texture) is compared with the cutoff or blended over what is behind, as glTF viewers draw it. They
    // are never batched, so they need no vertex colours.
    property Component alphaMeshModel: Component {
        Model {
            id: alphaMesh
            property alias color: alphaMaterial.baseColor
            property alias map: alphaMaterial.baseColorMap
            property alias alphaCutoff: alphaMaterial.alphaCutoff
            property bool twoSided: true
            property int alpha: 2
            materials: [ PrincipledMaterial {
                id: alphaMaterial
                metalness: 0
                roughness: 1
                alphaMode: alphaMesh.alpha === 1 ? PrincipledMaterial.Mask : PrincipledMaterial.Blend
                cullMode: alphaMesh.twoSided ? Material.NoCulling : Material.BackFaceCulling
            } ]
        }
    }
    // The colour is a vector, not a color, so that the shader gets the sRGB values as they are (colour
    // properties reach shaders as linear values, which an unshaded material would write out unconverted).
    property Component lineModel: Component {
        Model {
            id: line
            property vector4d lineColor
            property real alpha: 1
            property real onTop: 0
            materials: [ CustomMaterial {
                property vector4d lineColor: line.lineColor
                property real alpha: line.alpha
                property real onTop: line.onTop
                shadingMode: CustomMaterial.Unshaded
                sourceBlend: CustomMaterial.SrcAlpha
                destinationBlend: CustomMaterial.OneMinusSrcAlpha
                lineWidth: 1.6
                vertexShader: "lines.vert"
                fragmentShader: "lines.frag"
            } ]
        }
    }
    // The fit heat map's surfaces: the colour of each vertex (linear) on a white, lit material, both sides
    // drawn. A model's opacity below 1 blends it over what is behind (the mesh seen through its collider).
    property Component heatModel: Component {
        Model {
            materials: [ DefaultMaterial {
                diffuseColor: "white"
                vertexColorsEnabled: true
                cullMode: Material.NoCulling
            } ]
        }
    }
    property Component node: Component { Node {} }
    property Component texture: Component { Texture {} }

    // No antialiasing: software rendering pays for every sample.
    environment: SceneEnvironment {
        clearColor: "#26282e"
        backgroundMode: SceneEnvironment.Color
        antialiasingMode: SceneEnvironment.NoAA
    }
    camera: camera
    PerspectiveCamera { id: camera; objectName: "camera" }
    // Some ambient light, so that faces turned away from the headlight stay readable.
    DirectionalLight { objectName: "light"; brightness: 0.9; ambientColor: "#4d4d52" }
    Node { objectName: "meshes" }
    Node { objectName: "lines" }
}
