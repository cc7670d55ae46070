// SPDX-License-Identifier: GPL-3.0-or-later
// SharedString: copies share one buffer and read the same text; a copy outlives the original; a
// changed text leaves the copies made before it alone; comparisons go by text, not by buffer; a
// permanent text is shared by every thread without being freed.
#include "core/evidence.h"
#include "core/shared_string.h"

#include <QThread>
#include <QtTest>

#include <memory>

using namespace planner;

class TestSharedString : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void copiesShareOneBufferAndReadTheSameText()
    {
        const SharedString a(std::string("a citation longer than fifteen characters"));
        const SharedString b = a; // NOLINT: the copy is what is under test
        QVERIFY(b.sharesWith(a));
        QCOMPARE(b.str(), std::string("a citation longer than fifteen characters"));
        // The same characters: the copy's text is the original's buffer, not a copy of it.
        QCOMPARE(static_cast<const void*>(b.data()), static_cast<const void*>(a.data()));
        QCOMPARE(b.size(), std::size_t(41));
    }

    void aCopyOutlivesTheOriginal()
    {
        auto original = std::make_unique<SharedString>(std::string(100, 'x'));
        SharedString copy = *original;
        original.reset(); // the last other owner gone: the copy still holds the text
        QCOMPARE(copy.str(), std::string(100, 'x'));
        SharedString moved = std::move(copy);
        QVERIFY(copy.empty()); // NOLINT(bugprone-use-after-move): a moved-from text is empty, by contract
        QCOMPARE(moved.str(), std::string(100, 'x'));
        copy = moved; // assigned back after the move
        moved = SharedString("something else");
        QCOMPARE(copy.str(), std::string(100, 'x'));
        QCOMPARE(moved.str(), std::string("something else"));
        copy = copy; // self-assignment keeps the text
        QCOMPARE(copy.str(), std::string(100, 'x'));
    }

    void changingATextLeavesEarlierCopiesAlone()
    {
        SharedString a("catalog system gb200-nvl72");
        const SharedString before = a;
        a += "; split into 2 links";
        QCOMPARE(a.str(), std::string("catalog system gb200-nvl72; split into 2 links"));
        QCOMPARE(before.str(), std::string("catalog system gb200-nvl72"));
        QVERIFY(!a.sharesWith(before));
    }

    void emptyTextsNeedNoBuffer()
    {
        const SharedString none, fromEmpty{std::string()};
        QVERIFY(none.empty());
        QVERIFY(fromEmpty.empty());
        QCOMPARE(none, fromEmpty);
        QCOMPARE(none.str(), std::string());
        QCOMPARE(std::string(none.c_str()), std::string());
    }

    void comparisonsGoByText()
    {
        // Two buffers with the same text are equal; order is the texts' order, as std::string's.
        const SharedString a("finance.utilization"), b(std::string("finance.utilization")), c("facility.pue");
        QVERIFY(!a.sharesWith(b));
        QCOMPARE(a, b);
        QVERIFY(c < a);
        QVERIFY(a > c);
        QVERIFY(a == "finance.utilization");
        QVERIFY(a == std::string("finance.utilization"));
        QVERIFY(a == std::string_view("finance.utilization"));
        QVERIFY("finance.utilization" == a);
        QVERIFY(a != "finance.utilizatio");
        QVERIFY(SharedString() < c); // the empty text sorts first, as "" does
        QVERIFY(std::vector<SharedString>({a, c}) == std::vector<std::string>({"finance.utilization", "facility.pue"}));
        QVERIFY(!(std::vector<SharedString>({a}) == std::vector<std::string>({"facility.pue"})));
        QVERIFY(!(std::vector<SharedString>({a}) == std::vector<std::string>({})));
    }

    void readsLikeAConstString()
    {
        const SharedString s("MLPerf Inference v5.1");
        const std::string& asString = s; // no copy: the buffer's own std::string
        QCOMPARE(&asString, &s.str());
        QCOMPARE(s.find("v5"), std::size_t(17)); // "MLPerf Inference " is 17 characters
        QCOMPARE(s.rfind('f'), std::size_t(9)); // the f of "Inference", after the one of "MLPerf"
        QCOMPARE("row 7: " + s, std::string("row 7: MLPerf Inference v5.1"));
        QCOMPARE(s + " (2025-09-10)", std::string("MLPerf Inference v5.1 (2025-09-10)"));
        std::string appended = "source ";
        appended += s;
        QCOMPARE(appended, std::string("source MLPerf Inference v5.1"));
    }

    void permanentTextsAreSharedAcrossThreads()
    {
        // Copied and dropped a million times on two threads at once (a counted text the same way):
        // every copy reads the text, and nothing is freed while a copy exists (ASan/TSan builds
        // check the second half).
        const SharedString permanent = SharedString::permanent("workload.min_tokens_per_s_per_user");
        const SharedString counted("model:roofline-prefill-decode-split");
        auto work = [&](int* bad) {
            for (int i = 0; i < 500000; ++i) {
                const SharedString p = permanent, c = counted;
                if (p.view() != "workload.min_tokens_per_s_per_user" || c.view() != "model:roofline-prefill-decode-split")
                    ++*bad;
            }
        };
        int bad1 = 0, bad2 = 0;
        std::unique_ptr<QThread> t1(QThread::create(work, &bad1)), t2(QThread::create(work, &bad2));
        t1->start();
        t2->start();
        t1->wait();
        t2->wait();
        QCOMPARE(bad1 + bad2, 0);
        QCOMPARE(permanent.str(), std::string("workload.min_tokens_per_s_per_user"));
        QCOMPARE(counted.str(), std::string("model:roofline-prefill-decode-split"));
    }

    void provenanceComparesByText()
    {
        // Provenance holds shared texts; two read from different places with the same words are equal.
        const Provenance a{"NVIDIA GB200 NVL72 datasheet", "2025-03-18", Grade::Vendor};
        const Provenance b{std::string("NVIDIA GB200 NVL72 datasheet"), std::string("2025-03-18"), Grade::Vendor};
        QCOMPARE(a, b);
        Provenance c = a;
        c.date = "2025-03-19";
        QVERIFY(!(a == c));
        QCOMPARE(a.date.str(), std::string("2025-03-18"));
    }
};

QTEST_APPLESS_MAIN(TestSharedString)
#include "test_shared_string.moc"
