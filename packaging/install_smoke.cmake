# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the build into a staging folder and checks what a user gets from it:
# - the installed CLI evaluates an installed example and finds the installed benchmark database by
#   itself (share/clusterplanner);
# - with the GUI (-DGUI=ON): the installed GUI renders the dashboard to a PNG on Qt's offscreen
#   platform, and the desktop entry and AppStream metainfo pass desktop-file-validate and
#   `appstreamcli validate`;
# - the manual pages name every CLI command and exit code (listed here by hand, so a command
#   added without its page, or a page generated from a broken --help, fails).
file(REMOVE_RECURSE "${STAGE}")
execute_process(COMMAND "${CMAKE_COMMAND}" --install "${BUILD_DIR}" --prefix "${STAGE}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
    message(FATAL_ERROR "install failed: ${rc}")
endif()

function(run_checked what)
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${what} failed (${rc}):\n${out}\n${err}")
    endif()
    set(run_output "${out}" PARENT_SCOPE)
endfunction()

run_checked("installed CLI" "${STAGE}/bin/clusterplanner-cli" evaluate
            "${STAGE}/share/clusterplanner/examples/vr200-nvl72-deepseek-r1.json" --json)
string(FIND "${run_output}" "\"cost_per_mtok_usd\"" found)
if(found EQUAL -1)
    message(FATAL_ERROR "installed CLI printed no cost_per_mtok_usd:\n${run_output}")
endif()

set(man "${STAGE}/share/man/man1")
foreach(page clusterplanner-cli.1.gz)
    if(NOT EXISTS "${man}/${page}")
        message(FATAL_ERROR "no manual page ${man}/${page}")
    endif()
endforeach()
run_checked("gzip -dc clusterplanner-cli.1.gz" gzip -dc "${man}/clusterplanner-cli.1.gz")
set(cli_page "${run_output}")
foreach(command catalog compare evaluate fabric import merge montecarlo predict ratio sweep tornado validate)
    string(FIND "${cli_page}" ".SS \"clusterplanner-cli ${command}" found)
    if(found EQUAL -1)
        message(FATAL_ERROR "clusterplanner-cli.1 has no section for the command '${command}'")
    endif()
endforeach()
foreach(code 0 1 2 3 4 130)
    string(FIND "${cli_page}" ".TP\n.B ${code}\n" found)
    if(found EQUAL -1)
        message(FATAL_ERROR "clusterplanner-cli.1 does not list exit code ${code}")
    endif()
endforeach()

if(NOT GUI)
    return()
endif()
if(NOT EXISTS "${man}/clusterplanner.1.gz")
    message(FATAL_ERROR "no manual page ${man}/clusterplanner.1.gz")
endif()
set(desktop "${STAGE}/share/applications/${APP_ID}.desktop")
set(metainfo "${STAGE}/share/metainfo/${APP_ID}.metainfo.xml")
set(icon "${STAGE}/share/icons/hicolor/scalable/apps/${APP_ID}.svg")
foreach(f "${desktop}" "${metainfo}" "${icon}")
    if(NOT EXISTS "${f}")
        message(FATAL_ERROR "not installed: ${f}")
    endif()
endforeach()
run_checked("desktop-file-validate" desktop-file-validate "${desktop}")
if(run_output MATCHES "error|warning")
    message(FATAL_ERROR "desktop-file-validate ${desktop}:\n${run_output}")
endif()
run_checked("appstreamcli validate" appstreamcli validate --no-net "${metainfo}")

file(REMOVE "${STAGE}/dashboard.png")
run_checked("installed GUI" "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen
            "${STAGE}/bin/clusterplanner" --screenshot "${STAGE}/dashboard.png" --size 1280x800)
file(SIZE "${STAGE}/dashboard.png" png_size)
if(png_size LESS 20000)
    message(FATAL_ERROR "the installed GUI's screenshot is ${png_size} bytes: an empty window?")
endif()
