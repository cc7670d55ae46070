// SPDX-License-Identifier: GPL-3.0-or-later
// Systems: one scale-up domain each (an NVL72 rack, or an 8-GPU HGX/DGX/OAM node), with its power,
// price and network attachment. Where no source gives a figure, a stated rule fills it, graded
// Estimate, so a "verified and measured only" view can drop it.
#include "catalog/catalog_data_detail.h"

#include <cstdio>

namespace planner::catalog_data {

namespace {

using enum Grade;
using units::kilowatts;
using units::terabytes;
using units::gigabytes;
using units::gigabytes_per_second;
using units::usd;

constexpr const char* kInferenceX = "SemiAnalysis InferenceX-app, packages/app/src/lib/constants.ts GPU_SPECS, commit 77ca49a6 (all-in power per GPU incl. its network and storage share)";
constexpr const char* kSemiAnalysisH100 = "SemiAnalysis, 'H100 vs GB200 NVL72 training benchmarks', newsletter.semianalysis.com/p/h100-vs-gb200-nvl72-training-benchmarks";

// Nameplate per GPU TDP watt, from DGX H100: 10.2 kW for 8 x 700 W. DGX B200 lands close
// (14.3 kW for 8 x 1,000 W gives 1.79), so the ratio is a fair guess for 8-GPU nodes without a sheet.
constexpr double kNodePerGpuTdp = 10.2 / (8 * 0.700);

// Typical draw under inference load, where no source gives one. The sourced racks bracket it:
// GB200 NVL72 120 of 132 kW (0.91), Vera Rubin Max-Q 190 of Max-P 230 kW (0.83).
constexpr double kTypicalShare = 0.85;

// The SemiAnalysis H100 server price per GPU (server only: the planner counts the scale-out fabric
// and storage itself), and the InferenceX owning cost per GPU-hour of H100 that scales it to other
// GPUs. Owning cost is mostly capital, so its ratios track prices; the rule gives
// 23,750 x 2.21 / 1.30 x 72 = 2.91M USD for GB200 NVL72, against SemiAnalysis' 3.1M server-only.
constexpr double kH100ServerPerGpu = 190000.0 / 8.0;
constexpr double kH100OwningPerGpuHour = 1.30;

std::string cite(const std::string& what, const char* where) { return what + ", " + where; }

std::string decimal(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", v);
    return buf;
}

Figure<units::Power> nodePowerFromTdp(double gpuTdpWatts, const std::string& gpuName, int gpus = 8)
{
    return fig(kilowatts(gpus * gpuTdpWatts / 1000.0 * kNodePerGpuTdp),
               "estimate: " + std::to_string(gpus) + " x " + gpuName
                   + " TDP x 1.82, the DGX H100 ratio of node nameplate to GPU TDP (10.2 kW / 5.6 kW)",
               "", Estimate);
}

Figure<units::Power> typicalFromNameplate(const Figure<units::Power>& nameplate)
{
    return fig(nameplate.value() * kTypicalShare,
               "estimate: 85% of nameplate (" + nameplate.provenance().source + "); sourced racks run at 0.83-0.91 of nameplate", "", Estimate);
}

Figure<units::Money> priceFromOwningCost(double owningPerGpuHour, int gpus, const std::string& gpuName)
{
    return fig(usd(kH100ServerPerGpu * owningPerGpuHour / kH100OwningPerGpuHour * gpus),
               "derived estimate: SemiAnalysis HGX H100 server price (190,000 USD / 8 GPUs) x InferenceX hyperscaler owning cost per GPU-hour of "
                   + gpuName + " / H100 (" + decimal(owningPerGpuHour) + " / 1.30) x " + std::to_string(gpus) + " GPUs",
               "", Estimate);
}

Figure<units::Power> allInFromInferenceX(double kwPerGpu)
{
    return fig(kilowatts(kwPerGpu), kInferenceX, "", Estimate);
}

// All-in power per GPU (its share of network and storage included) where InferenceX gives none:
// nameplate per GPU x 1.36, HGX H100's ratio of InferenceX all-in (1.73 kW) to nameplate per GPU
// (10.2 kW / 8 = 1.275 kW).
Figure<units::Power> allInFromNameplate(const Figure<units::Power>& nameplate, int gpus)
{
    return fig(nameplate.value() / double(gpus) * (1.73 / 1.275),
               "estimate: nameplate per GPU (" + nameplate.provenance().source
                   + ") x 1.36, the HGX H100 ratio of InferenceX all-in power per GPU (1.73 kW) to nameplate per GPU (1.275 kW)",
               "", Estimate);
}

SystemSpec makeSystem(std::string id, std::string name, std::string gpu, int gpusPerDomain, int gpusPerNode, int cpus)
{
    SystemSpec s;
    s.id = std::move(id);
    s.name = std::move(name);
    s.gpu = std::move(gpu);
    s.gpusPerDomain = gpusPerDomain;
    s.gpusPerNode = gpusPerNode;
    s.cpusPerDomain = cpus;
    return s;
}

Figure<units::DataSize> dgxH100Nvme() { return fig(terabytes(8 * 3.84), "DGX H100: 8x 3.84 TB U.2 NVMe data drives, NVIDIA specification via a transcription (huggingface.co/datasets/RayBernard/dgxupdate)", "", Vendor); }
Figure<units::DataSize> assumedDgxNvme() { return fig(terabytes(8 * 3.84), "estimate: assumed equal to DGX H100 (8x 3.84 TB NVMe); no source retrieved for this system", "", Estimate); }
Figure<units::DataSize> gb200TrayNvme() { return fig(terabytes(4 * 3.84), "GB200 compute tray: 4x 3.84 TB E1.S NVMe (plus a 1.92 TB M.2 boot drive), GB200 reference architecture via a transcription", "", Vendor); }
// Read rate of NVMe data drives: no datasheet for these drives was retrieved, so a PCIe Gen4 U.2
// or E1.S drive's typical sequential read stands in.
Figure<units::Bandwidth> nvmeRead(int drives)
{
    return fig(gigabytes_per_second(6.5 * drives),
               "estimate: " + std::to_string(drives) + " drives at about 6.5 GB/s sequential read each (typical of PCIe "
                   "Gen4 data-center NVMe); no datasheet retrieved for these drives",
               "", Estimate);
}

// A DGX-style host: 2 TB of DDR5 for 8 GPUs, each reading it over its PCIe Gen5 x16 link
// (32 GT/s x 16 lanes, about 63 GB/s a direction).
void hostLikeDgxH100(SystemSpec& s, Grade grade, const std::string& basis)
{
    s.hostMemoryPerGpu = fig(gigabytes(2000.0 / 8), basis + "DGX H100: 2 TB DDR5 per 8-GPU node (RA-11333-001)", "", grade);
    s.hostMemoryReadPerGpu = fig(gigabytes_per_second(63), "PCIe Gen5 x16 per GPU: 32 GT/s x 16 lanes, about 63 GB/s a direction", "", Vendor);
    s.localNvmeReadPerNode = nvmeRead(8);
}

// Grace: 480 GB LPDDR5X per CPU shared by its two GPUs; NVLink-C2C 900 GB/s (both directions) to
// them, so 450 GB/s a direction for two GPUs.
void graceHost(SystemSpec& s)
{
    s.hostMemoryPerGpu = fig(gigabytes(480.0 / 2), "Grace: 480 GB LPDDR5X per CPU, two GPUs per CPU (about 17 TB per NVL72 rack = 36 x 480 GB; vendordeep GB300 page)", "", ThirdParty);
    s.hostMemoryReadPerGpu = fig(gigabytes_per_second(900.0 / 2 / 2), "derived: NVLink-C2C 900 GB/s (both directions) between a Grace and its two GPUs: 225 GB/s a direction each", "", Vendor);
    s.localNvmeReadPerNode = nvmeRead(4);
}

Figure<units::DataSize> assumedTrayNvme() { return fig(terabytes(4 * 3.84), "estimate: assumed equal to a GB200 compute tray (4x 3.84 TB E1.S NVMe); no source retrieved for this system", "", Estimate); }

SystemSpec hgxH100()
{
    SystemSpec s = makeSystem("hgx-h100", "NVIDIA HGX/DGX H100 8-GPU node", "h100", 8, 8, 2);
    s.domainsPerRack = 4;
    s.domainPower = fig(kilowatts(10.2), "NVIDIA DGX H100 datasheet maximum power, read through kshirol-dev.github.io/learnAI", "", Vendor);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    // Server only is chosen: the planner adds the scale-out fabric, storage and installation itself,
    // so an all-in price would count them twice. The all-in figure stays for comparison.
    s.domainPrice = choose(0, {
        claim(usd(190000), cite("HGX H100 8-GPU server, about 190,000 USD", kSemiAnalysisH100), "2025-08", Estimate),
        claim(usd(250000), cite("H100 server all-in incl. storage and networking (hyperscaler buyer), about 250,000 USD", kSemiAnalysisH100), "2025-08", Estimate),
    });
    s.allInPowerPerGpu = allInFromInferenceX(1.73);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7";
    s.localNvmePerNode = dgxH100Nvme();
    hostLikeDgxH100(s, Vendor, "");
    s.notes = "8U node, 2x Xeon Platinum 8480C. Four nodes per rack follow the DGX SuperPOD H100 reference "
              "architecture (RA-11333-001), whose rack layout exceeds 40 kW.";
    return s;
}

SystemSpec hgxH200()
{
    SystemSpec s = makeSystem("hgx-h200", "NVIDIA HGX/DGX H200 8-GPU node", "h200", 8, 8, 2);
    s.domainsPerRack = 4;
    s.domainPower = fig(kilowatts(10.2), "unverified: DGX H200 assumed equal to DGX H100 (10.2 kW), same GPU TDP", "", Estimate);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.domainPrice = priceFromOwningCost(1.41, 8, "H200");
    s.allInPowerPerGpu = allInFromInferenceX(1.73);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7";
    s.localNvmePerNode = assumedDgxNvme();
    hostLikeDgxH100(s, Estimate, "estimate: assumed equal to ");
    s.notes = "Same chassis, power and rack density as the H100 node assumed; only the memory differs.";
    return s;
}

SystemSpec hgxB200()
{
    SystemSpec s = makeSystem("hgx-b200", "NVIDIA HGX/DGX B200 8-GPU node", "b200", 8, 8, 2);
    s.domainsPerRack = 2;
    s.domainPower = fig(kilowatts(14.3), "unverified: NVIDIA DGX B200 datasheet maximum power, not confirmed against the datasheet", "", Estimate);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.domainPrice = priceFromOwningCost(1.95, 8, "B200");
    s.allInPowerPerGpu = allInFromInferenceX(2.17);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7";
    s.localNvmePerNode = assumedDgxNvme();
    hostLikeDgxH100(s, Estimate, "estimate: assumed equal to ");
    s.notes = "10U node. Two nodes per rack assume the DGX SuperPOD B200 reference architecture's example "
              "rack of more than 25 kW (unverified). Air-cooled; liquid variants exist.";
    return s;
}

SystemSpec hgxB300()
{
    SystemSpec s = makeSystem("hgx-b300", "NVIDIA HGX/DGX B300 8-GPU node", "b300", 8, 8, 2);
    s.domainsPerRack = 4;
    s.domainPower = fig(kilowatts(14.0), "derived: about 56 kW per rack of 4 DGX B300 / 4, DGX SuperPOD B300 XDR reference architecture, docs.nvidia.com/dgx-superpod/reference-architecture/scalable-infrastructure-b300-xdr", "", Vendor);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.domainPrice = priceFromOwningCost(2.34, 8, "B300 (provisional: 1.2x B200 in the source)");
    s.allInPowerPerGpu = allInFromInferenceX(2.17);
    s.cooling = Cooling::Air;
    s.nic = "connectx-8";
    s.localNvmePerNode = assumedDgxNvme();
    hostLikeDgxH100(s, Estimate, "estimate: assumed equal to ");
    s.notes = "Four nodes per rack per the DGX SuperPOD B300 reference architecture (PSU/PDU variant, about "
              "56 kW per rack); a busbar/MGX variant exceeds 50 kW per rack.";
    return s;
}

SystemSpec gb200Nvl72()
{
    SystemSpec s = makeSystem("gb200-nvl72", "NVIDIA GB200 NVL72 rack", "gb200", 72, 4, 36);
    // The SuperPOD-derived 150 kW carries each rack's share of the scalable unit's switches and
    // management, which the fabric model adds separately; 132 kW is the rack itself.
    s.domainPower = choose(0, {
        claim(kilowatts(132), "upper end of 120-132 kW sustained rack draw, awesomeagents.ai/hardware/nvidia-gb200-nvl72 and a secondary analysis", "", ThirdParty),
        claim(kilowatts(1200.0 / 8.0), "derived: DGX SuperPOD GB200 scalable unit of 8 racks at 1.2 MW TDP / 8, incl. the unit's network share, docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-gb200", "", Vendor),
    });
    s.domainTypicalPower = fig(kilowatts(120), "120 kW nominal rack draw, awesomeagents.ai/hardware/nvidia-gb200-nvl72 and a secondary analysis", "", ThirdParty);
    // Server only is chosen: the planner adds the scale-out fabric, storage and installation itself,
    // so the all-in 3.9M would count them twice. All-in and Morgan Stanley stay for comparison.
    s.domainPrice = choose(0, {
        claim(usd(3.1e6), cite("rack, server only, 3.1M USD", kSemiAnalysisH100), "2025-08", Estimate),
        claim(usd(3.9e6), cite("rack all-in incl. networking and storage (hyperscaler), 3.9M USD", kSemiAnalysisH100), "2025-08", Estimate),
        claim(usd(3.75e6), "midpoint of 3.5-4.0M USD, Morgan Stanley bill of materials via buysellram.com/blog/why-nvidias-vera-rubin-racks-cost-double-and-memory-is-the-surprise", "", Estimate),
    });
    s.allInPowerPerGpu = allInFromInferenceX(2.10);
    s.cooling = Cooling::LiquidChilled;
    s.nic = "connectx-7";
    s.localNvmePerNode = gb200TrayNvme();
    graceHost(s);
    s.notes = "Oberon rack: 18 compute trays of 2 Grace + 4 B200 and 9 NVLink switch trays. Hybrid cooling: "
              "GPUs, CPUs, NVSwitch and ConnectX-7 on liquid, the rest on air. Each tray also carries "
              "2x BlueField-3 for storage and in-band traffic. About 1,360 kg.";
    return s;
}

SystemSpec gb300Nvl72()
{
    SystemSpec s = makeSystem("gb300-nvl72", "NVIDIA GB300 NVL72 rack", "gb300", 72, 4, 36);
    s.domainPower = fig(kilowatts(142), "unverified: upper end of 135-142 kW, an assumption in a secondary analysis", "", Estimate);
    s.domainTypicalPower = fig(kilowatts(135), "unverified: lower end of 135-142 kW, an assumption in a secondary analysis", "", Estimate);
    s.domainPrice = fig(usd(4.0e6), "about 4M USD, Morgan Stanley via blogerroom; awesomeagents.ai gives 3-4M", "", Estimate);
    // InferenceX is chosen so cost per token stays consistent with the benchmark rows it reproduces.
    s.allInPowerPerGpu = choose(0, {
        claim(kilowatts(2.10), kInferenceX, "", Estimate),
        claim(kilowatts(2.12), "SemiAnalysis 'Rubin NVL72 agentic inference' article, via a secondary transcription", "", Estimate),
    });
    s.cooling = Cooling::LiquidChilled;
    s.nic = "connectx-8";
    s.localNvmePerNode = assumedTrayNvme();
    graceHost(s);
    s.notes = "Oberon rack: 18 compute trays of 2 Grace + 4 B300 and 9 NVLink switch trays, 100% liquid-cooled. "
              "72 ConnectX-8 plus 18 BlueField-3 per rack. Cooling parts about 50,000 USD per rack (Morgan Stanley).";
    return s;
}

SystemSpec vr200Nvl72()
{
    SystemSpec s = makeSystem("vr200-nvl72", "NVIDIA Vera Rubin NVL72 rack", "vr200", 72, 4, 36);
    const std::string power = "transurfing-volatility.ghost.io/vera-rubin-decoded-pt5; regantih.github.io reports-lab NVL72 drills (190-230 kW, Max-Q vs Max-P)";
    s.domainPower = fig(kilowatts(230), "Max-P rack power, " + power, "", ThirdParty);
    s.domainTypicalPower = fig(kilowatts(190), "Max-Q rack power, " + power, "", ThirdParty);
    // The lower BOM estimate is chosen: it is the Morgan Stanley figure with a published breakdown
    // (memory about 2.0M, Rubin about 55,000 USD each); the higher reports give none.
    s.domainPrice = choose(0, {
        claim(usd(7.8e6), "hyperscaler bill of materials, Morgan Stanley via faq.com.tw/en/hardware/2026-06-25-nvidia-vera-rubin-nvl72-78m-rack-memory-cost-en", "2026-06-25", Estimate),
        claim(usd(8.8e6), "reports of 8.8-9.1M USD per rack, nextfin.ai", "", Estimate),
    });
    s.allInPowerPerGpu = fig(kilowatts(3.3), "SemiAnalysis 'Rubin NVL72 agentic inference' article, via a secondary transcription", "", Estimate);
    s.cooling = Cooling::LiquidWarm45C;
    s.nic = "connectx-9";
    s.localNvmePerNode = assumedTrayNvme();
    s.localNvmeReadPerNode = nvmeRead(4);
    // Vera: 1.5 TB LPDDR5X at 1.2 TB/s per CPU, NVLink-C2C 1.8 TB/s (both directions), two GPUs a CPU.
    s.hostMemoryPerGpu = fig(gigabytes(1500.0 / 2), "Vera CPU: 1.5 TB LPDDR5X, two GPUs per CPU (54 TB per rack); gateex.cc and megaobzor", "", ThirdParty);
    s.hostMemoryReadPerGpu = fig(gigabytes_per_second(1800.0 / 2 / 2), "derived: Vera NVLink-C2C 1.8 TB/s (both directions) to its two GPUs, 450 GB/s a direction each (below the CPU's 1.2 TB/s of memory bandwidth shared by two); gateex.cc and megaobzor", "", ThirdParty);
    s.notes = "Oberon rack: 18 compute trays of 2 Vera + 4 Rubin and 9 NVLink 6 switch trays; 54 TB LPDDR5X. "
              "100% liquid, no fans: 45 C inlet, about 55 C outlet, dry coolers with chillers about 1% of hours. "
              "ConnectX-9 gives 1.6 Tb/s per GPU, possibly as 2x 800G.";
    return s;
}

SystemSpec amdNode(std::string id, std::string name, std::string gpu, double tdpW, const std::string& gpuName)
{
    SystemSpec s = makeSystem(std::move(id), std::move(name), std::move(gpu), 8, 8, 2);
    s.domainPower = nodePowerFromTdp(tdpW, gpuName);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    // ConnectX-7 stands in for any 400G NIC; AMD platforms also ship with AMD Pollara 400.
    s.nic = "connectx-7";
    return s;
}

SystemSpec mi300x8()
{
    SystemSpec s = amdNode("mi300x-8", "AMD Instinct MI300X 8-GPU platform", "mi300x", 750, "MI300X");
    s.domainsPerRack = 4;
    s.domainPrice = priceFromOwningCost(1.12, 8, "MI300X");
    s.allInPowerPerGpu = allInFromInferenceX(1.79);
    s.cooling = Cooling::Air;
    s.notes = "8x OAM on a UBB board, 2 EPYC hosts. Four nodes per rack assumed, like DGX H100 at a "
              "similar node power; local NVMe unknown.";
    return s;
}

SystemSpec mi325x8()
{
    SystemSpec s = amdNode("mi325x-8", "AMD Instinct MI325X 8-GPU platform", "mi325x", 1000, "MI325X");
    s.domainsPerRack = 2;
    s.domainPrice = priceFromOwningCost(1.28, 8, "MI325X");
    s.allInPowerPerGpu = allInFromInferenceX(2.18);
    s.cooling = Cooling::Air;
    s.notes = "8x OAM on a UBB 2.0 board (2 TB HBM per node). Two nodes per rack assumed, like DGX B200 at a "
              "similar node power; local NVMe unknown.";
    return s;
}

SystemSpec mi355x8()
{
    SystemSpec s = amdNode("mi355x-8", "AMD Instinct MI355X 8-GPU platform (liquid)", "mi355x", 1400, "MI355X");
    s.domainsPerRack = 8;
    s.domainPrice = priceFromOwningCost(1.48, 8, "MI355X");
    s.allInPowerPerGpu = choose(0, {
        claim(kilowatts(2.65), kInferenceX, "", Estimate),
        claim(kilowatts(2.09), "SemiAnalysis 2026 article value, via a secondary transcription", "", Estimate),
    });
    s.cooling = Cooling::LiquidChilled;
    s.notes = "Direct liquid cooling. Eight nodes (64 GPUs) per rack follow third-party reports of 64-128 GPU "
              "liquid racks (unverified); local NVMe unknown.";
    return s;
}

SystemSpec mi350x8()
{
    SystemSpec s = amdNode("mi350x-8", "AMD Instinct MI350X 8-GPU platform (air)", "mi350x", 1000, "MI350X");
    s.domainsPerRack = 2;
    // No owning cost for MI350X in the sources: MI355X's (same CDNA4 die, same 288 GB), so this
    // price is likely high for the air-cooled part.
    s.domainPrice = priceFromOwningCost(1.48, 8, "MI355X, same die and memory as MI350X (no MI350X figure retrieved)");
    s.allInPowerPerGpu = allInFromNameplate(s.domainPower, 8);
    s.cooling = Cooling::Air;
    s.notes = "8x OAM, air-cooled (the project's hardware table: AMD 8x OAM platform, 1,000 W per GPU, 400 Gb/s "
              "NIC per GPU). Two nodes per rack assumed, like MI325X at the same GPU power; local NVMe unknown.";
    return s;
}

SystemSpec rtxPro6000Server()
{
    // An 8-card PCIe server: MLPerf Inference v5.1 entry 5.1-0051, HPE ProLiant Compute DL380a Gen12
    // with 8x RTX PRO 6000 Blackwell Server Edition. The GPUs share no NVLink: the "domain" is the
    // server, joined over PCIe.
    SystemSpec s = makeSystem("rtx-pro-6000-8", "8x NVIDIA RTX PRO 6000 Blackwell Server Edition PCIe server",
                              "rtx-pro-6000-se", 8, 8, 2);
    s.domainsPerRack = 4;
    s.domainPower = nodePowerFromTdp(600, "RTX PRO 6000 Server Edition");
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    // SemiAnalysis' owning cost per chip-hour (reference-figures: RTX 6000 Pro 0.68 against H100
    // 1.17 USD) scales the H100 server price, as the InferenceX owning cost does elsewhere.
    s.domainPrice = fig(usd(kH100ServerPerGpu * 0.68 / 1.17 * 8),
                        "derived estimate: SemiAnalysis HGX H100 server price (190,000 USD / 8 GPUs) x SemiAnalysis owning cost per "
                        "chip-hour of RTX 6000 Pro / H100 (0.68 / 1.17, 'Engrams' fig. 14 via a secondary transcription) x 8 GPUs",
                        "2026-07", Estimate);
    s.allInPowerPerGpu = allInFromNameplate(s.domainPower, 8);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7"; // stands in for any 400G NIC; no NIC source retrieved for these servers
    s.notes = "PCIe server (HPE ProLiant DL380a Gen12 class, MLPerf v5.1 5.1-0051), air-cooled, no NVLink. "
              "Four servers per rack assumed, like DGX H100 at a similar node power; local NVMe unknown.";
    return s;
}

// PCIe servers whose price no source gives: the price stays unknown (a scenario gives
// finance.system_price_usd), never a guess dressed as a figure.
SystemSpec mi350p8()
{
    SystemSpec s = makeSystem("mi350p-8", "8x AMD Instinct MI350P PCIe server", "mi350p", 8, 8, 2);
    s.domainsPerRack = 4;
    s.domainPower = nodePowerFromTdp(600, "MI350P");
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.allInPowerPerGpu = allInFromNameplate(s.domainPower, 8);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7"; // stands in for any 400G NIC; no NIC source retrieved for these servers
    s.notes = "Air-cooled PCIe server with 8 full-height dual-slot cards joined over PCIe (no Infinity Fabric), "
              "assumed like the 8-card RTX PRO 6000 server (MLPerf v5.1 5.1-0051); no MI350P server configuration "
              "or price was retrieved: give finance.system_price_usd. Four servers per rack assumed; local NVMe unknown.";
    return s;
}

SystemSpec rtxPro4500x5()
{
    // A 2U server with five RTX PRO 4500 Blackwell cards on PCIe Gen5, as measured in MLPerf Inference
    // v6.0 (HPE ProLiant Compute DL380 Gen12, platform HPE_Proliant_DL380_RTX_PRO_4500_PCIe_32GBx5_DC_TRT).
    SystemSpec s = makeSystem("rtx-pro-4500-5", "2U PCIe server with 5x NVIDIA RTX PRO 4500 Blackwell",
                              "rtx-pro-4500", 5, 5, 2);
    s.domainsPerRack = 8;
    s.domainPower = nodePowerFromTdp(200, "RTX PRO 4500", 5);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.allInPowerPerGpu = allInFromNameplate(s.domainPower, 5);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7"; // stands in for any NIC; no NIC source retrieved for this server
    s.notes = "2U PCIe server, cards joined over PCIe Gen5 with no GPU-to-GPU link (MLPerf Inference v6.0 system "
              "description, HPE ProLiant Compute DL380 Gen12, '5x NVIDIA RTX PRO 4500 Blackwell'). No price was "
              "retrieved: give finance.system_price_usd. Eight servers per rack assumed; local NVMe unknown.";
    return s;
}

SystemSpec arcProB70x4()
{
    // The configuration Intel submitted to MLPerf Inference v6.0: four Arc Pro B70 (128 GB) with a
    // Xeon 6 host, cards joined by PCIe peer-to-peer.
    SystemSpec s = makeSystem("arc-pro-b70-4", "4x Intel Arc Pro B70 workstation (Xeon 6)", "arc-pro-b70", 4, 4, 1);
    s.domainsPerRack = 8;
    s.domainPower = nodePowerFromTdp(230, "Arc Pro B70", 4);
    s.domainTypicalPower = typicalFromNameplate(s.domainPower);
    s.allInPowerPerGpu = allInFromNameplate(s.domainPower, 4);
    s.cooling = Cooling::Air;
    s.nic = "connectx-7"; // stands in for any NIC; a workstation of this class has none of its own
    s.notes = "Intel's MLPerf Inference v6.0 configuration (four Arc Pro B70, 128 GB, Xeon 6 host; Intel via "
              "electronics-journal.com/news/108808 and hardwarebee.com/?p=25199). Cards cost about 949 USD each "
              "(Puget Systems) but no system price was retrieved: give finance.system_price_usd. Eight per rack assumed.";
    return s;
}

} // namespace

std::vector<SystemSpec> builtinSystems()
{
    return {hgxH100(), hgxH200(), hgxB200(), hgxB300(), gb200Nvl72(), gb300Nvl72(), vr200Nvl72(),
            mi300x8(), mi325x8(), mi350x8(), mi355x8(), rtxPro6000Server(), mi350p8(), arcProB70x4(),
            rtxPro4500x5()};
}

} // namespace planner::catalog_data
