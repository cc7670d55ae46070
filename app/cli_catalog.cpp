// SPDX-License-Identifier: GPL-3.0-or-later
// `catalog list` and `catalog show ID`: every figure with all its claims, their sources and grades.
#include "cli_options.h"
#include "cli_runner.h"

#include "catalog/catalog.h"
#include "core/number_text.h"

#include <functional>
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

class Printer {
public:
    explicit Printer(std::ostream& out) : out_(out) {}

    template <class T>
    void figure(const std::string& label, const Figure<T>& f, double (*convert)(T), const std::string& unit)
    {
        if (!f.known()) {
            out_ << "  " << std::left << std::setw(26) << label << "unknown\n";
            return;
        }
        for (std::size_t i = 0; i < f.claims.size(); ++i) {
            const auto& c = f.claims[i];
            out_ << "  " << std::left << std::setw(26) << (i == 0 ? label : "") << (i == f.chosen ? "* " : "  ")
                 << figureText(convert(c.value), unit) << "  [" << gradeName(c.provenance.grade) << "] "
                 << c.provenance.source.str() << (c.provenance.date.empty() ? "" : " (" + c.provenance.date + ")")
                 << "\n";
        }
    }
    void text(const std::string& label, const std::string& value)
    {
        out_ << "  " << std::left << std::setw(26) << label << value << "\n";
    }

private:
    std::ostream& out_;
};

double same(double v) { return v; }
double perPeta(FlopRate f) { return f.value() / 1e15; }
double perTb(DataSize d) { return in_terabytes(d); }
double tbps(Bandwidth b) { return b.value() / 1e12; }
double gbps(Bandwidth b) { return in_gigabits_per_second(b); }
double usdPerGbMonth(MoneyPerData p) { return in_usd_per_gb(p); }
double inDays(Time t) { return in_days(t); }

void showGpu(const GpuSpec& g, Printer& p)
{
    p.text("kind", "GPU");
    p.text("name", g.name);
    p.text("generation", g.generation);
    p.figure("HBM capacity", g.hbmCapacity, &in_gigabytes, "GB");
    p.figure("HBM bandwidth", g.hbmBandwidth, &tbps, "TB/s");
    for (Precision pr : kAllPrecisions) {
        const std::string n(precisionName(pr));
        p.figure(n + " dense", g.denseFlops[static_cast<int>(pr)], &perPeta, "PFLOPS");
        p.figure(n + " sparse", g.sparseFlops[static_cast<int>(pr)], &perPeta, "PFLOPS");
    }
    p.figure("TDP", g.tdp, &in_watts, "W");
    p.figure("scale-up bandwidth", g.scaleUpBandwidth, &gbps, "Gb/s");
    p.figure("scale-out bandwidth", g.scaleOutBandwidth, &gbps, "Gb/s");
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
    p.figure("domain power (nameplate)", s.domainPower, &in_kilowatts, "kW");
    p.figure("domain power (typical)", s.domainTypicalPower, &in_kilowatts, "kW");
    p.figure("domain price", s.domainPrice, &in_usd, "USD");
    p.figure("all-in power per GPU", s.allInPowerPerGpu, &in_kilowatts, "kW");
    p.figure("local NVMe per node", s.localNvmePerNode, &perTb, "TB");
    p.figure("local NVMe read per node", s.localNvmeReadPerNode, &in_gigabytes_per_second, "GB/s");
    p.figure("CPU memory per GPU", s.hostMemoryPerGpu, &in_gigabytes, "GB");
    p.figure("CPU memory read per GPU", s.hostMemoryReadPerGpu, &in_gigabytes_per_second, "GB/s");
    if (!s.notes.empty())
        p.text("notes", s.notes);
}

void showModel(const ModelSpec& m, Printer& p)
{
    p.text("kind", "model");
    p.text("name", m.name);
    p.figure("total parameters", m.totalParams, &same, "");
    p.figure("active parameters", m.activeParams, &same, "");
    p.text("layers", std::to_string(m.layers));
    p.figure("KV bytes/token (16-bit)", m.kvBytesPerToken16, &in_bytes, "B");
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
    if constexpr (requires { s.radix; }) {
        p.text("radix", std::to_string(s.radix));
        p.figure("port bandwidth", s.portBandwidth, &gbps, "Gb/s");
    } else {
        p.figure("bandwidth", s.bandwidth, &gbps, "Gb/s");
    }
    p.figure("power", s.power, &in_watts, "W");
    p.figure("price", s.price, &in_usd, "USD");
    if constexpr (requires { s.cablePrice; })
        p.figure("fibre cable per link", s.cablePrice, &in_usd, "USD");
}

void showTier(const StorageTierSpec& t, Printer& p)
{
    p.text("kind", "storage tier");
    p.text("name", t.name);
    p.figure("price", t.pricePerGbMonth, &usdPerGbMonth, "USD/GB-month");
    p.figure("retrieval", t.retrievalPerGb, &usdPerGbMonth, "USD/GB");
    p.figure("egress", t.egressPerGb, &usdPerGbMonth, "USD/GB");
    p.figure("minimum retention", t.minimumRetention, &inDays, "days");
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

bool show(const Catalog& c, const std::string& id, std::ostream& out)
{
    Printer p(out);
    out << id << "\n";
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
