// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_options.h"
#include "qt_string.h"

#include "cli_runner.h"

#include "core/number_text.h"

#include <QStringList>

#include <charconv>
#include <cmath>

namespace planner::cli {

namespace {


const QString kHelpName = QStringLiteral("help");

std::optional<double> parseNumber(const std::string& text)
{
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

} // namespace

bool Range::contains(double v) const
{
    if (whole && v != std::floor(v))
        return false;
    return (minExclusive ? v > min : v >= min) && v <= max;
}

std::string Range::describe() const
{
    std::string s = whole ? "a whole number" : "a number";
    if (min > -1e308)
        s += (minExclusive ? " > " : " >= ") + exactText(min);
    if (max < (whole ? 2e9 : 1e308))
        s += " and <= " + exactText(max);
    return s;
}

CommandLine::CommandLine(std::string command, std::string synopsis, std::string about)
    : command_(std::move(command)), synopsis_(std::move(synopsis)), about_(std::move(about)),
      parser_(std::make_unique<QCommandLineParser>())
{
    // Long options only ("--json"); "-h" is the one short option. Options may follow positionals.
    parser_->setSingleDashWordOptionMode(QCommandLineParser::ParseAsCompactedShortOptions);
    parser_->setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    parser_->addOption(QCommandLineOption(QStringList{QStringLiteral("h"), kHelpName}));
}

void CommandLine::add(Option o)
{
    if (o.kind == Kind::Flag)
        parser_->addOption(QCommandLineOption(qs(o.name)));
    else
        parser_->addOption(QCommandLineOption(qs(o.name), QString(), qs(o.valueName)));
    options_.push_back(std::move(o));
}

void CommandLine::flag(const std::string& name, const std::string& help)
{
    add({name, {}, help, Kind::Flag, {}, Required::No});
}

void CommandLine::text(const std::string& name, const std::string& valueName, const std::string& help,
                       Required required)
{
    add({name, valueName, help, Kind::Text, {}, required});
}

void CommandLine::repeatable(const std::string& name, const std::string& valueName, const std::string& help)
{
    add({name, valueName, help, Kind::Repeatable, {}, Required::No});
}

void CommandLine::number(const std::string& name, const std::string& valueName, const std::string& help, Range range,
                         Required required)
{
    add({name, valueName, help, Kind::Number, range, required});
}

std::optional<int> CommandLine::parse(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err)
{
    QStringList words{qs(command_)}; // QCommandLineParser skips the first word (the program)
    for (const std::string& a : argv)
        words << qs(a);
    const bool parsed = parser_->parse(words);
    // Help answers even beside other mistakes: someone asking for help gets it.
    if (parser_->isSet(kHelpName)) {
        out << help();
        return 0;
    }
    if (!parsed)
        return usageError(parser_->errorText().toStdString(), err);
    for (const QString& p : parser_->positionalArguments())
        positionals_.push_back(p.toStdString());
    if (const std::string problem = check(); !problem.empty())
        return usageError(problem, err);
    return std::nullopt;
}

std::string CommandLine::check()
{
    for (const Option& o : options_) {
        const QStringList given = parser_->values(qs(o.name));
        if (o.kind == Kind::Flag)
            continue;
        if (given.isEmpty()) {
            if (o.required == Required::Yes)
                return "missing --" + o.name + " " + o.valueName;
            continue;
        }
        if (o.kind != Kind::Repeatable && given.size() > 1)
            return "option --" + o.name + " given twice";
        if (o.kind != Kind::Number)
            continue;
        const std::string text = given.constFirst().toStdString();
        const auto v = parseNumber(text);
        if (v && *v > o.range.max && o.range.whole) // a limit on work, named with its figure
            return "--" + o.name + " takes at most " + figureText(o.range.max) + ", got \"" + text + "\"";
        if (!v || !o.range.contains(*v))
            return "--" + o.name + " takes " + o.range.describe() + ", got \"" + text + "\"";
        numbers_[o.name] = *v;
    }
    return {};
}

bool CommandLine::has(const std::string& name) const { return parser_->isSet(qs(name)); }

std::optional<std::string> CommandLine::value(const std::string& name) const
{
    const QStringList v = parser_->values(qs(name));
    if (v.isEmpty())
        return std::nullopt;
    return v.constLast().toStdString();
}

std::vector<std::string> CommandLine::values(const std::string& name) const
{
    std::vector<std::string> out;
    for (const QString& v : parser_->values(qs(name)))
        out.push_back(v.toStdString());
    return out;
}

std::optional<double> CommandLine::number(const std::string& name) const
{
    const auto it = numbers_.find(name);
    return it == numbers_.end() ? std::nullopt : std::optional<double>(it->second);
}

std::string CommandLine::help() const
{
    std::string s = "Usage: clusterplanner-cli " + command_ + (synopsis_.empty() ? "" : " " + synopsis_)
                    + (options_.empty() ? "" : " [OPTIONS]") + "\n\n" + about_ + "\n\nOptions:\n";
    auto line = [&s](const std::string& left, const std::string& help) {
        s += "  " + left;
        s += left.size() < 30 ? std::string(30 - left.size(), ' ') : "\n" + std::string(32, ' ');
        // A help text of several lines keeps its later lines in the help column too.
        for (char c : help)
            s += c == '\n' ? "\n" + std::string(32, ' ') : std::string(1, c);
        s += "\n";
    };
    for (const Option& o : options_) {
        std::string left = "--" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
        std::string text = o.help;
        if (o.kind == Kind::Number)
            text += " (" + o.range.describe() + ")";
        if (o.kind == Kind::Repeatable)
            text += " (repeatable)";
        if (o.required == Required::Yes)
            text += " (required)";
        line(left, text);
    }
    line("-h, --help", "this help");
    line("--", "ends the options: every later word is a positional argument");
    return s;
}

int CommandLine::usageError(const std::string& message, std::ostream& err) const
{
    err << command_ << ": " << message << "\nRun 'clusterplanner-cli " << command_ << " --help' for the options.\n";
    return ExitUsage;
}

} // namespace planner::cli
