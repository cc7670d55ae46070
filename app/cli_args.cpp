// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_args.h"

#include <algorithm>

namespace planner::cli {

std::optional<std::string> Args::value(const std::string& name) const
{
    auto it = options.find(name);
    if (it == options.end() || it->second.empty())
        return std::nullopt;
    return it->second.back();
}

std::vector<std::string> Args::values(const std::string& name) const
{
    auto it = options.find(name);
    return it == options.end() ? std::vector<std::string>{} : it->second;
}

ParseOutcome parseArgs(const std::vector<std::string>& argv, const std::vector<OptionSpec>& specs)
{
    ParseOutcome out;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        const std::string& a = argv[i];
        if (a.size() < 3 || a.rfind("--", 0) != 0) {
            out.args.positionals.push_back(a);
            continue;
        }
        std::string name = a.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
        if (spec == specs.end()) {
            out.error = "unknown option --" + name;
            return out;
        }
        if (!spec->takesValue) {
            out.args.flags.insert(name);
            continue;
        }
        if (!inlineValue && i + 1 >= argv.size()) {
            out.error = "option --" + name + " needs a value";
            return out;
        }
        auto& list = out.args.options[name];
        if (!spec->repeatable && !list.empty()) {
            out.error = "option --" + name + " given twice";
            return out;
        }
        list.push_back(inlineValue ? *inlineValue : argv[++i]);
    }
    return out;
}

} // namespace planner::cli
