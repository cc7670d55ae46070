// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A small strict JSON reader that remembers the line of every value, so a scenario file's errors
// can say "file:line: message" for unknown keys, wrong types and out-of-range values, which a DOM
// without positions (QJsonDocument) cannot. Also a writer that produces stable, diffable output.
//
// Limits: nesting depth 64, input size 16 MiB. Duplicate keys are an error (a silently dropped
// duplicate would hide an edit).

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace planner::json {

struct Value;
using Object = std::vector<std::pair<std::string, Value>>; // keeps file order
using Array = std::vector<Value>;

struct Value {
    enum class Type { Null, Bool, Number, String, Array, Object };
    Type type = Type::Null;
    int line = 0;
    bool boolean = false;
    double number = 0;
    std::string string;   // String; for Number the literal as written (round trip)
    std::shared_ptr<Array> array;
    std::shared_ptr<Object> object;

    const Value* find(std::string_view key) const;
    std::string_view typeName() const;
};

struct ParseError {
    int line = 0;
    int column = 0;
    std::string message;
};

// Parses a whole document. On failure returns nullopt-like: `error` is set and the value is Null.
Value parse(std::string_view text, ParseError* error);

// Writers build documents for files (scenario save) with two-space indentation.
Value makeNumber(double v);
Value makeString(std::string s);
Value makeBool(bool b);
Value makeObject();
Value makeArray();
void add(Value& object, std::string key, Value v);
void append(Value& array, Value v);
std::string write(const Value& v);
std::string formatNumber(double v); // shortest text that reads back to the same double
std::string quote(std::string_view s);

} // namespace planner::json
