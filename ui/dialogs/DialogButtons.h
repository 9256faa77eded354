#pragma once

// The button row the tool dialogs share.

#include <QBoxLayout>
#include <QDialog>
#include <QDialogButtonBox>
#include <QPushButton>

namespace cs::ui {

/// Adds "Apply" (disabled until there is a result) and `close` (Cancel or Close, which rejects `dialog`) to
/// `layout`; returns Apply, named "apply", for the dialog to connect.
inline QPushButton* addApplyButtons(QDialog* dialog, QBoxLayout* layout,
                                    QDialogButtonBox::StandardButton close)
{
    auto* buttons = new QDialogButtonBox(dialog);
    QPushButton* apply = buttons->addButton(QDialog::tr("Apply"), QDialogButtonBox::AcceptRole);
    apply->setObjectName(QStringLiteral("apply"));
    apply->setEnabled(false);
    buttons->addButton(close);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    layout->addWidget(buttons);
    return apply;
}

} // namespace cs::ui
