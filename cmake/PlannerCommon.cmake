# SPDX-License-Identifier: GPL-3.0-or-later
# One INTERFACE target carries the language level, warnings, Qt defines and sanitizers.
# Every layer links it PRIVATE so nothing leaks into consumers' compile lines twice.
add_library(planner_common INTERFACE)
target_compile_features(planner_common INTERFACE cxx_std_20)
target_compile_options(planner_common INTERFACE -Wall -Wextra -pedantic)
target_compile_definitions(planner_common INTERFACE
    QT_NO_CAST_FROM_ASCII QT_USE_QSTRINGBUILDER QT_NO_KEYWORDS
    BOOST_UNITS_NO_COMPILER_CHECK)
if(PLANNER_SANITIZERS)
    string(REPLACE "," ";" _planner_sanitizer_list "${PLANNER_SANITIZERS}")
    foreach(_s IN LISTS _planner_sanitizer_list)
        target_compile_options(planner_common INTERFACE -fsanitize=${_s} -fno-omit-frame-pointer)
        target_link_options(planner_common INTERFACE -fsanitize=${_s})
    endforeach()
endif()
