// SPDX-License-Identifier: GPL-3.0-or-later
// The user's catalog file on arbitrary bytes: refused with a message, or parsed into overrides
// that write and read back to the same text (the desktop's catalog editor saves what it read).
#include "catalog/catalog.h"
#include "user_catalog_io.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const planner::Catalog& catalog = planner::builtinCatalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    auto parsed = planner::parseUserCatalog(text, "fuzz.json", catalog);
    if (!parsed) {
        if (parsed.error().message.empty())
            std::abort(); // every refusal must say why
        return 0;
    }
    const std::string written = planner::serializeUserCatalog(parsed.value());
    auto again = planner::parseUserCatalog(written, "fuzz.json", catalog);
    if (!again || planner::serializeUserCatalog(again.value()) != written)
        std::abort();
    return 0;
}
