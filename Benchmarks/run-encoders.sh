#!/usr/bin/env bash
# The encoder benchmark table: each language's generated widget-data encoder beside the writer a
# team would pick on its platform, writing the same snapshot, at ~2.6 KB, ~180 KB and ~9 MB, on
# two corpora: "escape-heavy" (contract-bench's snapshot: escapes, non-ASCII and surrogate pairs
# in every title) and "typical" (Benchmarks/typescript/encoder-corpus.js: ASCII word titles, one
# in eight with an escape or an emoji).
#   Swift       WidgetData.encode (document as Data, and as a String) vs JSONEncoder + Codable structs
#               (Benchmarks/contract-bench-encoders)
#   Kotlin      WidgetData.encode (String) and encodeBytes vs org.json JSONObject.toString() of the same
#               tree, parsed once (Benchmarks/kotlin/EncoderBench.kt)
#   TypeScript  encode (every value checked) vs JSON.stringify of the same value, on Node (V8) and on
#               JavaScriptCore (Benchmarks/typescript/encoder-bench.js)
# Every encoder of a language runs in ONE process in alternating batches of ~4 MB of output, 9
# rounds after a warm-up; ratio = median over rounds of (baseline batch time ÷ this encoder's batch
# time), so a noisy neighbour slows both sides of a round alike. MB/s = median (UTF-8 bytes for
# Swift, UTF-16 characters for Kotlin and TypeScript). Needs what bootstrap.sh installs (kotlin,
# libandroid-json-java, node-typescript, libjavascriptcoregtk-4.0-bin for jsc).
#   bash Benchmarks/run-encoders.sh                      # the whole table (~5 min on 2 cores)
#   SIZES="170000" LANGS="swift" bash Benchmarks/run-encoders.sh
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-"2400 170000 8600000"}
langs=" ${LANGS:-swift kotlin typescript} "
corpora=${CORPORA:-"escape-heavy typical"}
want() { [[ "$langs" == *" $1 "* ]]; }
swift build -c release --product contract-bench >/dev/null
swift build -c release --product contract-bench-encoders >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# TypeScript: the generated runtime and widget-data module, compiled as an app would (tsc --strict),
# and bundled for JavaScriptCore (no require).
if want typescript; then bash Benchmarks/typescript/compile.sh "$work" contract-runtime widget-data; fi

# Kotlin: the generated runtime and widget-data object plus the harness (one jar per content hash).
kotlin_cp=
if want kotlin; then kotlin_cp=$(bash Benchmarks/kotlin/classpath.sh Benchmarks/kotlin/EncoderBench.kt /usr/share/java/com.android.json.jar); fi

printf 'bytes\tcorpus\tlanguage\tencoder\tMB/s\tratio\n'
for size in $sizes; do
  for corpus in $corpora; do
    if [ "$corpus" = typical ]; then node Benchmarks/typescript/encoder-corpus.js "$size" > "$work/blob.json"
    else "$bin/contract-bench" --size "$size" --write > "$work/blob.json"; fi
    bytes=$(wc -c < "$work/blob.json")
    want swift && "$bin/contract-bench-encoders" "$work/blob.json" | while IFS=$'\t' read -r name _ mbs ratio; do
      label=$name; case $name in generated-data) label="generated (Data)";; generated-text) label="generated (String)";; jsonencoder) label="JSONEncoder+Codable (baseline)";; esac
      printf '%s\t%s\tSwift\t%s\t%s\t%s\n' "$bytes" "$corpus" "$label" "$mbs" "$ratio"
    done
    want kotlin && java -cp "$kotlin_cp" dev.contractgen.bench.EncoderBenchKt "$work/blob.json" | while IFS=$'\t' read -r name _ mbs ratio; do
      label=$name; case $name in generated) label="generated (String)";; generated-bytes) label="generated (ByteArray)";; orgjson) label="org.json toString (baseline)";; esac
      printf '%s\t%s\tKotlin\t%s\t%s\t%s\n' "$bytes" "$corpus" "$label" "$mbs" "$ratio"
    done
    want typescript || continue
    IFS=$'\t' read -r _ _ gmbs bmbs ratio <<<"$(node -e "$(cat Benchmarks/typescript/clock.js)
      global.BENCH = { engine: 'v8', module: '$work/ts/widget-data.js', text: require('fs').readFileSync('$work/blob.json', 'utf8') };
      $(cat Benchmarks/typescript/encoder-bench.js)")"
    printf '%s\t%s\tTypeScript/V8\tgenerated encode\t%s\t%s\n' "$bytes" "$corpus" "$gmbs" "$ratio"
    printf '%s\t%s\tTypeScript/V8\tJSON.stringify (baseline)\t%s\t1.00\n' "$bytes" "$corpus" "$bmbs"
    if command -v jsc >/dev/null; then
      { cat "$work/bundle-jsc.js" Benchmarks/typescript/clock.js
        printf 'var BENCH = { engine: "jsc", module: "widget-data", text: readFile("%s") };\n' "$work/blob.json"
        cat Benchmarks/typescript/encoder-bench.js; } > "$work/bench-jsc.js"
      IFS=$'\t' read -r _ _ gmbs bmbs ratio <<<"$(jsc "$work/bench-jsc.js")"
      printf '%s\t%s\tTypeScript/JSC\tgenerated encode\t%s\t%s\n' "$bytes" "$corpus" "$gmbs" "$ratio"
      printf '%s\t%s\tTypeScript/JSC\tJSON.stringify (baseline)\t%s\t1.00\n' "$bytes" "$corpus" "$bmbs"
    fi
  done
done
