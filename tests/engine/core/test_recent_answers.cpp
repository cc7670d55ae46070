// SPDX-License-Identifier: GPL-3.0-or-later
// The memos of the storage and reliability steps are RecentAnswers keyed on the models' whole input
// structs, compared with their defaulted operator==. These tests hold that key to what it promises:
// every member of the input takes part, including one added later. "Added later" is played by a
// copy of each input struct widened by one member, as a new field would widen it; the memo must
// miss when only that member changes. A miss is seen by counting how often the model is computed.
#include "cluster/reliability.h"
#include "cluster/storage.h"
#include "core/recent_answers.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <utility>

using namespace planner;
using namespace planner::units;

namespace {

// The inputs as they would be with one more member.
struct WiderReliabilityInput : ReliabilityInput {
    double added = 0.0;
    bool operator==(const WiderReliabilityInput&) const = default;
};
struct WiderStorageInput : StorageInput {
    double added = 0.0;
    bool operator==(const WiderStorageInput&) const = default;
};

ReliabilityInput fleet()
{
    ReliabilityInput in;
    in.gpus = 576;
    in.gpusPerDomain = 72;
    in.recoveryTime = hours(0.5);
    in.spareFraction = 0.05;
    return in;
}

StorageInput checkpoints()
{
    StorageInput in;
    in.checkpointSize = terabytes(10);
    in.retention.checkpointRate = per_hour(1);
    in.retention.keepHot = 3;
    in.retention.archiveAfter = hours(24 * 30);
    in.retention.deleteAfter = hours(24 * 365);
    in.prices.hot.storagePerMonth = usd(0.02) / gigabytes(1);
    return in;
}

} // namespace

class TestRecentAnswers : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theSameInputIsAnsweredOnceAndAChangedMemberComputesAgain()
    {
        RecentAnswers<ReliabilityInput, double> memo;
        int computed = 0;
        auto model = [&](const ReliabilityInput& in) {
            ++computed;
            return in.spareFraction;
        };
        ReliabilityInput in = fleet();
        QCOMPARE(memo.answer(in, model), 0.05);
        QCOMPARE(memo.answer(in, model), 0.05);
        QCOMPARE(computed, 1);
        in.repairTime = hours(48); // a member the call above never read still takes part
        memo.answer(in, model);
        QCOMPARE(computed, 2);
    }

    void aMemberAddedToTheReliabilityInputTakesPartInTheKey()
    {
        RecentAnswers<WiderReliabilityInput, double, 2> memo;
        int computed = 0;
        auto model = [&](const WiderReliabilityInput& in) {
            ++computed;
            return in.added;
        };
        WiderReliabilityInput in;
        static_cast<ReliabilityInput&>(in) = fleet();
        memo.answer(in, model);
        in.added = 1.0; // nothing else differs
        QCOMPARE(memo.answer(in, model), 1.0);
        QCOMPARE(computed, 2);
        in.added = 0.0; // the first answer is one of the last two kept
        QCOMPARE(memo.answer(in, model), 0.0);
        QCOMPARE(computed, 2);
    }

    void aMemberAddedToTheStorageInputTakesPartInTheKey()
    {
        RecentAnswers<std::pair<CheckpointWriteInput, WiderStorageInput>, double> memo;
        int computed = 0;
        auto model = [&](const std::pair<CheckpointWriteInput, WiderStorageInput>& q) {
            ++computed;
            return q.second.added;
        };
        std::pair<CheckpointWriteInput, WiderStorageInput> q;
        static_cast<StorageInput&>(q.second) = checkpoints();
        memo.answer(q, model);
        q.second.added = 2.0;
        QCOMPARE(memo.answer(q, model), 2.0);
        QCOMPARE(computed, 2);
    }

    void aNestedPriceTakesPartInTheKey()
    {
        // The tier prices sit two structs deep (PerTier<TierPrice>): the defaulted comparison
        // reaches them without anyone listing them.
        RecentAnswers<StorageInput, int> memo;
        int computed = 0;
        auto model = [&](const StorageInput&) { return ++computed; };
        StorageInput in = checkpoints();
        memo.answer(in, model);
        in.prices.archive.minimumRetention = hours(24 * 180);
        memo.answer(in, model);
        in.retention.keepHot = 4;
        memo.answer(in, model);
        QCOMPARE(computed, 3);
    }

    void anInputHoldingANaNIsComputedEveryTime()
    {
        // NaN never equals itself: the memo cannot be sure it is the same question, so it asks again.
        RecentAnswers<ReliabilityInput, int> memo;
        int computed = 0;
        auto model = [&](const ReliabilityInput&) { return ++computed; };
        ReliabilityInput in = fleet();
        in.stragglerSlowdown = std::numeric_limits<double>::quiet_NaN();
        memo.answer(in, model);
        memo.answer(in, model);
        QCOMPARE(computed, 2);
    }

    void clearingForgetsEveryAnswer()
    {
        RecentAnswers<ReliabilityInput, int, 2> memo;
        int computed = 0;
        auto model = [&](const ReliabilityInput&) { return ++computed; };
        memo.answer(fleet(), model);
        memo.clear();
        memo.answer(fleet(), model);
        QCOMPARE(computed, 2);
    }

    void aComputationThatThrowsLeavesNoAnswerBehind()
    {
        RecentAnswers<ReliabilityInput, int> memo;
        bool threw = false;
        try {
            memo.answer(fleet(), [](const ReliabilityInput&) -> int { throw std::runtime_error("model failed"); });
        } catch (const std::runtime_error&) {
            threw = true;
        }
        QVERIFY(threw);
        QCOMPARE(memo.answer(fleet(), [](const ReliabilityInput&) { return 7; }), 7);
    }
};

QTEST_APPLESS_MAIN(TestRecentAnswers)
#include "test_recent_answers.moc"
