// Collidoscope's viewport lines (ui/viewport/LineLayer): positions in model space, one colour per layer.
// Lines are pulled towards the eye by a thousandth of their distance, so that a line lying on a face (a box
// collider on its box mesh) is drawn over it rather than fighting it for the same depth. Lines drawn on top
// (gizmos and the X-ray pass) are put at the near end of OpenGL's depth range, so that no mesh hides them.
void MAIN()
{
    vec3 world = (MODEL_MATRIX * vec4(VERTEX, 1.0)).xyz;
    world = mix(world, CAMERA_POSITION, 0.001);
    POSITION = VIEWPROJECTION_MATRIX * vec4(world, 1.0);
    if (onTop > 0.5)
        POSITION.z = -POSITION.w * 0.99999;
}
