// SPDX-License-Identifier: GPL-3.0-or-later
#include "user_catalog_io.h"
#include "input_file.h"

#include "atomic_file.h"
#include "json.h"

#include <QFile>

#include <cmath>

namespace planner {

namespace {

constexpr qint64 kMaxBytes = qint64(4) << 20; // 4 MiB: far above any hand-made override list

class Problems {
public:
    explicit Problems(std::string file) : file_(std::move(file)) {}
    void add(int line, const std::string& message)
    {
        text_ += (text_.empty() ? "" : "\n") + file_ + ":" + std::to_string(line) + ": " + message;
    }
    bool any() const { return !text_.empty(); }
    const std::string& text() const { return text_; }

private:
    std::string file_, text_;
};

// One element of "overrides"; nullopt after reporting what is wrong with it.
std::optional<CatalogOverride> readOverride(const json::Value& v, Problems& problems)
{
    if (v.type != json::Value::Type::Object) {
        problems.add(v.line, "an override must be an object, not " + std::string(v.typeName()));
        return std::nullopt;
    }
    CatalogOverride o;
    bool ok = true;
    for (const auto& [key, member] : *v.object) {
        std::string* text = key == "kind" ? &o.kind : key == "id" ? &o.id : key == "field" ? &o.field
                          : key == "source"                       ? &o.source
                          : key == "date"                         ? &o.date
                                                                  : nullptr;
        if (text) {
            if (member.type != json::Value::Type::String) {
                problems.add(member.line, "\"" + key + "\" must be a string");
                ok = false;
            } else {
                *text = member.string;
            }
        } else if (key == "value") {
            if (member.type != json::Value::Type::Number) {
                problems.add(member.line, "\"value\" must be a number");
                ok = false;
            } else {
                o.value = member.number;
            }
        } else {
            problems.add(member.line, "unknown key \"" + key + "\" (kind, id, field, value, source, date)");
            ok = false;
        }
    }
    for (const char* required : {"kind", "id", "field", "value"})
        if (!v.find(required)) {
            problems.add(v.line, std::string("missing \"") + required + "\"");
            ok = false;
        }
    if (!ok)
        return std::nullopt;
    return o;
}

} // namespace

Result<std::vector<CatalogOverride>> parseUserCatalog(std::string_view text, const std::string& fileName,
                                                      const Catalog& catalog)
{
    json::ParseError error;
    const json::Value root = json::parse(text, &error);
    if (!error.message.empty())
        return badInput(fileName, fileName + ":" + std::to_string(error.line) + ": " + error.message);
    Problems problems(fileName);
    if (root.type != json::Value::Type::Object)
        return badInput(fileName, fileName + ":1: a user catalog is a JSON object");
    std::vector<CatalogOverride> overrides;
    for (const auto& [key, member] : *root.object) {
        if (key == "schema") {
            if (member.type != json::Value::Type::String || member.string != kUserCatalogSchema)
                problems.add(member.line, "unsupported schema; this version reads \"" + std::string(kUserCatalogSchema) + "\"");
        } else if (key == "overrides") {
            if (member.type != json::Value::Type::Array) {
                problems.add(member.line, "\"overrides\" must be an array");
                continue;
            }
            // Each override is checked against a scratch catalog so a bad kind, id, field or value
            // is reported at its own line.
            Catalog scratch = catalog;
            for (const json::Value& item : *member.array)
                if (auto o = readOverride(item, problems)) {
                    if (auto r = applyOverride(scratch, *o); !r)
                        problems.add(item.line, r.error().message);
                    else
                        overrides.push_back(std::move(*o));
                }
        } else {
            problems.add(member.line, "unknown key \"" + key + "\" (schema, overrides)");
        }
    }
    if (!root.find("schema"))
        problems.add(root.line, "missing \"schema\"");
    if (problems.any())
        return badInput(fileName, problems.text());
    return overrides;
}

std::string serializeUserCatalog(const std::vector<CatalogOverride>& overrides)
{
    json::Value root = json::makeObject();
    json::add(root, "schema", json::makeString(std::string(kUserCatalogSchema)));
    json::Value list = json::makeArray();
    for (const CatalogOverride& o : overrides) {
        json::Value v = json::makeObject();
        json::add(v, "kind", json::makeString(o.kind));
        json::add(v, "id", json::makeString(o.id));
        json::add(v, "field", json::makeString(o.field));
        json::add(v, "value", json::makeNumber(o.value));
        if (!o.source.empty())
            json::add(v, "source", json::makeString(o.source));
        if (!o.date.empty())
            json::add(v, "date", json::makeString(o.date));
        json::append(list, v);
    }
    json::add(root, "overrides", list);
    return json::write(root);
}

Result<std::vector<CatalogOverride>> loadUserCatalog(const QString& path, const Catalog& catalog)
{
    const std::string name = path.toStdString();
    auto read = readInputFile(path, kMaxBytes, "a user catalog");
    if (!read)
        return read.error();
    const QByteArray& bytes = read.value();
    return parseUserCatalog(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())), name,
                            catalog);
}

Result<void> saveUserCatalog(const std::vector<CatalogOverride>& overrides, const QString& path)
{
    const std::string text = serializeUserCatalog(overrides);
    return saveAtomically(path, QByteArray(text.data(), static_cast<qsizetype>(text.size())));
}

} // namespace planner
