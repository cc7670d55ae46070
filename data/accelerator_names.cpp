// SPDX-License-Identifier: GPL-3.0-or-later
#include "accelerator_names.h"

#include "measured_ratios.h"
#include "text_parse.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>

namespace planner {

namespace {

using Words = std::vector<std::string>;

// Lower-case words of a name: letters and digits, everything else separates ("H200-SXM-141GB-CTS"
// -> h200 sxm 141gb cts; "(x32)" -> x32; "Intel(R) Arc(TM)" -> intel r arc tm).
Words wordsOf(std::string_view name)
{
    Words words;
    std::string word;
    for (char c : name) {
        const char l = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        if ((l >= 'a' && l <= 'z') || (l >= '0' && l <= '9')) {
            word += l;
        } else if (!word.empty()) {
            words.push_back(std::move(word));
            word.clear();
        }
    }
    if (!word.empty())
        words.push_back(std::move(word));
    return words;
}

bool has(const Words& words, std::string_view w) { return std::find(words.begin(), words.end(), w) != words.end(); }

struct Product {
    std::string_view label;                          // as people write it
    std::initializer_list<std::string_view> words;   // all present, as whole words
    std::string_view catalogId;                      // empty: the catalog does not hold it
    std::initializer_list<std::string_view> unless;  // any present: not this product at all
    std::initializer_list<std::string_view> variant; // any present: a sibling product, other figures
};

// The vocabulary. A catalog product lists in `variant` the words that make a name a sibling
// product with other figures: NVL and PCIe cards of the SXM parts, the Workstation and Max-Q
// editions of the RTX PRO 6000. The bare "RTX PRO 6000 Blackwell" is read as the Server Edition,
// the one edition built for servers (the others say so in their names).
const Product kProducts[] = {
    {"NVIDIA GB300", {"gb300"}, "gb300", {}, {}},
    {"NVIDIA GB200", {"gb200"}, "gb200", {}, {}},
    {"NVIDIA GH200", {"gh200"}, "", {}, {}},
    {"NVIDIA B300", {"b300"}, "b300", {}, {"nvl", "pcie"}},
    {"NVIDIA B200", {"b200"}, "b200", {}, {"nvl", "pcie"}},
    {"NVIDIA H200", {"h200"}, "h200", {}, {"nvl", "pcie"}},
    {"NVIDIA H100", {"h100"}, "h100", {}, {"nvl", "pcie"}},
    {"NVIDIA Rubin CPX", {"rubin", "cpx"}, "", {}, {}},
    {"NVIDIA Vera Rubin (VR200)", {"vr200"}, "vr200", {}, {}},
    {"NVIDIA Vera Rubin (VR200)", {"rubin"}, "vr200", {"cpx"}, {}},
    {"NVIDIA RTX PRO 6000 Blackwell Server Edition", {"rtx", "pro", "6000"}, "rtx-pro-6000-se", {"ada"}, {"workstation", "max"}},
    {"NVIDIA RTX PRO 4500 Blackwell", {"rtx", "pro", "4500"}, "rtx-pro-4500", {"ada"}, {}},
    {"Intel Arc Pro B70", {"arc", "pro", "b70"}, "arc-pro-b70", {}, {}},
    {"Intel Arc Pro B60", {"arc", "pro", "b60"}, "", {}, {}},
    {"AMD Instinct MI300X", {"mi300x"}, "mi300x", {}, {}},
    {"AMD Instinct MI325X", {"mi325x"}, "mi325x", {}, {}},
    {"AMD Instinct MI350X", {"mi350x"}, "mi350x", {}, {}},
    {"AMD Instinct MI350P", {"mi350p"}, "mi350p", {}, {}},
    {"AMD Instinct MI355X", {"mi355x"}, "mi355x", {}, {}},
    {"AMD Instinct MI300A", {"mi300a"}, "", {}, {}},
    {"AMD Instinct MI250X", {"mi250x"}, "", {}, {}},
    {"NVIDIA A100", {"a100"}, "", {}, {}},
    {"NVIDIA L40S", {"l40s"}, "", {}, {}},
    {"NVIDIA L40", {"l40"}, "", {}, {}},
    {"NVIDIA L4", {"l4"}, "", {}, {}},
    {"NVIDIA T4", {"t4"}, "", {}, {}},
    {"NVIDIA GeForce RTX 4090", {"4090"}, "", {}, {}},
    {"NVIDIA RTX A5000", {"a5000"}, "", {}, {}},
    {"NVIDIA RTX 4000 Ada", {"rtx", "4000", "ada"}, "", {}, {}},
    {"NVIDIA RTX 2000E Ada", {"2000e"}, "", {}, {}},
    {"NVIDIA Jetson AGX Orin", {"orin"}, "", {}, {}},
    {"NVIDIA Jetson AGX Thor", {"thor"}, "", {}, {}},
    {"Google TPU", {"tpu"}, "", {}, {}},
    {"Intel Gaudi 3", {"gaudi3"}, "", {}, {}},
    {"Intel Arc 140T (integrated)", {"140t"}, "", {}, {}},
    {"AMD Radeon 8060S (integrated)", {"8060s"}, "", {}, {}},
    {"UntetherAI speedAI240", {"speedai240"}, "", {}, {}},
};

// A family named without its product code: the catalog GPUs it could be.
struct Family {
    std::string_view word;
    std::initializer_list<std::string_view> ids;
};
const Family kFamilies[] = {
    {"hopper", {"h100", "h200"}},
    {"blackwell", {"b200", "b300", "gb200", "gb300", "rtx-pro-6000-se", "rtx-pro-4500"}},
    {"instinct", {"mi300x", "mi325x", "mi350x", "mi350p", "mi355x"}},
    {"mi300", {"mi300x"}},
    {"mi350", {"mi350x", "mi350p"}},
};

bool matches(const Product& p, const Words& words)
{
    return std::all_of(p.words.begin(), p.words.end(), [&](std::string_view w) { return has(words, w); });
}

bool hasAny(std::initializer_list<std::string_view> list, const Words& words)
{
    return std::any_of(list.begin(), list.end(), [&](std::string_view w) { return has(words, w); });
}

// Memory written in the name, in GB: "141gb", "64g", "270gb"; nullopt when none.
std::optional<double> memoryGb(const Words& words)
{
    for (const std::string& w : words) {
        std::size_t digits = 0;
        while (digits < w.size() && w[digits] >= '0' && w[digits] <= '9')
            ++digits;
        const std::string_view unit = std::string_view(w).substr(digits);
        if (digits > 0 && (unit == "gb" || unit == "g"))
            return text::parseNumber(std::string_view(w).substr(0, digits));
    }
    return std::nullopt;
}

// Why a name that carries a catalog product's code is another product; empty when it is that one.
std::string variantOf(const Product& p, const Words& words, const Catalog& catalog)
{
    for (std::string_view w : p.variant)
        if (has(words, w))
            return std::string(w == "nvl" ? "the NVL card" : w == "pcie" ? "the PCIe card" : w == "ada" ? "the Ada generation" : "another edition");
    const GpuSpec* gpu = catalog.gpu(p.catalogId);
    const auto memory = memoryGb(words);
    if (gpu && memory && gpu->hbmCapacity.known()) {
        // Within 10%: MLPerf writes usable memory (B200 180 GB, B300 270 GB) where the catalog
        // holds the product's 192 or 288 GB; another memory size is another part.
        const double catalogGb = units::in_gigabytes(gpu->hbmCapacity.value());
        if (std::abs(*memory - catalogGb) > 0.10 * catalogGb)
            return std::to_string(static_cast<int>(*memory)) + " GB of memory where the catalog's " + gpu->id
                + " has " + std::to_string(static_cast<int>(std::lround(catalogGb))) + " GB";
    }
    return {};
}

std::vector<std::string> catalogGpuIds(const Catalog& catalog)
{
    std::vector<std::string> ids;
    for (const GpuSpec& g : catalog.gpus)
        ids.push_back(g.id);
    return ids;
}

std::string listed(const std::vector<std::string>& names)
{
    std::string s;
    for (const std::string& n : names)
        s += (s.empty() ? "" : ", ") + n;
    return s;
}

} // namespace

AcceleratorName parseAcceleratorName(std::string_view name, const Catalog& catalog)
{
    const Words words = wordsOf(name);
    AcceleratorName out;
    const Product* found = nullptr;
    for (const Product& p : kProducts) {
        if (!matches(p, words) || hasAny(p.unless, words))
            continue;
        if (std::find(out.products.begin(), out.products.end(), p.label) == out.products.end())
            out.products.emplace_back(p.label);
        if (!found)
            found = &p;
    }
    if (out.products.size() > 1) {
        out.kind = AcceleratorName::Kind::Mixed;
        return out;
    }
    out.products.clear();
    if (found) {
        out.product = std::string(found->label);
        const std::string why = found->catalogId.empty() ? std::string() : variantOf(*found, words, catalog);
        if (!found->catalogId.empty() && why.empty() && catalog.gpu(found->catalogId)) {
            out.kind = AcceleratorName::Kind::Catalog;
            out.catalogId = std::string(found->catalogId);
        } else {
            out.kind = AcceleratorName::Kind::NotInCatalog;
            out.why = why;
            if (!found->catalogId.empty() && catalog.gpu(found->catalogId))
                out.candidates.emplace_back(found->catalogId); // the sibling the catalog does hold
        }
        return out;
    }
    for (const Family& f : kFamilies)
        if (has(words, f.word)) {
            out.kind = AcceleratorName::Kind::Ambiguous;
            for (std::string_view id : f.ids)
                if (catalog.gpu(id))
                    out.candidates.emplace_back(id);
            return out;
        }
    out.kind = AcceleratorName::Kind::Unknown;
    return out;
}

std::string acceleratorNameProblem(std::string_view name, const AcceleratorName& parsed, const Catalog& catalog)
{
    const std::string quoted = "\"" + std::string(name) + "\"";
    switch (parsed.kind) {
    case AcceleratorName::Kind::Catalog:
        return {};
    case AcceleratorName::Kind::Mixed:
        return quoted + " mixes accelerators (" + listed(parsed.products)
            + "); a prediction needs one accelerator type, so give one of them";
    case AcceleratorName::Kind::Ambiguous:
        return quoted + " names a family, not one accelerator; it could be any of: " + listed(parsed.candidates);
    case AcceleratorName::Kind::NotInCatalog: {
        std::string s = quoted + " is the " + parsed.product;
        if (!parsed.why.empty())
            s += " (" + parsed.why + ")";
        s += ", which the catalog does not hold";
        const auto nearest = parsed.candidates.empty() ? nearestNames(parsed.product, catalogGpuIds(catalog), 3)
                                                       : parsed.candidates;
        return s + "; nearest catalog GPUs: " + listed(nearest);
    }
    case AcceleratorName::Kind::Unknown:
        break;
    }
    // Compared without the vendor's words, which every catalog id leaves out ("NVIDIA B3OO" -> b300).
    std::string product;
    for (const std::string& w : wordsOf(name))
        if (w != "nvidia" && w != "amd" && w != "intel" && w != "instinct")
            product += w;
    return "unknown accelerator " + quoted + "; nearest catalog GPUs: "
        + listed(nearestNames(product.empty() ? std::string(name) : product, catalogGpuIds(catalog), 5));
}

} // namespace planner
