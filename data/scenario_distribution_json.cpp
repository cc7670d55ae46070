// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_distribution_json.h"

#include "analysis/distribution.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace planner {

namespace {

// The parameter keys each kind takes, and which of them the file must give.
struct KeySpec {
    const char* name;
    double Distribution::*member;
    bool required;
};

std::vector<KeySpec> keysFor(DistributionKind kind)
{
    switch (kind) {
    case DistributionKind::Triangular:
        return {{"low", &Distribution::low, true}, {"mode", &Distribution::center, true},
                {"high", &Distribution::high, true}};
    case DistributionKind::Uniform: return {{"low", &Distribution::low, true}, {"high", &Distribution::high, true}};
    case DistributionKind::Lognormal:
        return {{"median", &Distribution::center, true}, {"sigma", &Distribution::spread, true},
                {"low", &Distribution::low, false}, {"high", &Distribution::high, false}};
    case DistributionKind::Normal:
        return {{"mean", &Distribution::center, true}, {"sd", &Distribution::spread, true},
                {"low", &Distribution::low, false}, {"high", &Distribution::high, false}};
    }
    return {};
}

std::string keyList(const std::vector<KeySpec>& keys)
{
    std::string list = "dist";
    for (const KeySpec& k : keys)
        list += std::string(", ") + k.name;
    return list + ", source, date, grade";
}

} // namespace

bool readProvenanceKey(const std::string& path, const std::string& key, const json::Value& member, Provenance& out,
                       const ProblemSink& problem)
{
    if (key != "source" && key != "date" && key != "grade")
        return false;
    if (member.type != json::Value::Type::String) {
        problem(member.line, path + "." + key + " must be a string, not " + std::string(member.typeName()));
    } else if (key == "source") {
        out.source = member.string;
    } else if (key == "date") {
        out.date = member.string;
    } else if (auto g = gradeFromName(member.string)) {
        out.grade = *g;
    } else {
        problem(member.line,
                path + ".grade \"" + member.string + "\" is not one of: verified measured vendor third-party estimate user");
    }
    return true;
}

void addProvenance(json::Value& object, const Provenance& p)
{
    if (!p.source.empty())
        json::add(object, "source", json::makeString(p.source));
    if (!p.date.empty())
        json::add(object, "date", json::makeString(p.date));
    json::add(object, "grade", json::makeString(std::string(gradeName(p.grade))));
}

std::optional<Distribution> readDistribution(const FieldSpec& f, const json::Value& v, Provenance& provenance,
                                             const ProblemSink& problem)
{
    const std::string path(f.path);
    const json::Value& kindValue = *v.find("dist");
    const auto kind = kindValue.type == json::Value::Type::String ? distributionKindFromName(kindValue.string)
                                                                  : std::nullopt;
    if (!kind) {
        problem(kindValue.line, path + ".dist must be one of \"triangular\", \"uniform\", \"lognormal\", \"normal\"");
        return std::nullopt;
    }
    Distribution d;
    d.kind = *kind;
    const std::vector<KeySpec> keys = keysFor(*kind);
    bool ok = true;
    for (const auto& [key, member] : *v.object) {
        if (key == "dist" || readProvenanceKey(path, key, member, provenance, problem))
            continue;
        auto spec = std::find_if(keys.begin(), keys.end(), [&name = key](const KeySpec& k) { return name == k.name; });
        if (spec == keys.end()) {
            problem(member.line, "unknown key \"" + key + "\" in " + path + " (a " + kindValue.string +
                                     " distribution takes: " + keyList(keys) + ")");
            ok = false;
        } else if (member.type != json::Value::Type::Number) {
            problem(member.line, path + "." + key + " must be a number, not " + std::string(member.typeName()));
            ok = false;
        } else {
            d.*(spec->member) = member.number;
        }
    }
    for (const KeySpec& k : keys)
        if (k.required && !v.find(k.name)) {
            problem(v.line, path + ": a " + kindValue.string + " distribution needs \"" + k.name + "\"");
            ok = false;
        }
    if (!ok)
        return std::nullopt;
    if (auto checked = checkDistribution(f, d); !checked) {
        problem(v.line, checked.error().message);
        return std::nullopt;
    }
    return d;
}

json::Value distributionValue(const Distribution& d, const Provenance& p)
{
    json::Value obj = json::makeObject();
    json::add(obj, "dist", json::makeString(std::string(distributionKindName(d.kind))));
    for (const KeySpec& k : keysFor(d.kind))
        if (std::isfinite(d.*(k.member))) // optional truncation bounds are infinite when not given
            json::add(obj, k.name, json::makeNumber(d.*(k.member)));
    addProvenance(obj, p);
    return obj;
}

} // namespace planner
