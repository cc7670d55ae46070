// SPDX-License-Identifier: GPL-3.0-or-later
// planner-field-reference [FILE]: writes the scenario field reference (docs/scenario-fields.md)
// to FILE, or to standard output.
#include "scenario/field_reference.h"

#include <cstdio>
#include <fstream>
#include <iostream>

int main(int argc, char** argv)
{
    const std::string text = planner::fieldReferenceMarkdown();
    if (argc < 2) {
        std::cout << text;
        return std::cout ? 0 : 3;
    }
    std::ofstream out(argv[1], std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
        std::fprintf(stderr, "planner-field-reference: cannot write %s\n", argv[1]);
        return 3;
    }
    return 0;
}
