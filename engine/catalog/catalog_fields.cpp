// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/catalog_fields.h"

#include "core/units.h"

#include <cmath>

namespace planner {

namespace {

using namespace units;

// A figure of type T seen in a display unit: to/from converts between the figure's quantity and
// the plain number people type.
template <class T>
struct Scale {
    double (*to)(T);
    T (*from)(double);
};

const Scale<Power> kWatts{&in_watts, &watts};
const Scale<Power> kKilowatts{&in_kilowatts, &kilowatts};
const Scale<Money> kUsd{&in_usd, &usd};
const Scale<DataSize> kBytes{&in_bytes, &bytes};
const Scale<DataSize> kGigabytes{&in_gigabytes, &gigabytes};
const Scale<DataSize> kTerabytes{&in_terabytes, &terabytes};
const Scale<Bandwidth> kTerabytesPerS{[](Bandwidth b) { return b.value() / tera; }, &terabytes_per_second};
const Scale<Bandwidth> kGigabytesPerS{&in_gigabytes_per_second, &gigabytes_per_second};
const Scale<Bandwidth> kGigabitsPerS{&in_gigabits_per_second, &gigabits_per_second};
const Scale<FlopRate> kPflops{[](FlopRate f) { return f.value() / peta; },
                              [](double v) { return per_second(v * peta); }};
const Scale<MoneyPerData> kUsdPerGb{&in_usd_per_gb, [](double v) { return usd(v) / gigabytes(1.0); }};
const Scale<Time> kDays{&in_days, &days};
const Scale<double> kBillions{[](double v) { return v / 1e9; }, [](double v) { return v * 1e9; }};

// Calls fn(field, label, unit, figure, scale) for each figure of an item. Item is const or not.
template <class Item, class Fn>
void forEachFigure(Item& g, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, GpuSpec>
{
    fn("hbm_capacity_gb", "HBM capacity", "GB", g.hbmCapacity, kGigabytes);
    fn("hbm_bandwidth_tbps", "HBM bandwidth", "TB/s", g.hbmBandwidth, kTerabytesPerS);
    fn("dense_fp4_pflops", "Dense FP4", "PFLOPS", g.denseFlops[0], kPflops);
    fn("dense_fp8_pflops", "Dense FP8", "PFLOPS", g.denseFlops[1], kPflops);
    fn("dense_bf16_pflops", "Dense BF16", "PFLOPS", g.denseFlops[2], kPflops);
    fn("sparse_fp4_pflops", "Sparse FP4", "PFLOPS", g.sparseFlops[0], kPflops);
    fn("sparse_fp8_pflops", "Sparse FP8", "PFLOPS", g.sparseFlops[1], kPflops);
    fn("sparse_bf16_pflops", "Sparse BF16", "PFLOPS", g.sparseFlops[2], kPflops);
    fn("tdp_w", "Rated power (TDP)", "W", g.tdp, kWatts);
    fn("scale_up_gbps", "Scale-up bandwidth per GPU", "GB/s", g.scaleUpBandwidth, kGigabytesPerS);
    fn("scale_out_gbps", "Scale-out bandwidth per GPU", "Gb/s", g.scaleOutBandwidth, kGigabitsPerS);
}

template <class Item, class Fn>
void forEachFigure(Item& s, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, SystemSpec>
{
    fn("power_kw", "IT power (one domain, nameplate)", "kW", s.domainPower, kKilowatts);
    fn("typical_power_kw", "Typical power (one domain)", "kW", s.domainTypicalPower, kKilowatts);
    fn("price_usd", "Price (one domain)", "USD", s.domainPrice, kUsd);
    fn("all_in_power_per_gpu_w", "All-in power per GPU", "W", s.allInPowerPerGpu, kWatts);
    fn("local_nvme_tb", "Local NVMe per node", "TB", s.localNvmePerNode, kTerabytes);
    fn("local_nvme_read_gb_per_s", "Local NVMe read per node", "GB/s", s.localNvmeReadPerNode, kGigabytesPerS);
    fn("host_memory_gb_per_gpu", "CPU memory per GPU", "GB", s.hostMemoryPerGpu, kGigabytes);
    fn("host_memory_read_gb_per_s_per_gpu", "CPU memory read per GPU", "GB/s", s.hostMemoryReadPerGpu, kGigabytesPerS);
}

// A NIC's bandwidth, power and price.
template <class Item, class Fn>
void forEachFigure(Item& n, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, NicSpec>
{
    fn("bandwidth_gbps", "Bandwidth", "Gb/s", n.bandwidth, kGigabitsPerS);
    fn("power_w", "Power", "W", n.power, kWatts);
    fn("price_usd", "Price", "USD", n.price, kUsd);
}

// An optic's, and the price of the fibre cable one of its links takes.
template <class Item, class Fn>
void forEachFigure(Item& o, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, OpticSpec>
{
    fn("bandwidth_gbps", "Bandwidth", "Gb/s", o.bandwidth, kGigabitsPerS);
    fn("power_w", "Power", "W", o.power, kWatts);
    fn("price_usd", "Price", "USD", o.price, kUsd);
    fn("cable_price_usd", "Fibre cable per link", "USD", o.cablePrice, kUsd);
}

template <class Item, class Fn>
void forEachFigure(Item& s, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, SwitchSpec>
{
    fn("port_gbps", "Port bandwidth", "Gb/s", s.portBandwidth, kGigabitsPerS);
    fn("power_w", "Power", "W", s.power, kWatts);
    fn("price_usd", "Price", "USD", s.price, kUsd);
}

template <class Item, class Fn>
void forEachFigure(Item& t, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, StorageTierSpec>
{
    fn("price_usd_per_gb_month", "Price per GB-month", "USD/GB", t.pricePerGbMonth, kUsdPerGb);
    fn("retrieval_usd_per_gb", "Retrieval", "USD/GB", t.retrievalPerGb, kUsdPerGb);
    fn("egress_usd_per_gb", "Egress", "USD/GB", t.egressPerGb, kUsdPerGb);
    fn("minimum_retention_days", "Minimum retention", "days", t.minimumRetention, kDays);
}

template <class Item, class Fn>
void forEachFigure(Item& m, Fn&& fn)
    requires std::is_same_v<std::remove_const_t<Item>, ModelSpec>
{
    fn("total_params_b", "Total parameters", "billion", m.totalParams, kBillions);
    fn("active_params_b", "Active parameters", "billion", m.activeParams, kBillions);
    fn("kv_bytes_per_token_16bit", "KV cache per token (16-bit)", "B", m.kvBytesPerToken16, kBytes);
}

// Calls fn(kind, items) for every item list of the catalog, const or not.
template <class C, class Fn>
void forEachKind(C& c, Fn&& fn)
{
    fn("gpu", c.gpus);
    fn("system", c.systems);
    fn("nic", c.nics);
    fn("switch", c.switches);
    fn("optic", c.optics);
    fn("storage", c.storageTiers);
    fn("model", c.models);
}

template <class T>
CatalogFigure listed(const Figure<T>& f, const Scale<T>& scale)
{
    CatalogFigure out;
    for (const Sourced<T>& c : f.claims)
        out.claims.push_back({scale.to(c.value), c.provenance});
    out.chosen = f.chosen;
    return out;
}

} // namespace

std::vector<CatalogFigure> catalogFigures(const Catalog& catalog)
{
    std::vector<CatalogFigure> out;
    forEachKind(catalog, [&](const char* kind, const auto& items) {
        for (const auto& item : items)
            forEachFigure(item, [&](const char* field, const char* label, const char* unit, const auto& figure,
                                    const auto& scale) {
                if (!figure.known())
                    return;
                CatalogFigure f = listed(figure, scale);
                f.kind = kind;
                f.id = item.id;
                f.name = item.name;
                f.field = field;
                f.label = label;
                f.unit = unit;
                out.push_back(std::move(f));
            });
    });
    return out;
}

Result<void> applyOverride(Catalog& catalog, const CatalogOverride& o)
{
    const std::string where = o.kind + ":" + o.id + "." + o.field;
    if (!std::isfinite(o.value) || o.value <= 0)
        return badInput(where, where + ": the value must be a positive number");
    bool kindFound = false, itemFound = false, fieldFound = false;
    forEachKind(catalog, [&](const char* kind, auto& items) {
        if (o.kind != kind)
            return;
        kindFound = true;
        for (auto& item : items) {
            if (item.id != o.id)
                continue;
            itemFound = true;
            forEachFigure(item, [&](const char* field, const char*, const char*, auto& figure, const auto& scale) {
                if (o.field != field)
                    return;
                fieldFound = true;
                using Claim = typename std::remove_reference_t<decltype(figure.claims)>::value_type;
                figure.claims.push_back(Claim{scale.from(o.value), Provenance{o.source.empty() ? "user" : "user: " + o.source, o.date, Grade::User}});
                figure.chosen = figure.claims.size() - 1;
            });
        }
    });
    if (!kindFound)
        return badInput(where, "unknown catalog kind \"" + o.kind + "\"");
    if (!itemFound)
        return badInput(where, "the catalog has no " + o.kind + " \"" + o.id + "\"");
    if (!fieldFound)
        return badInput(where, o.kind + " has no figure \"" + o.field + "\"");
    return boost::outcome_v2::success();
}

Result<Catalog> withOverrides(const Catalog& base, std::span<const CatalogOverride> overrides)
{
    Catalog c = base;
    for (const CatalogOverride& o : overrides)
        if (auto r = applyOverride(c, o); !r)
            return r.error();
    return c;
}

std::vector<CatalogFieldInfo> catalogFields(std::string_view kind)
{
    std::vector<CatalogFieldInfo> out;
    auto collect = [&](auto item) {
        forEachFigure(item, [&](const char* field, const char* label, const char* unit, const auto&, const auto&) {
            out.push_back({field, label, unit});
        });
    };
    if (kind == "gpu")
        collect(GpuSpec{});
    else if (kind == "system")
        collect(SystemSpec{});
    else if (kind == "nic")
        collect(NicSpec{});
    else if (kind == "switch")
        collect(SwitchSpec{});
    else if (kind == "optic")
        collect(OpticSpec{});
    else if (kind == "storage")
        collect(StorageTierSpec{});
    else if (kind == "model")
        collect(ModelSpec{});
    return out;
}

std::vector<std::string> catalogKinds() { return {"gpu", "system", "nic", "switch", "optic", "storage", "model"}; }

} // namespace planner
