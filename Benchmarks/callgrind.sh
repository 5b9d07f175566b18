#!/usr/bin/env bash
# Instructions per decode under callgrind (valgrind --tool=callgrind, with its cache and branch
# simulation): load-independent, so repeatable on a shared machine where wall time is not. Each
# decoder runs N+1 decodes and 1 decode in two processes of contract-bench (`--memory NAME
# --profile N`); the difference ÷ N leaves out the process's start and the building of the input.
# Per decode: instructions, conditional branches and their mispredictions (callgrind's simple
# predictor), instruction-cache line misses (a simulated L1i of the host's size: the code a decode
# runs beyond what stays cached), data writes, and calls to malloc, swift_retain and swift_release
# (plain and bridged).
#   bash Benchmarks/callgrind.sh                              # typical corpus, 2,600 bytes
#   SIZE=183000 bash Benchmarks/callgrind.sh generated handwritten-direct handwritten-direct-derived
#   CORPUS=escapes SIZE=2400 bash Benchmarks/callgrind.sh generated handwritten-direct
#   BLOB=blob.json bash Benchmarks/callgrind.sh generated     # a file's text ({"v":1}: the fixed cost)
#   KEEP=dir bash Benchmarks/callgrind.sh                     # keep the profiles (callgrind_annotate them)
# Needs valgrind (apt-get install -y valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=${CORPUS:-typical}
size=${SIZE:-2600}
decoders=("$@")
[ ${#decoders[@]} -gt 0 ] || decoders=(generated generated-data handwritten-direct handwritten-direct-derived jsondecoder)
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
events=(Ir Bc Bcm I1mr Dw)
totals() {  # the events above, then malloc, retain and release calls (callers' calls= lines)
  local line
  line=$(grep -m1 '^totals:' "$1" || grep -m1 '^summary:' "$1")
  local header
  header=$(grep -m1 '^events:' "$1")
  awk -v header="$header" -v line="$line" -v want="${events[*]}" 'BEGIN {
    n = split(header, h, " "); split(line, v, " "); m = split(want, w, " ")
    for (i = 2; i <= n; i++) value[h[i]] = v[i]
    for (j = 1; j <= m; j++) printf "%s ", value[w[j]] + 0 }'
  # A function's name is written once, at its first (id), in a fn= or a cfn= line alike.
  awk '/^c?fn=/ { id = $1; sub(/^c?fn=/, "", id); if (NF > 1) name[id] = $2; if ($0 ~ /^cfn=/) current = name[id]; next }
       /^calls=/ { split($1, c, "="); if (current == "malloc") a += c[2]; else if (current == "swift_retain" || current == "swift_bridgeObjectRetain") r += c[2];
                   else if (current == "swift_release" || current == "swift_bridgeObjectRelease") f += c[2] }
       END { printf "%d %d %d\n", a, r, f }' "$1"
}
printf 'input\tdecoder\tinstructions\tcond. branches\tmispredicted\tL1i misses\tdata writes\tmallocs\tretains\treleases (per decode)\n'
for decoder in "${decoders[@]}"; do
  for rounds in 1 $((n + 1)); do
    if ! valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes --callgrind-out-file="$out/$decoder.$rounds.out" \
        "$bench" "${input[@]}" --memory "$decoder" --profile "$rounds" >/dev/null 2>"$out/$decoder.$rounds.log"; then
      echo "callgrind.sh: $decoder failed:" >&2; tail -5 "$out/$decoder.$rounds.log" >&2; exit 1
    fi
  done
  read -r -a one <<<"$(totals "$out/$decoder.1.out")"
  read -r -a many <<<"$(totals "$out/$decoder.$((n + 1)).out")"
  if [ ${#one[@]} -ne 8 ] || [ ${#many[@]} -ne 8 ]; then echo "callgrind.sh: no totals in $decoder's profile" >&2; exit 1; fi
  printf '%s\t%s' "${BLOB:-$corpus $size}" "$decoder"
  for k in "${!one[@]}"; do printf '\t%d' $(( (many[k] - one[k]) / n )); done
  printf '\n'
done
