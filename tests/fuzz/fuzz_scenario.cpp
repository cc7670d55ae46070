// SPDX-License-Identifier: GPL-3.0-or-later
// Fuzz target for scenario files: any bytes either fail to parse with a message, or parse into a
// scenario that evaluates (or fails with a message), writes, and reads back to the same text.
#include "evaluate/evaluate.h"
#include "scenario_io.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = planner::parseScenario(text, "fuzz.json");
    if (!parsed) {
        if (parsed.error().message.empty())
            std::abort(); // every refusal must say why
        return 0;
    }
    auto evaluated = planner::evaluate(parsed.value(), planner::builtinCatalog());
    if (!evaluated && evaluated.error().message.empty())
        std::abort();
    const std::string written = planner::serializeScenario(parsed.value());
    auto again = planner::parseScenario(written, "fuzz.json");
    if (!again || planner::serializeScenario(again.value()) != written)
        std::abort(); // the writer must produce what the reader accepts, unchanged
    return 0;
}
