#!/usr/bin/env bash
# The generated TypeScript decoder on both JavaScript engines apps run it on — Node's V8 (Android
# WebViews) and JavaScriptCore (`jsc`, iOS WKWebView) — against each engine's own JSON.parse plus a
# typed walk, on the synthetic snapshots of Benchmarks/contract-bench (2 KB, 200 KB, 10 MB).
# Columns: engine, input bytes, generated MB/s, JSON.parse+walk MB/s, generated ÷ baseline (median
# of 7 alternating batches, same process).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product contract-bench >/dev/null
swift build -c release --product contract-gen >/dev/null
bench=$(swift build -c release --show-bin-path)/contract-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The compiled TypeScript testee directory has every module and, once built, the jsc bundle.
$(swift build -c release --show-bin-path)/contract-gen conform --lang typescript-jsc --filter malformed-bom >/dev/null 2>&1 || true
compiled=$(cd "$(ls -dt .build/contract-gen-testees/typescript-* | head -1)" && pwd)
module=widget-data
printf 'engine\tbytes\tgenerated MB/s\tJSON.parse+walk MB/s\tratio\n'
for size in 2000 200000 10000000; do
  "$bench" --size "$size" --write > "$work/blob.json"
  node -e "
    global.BENCH = { engine: 'v8', module: '$compiled/$module.js', text: require('fs').readFileSync('$work/blob.json', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)"
  if command -v jsc >/dev/null; then
    { sed '$d' "$compiled/testee-jsc.js"   # the bundle without its last line, which starts the testee
      printf 'var BENCH = { engine: "jsc", module: "%s", text: readFile("%s") };\n' "$module" "$work/blob.json"
      cat Benchmarks/typescript/bench.js; } > "$work/bench-jsc.js"
    jsc "$work/bench-jsc.js"
  fi
done
