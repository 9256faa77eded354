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

void ImportAndNamesOptions::addTo(QCommandLineParser& parser) const
{
    importCli.addTo(parser);
    names.addTo(parser);
}

std::optional<import::ImportOptions> ImportAndNamesOptions::read(const QCommandLineParser& parser,
                                                                 std::string& error) const
{
    auto options = importCli.read(parser, error);
    if (!options)
        return std::nullopt;
    if (auto problem = names.read(parser, *options)) {
        error = *problem;
        return std::nullopt;
    }
    return options;
}

} // namespace cs::app
