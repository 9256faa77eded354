#include "widgets/JobProgress.h"

#include <QHBoxLayout>
#include <QProgressBar>
#include <QPushButton>
#include <cmath>

namespace cs::ui {

namespace {

constexpr int kSteps = 1000; // of the bar: a tenth of a percent

} // namespace

JobProgress::JobProgress(QWidget* parent)
    : QWidget(parent), m_bar(new QProgressBar(this)), m_stop(new QPushButton(tr("Stop"), this))
{
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    m_bar->setObjectName(QStringLiteral("progress"));
    m_bar->setRange(0, kSteps);
    row->addWidget(m_bar, 1);
    m_stop->setObjectName(QStringLiteral("stop"));
    connect(m_stop, &QPushButton::clicked, this, &JobProgress::stopRequested);
    row->addWidget(m_stop);
}

void JobProgress::setProgress(double fraction)
{
    m_bar->setValue(int(std::lround(fraction * kSteps)));
}

} // namespace cs::ui
