#include "widgets/JobResultBox.h"

#include "widgets/JobProgress.h"

#include <QFormLayout>
#include <QLabel>

namespace cs::ui {

JobResultBox::JobResultBox(const QString& title, QWidget* parent)
    : QGroupBox(title, parent), m_form(new QFormLayout(this)), m_error(new QLabel(this)),
      m_progress(new JobProgress(this))
{
    m_error->setObjectName(QStringLiteral("errorLabel"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #d05040"));
    m_form->addRow(m_error);
    connect(m_progress, &JobProgress::stopRequested, this, &JobResultBox::stopRequested);
    m_form->addRow(m_progress);
}

QPushButton* JobResultBox::stopButton() const
{
    return m_progress->stopButton();
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
}

void JobResultBox::setProgress(double fraction)
{
    m_progress->setProgress(fraction);
}

void JobResultBox::setError(const QString& text)
{
    m_error->setText(text);
    m_error->setVisible(!text.isEmpty());
}

} // namespace cs::ui
