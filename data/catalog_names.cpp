// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog_names.h"

#include "accelerator_names.h"
#include "benchmark_store.h"
#include "catalog/catalog.h"
#include "serving/generation_distance.h"
#include "text_parse.h"

#include <tuple>

namespace planner {

namespace {

Error unknown(const char* what, const std::string& name, const char* hint)
{
    return badInput({}, std::string("unknown ") + what + " \"" + name + "\"" + hint);
}

} // namespace

CatalogNames CatalogNames::builtin() { return CatalogNames(AliasResolver::fromSeeds()); }

Result<CatalogNames> CatalogNames::ofDatabase(const QString& path)
{
    auto db = openForReading(path);
    if (!db)
        return db.error();
    auto aliases = db.value().aliases();
    if (!aliases)
        return aliases.error();
    return CatalogNames(std::move(aliases.value()));
}

Result<std::string> CatalogNames::gpu(const std::string& name) const
{
    std::string id = aliases_.find(AliasKind::Accelerator, name);
    if (!id.empty())
        return id;
    // Not in the alias table nor read by structure as a catalog GPU: say what it is instead.
    const AcceleratorName parsed = parseAcceleratorName(name, builtinCatalog());
    return badInput({}, acceleratorNameProblem(name, parsed, builtinCatalog()));
}

Result<std::string> CatalogNames::model(const std::string& name) const
{
    std::string id = aliases_.find(AliasKind::Model, name);
    if (id.empty())
        return unknown("model", name, "; see 'clusterplanner-cli catalog list'");
    return id;
}

Result<std::string> CatalogNames::system(const std::string& name) const
{
    std::string id = aliases_.find(AliasKind::System, name);
    if (!id.empty())
        return id;
    if (const SystemSpec* s = builtinCatalog().system(text::lower(name)))
        return s->id;
    // "NVIDIA Vera Rubin NVL72", "DGX B300": the catalog system of the accelerator it names.
    const AcceleratorName parsed = parseAcceleratorName(name, builtinCatalog());
    if (parsed.kind == AcceleratorName::Kind::Catalog)
        if (const std::string_view system = defaultSystemFor(parsed.catalogId); !system.empty())
            return std::string(system);
    if (parsed.kind == AcceleratorName::Kind::Unknown)
        return unknown("system", name, "; see 'clusterplanner-cli catalog list'");
    return badInput({}, "system: " + acceleratorNameProblem(name, parsed, builtinCatalog()));
}

Result<std::string> CatalogNames::systemForAccelerator(const std::string& name) const
{
    auto gpuId = gpu(name);
    if (!gpuId)
        return gpuId.error();
    const std::string_view system = defaultSystemFor(gpuId.value());
    if (system.empty())
        return badInput({}, "no catalog system for GPU " + gpuId.value());
    return std::string(system);
}

namespace {

// For a system with no rows of its own: the precision its nearest GPU generation was measured at
// for the same model (Vera Rubin takes GB300's fp4, not Hopper's fp8), the better grade and then
// the narrower format among equals; nullopt when no other system measured the model.
std::optional<Precision> nearestGenerationPrecision(const ThroughputModel& model, const ThroughputQuery& q)
{
    const Catalog& catalog = builtinCatalog();
    const SystemSpec* target = catalog.system(q.system);
    const GpuSpec* targetGpu = target ? catalog.gpu(target->gpu) : nullptr;
    const ModelSpec* wanted = catalog.model(q.model);
    if (!targetGpu || !wanted)
        return std::nullopt;
    std::optional<std::tuple<int, Grade, Precision>> best;
    for (const MeasuredCurve& m : model.curves()) {
        const SystemSpec* s = catalog.system(m.system);
        const GpuSpec* g = s ? catalog.gpu(s->gpu) : nullptr;
        if (!g || m.system == q.system || catalog.model(m.model) != wanted)
            continue;
        const std::tuple candidate{generationDistance(targetGpu->generation, g->generation), m.grade, m.precision};
        if (!best || candidate < *best)
            best = candidate;
    }
    if (!best)
        return std::nullopt;
    return std::get<2>(*best);
}

} // namespace

Result<ThroughputEstimate> estimateAtBestPrecision(const ThroughputModel& model, ThroughputQuery& q, bool fixed)
{
    if (fixed)
        return model.estimate(q);
    std::optional<ThroughputEstimate> best;
    Precision bestPrecision = Precision::FP8;
    for (Precision p : kAllPrecisions) {
        q.precision = p;
        auto e = model.estimate(q);
        if (e && fromOwnRows(e.value().method)
            && (!best || e.value().evidence.grade < best->evidence.grade)) {
            best = std::move(e).value();
            bestPrecision = p;
        }
    }
    if (best) {
        q.precision = bestPrecision;
        return std::move(*best);
    }
    q.precision = nearestGenerationPrecision(model, q).value_or(Precision::FP8);
    return model.estimate(q);
}

} // namespace planner
