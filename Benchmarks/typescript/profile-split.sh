#!/usr/bin/env bash
# The split of the generated TypeScript widget-data decode (Benchmarks/typescript/profile-split.js):
# JSON.parse, the tree walk, the depth proof, the strings' isWellFormed checks, and the Ajv
# baseline's validation pass, each timed alone on V8 (node) and JavaScriptCore (jsc), per blob.
#   bash Benchmarks/typescript/profile-split.sh                   # typical corpus, 2.6 KB / 183 KB / 9.2 MB
#   CORPUS=escapes SIZES="2400 170000" bash Benchmarks/typescript/profile-split.sh
#   BLOBS="a.json b.json" bash Benchmarks/typescript/profile-split.sh   # blobs already written
# Output: engine, chars, part, µs per decode (median of 9 alternating rounds), share of decode.
# Needs node-ajv (Benchmarks/run.sh says how); jsc is skipped when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NODE_PATH=/usr/share/nodejs

if [ -z "${BLOBS:-}" ]; then
  swift build -c release --product contract-bench >/dev/null
  bench=$(swift build -c release --show-bin-path)/contract-bench
  BLOBS=""
  for size in ${SIZES:-2600 183000 9200000}; do
    "$bench" --corpus "${CORPUS:-typical}" --size "$size" --write > "$work/blob-$size.json"
    BLOBS="$BLOBS $work/blob-$size.json"
  done
fi

bash Benchmarks/typescript/compile.sh --with-ajv "$work" contract-runtime widget-data

printf 'engine\tchars\tpart\tus/decode\tshare of decode\n'
for blob in $BLOBS; do
  node -e "$(cat Benchmarks/typescript/clock.js)
    var contractBenchAjvValidate = require('$PWD/Benchmarks/typescript/ajv-validator.js');
    global.BENCH = { engine: 'v8', module: '$work/ts/widget-data.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$blob', 'utf8') };
    $(cat Benchmarks/typescript/profile-split.js)"
  if command -v jsc >/dev/null; then
    { cat "$work/bundle-jsc.js" "$work/ajv-jsc.js" Benchmarks/typescript/clock.js
      printf 'var BENCH = { engine: "jsc", module: "widget-data", runtime: "contract-runtime", text: readFile("%s") };\n' "$blob"
      cat Benchmarks/typescript/profile-split.js; } > "$work/split-jsc.js"
    jsc "$work/split-jsc.js"
  fi
done
