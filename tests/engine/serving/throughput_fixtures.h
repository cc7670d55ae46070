// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Small hand-made catalog entries and benchmark rows for the throughput tests, so their expected
// figures follow from numbers written here and not from the built-in catalog.

#include "serving/benchmark.h"
#include "catalog/catalog.h"
#include "serving/roofline.h"

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

// gpu-a (generation gen-a) in the 8-GPU sys-a and gpu-b (gen-b, twice as fast) in the 72-GPU
// sys-b, with a Llama-70B-like dense model: what the calibration and validation suites fit on.
inline Catalog twoGenerationCatalog()
{
    Catalog c;
    c.gpus = {gpu("gpu-a", "gen-a", 192, 8, 10, 5, 2.5), gpu("gpu-b", "gen-b", 288, 16, 20, 10, 5)};
    c.systems = {system("sys-a", "gpu-a", 8), system("sys-b", "gpu-b", 72)};
    c.models = {model("dense-70b", 70e9, 70e9, 80, 327680)};
    return c;
}

} // namespace fixtures
