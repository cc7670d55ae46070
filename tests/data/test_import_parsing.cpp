// SPDX-License-Identifier: GPL-3.0-or-later
// The pieces every CSV import runs per field and per record, which were rewritten for speed:
// the CSV reader's views, number parsing's fast path, the case-insensitive search, the content
// hash behind row ids, and the reuse of one run for every record. Each is checked against an
// independent, slow reference written here, so a faster version cannot drift from the old
// behaviour (row ids in particular are stored: a changed hash would import every file twice).
#include "benchmark_run.h"
#include "csv_reader.h"
#include "fingerprint_map.h"
#include "text_parse.h"
#include "utf8_text.h"

#include <QtTest>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace planner;

namespace {

using Records = std::vector<std::vector<std::string>>;

// What from_chars makes of s after the same trimming and '+' rule as parseNumber.
std::optional<double> referenceNumber(std::string_view s)
{
    s = text::trim(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value, std::chars_format::general);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::uint64_t bits(double d)
{
    std::uint64_t b = 0;
    std::memcpy(&b, &d, sizeof b);
    return b;
}

// The hash as first written (bytes assembled one at a time into little-endian words): the
// definition the stored row ids were made with.
std::uint64_t referenceHash(std::string_view bytes)
{
    const auto mix = [](std::uint64_t h) {
        h ^= h >> 31;
        h *= 0x7fb5d329728ea185ull;
        h ^= h >> 27;
        h *= 0x81dadef4bc2dd44dull;
        return h ^ (h >> 33);
    };
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ bytes.size();
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) {
        std::uint64_t w = 0;
        for (int k = 7; k >= 0; --k)
            w = (w << 8) | p[i + static_cast<std::size_t>(k)];
        h = mix(h ^ w);
    }
    std::uint64_t tail = 0;
    for (std::size_t k = bytes.size(); k > i; --k)
        tail = (tail << 8) | p[k - 1];
    return mix(h ^ tail ^ 0xff51afd7ed558ccdull);
}

Records readAllRecords(std::string_view text, std::string* error = nullptr)
{
    CsvReader reader(text);
    Records out;
    std::vector<std::string_view> views;
    while (reader.next(views))
        out.emplace_back(views.begin(), views.end());
    if (error)
        *error = reader.error();
    return out;
}

} // namespace

class TestImportParsing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void numbersParseOnlyWhenPlainAndFinite_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("valid");
        QTest::addColumn<double>("expected"); // C++ literals: the compiler rounds them correctly
        QTest::newRow("integer") << "1024" << true << 1024.0;
        QTest::newRow("decimal") << "137.4" << true << 137.4;
        QTest::newRow("padded") << "  12.00 " << true << 12.0;
        QTest::newRow("plus") << "+3.25" << true << 3.25;
        QTest::newRow("negative") << "-0.1" << true << -0.1;
        QTest::newRow("fifteen digits") << "123456789.012345" << true << 123456789.012345;
        QTest::newRow("seventeen digits") << "0.30000000000000004" << true << 0.30000000000000004;
        QTest::newRow("exponent") << "1.5e3" << true << 1500.0;
        QTest::newRow("leading point") << ".5" << true << 0.5;
        QTest::newRow("trailing point") << "5." << true << 5.0;
        QTest::newRow("leading zeros") << "007.50" << true << 7.5;
        QTest::newRow("empty") << "" << false << 0.0;
        QTest::newRow("letters after") << "12abc" << false << 0.0;
        QTest::newRow("two points") << "1.2.3" << false << 0.0;
        QTest::newRow("bare point") << "." << false << 0.0;
        QTest::newRow("bare minus") << "-" << false << 0.0;
        QTest::newRow("nan") << "nan" << false << 0.0;
        QTest::newRow("inf") << "inf" << false << 0.0;
        QTest::newRow("comma decimal") << "1,5" << false << 0.0;
    }
    void numbersParseOnlyWhenPlainAndFinite()
    {
        QFETCH(QString, text);
        QFETCH(bool, valid);
        QFETCH(double, expected);
        const std::string s = text.toStdString();
        const auto parsed = text::parseNumber(s);
        QCOMPARE(parsed.has_value(), valid);
        if (valid)
            QCOMPARE(bits(*parsed), bits(expected)); // the same double, not merely close
    }

    void numbersAgreeWithFromChars()
    {
        // Decimals of every length around the fast path's 15-digit limit, each compared bit for
        // bit with from_chars (correctly rounded by the standard).
        std::mt19937_64 random(12);
        for (int n = 0; n < 200000; ++n) {
            const int whole = int(random() % 10), fraction = int(random() % 12);
            std::string s = random() % 5 == 0 ? "-" : "";
            for (int d = 0; d < whole; ++d)
                s += char('0' + random() % 10);
            if (fraction > 0 || random() % 2) {
                s += '.';
                for (int d = 0; d < fraction; ++d)
                    s += char('0' + random() % 10);
            }
            const auto expected = referenceNumber(s), parsed = text::parseNumber(s);
            QVERIFY2(parsed.has_value() == expected.has_value(), s.c_str());
            if (parsed)
                QVERIFY2(bits(*parsed) == bits(*expected), s.c_str());
        }
    }

    void caseInsensitiveSearch_data()
    {
        QTest::addColumn<QString>("haystack");
        QTest::addColumn<QString>("needle");
        QTest::addColumn<int>("expected"); // -1: absent
        QTest::newRow("start") << "Prefill: 4 GPU" << "prefill:" << 0;
        QTest::newRow("middle") << "prefill: 4 GPU, TP=4; DECODE: 32 gpu" << "decode:" << 22;
        QTest::newRow("absent") << "TP=8, EP=1" << "decode:" << -1;
        QTest::newRow("needle longer") << "gp" << "gpu" << -1;
        QTest::newRow("at the end") << "4 GPU" << "gpu" << 2;
        QTest::newRow("empty needle") << "abc" << "" << 0;
        QTest::newRow("partial match first") << "ggpu" << "gpu" << 1;
    }
    void caseInsensitiveSearch()
    {
        QFETCH(QString, haystack);
        QFETCH(QString, needle);
        QFETCH(int, expected);
        const std::string h = haystack.toStdString(), n = needle.toStdString();
        const std::size_t at = text::ifind(h, n);
        QCOMPARE(at == std::string_view::npos ? -1 : int(at), expected);
        // And what searching lower-case copies gives, which ifind replaces.
        const std::size_t copies = text::lower(h).find(text::lower(n));
        QCOMPARE(at, copies);
    }

    void csvRecords_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QByteArray>("flat"); // records joined by "|", fields by "/"
        const auto row = [](const char* name, const char* text, const char* flat) {
            QTest::newRow(name) << QByteArray(text) << QByteArray(flat);
        };
        row("plain", "a,b,c\n1,2,3\n", "a/b/c|1/2/3");
        row("no final newline", "a,b\n1,2", "a/b|1/2");
        row("crlf and blank lines", "a,b\r\n\r\n1,2\r\n", "a/b|1/2");
        row("byte-order mark", "\xEF\xBB\xBFx,y\n", "x/y");
        row("empty fields", ",,\n", "//");
        row("quoted comma", "\"TP=8, EP=1\",z\n", "TP=8, EP=1/z");
        row("escaped quotes", "\"say \"\"hi\"\"\",2\n", "say \"hi\"/2");
        row("embedded newline", "\"two\nlines\",3\n", "two\nlines/3");
        row("stray text after quote", "\"ab\"cd,e\n", "abcd/e");
        row("escape then stray text", "\"a\"\"b\"c,d\n", "a\"bc/d");
        row("long unquoted fields", "abcdefghijklmnopqrstuvwxyz,0123456789abcdef\n",
            "abcdefghijklmnopqrstuvwxyz/0123456789abcdef");
        row("separator at every offset", "a,bb,ccc,dddd,eeeee,ffffff,ggggggg,hhhhhhhh,i\n",
            "a/bb/ccc/dddd/eeeee/ffffff/ggggggg/hhhhhhhh/i");
    }
    void csvRecords()
    {
        QFETCH(QByteArray, text);
        QFETCH(QByteArray, flat);
        const std::string_view view(text.constData(), std::size_t(text.size()));
        const auto join = [](const auto& records) {
            std::string out;
            for (std::size_t r = 0; r < records.size(); ++r) {
                out += r ? "|" : "";
                for (std::size_t f = 0; f < records[r].size(); ++f)
                    out += (f ? "/" : "") + std::string(records[r][f]);
            }
            return out;
        };
        QCOMPARE(join(readAllRecords(view)), flat.toStdString());
        // The copying interface reads the same records.
        CsvReader reader(view);
        Records copies;
        for (std::vector<std::string> record; reader.next(record);)
            copies.push_back(record);
        QCOMPARE(join(copies), flat.toStdString());
    }

    void csvViewsSurviveTheRestOfTheRecord()
    {
        // Two rewritten fields in one record: the first's view must still hold its text after the
        // second was read (each has its own buffer), and record text and lines are as written.
        const std::string text = "\"a\"\"1\",\"b\"\"2\"x,plain\n\"c\n\",d\nlast,row\n";
        CsvReader reader(text);
        std::vector<std::string_view> fields;
        QVERIFY(reader.next(fields));
        QCOMPARE(fields.size(), std::size_t(3));
        QCOMPARE(std::string(fields[0]), std::string("a\"1"));
        QCOMPARE(std::string(fields[1]), std::string("b\"2x"));
        QCOMPARE(std::string(fields[2]), std::string("plain"));
        QCOMPARE(reader.line(), 1);
        QCOMPARE(std::string(reader.recordText()), std::string("\"a\"\"1\",\"b\"\"2\"x,plain"));
        QVERIFY(reader.next(fields));
        QCOMPARE(std::string(fields[0]), std::string("c\n"));
        QCOMPARE(reader.line(), 2);
        QVERIFY(reader.next(fields));
        QCOMPARE(reader.line(), 4); // the quoted line break counted
        QVERIFY(!reader.next(fields));
        QVERIFY(reader.error().empty());
    }

    void csvUnclosedQuoteIsAnError()
    {
        std::string error;
        const auto records = readAllRecords("a,b\n\"open,c\n", &error);
        QCOMPARE(records.size(), std::size_t(1));
        QCOMPARE(error, std::string("line 2: a quoted field is never closed"));
    }

    void hashIsTheStoredDefinition()
    {
        std::mt19937_64 random(7);
        for (std::size_t length = 0; length <= 80; ++length) {
            for (int n = 0; n < 20; ++n) {
                std::string bytes(length, '\0');
                for (char& c : bytes)
                    c = static_cast<char>(random() & 0xff);
                QCOMPARE(stableHash(bytes), referenceHash(bytes));
            }
        }
        // A row id as text: 16 lower-case hex digits of the hash, most significant first.
        char expected[17];
        std::snprintf(expected, sizeof expected, "%016llx",
                      static_cast<unsigned long long>(referenceHash("measured_point,x")));
        QCOMPARE(contentId("measured_point,x"), std::string(expected));
        std::string reused = "something longer than sixteen characters";
        writeContentId("measured_point,x", reused);
        QCOMPARE(reused, std::string(expected));
    }

    void reusedRunIsAFreshRun()
    {
        BenchmarkRun run;
        run.record = 7;
        for (std::string* s : {&run.source, &run.sourceRowId, &run.date, &run.division, &run.systemRaw,
                               &run.acceleratorRaw, &run.modelRaw, &run.systemId, &run.gpuId, &run.modelId,
                               &run.precision, &run.framework, &run.frameworkVersion, &run.parallelism,
                               &run.scenario, &run.raw})
            *s = "a text long enough to live on the heap";
        run.grade = Grade::Estimate;
        run.gpuCount = run.nodes = run.prefillGpus = run.decodeGpus = 4;
        run.precisionIsCheckpoint = run.preview = true;
        run.serving = Serving::Disaggregated;
        for (std::optional<double>* v : {&run.isl, &run.osl, &run.concurrency, &run.totalPerGpu, &run.inputPerGpu,
                                         &run.outputPerGpu, &run.perUser, &run.requestsPerGpu, &run.ttftMedianMs,
                                         &run.ttftP99Ms, &run.tpotMedianMs, &run.tpotP99Ms, &run.powerW})
            *v = 1.5;
        run.unit = ResultUnit::Samples;
        QVERIFY(!(run == BenchmarkRun{}));
        const std::size_t rawCapacity = run.raw.capacity();
        resetForReuse(run);
        QVERIFY(run == BenchmarkRun{});
        QCOMPARE(run.raw.capacity(), rawCapacity); // the buffer stayed for the next record
    }

    void fingerprintMapKeepsEveryKeyThroughGrowthAndReserve()
    {
        // The import's duplicate check: 300k random keys (the table grows from 1,024 slots past
        // the 2 MiB at which it asks for huge pages), a reserve half-way, then every key again
        // must return the value it was first given, and keys never inserted must be new.
        // Key 0 is stored as 1 (0 marks an empty slot), so 0 and 1 are one key.
        FingerprintMap map;
        std::mt19937_64 random(12);
        std::vector<std::uint64_t> keys(300'000);
        for (auto& k : keys)
            k = random() | 2; // never 0 or 1
        keys[17] = 0;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            if (i == keys.size() / 2)
                map.reserve(keys.size());
            QVERIFY(!map.insert(keys[i], int(i)));
        }
        QCOMPARE(map.size(), keys.size());
        QCOMPARE(map.insert(1, -1), std::optional<int>(17));
        for (std::size_t i = 0; i < keys.size(); i += 7)
            QCOMPARE(map.insert(keys[i], -1), std::optional<int>(int(i)));
        std::mt19937_64 other(99);
        for (int i = 0; i < 1000; ++i)
            QVERIFY(!map.insert(other() | 2, -2));
        QCOMPARE(map.size(), keys.size() + 1000);
    }

    // UTF-8 validity by hand: ASCII; "é" (C3 A9); "€" (E2 82 AC); U+1F600 (F0 9F 98 80); then what
    // is not UTF-8: a stray continuation byte, the overlong "/" (C0 AF), a surrogate (ED A0 80), a
    // sequence cut short, and F5 (beyond U+10FFFF).
    void utf8IsCheckedByteByByte()
    {
        QCOMPARE(firstInvalidUtf8("abc \xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"), std::string_view::npos);
        QCOMPARE(firstInvalidUtf8("ab\x80"), std::size_t(2));
        QCOMPARE(firstInvalidUtf8("\xC0\xAF"), std::size_t(0));
        QCOMPARE(firstInvalidUtf8("x\xED\xA0\x80"), std::size_t(1));
        QCOMPARE(firstInvalidUtf8("\xE2\x82"), std::size_t(0));
        QCOMPARE(firstInvalidUtf8("\xF5\x80\x80\x80"), std::size_t(0));
        QCOMPARE(withInvalidUtf8Replaced("a\xFF" "b"), std::string("a\xEF\xBF\xBD" "b"));
        QCOMPARE(printable("a\x1b[31m\nb\x7f"), std::string("a\\x1b[31m\nb\\x7f"));
    }
};

QTEST_GUILESS_MAIN(TestImportParsing)
#include "test_import_parsing.moc"
