#!/usr/bin/env bash
# Times `emit --lang <each>`, golden emission and `check` on synthetic large schemas
# (scripts/scale-schemas.py), with user CPU seconds and peak resident memory (GNU time).
# usage: scripts/scale-bench.sh BINARY SHAPE=N... [TIMEOUT]
#   e.g. scale-bench.sh .build/release/contract-gen fields=10000 nested=400 chain=3000
# Shapes: fields, nested, enum, required (emit per language, goldens, check); chain (the
# refusal: exit 2 expected). LANGS narrows the languages; TIMEOUT (s, default 300) bounds each run.
set -u
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1"); shift
limit=${TIMEOUT:-300}
here=$(cd "$(dirname "$0")" && pwd)
printf '%-14s %-10s %9s %9s %9s %8s %12s\n' shape step wall-s user-s max-rss-MB files bytes
for spec in "$@"; do
  shape=${spec%=*}; n=${spec#*=}
  work=$(mktemp -d)
  case $shape in
    fields) file=wide ;; nested) file=nested ;; enum) file=enums ;; required) file=required ;; chain) file=chain ;;
    *) echo "unknown shape $shape" >&2; exit 2 ;;
  esac
  python3 "$here/scale-schemas.py" "$work/in" "--$shape" "$n" >/dev/null
  mkdir -p "$work/project/schema"
  cp "$work/in/$file.yaml" "$work/project/schema/"
  steps=${LANGS:-swift kotlin typescript golden}
  [ "$shape" = chain ] && steps=refuse || steps="$steps check"
  for step in $steps; do
    out="$work/out-$step"; mkdir -p "$out"
    case $step in
      check) (cd "$work/project" && "$bin" emit --lang all >/dev/null 2>&1 && "$bin" emit --lang golden >/dev/null 2>&1)
             cmd=(check); dir="$work/project" ;;
      refuse) cmd=(emit --lang all --schema "$work/in/$file.yaml" --out "$out"); dir="$work" ;;
      *) cmd=(emit --lang "$step" --schema "$work/in/$file.yaml" --out "$out"); dir="$work" ;;
    esac
    start=$(date +%s.%N)
    (cd "$dir" && timeout "$limit" /usr/bin/time -f '%U %M' -o "$work/time" "$bin" "${cmd[@]}" >/dev/null 2>"$work/err")
    rc=$?
    end=$(date +%s.%N)
    secs=$(echo "$end - $start" | bc)
    read -r user rss < <(tail -1 "$work/time" 2>/dev/null || echo "- 0")
    mb=$(( ${rss:-0} / 1024 ))
    files=$(find "$out" -type f | wc -l)
    bytes=$(du -sb "$out" | cut -f1)
    [ $rc -eq 124 ] && secs=">$limit"
    expected=0; [ "$step" = refuse ] && expected=2
    [ $rc -ne $expected ] && [ $rc -ne 124 ] && secs="exit$rc"
    printf '%-14s %-10s %9s %9s %9s %8s %12s\n' "$shape=$n" "$step" "$secs" "$user" "$mb" "$files" "$bytes"
  done
  rm -rf "$work"
done
