// SPDX-License-Identifier: GPL-3.0-or-later
// Scale-out network parts: NICs, switches, optics. Bandwidths are per port, one direction.
// Where the references give no power or price the figure stays empty rather than guessed; the
// estimates that are here say what they were scaled from.
#include "catalog/catalog_data_detail.h"

namespace planner::catalog_data {

namespace {

using enum Grade;
using units::gigabits_per_second;
using units::usd;
using units::watts;

// Street range for a vendor-agnostic 64-port 800G switch: 150,000-250,000 USD.
constexpr const char* kSwitchStreet = "luxoptx.com/blogs/news/800g-optical-module-cost-analysis-tco-optimization-for-ai-data-centers";
constexpr double kSwitchStreetMid = 200000.0;
constexpr double kSwitchStreetTbps = 64 * 0.8;

// Optics street prices at volume, same source: 800G DR8 1,100-1,400 USD, 400G 600-800 USD.
constexpr const char* kOpticsStreet = "luxoptx.com 800G optical module cost analysis";

// Fibre between two modules, same source: MPO-16 trunk cables 50-150 USD each (LC duplex 20-50 USD,
// for the duplex-fibre optics none of these modules is). The source gives no length classes, so one
// midpoint stands for every link; a twin-port 800G module takes two MPO-12 fibres (NVIDIA LinkX
// documentation), so its switch-to-switch links may cost up to twice this.
constexpr double kMpoTrunkMid = 100.0;

NicSpec nic(std::string id, std::string name)
{
    NicSpec n;
    n.id = std::move(id);
    n.name = std::move(name);
    return n;
}

SwitchSpec switchSpec(std::string id, std::string name, int radix)
{
    SwitchSpec s;
    s.id = std::move(id);
    s.name = std::move(name);
    s.radix = radix;
    s.perNetworkRack = fig(16.0, "estimate: 16 switches of 1-2U per 42U network rack, leaving room for patch panels, "
                                 "cable management and PDUs", "", Estimate);
    return s;
}

OpticSpec optic(std::string id, std::string name)
{
    OpticSpec o;
    o.id = std::move(id);
    o.name = std::move(name);
    return o;
}

// Switch power by switching capacity, from the one switch whose draw can be bounded from its
// documentation (SN5600: 1,848 W for 51.2 Tb/s, 36.1 W per Tb/s). Switches of the same 100-200G
// SerDes generations draw within a few tens of percent of each other per Tb/s, so this is a fair
// estimate where no figure was published, and graded as one.
constexpr double kSn5600Watts = 3000 - 64 * 18;
constexpr double kSn5600Tbps = 64 * 0.8;

Figure<units::Power> powerByCapacity(int ports, double portGbps, double extraWatts = 0, std::string extra = {})
{
    const double tbps = ports * portGbps / 1000.0;
    return fig(watts(kSn5600Watts * tbps / kSn5600Tbps + extraWatts),
               "estimate: 36.1 W per Tb/s of switching capacity (SN5600 bound: 3,000 W PSU less 64 x 18 W module budget, "
               "docs.nvidia.com/networking/display/sn5000/data+interfaces) x " + std::to_string(ports) + " x " +
                   std::to_string(static_cast<int>(portGbps)) + "G" + extra,
               "", Estimate);
}

// Co-packaged optics replace the pluggable modules: 800G of optics costs a 1.6T pluggable's
// 30 W / 2 = 15 W as a pluggable, and NVIDIA claims 3.5x better optical power efficiency.
constexpr double kCpoWattsPer800g = 30.0 / 2.0 / 3.5;
constexpr double kOptic800Price = 1250.0; // the 800G module midpoint used for the optics below

// Price by switching capacity from the 64x800G street midpoint: the best basis available for
// switches no source prices, and clearly weaker than a quote.
Figure<units::Money> priceByCapacity(int ports, double portGbps)
{
    const double tbps = ports * portGbps / 1000.0;
    return fig(usd(kSwitchStreetMid * tbps / kSwitchStreetTbps),
               "estimate, unverified: 200,000 USD midpoint of the 150,000-250,000 USD street range for 64x 800G ("
                   + std::string(kSwitchStreet) + ") scaled by switching capacity, " + std::to_string(ports) + " ports x "
                   + std::to_string(static_cast<int>(portGbps)) + "G",
               "", Estimate);
}

Figure<units::Power> cpoPower(int ports)
{
    return powerByCapacity(ports, 800, ports * kCpoWattsPer800g,
                           " + " + std::to_string(ports) + " x 4.3 W of co-packaged optics (a 1.6T pluggable's 30 W / 2 "
                           "per 800G, / 3.5 for NVIDIA's optical efficiency claim, convergedigest.com)");
}

Figure<units::Money> cpoPrice(int ports)
{
    const Figure<units::Money> base = priceByCapacity(ports, 800);
    return fig(base.value() + usd(ports * kOptic800Price),
               base.provenance().source + ", plus " + std::to_string(ports) + " x 1,250 USD of 800G optics the co-packaged "
                                                                                "engines replace (" + kOpticsStreet + ")",
               "", Estimate);
}

} // namespace

std::vector<NicSpec> builtinNics()
{
    // Power and price stay empty: none of the references gives them.
    NicSpec cx7 = nic("connectx-7", "NVIDIA ConnectX-7 (400G NDR InfiniBand / 400GbE)");
    cx7.bandwidth = fig(gigabits_per_second(400), "DGX SuperPOD H100 reference architecture RA-11333-001; MLPerf system descriptions", "", Vendor);

    NicSpec cx8 = nic("connectx-8", "NVIDIA ConnectX-8 SuperNIC (800G XDR InfiniBand or 2x 400GbE)");
    cx8.bandwidth = fig(gigabits_per_second(800), "docs.nvidia.com/networking/display/connectx8supernic/introduction: 800 Gb/s, PCIe Gen6 x48 with built-in PCIe switch", "", Vendor);

    NicSpec cx9 = nic("connectx-9", "NVIDIA ConnectX-9 SuperNIC (1.6T per GPU)");
    cx9.bandwidth = fig(gigabits_per_second(1600), "1.6 Tb/s per GPU (GTC DC 2025), NVIDIA via eamvisiondirect.com and hardwareluxx.de; some analyses (wheelersnetwork.com) read it as two 800G ConnectX-9 chips per GPU", "2025-10-28", Vendor);

    NicSpec bf3 = nic("bluefield-3", "NVIDIA BlueField-3 DPU (400G, 2x 200GbE in GB200 trays)");
    bf3.bandwidth = fig(gigabits_per_second(400), "NVIDIA via hardwareluxx.de (ConnectX-9 and BlueField-4 announcement)", "", Vendor);

    return {cx7, cx8, cx9, bf3};
}

std::vector<SwitchSpec> builtinSwitches()
{
    SwitchSpec qm9700 = switchSpec("qm9700", "NVIDIA Quantum-2 QM9700 (NDR InfiniBand, 1U)", 64);
    qm9700.portBandwidth = fig(gigabits_per_second(400), "64x 400 Gb/s via 32 twin-port OSFP cages, docs.nvidia.com/networking/display/QM97X0PUB/Interfaces", "", Vendor);
    qm9700.price = priceByCapacity(64, 400);
    qm9700.power = powerByCapacity(64, 400);

    SwitchSpec q3400 = switchSpec("q3400", "NVIDIA Quantum-X800 Q3400 (XDR InfiniBand)", 144);
    q3400.portBandwidth = fig(gigabits_per_second(800), "144x 800 Gb/s, 115.2 Tb/s, NVIDIA via quantum-computing.news/what-is-nvidia-quantum-x800-how-it-works", "", Vendor);
    q3400.price = priceByCapacity(144, 800);
    q3400.power = powerByCapacity(144, 800);

    SwitchSpec sn5600 = switchSpec("sn5600", "NVIDIA Spectrum-4 SN5600 (800GbE)", 64);
    sn5600.portBandwidth = fig(gigabits_per_second(800), "64x 800GbE (or 128x 400 / 256x 200), docs.nvidia.com/networking/display/sn5000/data+interfaces", "", Vendor);
    // NVIDIA's 18 W per port is the power budget of the module in the cage, which the optics entries
    // already count, so it is not the switch's own draw. One of the two 3 kW supplies must carry the
    // whole switch with all 64 modules, which bounds the switch itself.
    sn5600.power = fig(watts(3000 - 64 * 18), "estimate, upper bound: one 3 kW PSU of the redundant pair less 64 ports x 18 W module budget, docs.nvidia.com/networking/display/sn5000/data+interfaces", "", Estimate);
    sn5600.price = fig(usd(kSwitchStreetMid), "estimate, unverified: midpoint of the 150,000-250,000 USD street range for a 64-port 800G switch, " + std::string(kSwitchStreet), "", Estimate);

    // The co-packaged-optics switches carry their optics inside: a pluggable switch of the same
    // capacity plus the optics it replaces, in power and in price.
    SwitchSpec sn6810 = switchSpec("sn6810", "NVIDIA Spectrum-X Photonics SN6810 (co-packaged optics)", 128);
    sn6810.portBandwidth = fig(gigabits_per_second(800), "128x 800G, 102.4 Tb/s, availability 2H 2026, transurfing-volatility.ghost.io/on-cpo-pt4; allweatherfinance.com (Tianfeng Securities)", "", ThirdParty);
    sn6810.power = cpoPower(128);
    sn6810.price = cpoPrice(128);

    SwitchSpec sn6800 = switchSpec("sn6800", "NVIDIA Spectrum-X Photonics SN6800 (co-packaged optics)", 512);
    sn6800.portBandwidth = fig(gigabits_per_second(800), "512x 800G, 409.6 Tb/s, availability 2H 2026 (a slip of 2+ quarters reported), transurfing-volatility.ghost.io/on-cpo-pt4", "", ThirdParty);
    sn6800.power = cpoPower(512);
    sn6800.price = cpoPrice(512);

    return {qm9700, q3400, sn5600, sn6810, sn6800};
}

std::vector<OpticSpec> builtinOptics()
{
    const std::string price800 = std::string("estimate: midpoint of the 1,100-1,400 USD volume price of 800G OSFP DR8, ") + kOpticsStreet + "; OEM-branded parts cost 30-50% more";
    const std::string price400 = std::string("estimate: midpoint of the 600-800 USD volume price of 400G QSFP-DD, applied to 400G OSFP, ") + kOpticsStreet;

    OpticSpec sr4x2 = optic("osfp-800g-2xsr4", "800G twin-port OSFP 2x SR4, multimode 50 m (MMA4Z00-NS)");
    sr4x2.bandwidth = fig(gigabits_per_second(800), "docs.nvidia.com/networking/display/800GMMA4Z00NS/Overview", "", Vendor);
    sr4x2.power = fig(watts(15), "15 W in every configuration, docs.nvidia.com/networking/display/800GMMA4Z00NS/Overview", "", Vendor);
    sr4x2.price = fig(usd(1250), price800 + " (a DR8 price; multimode parts are usually cheaper)", "", Estimate);

    OpticSpec dr4x2 = optic("osfp-800g-2xdr4", "800G twin-port OSFP 2x DR4, single-mode 100 m (MMS4X00-NS)");
    dr4x2.bandwidth = fig(gigabits_per_second(800), "docs.nvidia.com/networking/display/800gmms4x00nst/overview", "", Vendor);
    dr4x2.power = fig(watts(17), "17 W in every configuration, docs.nvidia.com/networking/display/800gmms4x00nst/overview", "", Vendor);
    dr4x2.price = fig(usd(1250), price800, "", Estimate);

    OpticSpec sr4 = optic("osfp-400g-sr4", "400G single-port OSFP SR4, multimode 50 m, NIC side (MMA4Z00-NS400)");
    sr4.bandwidth = fig(gigabits_per_second(400), "docs.nvidia.com/networking/display/MMA4Z00NS400T/Connectivity+Scenarios", "", Vendor);
    // Typical is chosen: a fabric's many modules average out near typical, not at the maximum.
    sr4.power = choose(0, {
        claim(watts(8), "8 W typical at 400G, docs.nvidia.com/networking/display/MMA4Z00NS400T/Connectivity+Scenarios", "", Vendor),
        claim(watts(9), "9 W maximum at 400G, same page", "", Vendor),
    });
    sr4.price = fig(usd(700), price400, "", Estimate);

    OpticSpec dr4 = optic("osfp-400g-dr4", "400G single-port OSFP DR4, single-mode 100 m, NIC side (MMS4X00-NS400)");
    dr4.bandwidth = fig(gigabits_per_second(400), "docs.nvidia.com/networking/display/mms4x00ns400/overview", "", Vendor);
    dr4.power = fig(watts(9), "9 W typical and maximum at 400G, docs.nvidia.com/networking/display/mms4x00ns400/overview", "", Vendor);
    dr4.price = fig(usd(700), price400, "", Estimate);

    OpticSpec t16 = optic("pluggable-1.6t", "1.6T pluggable optical module");
    t16.bandwidth = fig(gigabits_per_second(1600), "1.6T pluggable module class, Tianfeng Securities via allweatherfinance.com", "", ThirdParty);
    t16.power = fig(watts(30), "about 30 W, more than half of it in the DSP that co-packaged optics removes; Tianfeng Securities via allweatherfinance.com", "", ThirdParty);
    t16.price = fig(usd(2 * kOptic800Price), "estimate: two 800G modules' worth (2 x 1,250 USD, " + std::string(kOpticsStreet) + "); no 1.6T price was published", "", Estimate);

    const std::string fibre = std::string("estimate: midpoint of the 50-150 USD price of an MPO-16 trunk cable, ") + kOpticsStreet
        + "; one trunk per link, no length classes in the source";
    for (OpticSpec* o : {&sr4x2, &dr4x2, &sr4, &dr4, &t16})
        o->cablePrice = fig(usd(kMpoTrunkMid), fibre, "", Estimate);

    return {sr4x2, dr4x2, sr4, dr4, t16};
}

} // namespace planner::catalog_data
