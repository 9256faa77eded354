// The layer's colour (given as sRGB values, written as they are) times the pass's opacity.
void MAIN()
{
    FRAGCOLOR = vec4(lineColor.rgb, lineColor.a * alpha);
}
