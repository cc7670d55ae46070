// SPDX-License-Identifier: GPL-3.0-or-later
#include "json.h"
#include "utf8_text.h"

#include "core/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <set>

namespace planner::json {

namespace {

constexpr int kMaxDepth = 64;
constexpr std::size_t kMaxSize = 16u << 20;

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    Value document(ParseError* error)
    {
        Value v;
        if (text_.size() > kMaxSize) {
            fail("file larger than 16 MiB");
        } else {
            skipBom();
            v = value(0);
            skipSpace();
            if (ok() && pos_ != text_.size())
                fail("unexpected text after the end of the document");
        }
        if (!ok()) {
            if (error)
                *error = error_;
            return Value{};
        }
        return v;
    }

private:
    bool ok() const { return error_.message.empty(); }

    void fail(std::string message)
    {
        if (!ok())
            return;
        error_.line = line_;
        error_.column = static_cast<int>(pos_ - lineStart_) + 1;
        error_.message = std::move(message);
    }

    void skipBom()
    {
        if (text_.substr(0, 3) == "\xEF\xBB\xBF")
            pos_ = 3;
    }

    void skipSpace()
    {
        while (pos_ < text_.size()) {
            char c = text_[pos_];
            if (c == '\n') {
                ++line_;
                lineStart_ = pos_ + 1;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                return;
            }
            ++pos_;
        }
    }

    bool consume(std::string_view word)
    {
        if (text_.substr(pos_, word.size()) != word)
            return false;
        pos_ += word.size();
        return true;
    }

    Value value(int depth)
    {
        skipSpace();
        Value v;
        v.line = line_;
        if (depth > kMaxDepth) {
            fail("nesting deeper than 64 levels");
            return v;
        }
        if (pos_ >= text_.size()) {
            fail("unexpected end of file, a value was expected");
            return v;
        }
        const char c = text_[pos_];
        if (c == '{')
            return objectValue(depth, v);
        if (c == '[')
            return arrayValue(depth, v);
        if (c == '"') {
            v.type = Value::Type::String;
            v.string = stringLiteral();
            return v;
        }
        if (consume("true") || consume("false")) {
            v.type = Value::Type::Bool;
            v.boolean = text_[pos_ - 1] == 'e' && text_[pos_ - 2] == 'u';
            return v;
        }
        if (consume("null"))
            return v;
        return numberValue(v);
    }

    Value numberValue(Value& v)
    {
        const std::size_t start = pos_;
        if (pos_ < text_.size() && text_[pos_] == '-')
            ++pos_;
        auto digits = [&] {
            std::size_t n = 0;
            while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9')
                ++pos_, ++n;
            return n;
        };
        const std::size_t intStart = pos_;
        if (digits() == 0 || (text_[intStart] == '0' && pos_ - intStart > 1)) {
            pos_ = start;
            fail("invalid value: expected a number, string, object, array, true, false or null");
            return v;
        }
        if (pos_ < text_.size() && text_[pos_] == '.' && (++pos_, digits() == 0))
            return fail("invalid number: digits expected after '.'"), v;
        if (pos_ < text_.size() && (text_[pos_] == 'e' || text_[pos_] == 'E')) {
            ++pos_;
            if (pos_ < text_.size() && (text_[pos_] == '+' || text_[pos_] == '-'))
                ++pos_;
            if (digits() == 0)
                return fail("invalid number: digits expected in the exponent"), v;
        }
        v.type = Value::Type::Number;
        v.string = std::string(text_.substr(start, pos_ - start));
        auto res = std::from_chars(v.string.data(), v.string.data() + v.string.size(), v.number);
        if (res.ec != std::errc() || !std::isfinite(v.number))
            fail("number out of range: " + v.string);
        return v;
    }

    static void appendUtf8(std::string& out, std::uint32_t cp)
    {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    }

    bool hex4(std::uint32_t& cp)
    {
        if (pos_ + 4 > text_.size())
            return false;
        auto res = std::from_chars(text_.data() + pos_, text_.data() + pos_ + 4, cp, 16);
        if (res.ec != std::errc() || res.ptr != text_.data() + pos_ + 4)
            return false;
        pos_ += 4;
        return true;
    }

    bool escape(std::string& out)
    {
        const char e = text_[pos_++];
        switch (e) {
        case '"': out += '"'; return true;
        case '\\': out += '\\'; return true;
        case '/': out += '/'; return true;
        case 'b': out += '\b'; return true;
        case 'f': out += '\f'; return true;
        case 'n': out += '\n'; return true;
        case 'r': out += '\r'; return true;
        case 't': out += '\t'; return true;
        case 'u': break;
        default: return false;
        }
        std::uint32_t cp = 0;
        if (!hex4(cp))
            return false;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            std::uint32_t low = 0;
            if (!consume("\\u") || !hex4(low) || low < 0xDC00 || low > 0xDFFF)
                return false;
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return false;
        }
        appendUtf8(out, cp);
        return true;
    }

    std::string stringLiteral()
    {
        std::string out;
        ++pos_; // opening quote
        while (pos_ < text_.size()) {
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail("control character inside a string (a missing closing quote?)");
                return out;
            }
            if (static_cast<unsigned char>(c) >= 0x80) { // JSON text is UTF-8 (RFC 8259)
                const std::size_t n = utf8SequenceLength(text_, pos_);
                if (n == 0) {
                    fail("invalid UTF-8 inside a string (save the file as UTF-8)");
                    return out;
                }
                out.append(text_.substr(pos_, n));
                pos_ += n;
                continue;
            }
            ++pos_;
            if (c != '\\') {
                out += c;
            } else if (pos_ >= text_.size() || !escape(out)) {
                fail("invalid escape sequence in a string");
                return out;
            }
        }
        fail("unterminated string");
        return out;
    }

    Value objectValue(int depth, Value& v)
    {
        ++pos_;
        v.type = Value::Type::Object;
        v.object = std::make_shared<Object>();
        skipSpace();
        if (consume("}"))
            return v;
        // The keys seen so far, for the duplicate check: searching the members for each new key
        // made an object of n keys cost n^2/2 comparisons (80,000 keys, under 1 MB, took minutes).
        // A tree rather than a hash: no crafted set of keys can make it quadratic again.
        std::set<std::string> keys;
        while (ok()) {
            skipSpace();
            if (pos_ >= text_.size() || text_[pos_] != '"') {
                fail("expected a quoted key");
                break;
            }
            std::string key = stringLiteral();
            if (ok() && !keys.insert(key).second) {
                fail("duplicate key \"" + key + "\"");
                break;
            }
            skipSpace();
            if (!consume(":")) {
                fail("expected ':' after key \"" + key + "\"");
                break;
            }
            Value member = value(depth + 1);
            v.object->emplace_back(std::move(key), std::move(member));
            skipSpace();
            if (consume("}"))
                break;
            if (!consume(","))
                fail("expected ',' or '}' in an object");
        }
        return v;
    }

    Value arrayValue(int depth, Value& v)
    {
        ++pos_;
        v.type = Value::Type::Array;
        v.array = std::make_shared<Array>();
        skipSpace();
        if (consume("]"))
            return v;
        while (ok()) {
            v.array->push_back(value(depth + 1));
            skipSpace();
            if (consume("]"))
                break;
            if (!consume(","))
                fail("expected ',' or ']' in an array");
        }
        return v;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::size_t lineStart_ = 0;
    int line_ = 1;
    ParseError error_;
};

void writeValue(const Value& v, std::string& out, int indent)
{
    const std::string pad(static_cast<std::size_t>(indent) * 2, ' ');
    switch (v.type) {
    case Value::Type::Null: out += "null"; break;
    case Value::Type::Bool: out += v.boolean ? "true" : "false"; break;
    case Value::Type::Number: out += v.string.empty() ? formatNumber(v.number) : v.string; break;
    case Value::Type::String: out += quote(v.string); break;
    case Value::Type::Array:
        if (v.array->empty()) {
            out += "[]";
            break;
        }
        out += "[\n";
        for (std::size_t i = 0; i < v.array->size(); ++i) {
            out += pad + "  ";
            writeValue((*v.array)[i], out, indent + 1);
            out += i + 1 < v.array->size() ? ",\n" : "\n";
        }
        out += pad + "]";
        break;
    case Value::Type::Object:
        if (v.object->empty()) {
            out += "{}";
            break;
        }
        out += "{\n";
        for (std::size_t i = 0; i < v.object->size(); ++i) {
            out += pad + "  " + quote((*v.object)[i].first) + ": ";
            writeValue((*v.object)[i].second, out, indent + 1);
            out += i + 1 < v.object->size() ? ",\n" : "\n";
        }
        out += pad + "}";
        break;
    }
}

} // namespace

const Value* Value::find(std::string_view key) const
{
    if (type != Type::Object)
        return nullptr;
    for (const auto& [k, v] : *object)
        if (k == key)
            return &v;
    return nullptr;
}

std::string_view Value::typeName() const
{
    switch (type) {
    case Type::Null: return "null";
    case Type::Bool: return "a boolean";
    case Type::Number: return "a number";
    case Type::String: return "a string";
    case Type::Array: return "an array";
    case Type::Object: return "an object";
    }
    return "?";
}

Value parse(std::string_view text, ParseError* error) { return Parser(text).document(error); }

Value makeNumber(double v)
{
    Value out;
    out.type = Value::Type::Number;
    out.number = v;
    return out;
}

Value makeString(std::string s)
{
    Value out;
    out.type = Value::Type::String;
    out.string = std::move(s);
    return out;
}

Value makeBool(bool b)
{
    Value out;
    out.type = Value::Type::Bool;
    out.boolean = b;
    return out;
}

Value makeObject()
{
    Value out;
    out.type = Value::Type::Object;
    out.object = std::make_shared<Object>();
    return out;
}

Value makeArray()
{
    Value out;
    out.type = Value::Type::Array;
    out.array = std::make_shared<Array>();
    return out;
}

void add(Value& object, std::string key, Value v) { object.object->emplace_back(std::move(key), std::move(v)); }
void append(Value& array, Value v) { array.array->push_back(std::move(v)); }

std::string write(const Value& v)
{
    std::string out;
    writeValue(v, out, 0);
    out += '\n';
    return out;
}

std::string formatNumber(double v)
{
    return std::isfinite(v) ? exactText(v) : "null";
}

std::string quote(std::string_view s)
{
    std::string out = "\"";
    for (char c : s) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "\\u%04x", c);
                out += buf;
            } else {
                out += c;
            }
        }
    }
    return out + "\"";
}

} // namespace planner::json
