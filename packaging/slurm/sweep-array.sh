#!/bin/bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A Cluster Planner sweep as a Slurm job array: task i of N evaluates shard i/N of the combinations
# and writes its own file; a dependent job merges the shards into the file an unsharded run gives.
#
#   sbatch --array=1-16 packaging/slurm/sweep-array.sh scenario.json out-dir \
#          --vary workload.min_tokens_per_s_per_user=10:200:100 --vary finance.utilization=0.3:0.95:100 ...
#   sbatch --dependency=afterok:<array job id> --wrap \
#          "clusterplanner-cli merge out-dir/shard-*.csv --out out-dir/frontier.csv"
#
# Every task must see the same scenario file, options and clusterplanner-cli version: shards are
# contiguous ranges of the combination numbers, and the merge relies on all of them agreeing.
#SBATCH --job-name=cp-sweep
#SBATCH --cpus-per-task=8
#SBATCH --time=01:00:00
#SBATCH --output=cp-sweep-%A_%a.log
set -euo pipefail

if [ $# -lt 3 ] || [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
    echo "usage: sbatch --array=1-N $0 SCENARIO OUT_DIR SWEEP_OPTION..." >&2
    exit 1
fi
scenario=$1
out_dir=$2
shift 2
# Slurm numbers array tasks as given to --array; shards are 1-based, so --array=1-N.
shards=${SLURM_ARRAY_TASK_COUNT:?run as a job array}
shard=${SLURM_ARRAY_TASK_ID}
mkdir -p "$out_dir"
exec "${CLUSTERPLANNER_CLI:-clusterplanner-cli}" sweep "$scenario" "$@" \
    --threads "${SLURM_CPUS_PER_TASK:-1}" --shard "$shard/$shards" --out "$out_dir/shard-$shard.csv"
