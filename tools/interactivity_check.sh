#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Reads throughput along the interactivity axis and lists where it rises: a served frontier never
# gains throughput as the per-user rate asked goes up, so a rise between two neighbouring
# requirements shows the answer changing source or method there. For each system and model below,
# `predict` at 1,024 / 1,024 tokens and 8 GPUs from 5 to 150 tok/s/user; prints every curve that
# rises by more than 2% somewhere, then how many do and how many by more than 1.5x. The README's
# figures ("Not every curve is smooth yet") come from this on the bundled database. Usage:
# tools/interactivity_check.sh [BUILD_DIR] [DB]
set -eu
build=${1:-build}
db=${2:-$build/data/examples/benchmarks.sqlite}
cli="$build/app/clusterplanner-cli"
[ -x "$cli" ] || { echo "no $cli: build the clusterplanner-cli target first" >&2; exit 1; }
[ -f "$db" ] || { echo "no database $db" >&2; exit 1; }
systems="hgx-h100 hgx-h200 hgx-b200 hgx-b300 gb200-nvl72 gb300-nvl72 vr200-nvl72 mi300x-8 mi325x-8 mi350x-8 mi355x-8
rtx-pro-6000-8"
workloads="deepseek-r1:fp8 deepseek-r1:fp4 llama3.3-70b:fp8 gpt-oss-120b:fp4 llama3.1-405b:fp8"
rates="5 10 15 20 25 30 40 50 70 100 150"
curves=0 rising=0 steep=0
for system in $systems; do
    for workload in $workloads; do
        model=${workload%%:*} precision=${workload##*:}
        figures=""
        for rate in $rates; do
            figure=$("$cli" predict --db "$db" --system "$system" --gpus 8 --model "$model" --precision "$precision" \
                --input-tokens 1024 --output-tokens 1024 --min-tokens-per-s-per-user "$rate" 2>/dev/null \
                | awk '/tokens\/s per GPU/ { gsub(",", "", $4); print $4; exit }') || figure=""
            figures="$figures ${figure:-none}"
        done
        curves=$((curves + 1))
        verdict=$(echo "$rates|$figures" | awk -F'|' '{
            n = split($1, u, " "); split($2, t, " "); rises = ""; worst = 1
            for (i = 1; i < n; i++) {
                if (t[i] == "none" || t[i + 1] == "none" || t[i] <= 0) continue
                r = t[i + 1] / t[i]
                if (r > 1.02) { rises = rises sprintf(" %s->%s x%.2f", u[i], u[i + 1], r); if (r > worst) worst = r }
            }
            print (rises == "" ? "ok" : (worst > 1.5 ? "steep" : "rises")) "|" rises }')
        case "$verdict" in
        ok*) ;;
        *)
            rising=$((rising + 1))
            case "$verdict" in steep*) steep=$((steep + 1)) ;; esac
            echo "$system $model $precision:${verdict#*|}  (tok/s per GPU:$figures)"
            ;;
        esac
    done
done
echo "$rising of $curves curves rise somewhere by more than 2%; $steep of them by more than 1.5x"
