#include "simulation/World.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cs::simulation {

std::optional<Vec3> vectorFromText(const std::string& text)
{
    Vec3 v{};
    size_t start = 0;
    for (size_t i = 0; i < 3; ++i) {
        const size_t comma = text.find(',', start);
        if ((i < 2) == (comma == std::string::npos))
            return std::nullopt;
        const std::string part =
            text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        char* end = nullptr;
        v[i] = std::strtod(part.c_str(), &end);
        if (end == part.c_str() || !std::isfinite(v[i]) ||
            part.find_first_not_of(" \t", size_t(end - part.c_str())) != std::string::npos)
            return std::nullopt;
        start = comma + 1;
    }
    return v;
}

std::string vectorText(const Vec3& v)
{
    char text[96];
    std::snprintf(text, sizeof text, "%.9g, %.9g, %.9g", v[0], v[1], v[2]);
    return text;
}

} // namespace cs::simulation
