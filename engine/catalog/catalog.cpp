// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/catalog.h"

#include "core/enum_names.h"

#include <algorithm>
#include <cctype>

namespace planner {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

template <class Spec>
const Spec* findById(const std::vector<Spec>& list, std::string_view id)
{
    auto it = std::find_if(list.begin(), list.end(), [&](const Spec& s) { return s.id == id; });
    return it == list.end() ? nullptr : &*it;
}

} // namespace

namespace {
constexpr std::array kPrecisionNames{EnumName<Precision>{Precision::FP4, "fp4"}, EnumName<Precision>{Precision::FP8, "fp8"},
                                     EnumName<Precision>{Precision::BF16, "bf16"}};
constexpr std::array kCoolingNames{EnumName<Cooling>{Cooling::Air, "air"},
                                   EnumName<Cooling>{Cooling::LiquidChilled, "liquid-chilled"},
                                   EnumName<Cooling>{Cooling::LiquidWarm45C, "liquid-warm-45c"}};
} // namespace

std::string_view precisionName(Precision p) { return enumName(kPrecisionNames, p); }

std::optional<Precision> precisionFromName(std::string_view name)
{
    const std::string n = lower(name);
    if (n == "fp4" || n == "nvfp4" || n == "mxfp4" || n == "int4")
        return Precision::FP4;
    if (n == "fp8" || n == "mxfp8" || n == "int8" || n == "fp8_e4m3")
        return Precision::FP8;
    if (n == "bf16" || n == "fp16" || n == "float16" || n == "bfloat16")
        return Precision::BF16;
    return std::nullopt;
}

double bytesPerParameter(Precision p)
{
    switch (p) {
    case Precision::FP4: return 0.5;
    case Precision::FP8: return 1.0;
    case Precision::BF16: return 2.0;
    }
    return 2.0;
}

double kvCacheScale(Precision p) { return p == Precision::BF16 ? 1.0 : 0.5; }

std::optional<Precision> computePrecision(const GpuSpec& gpu, Precision p)
{
    for (auto i = static_cast<std::size_t>(p); i < gpu.denseFlops.size(); ++i)
        if (gpu.denseFlops[i].known() && gpu.denseFlops[i].value().value() > 0)
            return static_cast<Precision>(i);
    return std::nullopt;
}

std::optional<Precision> narrowestNativePrecision(const GpuSpec& gpu, std::optional<Precision> label)
{
    for (Precision p : kAllPrecisions) { // narrowest first
        if (label && p >= *label)
            return std::nullopt;
        const auto& flops = gpu.denseFlops[static_cast<std::size_t>(p)];
        if (flops.known() && flops.value().value() > 0)
            return p;
    }
    return std::nullopt;
}

std::string_view coolingName(Cooling c) { return enumName(kCoolingNames, c); }
std::optional<Cooling> coolingFromName(std::string_view name) { return enumFromName(kCoolingNames, name); }

const GpuSpec* Catalog::gpu(std::string_view id) const { return findById(gpus, id); }
const SystemSpec* Catalog::system(std::string_view id) const { return findById(systems, id); }
const NicSpec* Catalog::nic(std::string_view id) const { return findById(nics, id); }
const SwitchSpec* Catalog::switchSpec(std::string_view id) const { return findById(switches, id); }
const OpticSpec* Catalog::optic(std::string_view id) const { return findById(optics, id); }
const StorageTierSpec* Catalog::storageTier(std::string_view id) const { return findById(storageTiers, id); }

const ModelSpec* Catalog::model(std::string_view id) const
{
    if (const ModelSpec* m = findById(models, id))
        return m;
    const std::string wanted = lower(id);
    for (const ModelSpec& m : models)
        for (const std::string& alias : m.aliases)
            if (lower(alias) == wanted)
                return &m;
    return nullptr;
}

const MlperfWorkload* Catalog::mlperfWorkload(std::string_view key) const
{
    auto it = std::find_if(mlperfWorkloads.begin(), mlperfWorkloads.end(),
                           [&](const MlperfWorkload& w) { return w.key == key; });
    return it == mlperfWorkloads.end() ? nullptr : &*it;
}

} // namespace planner
