// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small hand-made catalog entries and benchmark rows for the throughput tests, so their expected
// figures follow from numbers written here and not from the built-in catalog.

#include "benchmark.h"
#include "catalog.h"
#include "roofline.h"

#include <QFile>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

namespace fixtures {

using namespace planner;

template <class T>
Figure<T> figure(T v, Grade g = Grade::Vendor)
{
    return Figure<T>{{Sourced<T>{v, Provenance{"test fixture", "", g}}}, 0};
}

inline FlopRate petaflops(double v) { return units::per_second(v * units::peta); }

// HBM in GB, bandwidth in TB/s, dense FLOPS in PFLOPS (0 = none), scale-up in GB/s bidirectional.
inline GpuSpec gpu(const std::string& id, const std::string& generation, double hbmGb, double tbps,
                   double fp4, double fp8, double bf16, double scaleUpGbs = 1800)
{
    GpuSpec g;
    g.id = id;
    g.name = id;
    g.generation = generation;
    g.hbmCapacity = figure(units::gigabytes(hbmGb));
    g.hbmBandwidth = figure(units::terabytes_per_second(tbps));
    const double pf[3] = {fp4, fp8, bf16};
    for (std::size_t i = 0; i < 3; ++i)
        if (pf[i] > 0)
            g.denseFlops[i] = figure(petaflops(pf[i]));
    g.scaleUpBandwidth = figure(units::gigabytes_per_second(scaleUpGbs));
    g.scaleOutBandwidth = figure(units::gigabits_per_second(800));
    return g;
}

inline SystemSpec system(const std::string& id, const std::string& gpuId, int domain)
{
    SystemSpec s;
    s.id = id;
    s.name = id;
    s.gpu = gpuId;
    s.gpusPerDomain = domain;
    s.gpusPerNode = std::min(domain, 8);
    return s;
}

// Parameters as plain counts, KV bytes per token at 16-bit.
inline ModelSpec model(const std::string& id, double total, double active, int layers, double kv16,
                       int experts = 0, int perToken = 0)
{
    ModelSpec m;
    m.id = id;
    m.name = id;
    m.totalParams = figure(total);
    m.activeParams = figure(active);
    m.layers = layers;
    m.kvBytesPerToken16 = figure(units::bytes(kv16));
    m.experts = experts;
    m.expertsPerToken = perToken;
    return m;
}

inline BenchmarkPoint row(std::int64_t id, const std::string& model, const std::string& system, double perUser,
                          double total, Grade grade = Grade::Measured, double input = 1024, double output = 1024,
                          Precision p = Precision::FP8)
{
    BenchmarkPoint b;
    b.rowId = id;
    b.source = "test";
    b.grade = grade;
    b.model = model;
    b.system = system;
    b.precision = p;
    b.inputTokens = input;
    b.outputTokens = output;
    b.perUser = units::tokens_per_second(perUser);
    b.totalPerGpu = units::tokens_per_second(total);
    b.outputPerGpu = units::tokens_per_second(total * output / (input + output));
    return b;
}

// Rows that the roofline itself would measure with these efficiencies: one per requirement
// (zero: the memory-limited batch), at the point's own interactivity. Empty when it does not fit.
inline std::vector<BenchmarkPoint> rooflineRows(const Catalog& c, const std::string& model, const std::string& system,
                                                Precision p, Efficiency eff, double input, double output,
                                                const std::vector<double>& slos, std::int64_t firstId)
{
    const SystemSpec* s = c.system(system);
    RooflineInput in;
    in.model = c.model(model);
    in.gpu = c.gpu(s->gpu);
    in.domainSize = s->gpusPerDomain;
    in.precision = p;
    in.inputTokens = input;
    in.outputTokens = output;
    in.efficiency = eff;
    const auto setup = prepareRoofline(in);
    std::vector<BenchmarkPoint> out;
    if (!setup)
        return out;
    for (double slo : slos) {
        const RooflinePoint r = rooflineAtSlo(setup.value(), units::tokens_per_second(slo));
        out.push_back(row(firstId++, model, system, units::in_tokens_per_second(r.perUser),
                          units::in_tokens_per_second(r.totalPerGpu), Grade::Measured, input, output, p));
    }
    return out;
}

// A CSV file with a header row and quoted fields (no line breaks inside fields), as maps.
inline QList<QMap<QString, QString>> readCsv(const QString& path)
{
    QList<QMap<QString, QString>> rows;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return rows;
    auto split = [](const QString& line) {
        QStringList out;
        QString cell;
        bool quoted = false;
        for (int i = 0; i < line.size(); ++i) {
            const QChar c = line.at(i);
            if (c == u'"' && quoted && i + 1 < line.size() && line.at(i + 1) == u'"')
                cell += c, ++i;
            else if (c == u'"')
                quoted = !quoted;
            else if (c == u',' && !quoted)
                out << cell, cell.clear();
            else
                cell += c;
        }
        out << cell;
        return out;
    };
    const QStringList header = split(QString::fromUtf8(f.readLine()).trimmed());
    while (!f.atEnd()) {
        const QStringList cells = split(QString::fromUtf8(f.readLine()).trimmed());
        QMap<QString, QString> r;
        for (int i = 0; i < header.size() && i < cells.size(); ++i)
            r.insert(header.at(i), cells.at(i));
        rows << r;
    }
    return rows;
}

} // namespace fixtures
