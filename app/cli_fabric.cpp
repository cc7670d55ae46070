// SPDX-License-Identifier: GPL-3.0-or-later
// `fabric --gpus N --nics-per-gpu K --nic-gbps G --switch-radix R --switch-port-gbps P [--json]`
#include "cli_options.h"
#include "cli_runner.h"

#include "cluster/fabric.h"
#include "json.h"

#include "core/number_text.h"


namespace planner::cli {

using namespace units;

namespace {

CommandLine fabricCommandLine()
{
    CommandLine cl("fabric", "",
                   "Sizes a rail-optimized scale-out fat tree: leaf, spine and core switches, cables per layer and\n"
                   "transceivers (two per optical link). A switch port faster than the NIC is broken out\n"
                   "(an 800G port serves two 400G links).");
    cl.number("gpus", "N", "GPUs to connect", Range::wholeAtLeast(1), Required::Yes);
    cl.number("nics-per-gpu", "K", "scale-out NICs per GPU", Range::wholeAtLeast(1), Required::Yes);
    cl.number("nic-gbps", "G", "NIC bandwidth in Gb/s", Range::above(0), Required::Yes);
    cl.number("switch-radix", "R", "switch ports", Range::wholeAtLeast(2), Required::Yes);
    cl.number("switch-port-gbps", "P", "switch port bandwidth in Gb/s", Range::above(0), Required::Yes);
    cl.number("planes", "N", "parallel fabric planes (default 1)", Range::wholeAtLeast(1));
    cl.number("oversubscription", "X", "leaf down/up bandwidth ratio (default 1)", Range::atLeast(1));
    cl.number("extra-endpoints", "N", "management links (UFM) per plane (default 0)", Range::wholeAtLeast(0));
    cl.flag("json", "machine output on stdout");
    return cl;
}

void printJson(const FabricResult& r, std::ostream& out)
{
    json::Value v = json::makeObject();
    auto num = [&](const char* key, double x) { json::add(v, key, json::makeNumber(x)); };
    num("tiers", r.tiers);
    num("leaf_switches", double(r.leafSwitches));
    num("spine_switches", double(r.spineSwitches));
    num("core_switches", double(r.coreSwitches));
    num("cables_endpoint_leaf", double(r.cablesEndpointLeaf));
    num("cables_leaf_spine", double(r.cablesLeafSpine));
    num("cables_spine_core", double(r.cablesSpineCore));
    num("transceivers", double(r.transceivers));
    num("link_split", r.linkSplit);
    num("bisection_gbps_per_gpu", in_gigabits_per_second(r.bisectionPerGpu));
    json::Value warnings = json::makeArray();
    for (const Warning& w : r.warnings)
        json::append(warnings, json::makeString(w.where + ": " + w.message));
    json::add(v, "warnings", warnings);
    out << json::write(v);
}

void printHuman(const FabricResult& r, std::ostream& out)
{
    out << "tiers                 " << r.tiers << "\nleaf switches         " << r.leafSwitches
        << "\nspine switches        " << r.spineSwitches << "\ncore switches         " << r.coreSwitches
        << "\ncables endpoint-leaf  " << r.cablesEndpointLeaf << "\ncables leaf-spine     " << r.cablesLeafSpine
        << "\ncables spine-core     " << r.cablesSpineCore << "\ntransceivers          " << r.transceivers
        << "\nbisection per GPU     " << figureText(in_gigabits_per_second(r.bisectionPerGpu), "Gb/s") << "\n";
    for (const Warning& w : r.warnings)
        out << "warning: " << w.where << ": " << w.message << "\n";
}

} // namespace

int runFabric(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    CommandLine cl = fabricCommandLine();
    if (auto done = cl.parse(argv, out, err))
        return *done;
    if (!cl.positionals().empty())
        return cl.usageError("unexpected argument \"" + cl.positionals().front() + "\"", err);
    auto whole = [&](const char* name, double fallback) { return static_cast<int>(cl.number(name).value_or(fallback)); };
    FabricInput in;
    in.gpus = whole("gpus", 0);
    in.nicsPerGpu = whole("nics-per-gpu", 0);
    in.nicBandwidth = gigabits_per_second(*cl.number("nic-gbps"));
    in.switchRadix = whole("switch-radix", 0);
    in.switchPortBandwidth = gigabits_per_second(*cl.number("switch-port-gbps"));
    in.planes = whole("planes", 1);
    in.oversubscription = cl.number("oversubscription").value_or(1);
    in.extraEndpoints = whole("extra-endpoints", 0);
    auto result = sizeFabric(in);
    if (!result) {
        err << "fabric: " << result.error().message << "\n";
        return exitCodeFor(result.error());
    }
    if (cl.has("json"))
        printJson(result.value(), out);
    else
        printHuman(result.value(), out);
    return ExitOk;
}

} // namespace planner::cli
