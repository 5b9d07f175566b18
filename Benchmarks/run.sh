#!/usr/bin/env bash
# The decoder benchmark table (Benchmarks/README.md): each language's generated widget-data decoder
# beside the parsers its teams pick, on two corpora of Benchmarks/contract-bench/Corpora.swift:
# `typical` (word titles, one in eight with an escape or an emoji) and `escapes` (escapes, non-ASCII
# and surrogate pairs in every title), at three sizes each (~2.6 KB, ~180 KB, ~9 MB).
#
# Needs, beyond scripts/bootstrap.sh (CI does not run benchmarks, so it does not install them):
#   apt-get install -y valgrind libgoogle-gson-java libjackson2-core-java node-ajv
# (valgrind only for Benchmarks/callgrind.sh.)
#
# Columns: corpus, bytes, language, decoder, MB/s, three ratios (baseline batch time ÷ this
# decoder's, median of 9 alternating rounds in one process, each batch ~4 MB and at least 3 decodes;
# Kotlin: the median of KOTLIN_FORKS=3 JVMs' medians; Swift batches timed in the thread's CPU time,
# Kotlin and TypeScript in wall time), peak memory above the input:
#   Swift        × JSONDecoder+Codable, × the fast hand-written byte parser (direct into structs),
#                × the same parser filling projectColor in place (the value the generated decoder returns)
#   Kotlin       × Jackson streaming + typed walk, × Gson (data classes), × org.json + walk
#   TypeScript   × JSON.parse+Ajv, × JSON.parse+typed walk, × JSON.parse+untyped walk
# Memory: one decoder per process, three decodes: peak RSS (Swift: VmHWM reset, after malloc_trim,
# once the input is built; Node: maxRSS) or peak heap (Kotlin: the JVM heap pools' peak under the
# serial collector, garbage not yet collected included) above the level once the input is built, in
# MB and × the input size. JavaScriptCore has no memory API here: "—". At 2.6 KB the memory columns
# are allocator granularity, not a measurement of the decoder.
#   bash Benchmarks/run.sh                       # the whole table (~5 min on 2 idle cores, ~20 min on busy ones)
#   CORPORA=typical SIZES=2600 bash Benchmarks/run.sh   # one corpus, one size
#   LANGS="typescript" bash Benchmarks/run.sh    # some languages (swift kotlin typescript)
set -euo pipefail
cd "$(dirname "$0")/.."
corpora=${CORPORA:-"typical escapes"}
langs=" ${LANGS:-swift kotlin typescript} "
want() { [[ "$langs" == *" $1 "* ]]; }
sizes_for() {  # the escape-heavy sizes are those of the earlier results files (2,567 / 181,397 / 9,202,108 bytes)
  if [ -n "${SIZES:-}" ]; then echo "$SIZES"; elif [ "$1" = escapes ]; then echo "2400 170000 8600000"; else echo "2600 183000 9200000"; fi
}
missing=()
want kotlin && for f in /usr/share/java/gson.jar /usr/share/java/jackson-core.jar; do [ -e "$f" ] || missing+=("$f"); done
want typescript && { [ -e /usr/share/nodejs/ajv/package.json ] || missing+=(/usr/share/nodejs/ajv/package.json); }
if [ ${#missing[@]} -gt 0 ]; then
  echo "run.sh: missing ${missing[*]}: apt-get install -y libgoogle-gson-java libjackson2-core-java node-ajv" >&2
  exit 2
fi
swift build -c release --product contract-bench >/dev/null
bench=$(swift build -c release --show-bin-path)/contract-bench
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export NODE_PATH=/usr/share/nodejs

# TypeScript: the generated runtime and modules, compiled as an app would (tsc --strict), and
# bundled for JavaScriptCore (which has no require) with Ajv's compiled validator.
if want typescript; then bash Benchmarks/typescript/compile.sh --with-ajv "$work" contract-runtime widget-data calendar-agenda; fi
clock=$(cat Benchmarks/typescript/clock.js)
typed_walk=$(cat Benchmarks/typescript/widget-data-typed-walk.js)
ajv_node="var contractBenchAjvValidate = require('$PWD/Benchmarks/typescript/ajv-validator.js');"

# Kotlin: the generated runtime and widget-data object plus the harness (one jar per content hash).
kotlin_cp=
if want kotlin; then
  kotlin_cp=$(bash Benchmarks/kotlin/classpath.sh Benchmarks/kotlin/Bench.kt /usr/share/java/com.android.json.jar /usr/share/java/gson.jar /usr/share/java/jackson-core.jar)
fi

row() {  # corpus bytes language decoder MB/s ratio1 ratio2 ratio3 [memory line: decoder, bytes, MB, × input]
  local mem="—"
  if [ -n "${9:-}" ]; then mem=$(awk -F'\t' '{printf "%.2f MB (%.2f×)", $3, $4}' <<<"$9"); fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8" "$mem"
}
node_bench() {  # blob-file module with-baselines|- [memory decoder]
  local baselines=""
  [ "$3" = with-baselines ] && baselines="$typed_walk
    $ajv_node"
  node -e "$clock
    $baselines
    global.BENCH = { engine: 'v8', ${4:+memory: '$4',} module: '$work/ts/$2.js', runtime: '$work/ts/contract-runtime.js', text: require('fs').readFileSync('$1', 'utf8') };
    $(cat Benchmarks/typescript/bench.js)"
}
jsc_bench() {  # blob-file module [with-baselines]
  { cat "$work/bundle-jsc.js" Benchmarks/typescript/clock.js
    if [ -n "${3:-}" ]; then echo "$typed_walk"; cat "$work/ajv-jsc.js"; fi
    printf 'var BENCH = { engine: "jsc", module: "%s", runtime: "contract-runtime", text: readFile("%s") };\n' "$2" "$1"
    cat Benchmarks/typescript/bench.js; } > "$work/bench-jsc.js"
  jsc "$work/bench-jsc.js"
}
median_of_forks() {  # lines "name chars MB/s r1 r2 r3" from several runs → one line per name, each number column its median
  awk -F'\t' -v OFS='\t' '
    function median(key, m,   i, j, t, a) {
      for (i = 1; i <= m; i++) a[i] = values[key, i] + 0
      for (i = 2; i <= m; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
      return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
    }
    { if (!($1 in count)) { order[++names] = $1; chars[$1] = $2 }
      m = ++count[$1]; for (c = 3; c <= 6; c++) values[$1 SUBSEP c, m] = $c }
    END { for (i = 1; i <= names; i++) { k = order[i]
      printf "%s\t%s\t%.1f\t%.2f\t%.2f\t%.2f\n", k, chars[k], median(k SUBSEP 3, count[k]), median(k SUBSEP 4, count[k]), median(k SUBSEP 5, count[k]), median(k SUBSEP 6, count[k]) } }'
}
ts_label() {
  case $1 in
    generated) echo "generated";; report) echo "generated + report";; ajv) echo "JSON.parse+Ajv (baseline)";;
    typed) echo "JSON.parse+typed walk";; untyped) echo "JSON.parse+untyped walk";; *) echo "$1";;
  esac
}

printf 'corpus\tbytes\tlanguage\tdecoder\tMB/s\tratio 1\tratio 2\tratio 3\tpeak above baseline (× input)\n'
for corpus in $corpora; do
  for size in $(sizes_for "$corpus"); do
    "$bench" --corpus "$corpus" --size "$size" --write > "$work/blob.json"
    bytes=$(wc -c < "$work/blob.json")
    # Swift: one process for every decoder's throughput, one per decoder for memory.
    want swift && "$bench" --corpus "$corpus" --size "$size" | while IFS=$'\t' read -r name _ mbs ratio hand derived; do
      label=$name; case $name in generated) label="generated (String)";; generated-data) label="generated (Data)";; generated-report) label="generated + report (String)";; jsondecoder) label="JSONDecoder+Codable (baseline)";; handwritten-tree) label="hand-written byte parser (value tree)";; handwritten-direct) label="hand-written byte parser (direct into structs)";; handwritten-direct-derived) label="hand-written byte parser + projectColor (the same value)";; esac
      row "$corpus" "$bytes" "Swift" "$label" "$mbs" "$ratio" "$hand" "$derived" "$("$bench" --corpus "$corpus" --size "$size" --memory "$name")"
    done
    # Kotlin: one JVM for every decoder's throughput, run KOTLIN_FORKS times (default 3: the JIT
    # compiles each JVM differently, so a ratio moves more between JVMs than between rounds of one),
    # each column the median of the forks' medians; one JVM per decoder for memory.
    want kotlin && for _ in $(seq "${KOTLIN_FORKS:-3}"); do java -cp "$kotlin_cp" dev.contractgen.bench.BenchKt "$work/blob.json"; done |
      median_of_forks | while IFS=$'\t' read -r name _ mbs jackson gson orgjson; do
      label=$name; case $name in jackson) label="Jackson streaming+typed walk (baseline)";; gson) label="Gson (data classes)";; orgjson) label="org.json parse+walk";; generated-report) label="generated + report";; esac
      row "$corpus" "$bytes" "Kotlin" "$label" "$mbs" "$jackson" "$gson" "$orgjson" "$(java -XX:+UseSerialGC -cp "$kotlin_cp" dev.contractgen.bench.BenchKt "$work/blob.json" --memory "$name")"
    done
    want typescript || continue
    node_bench "$work/blob.json" widget-data with-baselines | while IFS=$'\t' read -r name chars mbs ajv typed untyped; do
      row "$corpus" "$chars" "TypeScript/V8" "$(ts_label "$name")" "$mbs" "$ajv" "$typed" "$untyped" "$(node_bench "$work/blob.json" widget-data with-baselines "$name")"
    done
    if command -v jsc >/dev/null; then
      jsc_bench "$work/blob.json" widget-data with-baselines | while IFS=$'\t' read -r name chars mbs ajv typed untyped; do
        row "$corpus" "$chars" "TypeScript/JSC" "$(ts_label "$name")" "$mbs" "$ajv" "$typed" "$untyped" ""
      done
    fi
    # TypeScript's report on a degraded blob (every 20th isDone a number, every 40th title null): the
    # report has entries, so it is recorded by the scanner decoders instead of the tree walk alone
    # (docs/report.md, Cost). Ajv rejects such a blob, so its baseline is the typed walk. V8.
    node -e "const fs = require('fs'); let k = 0, j = 0; fs.writeFileSync('$work/degraded.json', fs.readFileSync('$work/blob.json', 'utf8')
      .replace(/\"isDone\":(true|false)/g, (m) => (++k % 20 === 0 ? '\"isDone\":1' : m))
      .replace(/\"title\":\"(?:[^\"\\\\]|\\\\.)*\"/g, (m) => (++j % 40 === 7 ? '\"title\":null' : m)));"
    node_bench "$work/degraded.json" widget-data with-baselines | while IFS=$'\t' read -r name chars mbs ajv typed untyped; do
      case $name in generated|report) row "$corpus" "$chars" "TypeScript/V8" "$(ts_label "$name") (degraded blob)" "$mbs" "$ajv" "$typed" "$untyped" "";; esac
    done
    # TypeScript on a calendar-agenda snapshot of about the same size (Benchmarks/typescript/agenda-blob.js,
    # its own generator: once, with the typical corpus): date-times and URLs put colons inside
    # strings, which the tree decoders account for (docs/runtime-api.md, "Tree decoding"). It has
    # neither a typed walk nor a schema: its ratio is against the untyped walk. Throughput only.
    [ "$corpus" = typical ] || continue
    node Benchmarks/typescript/agenda-blob.js "$size" > "$work/agenda.json"
    node_bench "$work/agenda.json" calendar-agenda - | while IFS=$'\t' read -r name chars mbs ajv typed untyped; do
      case $name in generated|report) row "calendar-agenda" "$chars" "TypeScript/V8" "$(ts_label "$name")" "$mbs" "$ajv" "$typed" "$untyped" "";; esac
    done
    if command -v jsc >/dev/null; then
      jsc_bench "$work/agenda.json" calendar-agenda | while IFS=$'\t' read -r name chars mbs ajv typed untyped; do
        case $name in generated|report) row "calendar-agenda" "$chars" "TypeScript/JSC" "$(ts_label "$name")" "$mbs" "$ajv" "$typed" "$untyped" "";; esac
      done
    fi
  done
done
