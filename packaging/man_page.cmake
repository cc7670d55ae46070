# SPDX-License-Identifier: GPL-3.0-or-later
# Writes the manual pages of both executables from their own --help, so a page can never describe
# an option the program lacks: clusterplanner-cli.1 (every command's help, the exit codes) and
# clusterplanner.1. Run as a script:
#   cmake -DCLI=path -DGUI=path -DOUT_DIR=dir -DVERSION=x.y.z -P man_page.cmake
# GUI may be empty (a build without the desktop application writes the CLI's page only). The date
# is the build's, or SOURCE_DATE_EPOCH's when set, so a rebuilt package has the same pages.
cmake_minimum_required(VERSION 3.22)
foreach(var CLI OUT_DIR VERSION)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "man_page.cmake: -D${var}= is required")
    endif()
endforeach()
string(TIMESTAMP date "%Y-%m-%d" UTC)

# Output of `program args --help`; a failure stops the build with the program's own message.
function(help_of out program)
    execute_process(COMMAND "${program}" ${ARGN} --help RESULT_VARIABLE rc OUTPUT_VARIABLE text ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${program} ${ARGN} --help failed (${rc}): ${err}")
    endif()
    # CMake lists split on ';': keep help text's semicolons out of the way until the page is written.
    string(REPLACE ";" "@SEMI@" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# Text as roff: backslashes printed, option dashes as real minus signs, no line taken for a request.
function(roff out text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REGEX REPLACE "(^|[ [(|,\"'])--" "\\1\\\\-\\\\-" text "${text}")
    string(REGEX REPLACE "(^|[ [(|,\"'])-([A-Za-z])" "\\1\\\\-\\2" text "${text}")
    string(REGEX REPLACE "^([.'])" "\\\\&\\1" text "${text}")
    set(${out} "${text}" PARENT_SCOPE)
endfunction()

# One --help text as roff: the usage line as the subsection's title, the description as
# paragraphs, each option as a tagged paragraph (bold option, italic value).
function(help_as_roff out text)
    string(REPLACE "\n" ";" lines "${text}")
    set(page "")
    set(paragraph "")
    set(in_options FALSE)
    set(pending_option "")
    foreach(line IN LISTS lines)
        if(line MATCHES "^Usage: (.*)$")
            roff(usage "${CMAKE_MATCH_1}")
            string(APPEND page ".SS \"${usage}\"\n")
        elseif(line STREQUAL "Options:" OR line STREQUAL "Commands:" OR line STREQUAL "Arguments:")
            if(paragraph)
                roff(p "${paragraph}")
                string(APPEND page ".PP\n${p}\n")
                set(paragraph "")
            endif()
            string(APPEND page ".PP\n\\fB${line}\\fR\n")
            set(in_options TRUE)
        elseif(in_options AND line MATCHES "^  ([^ ].*[^ ]|[^ ])  +([^ ].*)$")
            set(left "${CMAKE_MATCH_1}")
            set(help "${CMAKE_MATCH_2}")
            roff(left "${left}")
            roff(help "${help}")
            string(REGEX REPLACE "^([^ ]+) (.+)$" "\\\\fB\\1\\\\fR \\\\fI\\2\\\\fR" tag "${left}")
            if(tag STREQUAL left)
                set(tag "\\fB${left}\\fR")
            endif()
            string(APPEND page ".TP\n${tag}\n${help}\n")
        elseif(in_options AND line MATCHES "^  ([^ ].*)$" AND NOT line MATCHES "^   ")
            # An option too long for its column: its help follows on the next line.
            set(pending_option "${CMAKE_MATCH_1}")
        elseif(in_options AND pending_option AND line MATCHES "^ +([^ ].*)$")
            roff(left "${pending_option}")
            roff(help "${CMAKE_MATCH_1}")
            string(APPEND page ".TP\n\\fB${left}\\fR\n${help}\n")
            set(pending_option "")
        elseif(in_options AND line MATCHES "^ +([^ ].*)$")
            roff(more "${CMAKE_MATCH_1}")
            string(APPEND page "${more}\n")
        elseif(line STREQUAL "")
            if(paragraph)
                roff(p "${paragraph}")
                string(APPEND page ".PP\n${p}\n")
                set(paragraph "")
            endif()
            set(in_options FALSE)
        else()
            string(APPEND paragraph "${line}\n")
        endif()
    endforeach()
    if(paragraph)
        roff(p "${paragraph}")
        string(APPEND page ".PP\n${p}\n")
    endif()
    set(${out} "${page}" PARENT_SCOPE)
endfunction()

function(write_page file text)
    string(REPLACE "@SEMI@" ";" text "${text}")
    file(WRITE "${file}" "${text}")
endfunction()

set(header_note ".\\\" Generated from the programs' --help by packaging/man_page.cmake: edit the help, not this page.\n")
set(files_section ".SH FILES
.TP
.I /usr/share/clusterplanner/examples/*.json
The bundled example scenarios (GB200, GB300 and Vera Rubin NVL72 serving DeepSeek-R1, and a
deployment case), each a complete scenario to copy and edit.
.TP
.I /usr/share/clusterplanner/benchmarks.sqlite
The bundled benchmark database (MLPerf and InferenceX results with their sources), used when a
scenario names no database of its own.
.TP
.I /usr/share/doc/clusterplanner/
The user guides, the reference data's sources and the benchmark database's schema.
")

# clusterplanner-cli.1
help_of(main_help "${CLI}")
string(REGEX MATCH "Commands:\n(.*)\n\nRun" commands_block "${main_help}")
string(REPLACE "\n" ";" command_lines "${CMAKE_MATCH_1}")
set(cli_page "${header_note}.TH CLUSTERPLANNER-CLI 1 \"${date}\" \"Cluster Planner ${VERSION}\" \"User Commands\"
.SH NAME
clusterplanner-cli \\- plan AI clusters in batch: cost per million tokens, cluster size, benchmark data
.SH SYNOPSIS
.B clusterplanner-cli
.I COMMAND
.RI [ OPTIONS ]
.br
.B clusterplanner-cli
.I COMMAND
.B \\-\\-help
.br
.B clusterplanner-cli
.B \\-\\-version
.SH DESCRIPTION
The batch engine of Cluster Planner. It evaluates scenario files (JSON) into cost per million
tokens, total cost of ownership, sizing and a bill of materials; compares, sweeps and samples them;
imports measured benchmark results into a SQLite database; and predicts and validates throughput
from that data. Every figure carries its source and evidence grade. Reports are written as text,
JSON, CSV, PDF and XLSX. The desktop application is
.BR clusterplanner (1).
.SH COMMANDS
")
set(command_names "")
foreach(line IN LISTS command_lines)
    if(line MATCHES "^  ([a-z]+) +(.*)$")
        list(APPEND command_names "${CMAKE_MATCH_1}")
        roff(summary "${CMAKE_MATCH_2}")
        string(APPEND cli_page ".TP\n.B ${CMAKE_MATCH_1}\n${summary}\n")
    endif()
endforeach()
if(NOT command_names)
    message(FATAL_ERROR "no commands found in the output of ${CLI} --help")
endif()
string(APPEND cli_page ".SH \"COMMANDS IN DETAIL\"\n")
foreach(command IN LISTS command_names)
    help_of(command_help "${CLI}" ${command})
    help_as_roff(command_roff "${command_help}")
    string(APPEND cli_page "${command_roff}")
endforeach()
string(APPEND cli_page ".SH \"EXIT STATUS\"\n")
if(NOT main_help MATCHES "Exit codes: ([^\n]*(\n[^\n]+)*)")
    message(FATAL_ERROR "no exit codes found in the output of ${CLI} --help")
endif()
string(REPLACE "\n" " " codes "${CMAKE_MATCH_1}")
string(STRIP "${codes}" codes)
string(REGEX REPLACE "\\.$" "" codes "${codes}")
string(REGEX REPLACE ", ([0-9]+) " ";\\1 " codes "${codes}")
foreach(code IN LISTS codes)
    if(code MATCHES "^([0-9]+) (.*)$")
        roff(meaning "${CMAKE_MATCH_2}")
        string(APPEND cli_page ".TP\n.B ${CMAKE_MATCH_1}\n${meaning}\n")
    endif()
endforeach()
string(APPEND cli_page "${files_section}.SH \"SEE ALSO\"\n.BR clusterplanner (1),\n.BR sqlite3 (1)\n")
write_page("${OUT_DIR}/clusterplanner-cli.1" "${cli_page}")

# clusterplanner.1
if(GUI)
    help_of(gui_help "${GUI}")
    help_as_roff(gui_roff "${gui_help}")
    # The usage line becomes the synopsis; the rest is the description and the options.
    string(REGEX REPLACE "^\\.SS \"[^\n]*\"\n" "" gui_roff "${gui_roff}")
    set(gui_page "${header_note}.TH CLUSTERPLANNER 1 \"${date}\" \"Cluster Planner ${VERSION}\" \"User Commands\"
.SH NAME
clusterplanner \\- plan AI clusters: cost per million tokens and cluster size, with evidence
.SH SYNOPSIS
.B clusterplanner
.RI [ OPTIONS ]
.RI [ SCENARIO ...]
.SH DESCRIPTION
${gui_roff}.SH \"EXIT STATUS\"
.TP
.B 0
the window was closed, or the screenshot written
.TP
.B 1
a usage error (an unknown option or view, a malformed size), or no display to open a window on
.TP
.B 2
with \\-\\-screenshot: a scenario could not be opened
.TP
.B 3
with \\-\\-screenshot: the PNG could not be written
${files_section}.SH ENVIRONMENT
.TP
.B DISPLAY\\fR, \\fBWAYLAND_DISPLAY
Where the window opens. With neither set, only
.B \\-\\-screenshot
works (on Qt's offscreen platform).
.SH \"SEE ALSO\"
.BR clusterplanner-cli (1)
")
    write_page("${OUT_DIR}/clusterplanner.1" "${gui_page}")
endif()
