// The fit figures' line: a distance below what it shows (0.05 mm, and 0.05 % of the diagonal) is "0 m", as
// the fields would show it, not rounding noise such as "7.74e-09 m".
#include "geometry/ColliderFit.h"

#include <QTest>
#include <string>

using namespace cs::geometry;

class TestFitText : public QObject
{
    Q_OBJECT

private slots:
    void noiseBelowThePrecisionShownIsZero()
    {
        FitSummary fit;
        fit.diagonal = 2.0;
        fit.outside = {7.74e-9, 1e-9, 3e-9};
        fit.overhang = {0.25, 0.05, 0.125};
        QCOMPARE(
            QString::fromStdString(fitText(fit)),
            QStringLiteral("outside max 0 m (0.0 %), p95 0 m; overhang max 0.25 m (12.5 %), mean 0.05 m, "
                           "p95 0.125 m"));
    }

    void smallDistancesOfASmallMeshStayShown()
    {
        // A 1 cm part: 0.02 mm is 0.2 % of its diagonal, shown; 0.001 mm (0.01 %) is not.
        FitSummary fit;
        fit.diagonal = 0.01;
        fit.outside = {0.00002, 0.000001, 0.00002};
        const std::string text = fitText(fit);
        QVERIFY2(text.rfind("outside max 2e-05 m (0.2 %), p95 2e-05 m;", 0) == 0, text.c_str());
        QVERIFY2(text.find("overhang max 0 m (0.0 %), mean 0 m, p95 0 m") != std::string::npos, text.c_str());
    }
};

QTEST_MAIN(TestFitText)
#include "TestFitText.moc"
