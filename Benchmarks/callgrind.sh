#!/usr/bin/env bash
# Instructions per decode under callgrind (valgrind --tool=callgrind): load-independent, so
# repeatable on a shared machine where wall time is not. Each decoder runs N+1 decodes and 1
# decode in two processes of contract-bench (`--memory NAME --profile N`); the difference ÷ N
# leaves out the process's start and the building of the input.
#   bash Benchmarks/callgrind.sh                              # typical corpus, 2,600 bytes
#   CORPUS=escapes SIZE=2400 bash Benchmarks/callgrind.sh generated handwritten-direct
#   BLOB=blob.json bash Benchmarks/callgrind.sh generated     # a file's text ({"v":1}: the fixed cost)
#   KEEP=dir bash Benchmarks/callgrind.sh                     # keep the profiles (callgrind_annotate them)
# Needs valgrind (apt-get install -y valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${CORPUS:-typical}
size=${SIZE:-2600}
decoders=("$@")
[ ${#decoders[@]} -gt 0 ] || decoders=(generated generated-data handwritten-direct jsondecoder)
n=${N:-1000}
[ -z "${N:-}" ] && [ "$size" -gt 100000 ] && n=10
[ -z "${N:-}" ] && [ "$size" -gt 1000000 ] && n=2
swift build -c release --product contract-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/contract-bench
input=(--corpus "$corpus" --size "$size")
[ -n "${BLOB:-}" ] && input=(--blob "$BLOB")
out=${KEEP:-$(mktemp -d)}
mkdir -p "$out"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$out"' EXIT
total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'; }
printf 'input\tdecoder\tinstructions per decode\n'
for decoder in "${decoders[@]}"; do
  for rounds in 1 $((n + 1)); do
    valgrind --tool=callgrind --callgrind-out-file="$out/$decoder.$rounds.out" "$bench" "${input[@]}" --memory "$decoder" --profile "$rounds" >/dev/null 2>&1
  done
  printf '%s\t%s\t%d\n' "${BLOB:-$corpus $size}" "$decoder" $(( ($(total "$out/$decoder.$((n + 1)).out") - $(total "$out/$decoder.1.out")) / n ))
done
