// SPDX-License-Identifier: GPL-3.0-or-later
// `catalog list` and `catalog show ID`: every figure with all its claims, their sources and grades.
#include "cli_options.h"
#include "cli_runner.h"

#include "catalog/catalog.h"
#include "catalog/catalog_fields.h"
#include "core/number_text.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace planner::cli {

using namespace units;

namespace {

CommandLine catalogCommandLine()
{
    return CommandLine("catalog", "{list|show ID}",
                       "Lists the built-in catalog (GPUs, systems, NICs, switches, optics, storage tiers, models,\n"
                       "MLPerf workloads) or shows one entry with every figure's claims, sources and evidence grades.");
}

// One item: its descriptive lines, then every figure of the catalog's field table (the table the
// Catalog view and overrides use), each claim with its source and grade, the chosen one marked.
class Printer {
public:
    Printer(std::ostream& out, std::vector<CatalogFigure> figures) : out_(out), figures_(std::move(figures))
    {
        for (const CatalogFigure& f : figures_)
            width_ = std::max(width_, f.label.size() + 2);
    }

    void text(const std::string& label, const std::string& value)
    {
        out_ << "  " << std::left << std::setw(static_cast<int>(width_)) << label << value << "\n";
    }
    void figures()
    {
        for (const CatalogFigure& f : figures_)
            for (std::size_t i = 0; i < f.claims.size(); ++i) {
                const CatalogClaim& c = f.claims[i];
                out_ << "  " << std::left << std::setw(static_cast<int>(width_)) << (i == 0 ? f.label : "")
                     << (i == f.chosen ? "* " : "  ") << figureText(c.value, f.unit) << "  ["
                     << gradeName(c.provenance.grade) << "] " << c.provenance.source.str()
                     << (c.provenance.date.empty() ? "" : " (" + c.provenance.date + ")") << "\n";
            }
    }

private:
    std::ostream& out_;
    std::vector<CatalogFigure> figures_;
    std::size_t width_ = 26;
};

void showGpu(const GpuSpec& g, Printer& p)
{
    p.text("kind", "GPU");
    p.text("name", g.name);
    p.text("generation", g.generation);
}

void showSystem(const SystemSpec& s, Printer& p)
{
    p.text("kind", "system");
    p.text("name", s.name);
    p.text("GPU", s.gpu);
    p.text("GPUs per scale-up domain", std::to_string(s.gpusPerDomain));
    p.text("GPUs per node", std::to_string(s.gpusPerNode));
    p.text("CPUs per domain", std::to_string(s.cpusPerDomain));
    p.text("domains per rack", std::to_string(s.domainsPerRack));
    p.text("cooling", std::string(coolingName(s.cooling)));
    p.text("NIC", s.nic + " x" + std::to_string(s.nicsPerGpu) + " per GPU");
    if (!s.notes.empty())
        p.text("notes", s.notes);
}

void showModel(const ModelSpec& m, Printer& p)
{
    p.text("kind", "model");
    p.text("name", m.name);
    p.text("layers", std::to_string(m.layers));
    p.text("experts (top-k)", std::to_string(m.experts) + " (" + std::to_string(m.expertsPerToken) + ")");
    std::string aliases;
    for (const auto& a : m.aliases)
        aliases += (aliases.empty() ? "" : ", ") + a;
    p.text("aliases", aliases);
}

template <class Spec>
void showNetworkPart(const Spec& s, const char* kind, Printer& p)
{
    p.text("kind", kind);
    p.text("name", s.name);
    if constexpr (requires { s.radix; })
        p.text("radix", std::to_string(s.radix));
}

void showTier(const StorageTierSpec& t, Printer& p)
{
    p.text("kind", "storage tier");
    p.text("name", t.name);
}

void showWorkload(const MlperfWorkload& w, Printer& p)
{
    p.text("kind", "MLPerf workload");
    p.text("model", w.model);
    p.text("mean input / output", figureText(w.meanInputTokens) + " / " + figureText(w.meanOutputTokens));
    p.text("Server TTFT / TPOT p99", figureText(in_seconds(w.serverTtft) * 1e3) + " / " +
                                         figureText(in_seconds(w.serverTpot) * 1e3, "ms"));
    p.text("Interactive TTFT / TPOT", figureText(in_seconds(w.interactiveTtft) * 1e3) + " / " +
                                          figureText(in_seconds(w.interactiveTpot) * 1e3, "ms"));
    p.text("source", w.provenance.source);
}

template <class Spec>
void listAll(std::ostream& out, const char* kind, const std::vector<Spec>& specs)
{
    for (const Spec& s : specs) {
        if constexpr (requires { s.id; })
            out << std::left << std::setw(16) << kind << std::setw(26) << s.id << s.name << "\n";
        else
            out << std::left << std::setw(16) << kind << std::setw(26) << s.key << s.model << "\n";
    }
}

// The item's descriptive lines; false when the catalog has no such id.
bool describe(const Catalog& c, const std::string& id, Printer& p)
{
    if (auto* g = c.gpu(id)) return showGpu(*g, p), true;
    if (auto* s = c.system(id)) return showSystem(*s, p), true;
    if (auto* m = c.model(id)) return showModel(*m, p), true;
    if (auto* n = c.nic(id)) return showNetworkPart(*n, "NIC", p), true;
    if (auto* s = c.switchSpec(id)) return showNetworkPart(*s, "switch", p), true;
    if (auto* o = c.optic(id)) return showNetworkPart(*o, "transceiver", p), true;
    if (auto* t = c.storageTier(id)) return showTier(*t, p), true;
    if (auto* w = c.mlperfWorkload(id)) return showWorkload(*w, p), true;
    return false;
}

bool show(const Catalog& c, const std::string& id, std::ostream& out)
{
    std::vector<CatalogFigure> figures;
    for (CatalogFigure& f : catalogFigures(c))
        if (f.id == id)
            figures.push_back(std::move(f));
    std::ostringstream text;
    Printer p(text, std::move(figures));
    if (!describe(c, id, p))
        return false;
    p.figures();
    out << id << "\n" << text.str();
    return true;
}

} // namespace

int runCatalog(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = catalogCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    const auto& pos = cl.positionals();
    const Catalog& c = builtinCatalog();
    if (pos.size() == 1 && pos[0] == "list") {
        listAll(out, "gpu", c.gpus);
        listAll(out, "system", c.systems);
        listAll(out, "nic", c.nics);
        listAll(out, "switch", c.switches);
        listAll(out, "optic", c.optics);
        listAll(out, "storage", c.storageTiers);
        listAll(out, "model", c.models);
        listAll(out, "mlperf", c.mlperfWorkloads);
        return ExitOk;
    }
    if (pos.size() == 2 && pos[0] == "show") {
        std::ostringstream text;
        if (show(c, pos[1], text)) {
            out << text.str() << "* = chosen claim\n";
            return ExitOk;
        }
        err << "catalog: no entry with id \"" << pos[1] << "\"; run 'clusterplanner-cli catalog list'\n";
        return ExitBadInput;
    }
    return cl.usageError("expected 'list' or 'show ID'", err);
}

} // namespace planner::cli
