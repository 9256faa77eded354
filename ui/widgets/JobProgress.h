#pragma once

#include <QWidget>

class QProgressBar;
class QPushButton;

namespace cs::ui {

/// A background run's progress bar and its Stop button, in one row (JobResultBox, Add Colliders).
class JobProgress : public QWidget
{
    Q_OBJECT

public:
    explicit JobProgress(QWidget* parent = nullptr);

    /// 0..1
    void setProgress(double fraction);
    QPushButton* stopButton() const { return m_stop; }

signals:
    /// Stop was clicked.
    void stopRequested();

private:
    QProgressBar* m_bar;
    QPushButton* m_stop;
};

} // namespace cs::ui
