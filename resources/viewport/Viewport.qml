// Collidoscope's 3D view (ui/viewport/QuickScene): one View3D with a camera, a directional headlight and two
// root nodes; the objects under them are made from C++ with the components below.
import QtQuick
import QtQuick3D

View3D {
    id: view

    // Meshes are drawn from both sides: files with inward-wound triangles are common and a viewer must show
    // them.
    property Component meshModel: Component {
        Model {
            property alias color: material.diffuseColor
            property alias map: material.diffuseMap
            property alias vertexColors: material.vertexColorsEnabled
            materials: [ DefaultMaterial { id: material; cullMode: Material.NoCulling } ]
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
