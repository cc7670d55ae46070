#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the figures of the README's accuracy table ("How accurate is the throughput model?")
# from `validate`: the bundled MLPerf rounds and the non-MLPerf data imported into scratch stores,
# then v5.1 predicted from v4.1 (issue 11's wording) and from v4.0 + v4.1, and leave-one-benchmark
# -out on the calibration rounds. Usage: tools/accuracy_report.sh [BUILD_DIR] [WORK_DIR]
set -eu
build=${1:-build}
work=${2:-$(mktemp -d)}
cli="$build/app/clusterplanner-cli"
ref=data/reference
[ -x "$cli" ] || { echo "no $cli: build the clusterplanner-cli target first" >&2; exit 1; }
mkdir -p "$work"
rm -f "$work"/v40.sqlite "$work"/v41.sqlite "$work"/v51.sqlite "$work"/extra.sqlite
"$cli" import mlperf "$ref/mlperf/inference_v4.0_llm_results.json" --into "$work/v40.sqlite" >/dev/null
"$cli" import mlperf "$ref/mlperf/inference_v4.1_summary_results.json" --into "$work/v41.sqlite" >/dev/null
"$cli" import mlperf "$ref/mlperf/inference_v5.1_summary_results.json" --into "$work/v51.sqlite" >/dev/null
"$cli" import inferencex "$ref/inferencemax.csv" --into "$work/extra.sqlite" >/dev/null
"$cli" import csv "$ref/serving_benchmarks.csv" --into "$work/extra.sqlite" >/dev/null
echo "== Calibrate on v4.1 + InferenceX + serving benchmarks, predict v5.1"
"$cli" validate --db "$work/v41.sqlite" --db "$work/extra.sqlite" --against "$work/v51.sqlite"
echo
echo "== Calibrate on v4.0 + v4.1 + InferenceX + serving benchmarks, predict v5.1"
"$cli" validate --db "$work/v40.sqlite" --db "$work/v41.sqlite" --db "$work/extra.sqlite" --against "$work/v51.sqlite"
echo
echo "== Leave one benchmark out, v4.1 + InferenceX + serving benchmarks"
"$cli" validate --db "$work/v41.sqlite" --db "$work/extra.sqlite" --leave-benchmark-out
echo
echo "== Leave one benchmark out, v4.0 + v4.1 + InferenceX + serving benchmarks"
"$cli" validate --db "$work/v40.sqlite" --db "$work/v41.sqlite" --db "$work/extra.sqlite" --leave-benchmark-out
