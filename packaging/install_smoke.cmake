# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a staging folder and runs the installed CLI on an installed example,
# which must find the installed benchmark database by itself (share/clusterplanner).
file(REMOVE_RECURSE "${STAGE}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install failed: ${rc}")
endif()
execute_process(COMMAND "${STAGE}/bin/clusterplanner-cli" evaluate
                        "${STAGE}/share/clusterplanner/examples/vr200-nvl72-deepseek-r1.json" --json
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "installed CLI failed (${rc}): ${err}")
endif()
string(FIND "${out}" "\"cost_per_mtok_usd\"" found)
if(found EQUAL -1)
    message(FATAL_ERROR "installed CLI printed no cost_per_mtok_usd:\n${out}")
endif()
