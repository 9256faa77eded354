#include "widgets/JobResultBox.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <cmath>

namespace cs::ui {

JobResultBox::JobResultBox(const QString& title, QWidget* parent)
    : QGroupBox(title, parent), m_form(new QFormLayout(this)), m_error(new QLabel(this)),
      m_progress(new QProgressBar(this)), m_stop(new QPushButton(tr("Stop"), this))
{
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d05040"));
    m_form->addRow(m_error);
    auto* progressRow = new QHBoxLayout();
    m_progress->setObjectName(QStringLiteral("progress"));
    m_progress->setRange(0, kProgressSteps);
    progressRow->addWidget(m_progress, 1);
    m_stop->setObjectName(QStringLiteral("stop"));
    connect(m_stop, &QPushButton::clicked, this, &JobResultBox::stopRequested);
    progressRow->addWidget(m_stop);
    m_form->addRow(progressRow);
}

QLabel* JobResultBox::addFigure(const QString& label, const char* objectName, const QString& toolTip)
{
    auto* value = new QLabel(this);
    value->setObjectName(QLatin1String(objectName));
    value->setToolTip(toolTip);
    m_form->insertRow(int(m_figures.size()), label, value);
    m_figures.append(value);
    return value;
}

void JobResultBox::setFiguresText(const QString& text)
{
    for (QLabel* figure : std::as_const(m_figures))
        figure->setText(text);
}

void JobResultBox::setBusy(bool busy)
{
    m_progress->setVisible(busy);
    m_stop->setVisible(busy);
}

void JobResultBox::setProgress(double fraction)
{
    m_progress->setValue(int(std::lround(fraction * kProgressSteps)));
}

void JobResultBox::setError(const QString& text)
{
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

} // namespace cs::ui
