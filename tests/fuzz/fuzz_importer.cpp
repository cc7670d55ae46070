// SPDX-License-Identifier: GPL-3.0-or-later
// One importer's parser on arbitrary bytes (PLANNER_FUZZ_IMPORTER names it). Every input must
// end in rows or skipped records, never a crash, a hang or a sanitizer report.
#include "importer.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    static const planner::Importer* importer = planner::findImporter(PLANNER_FUZZ_IMPORTER);
    planner::ImportOptions options;
    options.accelerator = "NVIDIA H200"; // the vllm importer needs the hardware named
    options.gpus = 8;
    const std::string_view content(reinterpret_cast<const char*>(data), size);
    importer->supportsContent(content);
    (void)importer->parse(content, "fuzz-input", options, [](planner::BenchmarkRun&&) { return true; });
    return 0;
}
