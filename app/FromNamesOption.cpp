#include "FromNamesOption.h"

namespace cs::app {

void FromNamesOption::addTo(QCommandLineParser& parser) const
{
    parser.addOption(fromNames);
    parser.addOption(noFromNames);
}

std::optional<std::string> FromNamesOption::read(const QCommandLineParser& parser,
                                                 import::ImportOptions& options) const
{
    const QString value = parser.value(fromNames).toLower();
    if (value != QLatin1String("on") && value != QLatin1String("off"))
        return "--from-names must be on or off, not '" + parser.value(fromNames).toStdString() + "'";
    if (parser.isSet(noFromNames) && parser.isSet(fromNames) && value == QLatin1String("on"))
        return std::string("--from-names on and --no-from-names contradict each other");
    options.fromNames = value == QLatin1String("on") && !parser.isSet(noFromNames);
    return std::nullopt;
}

} // namespace cs::app
