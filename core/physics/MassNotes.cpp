#include "physics/MassNotes.h"

namespace cs::physics {

MassNotes massNotes(const std::vector<const Motion*>& motions, SourceFormat format)
{
    MassNotes out;
    for (const Motion* m : motions) {
        if (m->type != MotionType::Dynamic)
            continue;
        const MassReading mass = massReading(*m, format);
        out.massWritten = out.massWritten || m->mass.has_value();
        out.massDefault = out.massDefault || (!m->mass && !khrMeanings(format));
        out.massComputed = out.massComputed || mass.meaning == MassMeaning::Computed;
        out.massInfinite = out.massInfinite || mass.meaning == MassMeaning::Infinite;
        out.massZero = out.massZero || (!khrMeanings(format) && m->mass == 0.0);
        out.massNegative = out.massNegative || (m->mass && *m->mass < 0);
        out.centerOfMassWritten = out.centerOfMassWritten || m->centerOfMass.has_value();
        out.centerOfMassComputed =
            out.centerOfMassComputed || centerOfMassReading(*m, format).meaning == MassMeaning::Computed;
        const auto inertia = inertiaMeanings(*m, format);
        out.inertiaWritten = out.inertiaWritten || m->inertiaDiagonal.has_value();
        for (size_t i = 0; i < 3; ++i) {
            out.inertiaComputed = out.inertiaComputed || inertia[i] == MassMeaning::Computed;
            out.inertiaInfinite[i] = out.inertiaInfinite[i] || inertia[i] == MassMeaning::Infinite;
        }
    }
    return out;
}

} // namespace cs::physics
