// SPDX-License-Identifier: GPL-3.0-or-later
// The plain-text layout helpers, each against text worked out by hand.
#include "text_layout.h"

#include <QtTest>

using namespace planner;

class TestTextLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void columnsCountCodePointsNotBytes()
    {
        QCOMPARE(columnsOf("µs"), std::size_t(2)); // µ is two bytes in UTF-8
        QCOMPARE(padded("µs", 4), std::string("µs  "));
        QCOMPARE(padded("abcd", 4), std::string("abcd ")); // full: one space still separates
        QCOMPARE(rightAligned("7", 3), std::string("  7"));
    }

    void wrapsAtSpacesWithAHangingIndent()
    {
        // Width 20, first line after 2 columns, later lines indented 4:
        // "  alpha beta gamma" is 18 columns; "delta" would make 24, so it starts the next line.
        QCOMPARE(wrapped("alpha beta gamma delta epsilon", 2, 4, 20), std::string("alpha beta gamma\n    delta epsilon\n"));
        QCOMPARE(wrapped("short", 0, 2, 20), std::string("short\n"));
        QCOMPARE(wrapped("name  (baseline)", 0, 2, 40), std::string("name  (baseline)\n")); // two spaces kept
    }

    void cutsAWordLongerThanALine()
    {
        // 10 columns, indent 2: 8 letters fit on each continuation line.
        QCOMPARE(wrapped("abcdefghijklmnopqrst", 2, 2, 10), std::string("abcdefgh\n  ijklmnop\n  qrst\n"));
    }

    void aTableSplitsColumnsIntoBlocksThatFit()
    {
        // Labels 5 wide + 2 = 7; each cell column 8 + 2 = 10. Width 30 holds 7 + 10 + 10 = 27: two
        // columns per block, so three columns make two blocks.
        TextTable t{"what", {"1", "2", "3"}, {{"label", {"aaaaaaaa", "bbbbbbbb", "cccccccc"}}}};
        QCOMPARE(t.render(30), std::string("what   1         2\n"
                                           "label  aaaaaaaa  bbbbbbbb\n"
                                           "\n"
                                           "what   3\n"
                                           "label  cccccccc\n"));
    }

    void aLongLabelTakesALineOfItsOwn()
    {
        const std::string label(60, 'x'); // over the 48-column label limit
        TextTable t{"in", {"1"}, {{"ab", {"v"}}, {label, {"w"}}}};
        QCOMPARE(t.render(), std::string("in  1\nab  v\n" + label + "\n    w\n"));
    }
};

QTEST_GUILESS_MAIN(TestTextLayout)
#include "test_text_layout.moc"
