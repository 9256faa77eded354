// Collidoscope's viewport lines (ui/viewport/LineLayer): positions in model space, one colour per layer.
// Lines drawn on top (gizmos and the X-ray pass) are put at the near end of OpenGL's depth range, so that no
// mesh hides them.
void MAIN()
{
    POSITION = MODELVIEWPROJECTION_MATRIX * vec4(VERTEX, 1.0);
    if (onTop > 0.5)
        POSITION.z = -POSITION.w * 0.99999;
}
