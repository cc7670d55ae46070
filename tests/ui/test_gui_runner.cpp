// SPDX-License-Identifier: GPL-3.0-or-later
// The desktop executable's command line and --screenshot, driven in-process as main() does.
#include "gui_options.h"
#include "gui_runner.h"
#include "ui_test_support.h"
#include "view_registry.h"

#include <QImage>

using namespace planner;
using namespace planner::gui;

class TestGuiRunner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { uitest::useTestIdentity(); }

    void argumentsAreParsed_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<bool>("exitNow");
        QTest::addColumn<int>("code");
        QTest::newRow("help answers at once") << QStringList{QStringLiteral("--help")} << true << int(GuiOk);
        QTest::newRow("version answers at once") << QStringList{QStringLiteral("--version")} << true << int(GuiOk);
        QTest::newRow("an unknown option is a usage error") << QStringList{QStringLiteral("--frobnicate")} << true
                                                            << int(GuiUsage);
        QTest::newRow("a malformed size is a usage error")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("a.png"), QStringLiteral("--size"),
                           QStringLiteral("big")}
            << true << int(GuiUsage);
        QTest::newRow("a screenshot with a size and a scenario")
            << QStringList{QStringLiteral("--screenshot"), QStringLiteral("a.png"), QStringLiteral("--size"),
                           QStringLiteral("1280x800"), QStringLiteral("x.json")}
            << false << int(GuiOk);
    }
    void argumentsAreParsed()
    {
        QFETCH(QStringList, args);
        QFETCH(bool, exitNow);
        QFETCH(int, code);
        args.prepend(QStringLiteral("clusterplanner"));
        const ParsedArguments p = parseGuiArguments(args);
        QCOMPARE(p.exitNow, exitNow);
        QCOMPARE(p.exitCode, code);
        if (!exitNow) {
            QCOMPARE(p.options.size, QSize(1280, 800));
            QCOMPARE(p.options.scenarios, QStringList{QStringLiteral("x.json")});
        }
    }

    void helpNamesTheProgram()
    {
        // --help answers before QApplication exists, where Qt would print "<executable_name>".
        const ParsedArguments p = parseGuiArguments({QStringLiteral("clusterplanner"), QStringLiteral("--help")});
        QVERIFY(p.exitNow);
        QCOMPARE(p.exitCode, int(GuiOk));
        QVERIFY2(p.output.startsWith(QStringLiteral("Usage: clusterplanner [options]")), qPrintable(p.output));
    }

    void screenshotWritesAPngOfTheRequestedSize()
    {
        QTemporaryDir dir;
        GuiOptions o;
        o.screenshot = dir.filePath(QStringLiteral("shot.png"));
        o.size = QSize(1280, 800);
        o.view = QStringLiteral("compare");
        o.scenarios = {uitest::example("gb200-nvl72-deepseek-r1.json"), uitest::example("gb300-nvl72-deepseek-r1.json")};
        QCOMPARE(GuiRunner(o).run(), int(GuiOk));
        const QImage image(o.screenshot);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size() / image.devicePixelRatio(), QSize(1280, 800));
    }

    // One list of views: the window's views are the registry's, in its order, and --help names
    // every one of them.
    void theViewsAreTheRegistrysEverywhere()
    {
        QTemporaryDir dir;
        MainWindow window(uitest::quietWindow(dir));
        QStringList registry;
        for (const ViewEntry& v : kViews)
            registry << QString::fromLatin1(v.name);
        QCOMPARE(window.viewNames(), registry);
        const ParsedArguments p = parseGuiArguments({QStringLiteral("clusterplanner"), QStringLiteral("--help")});
        const QString help = p.output.simplified();
        for (const QString& name : registry)
            QVERIFY2(help.contains(name), qPrintable(name));
        for (const QString& name : registry)
            QVERIFY(window.showView(name));
    }

    void unknownViewIsAClearError()
    {
        QTemporaryDir dir;
        GuiOptions o;
        o.screenshot = dir.filePath(QStringLiteral("shot.png"));
        o.view = QStringLiteral("nonsense");
        o.scenarios = {uitest::example("gb200-nvl72-deepseek-r1.json")};
        QCOMPARE(GuiRunner(o).run(), int(GuiUsage));
        QVERIFY(!QFile::exists(o.screenshot));
    }
};

QTEST_MAIN(TestGuiRunner)
#include "test_gui_runner.moc"
