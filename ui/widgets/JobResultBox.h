#pragma once

#include <QGroupBox>

class QFormLayout;
class QLabel;
class QPushButton;

namespace cs::ui {

class JobProgress;

/// The "Result" group of a dialog that computes in the background (BackgroundJob): one labelled row per
/// figure, a line for the error, and a progress bar with a Stop button, shown while a run is in progress.
class JobResultBox : public QGroupBox
{
    Q_OBJECT

public:
    explicit JobResultBox(const QString& title, QWidget* parent = nullptr);

    /// Adds a figure row above the error line: `label` and a value label named `objectName`.
    QLabel* addFigure(const QString& label, const char* objectName, const QString& toolTip = {});
    /// Shows `text` in every figure row (e.g. "-" without a result).
    void setFiguresText(const QString& text);
    /// Shows or hides the progress bar and the Stop button.
    void setBusy(bool busy);
    /// 0..1
    void setProgress(double fraction);
    /// The error line (hidden when empty).
    void setError(const QString& text);
    QPushButton* stopButton() const;

signals:
    /// Stop was clicked.
    void stopRequested();

private:
    QFormLayout* m_form;
    QList<QLabel*> m_figures;
    QLabel* m_error;
    JobProgress* m_progress;
};

} // namespace cs::ui
