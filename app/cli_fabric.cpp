// SPDX-License-Identifier: GPL-3.0-or-later
// `fabric --gpus N --nics-per-gpu K --nic-gbps G --switch-radix R --switch-port-gbps P [--json]`
#include "cli_args.h"
#include "cli_common.h"
#include "cli_runner.h"

#include "cluster/fabric.h"
#include "json.h"

#include <charconv>
#include <cmath>
#include <map>

namespace planner::cli {

using namespace units;

namespace {

const char* kHelp =
    "Usage: clusterplanner-cli fabric --gpus N --nics-per-gpu K --nic-gbps G --switch-radix R\n"
    "                                 --switch-port-gbps P [--planes N] [--oversubscription X]\n"
    "                                 [--extra-endpoints N] [--json]\n"
    "\n"
    "Sizes a rail-optimized scale-out fat tree: leaf, spine and core switches, cables per layer and\n"
    "transceivers (two per optical link). A switch port faster than the NIC is broken out\n"
    "(an 800G port serves two 400G links). --extra-endpoints counts management links (UFM) per plane.\n";

bool parseNumber(const std::string& text, double& out)
{
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && ptr == text.data() + text.size() && std::isfinite(out);
}

struct Field {
    const char* option;
    bool required;
    double fallback;
    bool integer;
};

constexpr Field kFields[] = {
    {"gpus", true, 0, true},           {"nics-per-gpu", true, 0, true},       {"nic-gbps", true, 0, false},
    {"switch-radix", true, 0, true},   {"switch-port-gbps", true, 0, false},  {"planes", false, 1, true},
    {"oversubscription", false, 1, false}, {"extra-endpoints", false, 0, true},
};

// Reads every numeric option; returns an error message naming the option, or empty.
std::string readFields(const Args& args, std::map<std::string, double>& values)
{
    for (const Field& f : kFields) {
        auto text = args.value(f.option);
        if (!text) {
            if (f.required)
                return std::string("missing --") + f.option;
            values[f.option] = f.fallback;
            continue;
        }
        double v = 0;
        if (!parseNumber(*text, v) || (f.integer && (v != std::floor(v) || std::fabs(v) > 2e9)))
            return std::string("--") + f.option + " takes a " + (f.integer ? "whole number" : "number") +
                   ", got \"" + *text + "\"";
        values[f.option] = v;
    }
    return {};
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
        << "\nbisection per GPU     " << formatFigure(in_gigabits_per_second(r.bisectionPerGpu)) << " Gb/s\n";
    for (const Warning& w : r.warnings)
        out << "warning: " << w.where << ": " << w.message << "\n";
}

} // namespace

int runFabric(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    std::vector<OptionSpec> specs{{"help"}, {"json"}};
    for (const Field& f : kFields)
        specs.push_back({f.option, true});
    auto parsed = parseArgs(argv, specs);
    if (parsed.args.has("help")) {
        out << kHelp;
        return ExitOk;
    }
    std::map<std::string, double> v;
    std::string problem = parsed.error.empty() ? readFields(parsed.args, v) : parsed.error;
    if (problem.empty() && !parsed.args.positionals.empty())
        problem = "unexpected argument \"" + parsed.args.positionals.front() + "\"";
    if (!problem.empty()) {
        err << "fabric: " << problem << "\n" << kHelp;
        return ExitUsage;
    }
    FabricInput in;
    in.gpus = static_cast<int>(v["gpus"]);
    in.nicsPerGpu = static_cast<int>(v["nics-per-gpu"]);
    in.nicBandwidth = gigabits_per_second(v["nic-gbps"]);
    in.switchRadix = static_cast<int>(v["switch-radix"]);
    in.switchPortBandwidth = gigabits_per_second(v["switch-port-gbps"]);
    in.planes = static_cast<int>(v["planes"]);
    in.oversubscription = v["oversubscription"];
    in.extraEndpoints = static_cast<int>(v["extra-endpoints"]);
    auto result = sizeFabric(in);
    if (!result) {
        err << "fabric: " << result.error().message << "\n";
        return exitCodeFor(result.error());
    }
    if (parsed.args.has("json"))
        printJson(result.value(), out);
    else
        printHuman(result.value(), out);
    return ExitOk;
}

} // namespace planner::cli
