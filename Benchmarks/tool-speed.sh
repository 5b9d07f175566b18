#!/usr/bin/env bash
# The tool's own speed, release build: `emit --lang all` (in a scratch copy of schema/ and
# golden/, so generated/ here is not touched), `check` and a warm `conform --lang all` (testees
# already built: the second run). Median of 5 runs (conform: 3). Targets: emit < 100 ms per
# contract, check < 1 s, warm conform < 10 s.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product contract-gen >/dev/null
bin=$(swift build -c release --show-bin-path)/contract-gen
root=$(pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp -r schema golden "$scratch/"
contracts=$(ls schema/*.yaml | wc -l)
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
emit=$(for _ in 1 2 3 4 5; do (cd "$scratch" && seconds "$bin" emit --lang all); done | median)
check=$(for _ in 1 2 3 4 5; do seconds "$bin" check; done | median)
"$bin" conform --lang all >/dev/null 2>&1  # builds (or finds) the testees
conform=$(for _ in 1 2 3; do seconds "$bin" conform --lang all; done | median)
printf 'command\tseconds\tper contract\ttarget\n'
printf 'emit --lang all\t%.3f\t%.3f\t< 0.100 per contract\n' "$emit" "$(echo "$emit / $contracts" | bc -l)"
printf 'check\t%.3f\t\t< 1\n' "$check"
printf 'conform --lang all (warm)\t%.2f\t\t< 10\n' "$conform"
