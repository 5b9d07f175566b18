#!/usr/bin/env bash
# Kills `contract-gen emit` with SIGKILL at random points and checks that emit is all or nothing:
# right after the kill the visible files are exactly the old or the new set, unless a committed
# emit is unfinished, which `check` must then report (exit 1); the next emit always ends with
# exactly the new set, no orphans, and `check` passing.
# usage: scripts/emit-kill-test.sh [ITERATIONS] [BINARY]     (default 30, .build/debug/contract-gen)
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-30}
bin=$(cd "$(dirname "${2:-$here/.build/debug/contract-gen}")" && pwd)/$(basename "${2:-$here/.build/debug/contract-gen}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

digest() { (cd "$1" && find generated golden -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16); }

# The old set: todo-count with one more (required) field, so the new set also deletes goldens.
mkdir -p "$work/old" "$work/new"
cp -r "$here/schema" "$work/old/schema"; cp -r "$here/schema" "$work/new/schema"
python3 - "$work/old/schema/todo-count.yaml" <<'PY'
import sys
p = sys.argv[1]
s = open(p).read().replace("  Source:\n", "      note:\n        type: string\n        required: fail-document\n        doc: A note.\n  Source:\n", 1)
open(p, "w").write(s)
PY
(cd "$work/old" && "$bin" emit --lang all 2>/dev/null) || { echo "cannot emit the old set"; exit 2; }
start=$(date +%s%N)
(cd "$work/new" && "$bin" emit --lang all 2>/dev/null) || { echo "cannot emit the new set"; exit 2; }
duration_ms=$(( ($(date +%s%N) - start) / 1000000 ))
old=$(digest "$work/old"); new=$(digest "$work/new")
echo "old $old, new $new, one emit takes ${duration_ms} ms; $runs kills"

declare -A seen=()
failures=0
for i in $(seq 1 "$runs"); do
  root="$work/run$i"
  mkdir -p "$root"; cp -r "$work/new/schema" "$root/schema"; cp -r "$work/old/generated" "$work/old/golden" "$root/"
  delay_ms=$(( RANDOM % (duration_ms + 1) ))
  (cd "$root" && exec "$bin" emit --lang all 2>/dev/null) &
  pid=$!
  sleep "$(awk -v ms="$delay_ms" 'BEGIN { printf "%.3f", ms / 1000 }')"
  kill -9 "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
  now=$(digest "$root")
  committed=$(ls -d "$root"/.contract-gen-staging-*/manifest.json 2>/dev/null | wc -l)
  staging=$(ls -d "$root"/.contract-gen-staging-* 2>/dev/null | wc -l)
  if [ "$now" = "$old" ]; then state=old; elif [ "$now" = "$new" ]; then state=new; else state=mix; fi
  verdict=ok
  if [ "$committed" -gt 0 ]; then
    (cd "$root" && "$bin" check >/dev/null 2>&1); [ $? -eq 1 ] || verdict="FAIL: check passed with an unfinished emit"
    state="$state+committed"
  elif [ "$state" = mix ]; then
    verdict="FAIL: a mix of old and new files"
  elif [ "$staging" -gt 0 ]; then
    (cd "$root" && "$bin" check >/dev/null 2>&1); [ $? -eq 1 ] || verdict="FAIL: check passed with an orphaned staging directory"
    state="$state+staged"
  fi
  (cd "$root" && "$bin" emit --lang all >/dev/null 2>&1)
  [ "$(digest "$root")" = "$new" ] || verdict="FAIL: the next emit did not give the new set"
  (cd "$root" && "$bin" check >/dev/null 2>&1) || verdict="FAIL: check fails after the next emit"
  ls -d "$root"/.contract-gen-staging-* >/dev/null 2>&1 && verdict="FAIL: staging left after the next emit"
  seen[$state]=$(( ${seen[$state]:-0} + 1 ))
  [ "$verdict" = ok ] || { failures=$((failures + 1)); echo "run $i (kill at ${delay_ms} ms): $state: $verdict"; }
  rm -rf "$root"
done
for state in "${!seen[@]}"; do echo "  $state: ${seen[$state]}"; done | sort
echo "$failures failure(s) in $runs runs"
[ "$failures" -eq 0 ]
