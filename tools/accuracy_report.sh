#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates the figures of the README's accuracy tables ("How accurate is the throughput model?")
# from `validate`: every shipped MLPerf round (v4.0, v4.1, v5.0, v5.1, v6.0) and the non-MLPerf data
# imported into one scratch store, then the three forward protocols (a new accelerator, each round
# from the earlier ones, each benchmark's second round from its first), then the older in-store
# reports (v5.1 predicted from v4.1, leave one benchmark out). Usage:
# tools/accuracy_report.sh [BUILD_DIR] [WORK_DIR]
set -eu
build=${1:-build}
work=${2:-$(mktemp -d)}
cli="$build/app/clusterplanner-cli"
ref=data/reference
[ -x "$cli" ] || { echo "no $cli: build the clusterplanner-cli target first" >&2; exit 1; }
mkdir -p "$work"
rm -f "$work"/all.sqlite "$work"/v41.sqlite "$work"/v51.sqlite "$work"/extra.sqlite
for round in inference_v4.0_llm_results.json inference_v4.1_summary_results.json inference_v5.0_llm_results.json \
    inference_v5.1_summary_results.json inference_v6.0_llm_results.json; do
    "$cli" import mlperf "$ref/mlperf/$round" --into "$work/all.sqlite" >/dev/null
done
"$cli" import inferencex "$ref/inferencemax.csv" --into "$work/all.sqlite" >/dev/null
"$cli" import csv "$ref/serving_benchmarks.csv" --into "$work/all.sqlite" >/dev/null
for protocol in leave-accelerator-out round-forward young-benchmark; do
    echo "== Forward: --$protocol, every shipped round and the non-MLPerf rows"
    "$cli" validate --db "$work/all.sqlite" --"$protocol"
    echo
done
"$cli" import mlperf "$ref/mlperf/inference_v4.1_summary_results.json" --into "$work/v41.sqlite" >/dev/null
"$cli" import mlperf "$ref/mlperf/inference_v5.1_summary_results.json" --into "$work/v51.sqlite" >/dev/null
"$cli" import inferencex "$ref/inferencemax.csv" --into "$work/extra.sqlite" >/dev/null
"$cli" import csv "$ref/serving_benchmarks.csv" --into "$work/extra.sqlite" >/dev/null
echo "== Calibrate on v4.1 + InferenceX + serving benchmarks, predict v5.1"
"$cli" validate --db "$work/v41.sqlite" --db "$work/extra.sqlite" --against "$work/v51.sqlite"
echo
echo "== Leave one benchmark out, v4.1 + InferenceX + serving benchmarks"
"$cli" validate --db "$work/v41.sqlite" --db "$work/extra.sqlite" --leave-benchmark-out
