#!/usr/bin/env bash
# Times `emit --lang <each>` and golden emission on synthetic large schemas (scripts/scale-schemas.py).
# usage: scripts/scale-bench.sh BINARY SHAPE=N... [TIMEOUT]   e.g. scale-bench.sh .build/release/contract-gen fields=10000 nested=400
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
limit=${TIMEOUT:-300}
here=$(cd "$(dirname "$0")" && pwd)
printf '%-16s %-10s %9s %8s %12s\n' shape lang seconds files bytes
for spec in "$@"; do
  shape=${spec%=*}; n=${spec#*=}
  work=$(mktemp -d)
  case $shape in
    fields) file=wide ;; nested) file=nested ;; enum) file=enums ;; required) file=required ;;
    *) echo "unknown shape $shape" >&2; exit 2 ;;
  esac
  python3 "$here/scale-schemas.py" "$work/in" "--$shape" "$n" >/dev/null
  for lang in ${LANGS:-swift kotlin typescript golden}; do
    out="$work/out-$lang"; mkdir -p "$out"
    start=$(date +%s.%N)
    timeout "$limit" "$bin" emit --lang "$lang" --schema "$work/in/$file.yaml" --out "$out" >/dev/null 2>"$work/err"
    rc=$?
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    files=$(find "$out" -type f | wc -l)
    bytes=$(du -sb "$out" | cut -f1)
    [ $rc -eq 124 ] && secs=">$limit"
    [ $rc -ne 0 ] && [ $rc -ne 124 ] && secs="exit$rc"
    printf '%-16s %-10s %9s %8s %12s\n' "$shape=$n" "$lang" "$secs" "$files" "$bytes"
  done
  rm -rf "$work"
done
