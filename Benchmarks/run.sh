#!/usr/bin/env bash
# The benchmark table: each language's generated widget-data decoder beside its platform baselines,
# on the synthetic snapshots of Benchmarks/contract-bench (escapes, non-ASCII, raw and escaped
# surrogate pairs) at ~2.6 KB, ~180 KB and ~9 MB:
# Each language also has "generated + report": the same decode asked for its degradation report.
#   Swift       generated (on a String, and on Data as JSONDecoder gets it) vs JSONDecoder + Codable
#               (the ratio's baseline) and two hand-written byte parsers: one into a value tree, and
#               the fast kind, straight into the structs (Benchmarks/contract-bench/HandWritten*.swift)
#   Kotlin      generated vs org.json (Android's: JSONObject + a walk over every value)
#   TypeScript  generated vs JSON.parse + a hand-written typed walk (the ratio's baseline:
#               Benchmarks/typescript/widget-data-typed-walk.js) and vs JSON.parse + an untyped walk over
#               every value, on Node (V8) and JavaScriptCore; also on a calendar-agenda snapshot of about
#               the same size (Benchmarks/typescript/agenda-blob.js; against the untyped walk only)
# Throughput: every decoder of a language runs in ONE process in alternating batches of ~4 MB of
# input, 9 rounds after a warm-up; ratio = median over rounds of (baseline batch time ÷ this
# decoder's batch time), so a noisy neighbour slows both sides of a round alike. MB/s = median.
# Memory: one decoder per process, three decodes: peak RSS (Swift: VmHWM reset, after malloc_trim, once the input is
# built; Node: maxRSS) or peak heap (Kotlin: the JVM heap pools' peak under the serial collector,
# garbage not yet collected included) above the level once the input is built, in MB and as × the
# input size.
# JavaScriptCore has no memory API here: "—". For the 2.6 KB input the memory columns are
# allocator granularity, not a measurement of the decoder.
#   bash Benchmarks/run.sh                 # the whole table (~5 min on 2 cores)
#   SIZES="170000" bash Benchmarks/run.sh  # one size
#   LANGS="typescript" bash Benchmarks/run.sh  # some languages (swift kotlin typescript)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=${SIZES:-"2400 170000 8600000"}
langs=" ${LANGS:-swift kotlin typescript} "
want() { [[ "$langs" == *" $1 "* ]]; }
swift build -c release --product contract-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/contract-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# TypeScript: the generated runtime and widget-data module, compiled as an app would (tsc --strict).
tsc --strict --target es2019 --module commonjs --outDir "$work/ts" \
    generated/typescript/contract-runtime.ts generated/typescript/widget-data.ts generated/typescript/calendar-agenda.ts
# JavaScriptCore has no require: a minimal CommonJS bundle of the two modules.
{ echo 'var __modules = {}, __cache = {};'
  for m in contract-runtime widget-data calendar-agenda; do
    printf '__modules["./%s"] = function (exports, require, module) {\n' "$m"; cat "$work/ts/$m.js"; echo '};'
  done
  echo 'function __contractGenRequire(name) { name = "./" + name.replace(/^.*\//, "").replace(/\.js$/, "");'
  echo '  if (!__cache[name]) { var module = { exports: {} }; __cache[name] = module; __modules[name](module.exports, __contractGenRequire, module); }'
  echo '  return __cache[name].exports; }'; } > "$work/bundle-jsc.js"

typed_walk=$(cat Benchmarks/typescript/widget-data-typed-walk.js)

# Kotlin: the generated runtime and widget-data object plus the harness, one jar per content hash.
json_jar=/usr/share/java/com.android.json.jar
stdlib=$(dirname "$(readlink -f "$(command -v kotlinc)")")/../lib/kotlin-stdlib.jar
kotlin_sources=(generated/kotlin/dev/contractgen/runtime/ContractRuntime.kt generated/kotlin/dev/contractgen/widget/WidgetData.kt Benchmarks/kotlin/Bench.kt)
jar=.build/contract-bench-kotlin/bench-$(cat "${kotlin_sources[@]}" | sha256sum | cut -c1-16).jar
if want kotlin && [ ! -f "$jar" ]; then
  mkdir -p .build/contract-bench-kotlin
  kotlinc -Werror -nowarn -d "$jar" -cp "$json_jar" "${kotlin_sources[@]}" 2> >(grep -v -e "noverify were deprecated" -e '^$' >&2)
fi
kotlin_cp="$jar:$stdlib:$json_jar"

row() {  # bytes language decoder MB/s ratio [memory line: decoder, bytes, MB, × input]
  local mem="—"
  if [ -n "${6:-}" ]; then mem=$(awk -F'\t' '{printf "%.2f MB (%.2f×)", $3, $4}' <<<"$6"); fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$mem"
}

printf 'bytes\tlanguage\tdecoder\tMB/s\tratio\tpeak above baseline (× input)\n'
for size in $sizes; do
  "$bench" --size "$size" --write > "$work/blob.json"
  bytes=$(wc -c < "$work/blob.json")
  # Swift: one process for every decoder's throughput, one per decoder for memory.
  want swift && "$bench" --size "$size" | while IFS=$'\t' read -r name _ mbs ratio; do
    label=$name; case $name in generated) label="generated (String)";; generated-data) label="generated (Data)";; generated-report) label="generated + report (String)";; jsondecoder) label="JSONDecoder+Codable (baseline)";; handwritten-tree) label="hand-written byte parser (value tree)";; handwritten-direct) label="hand-written byte parser (direct into structs)";; esac
    row "$bytes" "Swift" "$label" "$mbs" "$ratio" "$("$bench" --size "$size" --memory "$name")"
  done
  # Kotlin.
  want kotlin && java -cp "$kotlin_cp" dev.contractgen.bench.BenchKt "$work/blob.json" | while IFS=$'\t' read -r name _ mbs ratio; do
    label=$name; [ "$name" = orgjson ] && label="org.json parse+walk (baseline)"; [ "$name" = generated-report ] && label="generated + report"
    row "$bytes" "Kotlin" "$label" "$mbs" "$ratio" "$(java -XX:+UseSerialGC -cp "$kotlin_cp" dev.contractgen.bench.BenchKt "$work/blob.json" --memory "$name")"
  done
  want typescript || continue
  # TypeScript on Node (V8).
  # The baseline is JSON.parse plus the hand-written typed walk (Benchmarks/typescript/widget-data-typed-walk.js);
  # JSON.parse plus an untyped walk over every value (which builds nothing) is measured beside it.
  line=$(node -e "$typed_walk
    global.BENCH = { engine: 'v8', module: '$work/ts/widget-data.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$work/blob.json', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)")
  memory() { node -e "$typed_walk
    global.BENCH = { engine: 'v8', memory: '$1', module: '$work/ts/widget-data.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$work/blob.json', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)"; }
  IFS=$'\t' read -r _ _ gmbs bmbs ratio rmbs rratio wmbs wratio <<<"$line"
  row "$bytes" "TypeScript/V8" "generated" "$gmbs" "$ratio" "$(memory generated)"
  row "$bytes" "TypeScript/V8" "generated + report" "$rmbs" "$rratio" "$(memory report)"
  row "$bytes" "TypeScript/V8" "JSON.parse+typed walk (baseline)" "$bmbs" "1.00" "$(memory baseline)"
  row "$bytes" "TypeScript/V8" "JSON.parse+untyped walk" "$wmbs" "—" "$(memory walk)"
  row "$bytes" "TypeScript/V8" "generated ÷ JSON.parse+untyped walk" "$gmbs" "$wratio" ""
  # TypeScript's report on a degraded blob (every 20th isDone a number, every 40th title null: 7.5%
  # of rows with an entry, 2.5% dropped): the report has entries, so it is recorded by the
  # scanner decoders instead of the tree walk alone (docs/report.md, Cost). Same harness, V8.
  node -e "const fs = require('fs'); let k = 0, j = 0; fs.writeFileSync('$work/degraded.json', fs.readFileSync('$work/blob.json', 'utf8')
    .replace(/\"isDone\":(true|false)/g, (m) => (++k % 20 === 0 ? '\"isDone\":1' : m))
    .replace(/\"title\":\"(?:[^\"\\\\]|\\\\.)*\"/g, (m) => (++j % 40 === 7 ? '\"title\":null' : m)));"
  line=$(node -e "$typed_walk
    global.BENCH = { engine: 'v8', module: '$work/ts/widget-data.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$work/degraded.json', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)")
  IFS=$'\t' read -r _ dbytes gmbs bmbs ratio rmbs rratio _ _ <<<"$line"
  row "$dbytes" "TypeScript/V8" "generated (degraded blob)" "$gmbs" "$ratio" ""
  row "$dbytes" "TypeScript/V8" "generated + report (degraded blob)" "$rmbs" "$rratio" ""
  # TypeScript on JavaScriptCore.
  if command -v jsc >/dev/null; then
    { cat "$work/bundle-jsc.js"; echo "$typed_walk"
      printf 'var BENCH = { engine: "jsc", module: "widget-data", runtime: "contract-runtime", text: readFile("%s") };\n' "$work/blob.json"
      cat Benchmarks/typescript/bench.js; } > "$work/bench-jsc.js"
    IFS=$'\t' read -r _ _ gmbs bmbs ratio rmbs rratio wmbs wratio <<<"$(jsc "$work/bench-jsc.js")"
    row "$bytes" "TypeScript/JSC" "generated" "$gmbs" "$ratio" ""
    row "$bytes" "TypeScript/JSC" "generated + report" "$rmbs" "$rratio" ""
    row "$bytes" "TypeScript/JSC" "JSON.parse+typed walk (baseline)" "$bmbs" "1.00" ""
    row "$bytes" "TypeScript/JSC" "JSON.parse+untyped walk" "$wmbs" "—" ""
    row "$bytes" "TypeScript/JSC" "generated ÷ JSON.parse+untyped walk" "$gmbs" "$wratio" ""
  fi
  # TypeScript on a calendar-agenda snapshot of about the same size (Benchmarks/typescript/agenda-blob.js):
  # date-times and URLs put colons inside strings, which the tree decoders account for
  # (docs/runtime-api.md, "Tree decoding"); same harness, throughput only.
  node Benchmarks/typescript/agenda-blob.js "$size" > "$work/agenda.json"
  line=$(node -e "global.BENCH = { engine: 'v8', module: '$work/ts/calendar-agenda.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$work/agenda.json', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)")
  IFS=$'\t' read -r _ abytes gmbs bmbs ratio rmbs rratio <<<"$line"
  row "$abytes" "TypeScript/V8" "generated (calendar-agenda)" "$gmbs" "$ratio" ""
  row "$abytes" "TypeScript/V8" "generated + report (calendar-agenda)" "$rmbs" "$rratio" ""
  if command -v jsc >/dev/null; then
    { cat "$work/bundle-jsc.js"
      printf 'var BENCH = { engine: "jsc", module: "calendar-agenda", runtime: "contract-runtime", text: readFile("%s") };\n' "$work/agenda.json"
      cat Benchmarks/typescript/bench.js; } > "$work/bench-agenda-jsc.js"
    IFS=$'\t' read -r _ _ gmbs bmbs ratio rmbs rratio <<<"$(jsc "$work/bench-agenda-jsc.js")"
    row "$abytes" "TypeScript/JSC" "generated (calendar-agenda)" "$gmbs" "$ratio" ""
    row "$abytes" "TypeScript/JSC" "generated + report (calendar-agenda)" "$rmbs" "$rratio" ""
  fi
done
