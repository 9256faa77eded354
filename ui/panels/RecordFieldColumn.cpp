#include "panels/RecordFieldColumn.h"

#include <algorithm>

namespace cs::ui {

std::vector<std::string> tagsFromText(const QString& text)
{
    std::vector<std::string> tags;
    for (const QString& part : text.split(QLatin1Char(','))) {
        const std::string tag = part.trimmed().toStdString();
        if (!tag.empty() && std::find(tags.begin(), tags.end(), tag) == tags.end())
            tags.push_back(tag);
    }
    return tags;
}

QString textFromTags(const std::vector<std::string>& tags)
{
    QStringList parts;
    for (const std::string& t : tags)
        parts << QString::fromStdString(t);
    return parts.join(QStringLiteral(", "));
}

} // namespace cs::ui
