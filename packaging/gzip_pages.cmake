# SPDX-License-Identifier: GPL-3.0-or-later
# Compresses each manual page in PAGES (a list) to PAGE.gz with `gzip -9n`, keeping the page.
foreach(page IN LISTS PAGES)
    execute_process(COMMAND gzip -9n -c "${page}" OUTPUT_FILE "${page}.gz" RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "gzip ${page} failed: ${rc}")
    endif()
endforeach()
