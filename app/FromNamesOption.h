#pragma once

#include "CliSupport.h"
#include "import/AssetImporter.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <optional>
#include <string>

namespace cs::app {

/// --from-names on|off (default on) and its short form --no-from-names, as convert and add-colliders read
/// them: whether colliders are read from Godot's node suffixes and Unreal's mesh prefixes
/// (import::readNamedColliders). QCommandLineParser has no option with an optional value, so the switch
/// takes on or off.
struct FromNamesOption
{
    QCommandLineOption fromNames{
        QStringLiteral("from-names"),
        QStringLiteral("Read colliders from names: Godot's -col, -convcol, -colonly, -convcolonly, -rigid "
                       "and Unreal's UBX_, USP_, UCP_, UCX_ (default on; each name read is listed)."),
        QStringLiteral("on|off"), QStringLiteral("on")};
    QCommandLineOption noFromNames{QStringLiteral("no-from-names"),
                                   QStringLiteral("Same as --from-names off: names are left as names.")};

    void addTo(QCommandLineParser& parser) const;
    /// Sets options.fromNames; an error message for a value other than on/off or a contradiction.
    std::optional<std::string> read(const QCommandLineParser& parser, import::ImportOptions& options) const;
};

/// The import options (--unit-scale, --up-axis) and the names switch together, as convert and add-colliders
/// take them.
struct ImportAndNamesOptions
{
    ImportCliOptions importCli;
    FromNamesOption names;

    void addTo(QCommandLineParser& parser) const;
    /// The import options, or none with an error message for a bad value.
    std::optional<import::ImportOptions> read(const QCommandLineParser& parser, std::string& error) const;
};

} // namespace cs::app
