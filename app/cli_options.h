// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// One subcommand's command line, declared once: the options (flags, text, typed numbers with
// their range), the positionals, and the help generated from those declarations. Parsing is
// QCommandLineParser's (unknown options are refused, "--" ends the options, "--name=value" and
// "--name value" both work); numbers are read and range-checked here, once for every command.
// A subcommand declares its options, calls parse(), and reads typed values afterwards:
//
//   CommandLine cl("fabric", "", "Sizes a scale-out fat tree ...");
//   cl.number("gpus", "N", "GPUs to connect", Range::wholeAtLeast(1), Required::Yes);
//   if (auto done = cl.parse(argv, out, err)) return *done;   // --help printed, or a usage error
//   const int gpus = static_cast<int>(*cl.number("gpus"));

#include <QCommandLineParser>

#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace planner::cli {

// Accepted values of a numeric option. Whole numbers are limited to +-2e9 so they fit an int.
struct Range {
    double min = -1e308;
    double max = 1e308;
    bool minExclusive = false;
    bool whole = false;

    static Range any() { return {}; }
    static Range atLeast(double min) { return {min, 1e308, false, false}; }
    static Range above(double min) { return {min, 1e308, true, false}; }
    static Range wholeAtLeast(double min) { return {min, 2e9, false, true}; }
    static Range wholeBetween(double min, double max) { return {min, max, false, true}; }
    bool contains(double v) const;
    std::string describe() const; // "a whole number >= 1", "a number > 0"
};

enum class Required { No, Yes };

class CommandLine {
public:
    // synopsis: the positionals as shown after the command ("SCENARIO", "{list|show ID}").
    CommandLine(std::string command, std::string synopsis, std::string about);

    void flag(const std::string& name, const std::string& help);
    void text(const std::string& name, const std::string& valueName, const std::string& help,
              Required required = Required::No);
    void repeatable(const std::string& name, const std::string& valueName, const std::string& help);
    void number(const std::string& name, const std::string& valueName, const std::string& help, Range range,
                Required required = Required::No);

    // Parses argv (the words after the subcommand's name). Returns the exit code when the command
    // must stop here: 0 after printing the help to out, 1 after printing a usage error to err.
    std::optional<int> parse(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);

    bool has(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const;
    std::vector<std::string> values(const std::string& name) const;
    std::optional<double> number(const std::string& name) const;
    const std::vector<std::string>& positionals() const { return positionals_; }

    std::string help() const;
    // Prints "command: message" and where to find the help; returns the usage exit code.
    int usageError(const std::string& message, std::ostream& err) const;

private:
    enum class Kind { Flag, Text, Repeatable, Number };
    struct Option {
        std::string name, valueName, help;
        Kind kind = Kind::Flag;
        Range range;
        Required required = Required::No;
    };
    void add(Option o);
    std::string check(); // the first problem with the parsed values, or empty

    std::string command_, synopsis_, about_;
    std::vector<Option> options_;
    std::unique_ptr<QCommandLineParser> parser_; // held by pointer: QCommandLineParser cannot move
    std::vector<std::string> positionals_;
    std::map<std::string, double> numbers_;
};

} // namespace planner::cli
