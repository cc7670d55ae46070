// SPDX-License-Identifier: GPL-3.0-or-later
#include "scenario_io.h"
#include "input_file.h"

#include "atomic_file.h"
#include "json.h"
#include "scenario_distribution_json.h"
#include "analysis/uncertain_inputs.h"
#include "scenario/scenario_schema.h"

#include <QFile>
#include <QFileInfo>

namespace planner {

namespace {

constexpr qint64 kMaxScenarioBytes = 4 << 20;

class Reader {
public:
    explicit Reader(std::string fileName) : file_(std::move(fileName)) {}

    void problem(int line, const std::string& message)
    {
        if (!messages_.empty())
            messages_ += '\n';
        messages_ += file_ + ":" + std::to_string(line) + ": " + message;
    }
    bool failed() const { return !messages_.empty(); }
    const std::string& messages() const { return messages_; }

    void readProvenanced(const FieldSpec& f, const json::Value& v, Number& out)
    {
        const std::string path(f.path);
        const json::Value* value = v.find("value");
        if (!value || value->type != json::Value::Type::Number) {
            problem(v.line, path + ": an object value needs a numeric \"value\"");
            return;
        }
        out.value = value->number;
        for (const auto& [key, member] : *v.object)
            if (key != "value" && !readProvenanceKey(path, key, member, out.provenance, sink()))
                problem(member.line, "unknown key \"" + key + "\" in " + path +
                                         " (allowed: value, source, date, grade; or dist with its parameters)");
    }

    // {"dist": ...}: the field takes the distribution's nominal value; the scenario keeps the rest.
    void readUncertain(const FieldSpec& f, const json::Value& v, Scenario& s)
    {
        Number n;
        n.given = true;
        if (auto d = readDistribution(f, v, n.provenance, sink())) {
            n.value = nominalFor(f, *d);
            s.distributions.insert_or_assign(std::string(f.path), *d);
        }
        *f.number(s) = n;
    }

    ProblemSink sink()
    {
        return [this](int line, const std::string& message) { problem(line, message); };
    }

    void readNumber(const FieldSpec& f, const json::Value& v, Scenario& s)
    {
        Number n;
        n.given = true;
        if (v.type == json::Value::Type::Number) {
            n.value = v.number;
        } else if (v.type == json::Value::Type::Object && v.find("dist")) {
            readUncertain(f, v, s);
            return;
        } else if (v.type == json::Value::Type::Object) {
            readProvenanced(f, v, n);
        } else {
            problem(v.line, std::string(f.path) + " must be a number, not " + std::string(v.typeName()));
            return;
        }
        if (auto ok = checkNumber(f, n.value); !ok)
            problem(v.line, ok.error().message);
        *f.number(s) = n;
    }

    void readText(const FieldSpec& f, const json::Value& v, Scenario& s)
    {
        if (v.type != json::Value::Type::String) {
            problem(v.line, std::string(f.path) + " must be a string, not " + std::string(v.typeName()));
            return;
        }
        if (auto ok = checkText(f, v.string); !ok)
            problem(v.line, ok.error().message);
        *f.text(s) = Text{v.string, true};
    }

    void readMember(const std::string& path, const json::Value& v, Scenario& s)
    {
        const FieldSpec* f = findField(path);
        s.sourceLines.set(path, v.line);
        if (!f)
            problem(v.line, "unknown key \"" + path + "\"" + suggestion(path));
        else if (f->number)
            readNumber(*f, v, s);
        else
            readText(*f, v, s);
    }

    void readSection(const std::string& section, const json::Value& v, Scenario& s)
    {
        if (v.type != json::Value::Type::Object) {
            problem(v.line, section + " must be an object, not " + std::string(v.typeName()));
            return;
        }
        for (const auto& [key, member] : *v.object)
            readMember(section + "." + key, member, s);
    }

    static bool isSection(std::string_view key)
    {
        for (const FieldSpec& f : scenarioFields())
            if (f.path.size() > key.size() && f.path.starts_with(key) && f.path[key.size()] == '.')
                return true;
        return false;
    }

    static std::string suggestion(const std::string& path)
    {
        const auto dot = path.rfind('.');
        const std::string leaf = dot == std::string::npos ? path : path.substr(dot + 1);
        for (const FieldSpec& f : scenarioFields())
            if (f.path.ends_with("." + leaf) || f.path == leaf)
                return "; did you mean \"" + std::string(f.path) + "\"?";
        return {};
    }

    void checkRequired(const Scenario& s, int line)
    {
        for (const FieldSpec& f : scenarioFields()) {
            if (!f.required)
                continue;
            const bool given = f.number ? f.number(const_cast<Scenario&>(s))->given
                                        : f.text(const_cast<Scenario&>(s))->given;
            if (!given)
                problem(line, "missing required field \"" + std::string(f.path) + "\"");
        }
    }

private:
    std::string file_;
    std::string messages_;
};

json::Value numberValue(const Number& n)
{
    const Provenance& p = n.provenance;
    if (p.source.empty() && p.date.empty() && p.grade == Grade::User)
        return json::makeNumber(n.value);
    json::Value obj = json::makeObject();
    json::add(obj, "value", json::makeNumber(n.value));
    addProvenance(obj, p);
    return obj;
}

json::Value* sectionFor(json::Value& root, std::string_view path, std::string& leaf)
{
    const auto dot = path.find('.');
    if (dot == std::string_view::npos) {
        leaf = std::string(path);
        return &root;
    }
    const std::string section(path.substr(0, dot));
    leaf = std::string(path.substr(dot + 1));
    for (auto& [key, v] : *root.object)
        if (key == section)
            return &v;
    json::add(root, section, json::makeObject());
    return &root.object->back().second;
}

} // namespace

Result<Scenario> parseScenario(std::string_view text, const std::string& fileName)
{
    json::ParseError perr;
    const json::Value root = json::parse(text, &perr);
    if (!perr.message.empty())
        return badInput(fileName + ":" + std::to_string(perr.line),
                        fileName + ":" + std::to_string(perr.line) + ": " + perr.message + " (column " +
                            std::to_string(perr.column) + ")");
    if (root.type != json::Value::Type::Object)
        return badInput(fileName + ":1", fileName + ":1: a scenario must be a JSON object");

    Reader reader(fileName);
    Scenario s;
    for (const auto& [key, member] : *root.object) {
        // A dotted top-level key ("workload.model") would name a field a second time beside its
        // section and let the later one win silently: sections hold their fields, nothing else.
        if (key.find('.') == std::string::npos && findField(key))
            reader.readMember(key, member, s);
        else if (Reader::isSection(key))
            reader.readSection(key, member, s);
        else
            reader.problem(member.line, "unknown key \"" + key + "\"" + Reader::suggestion(key));
    }
    reader.checkRequired(s, root.line);
    if (s.schema.given && s.schema.value != kScenarioSchema)
        reader.problem(root.find("schema")->line, "unsupported schema \"" + s.schema.value + "\"; this version reads \"" +
                                                      kScenarioSchema + "\"");
    if (reader.failed())
        return badInput(fileName, reader.messages());
    return s;
}

std::string serializeScenario(const Scenario& s)
{
    json::Value root = json::makeObject();
    json::add(root, "schema", json::makeString(kScenarioSchema));
    for (const FieldSpec& f : scenarioFields()) {
        if (f.path == "schema")
            continue;
        const Number* n = numberOf(f, s);
        const Text* t = textOf(f, s);
        if (!(n && n->given) && !(t && t->given))
            continue;
        std::string leaf;
        json::Value* section = sectionFor(root, f.path, leaf);
        const auto dist = s.distributions.find(f.path);
        json::add(*section, leaf,
                  !n                                ? json::makeString(t->value)
                  : dist != s.distributions.end() ? distributionValue(dist->second, n->provenance)
                                                    : numberValue(*n));
    }
    return json::write(root);
}

Result<Scenario> loadScenario(const QString& path)
{
    const std::string name = path.toStdString();
    auto read = readInputFile(path, kMaxScenarioBytes, "a scenario");
    if (!read)
        return read.error();
    const QByteArray& bytes = read.value();
    return parseScenario(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name);
}

Result<void> saveScenario(const Scenario& s, const QString& path)
{
    const std::string text = serializeScenario(s);
    return saveAtomically(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
}

} // namespace planner
