#pragma once

#include <QObject>

namespace cs::ui {

/// Disconnects every signal of `owner`'s descendants from `owner` itself (slots and lambdas with `owner` as
/// their context). A widget whose children signal it calls this first in its destructor: ~QWidget hides the
/// window, which can end an edit in a child (a field losing focus, a table's editor committing its text), and
/// that signal would otherwise reach a slot of the already half-destroyed owner.
inline void disconnectChildrenFrom(QObject* owner)
{
    const auto children = owner->findChildren<QObject*>();
    for (QObject* child : children)
        child->disconnect(owner);
}

} // namespace cs::ui
