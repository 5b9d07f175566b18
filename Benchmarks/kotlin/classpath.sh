#!/usr/bin/env bash
# Prints the classpath of the Kotlin benchmark (Bench.kt with the generated runtime and widget-data
# object, one jar per content hash under .build/contract-bench-kotlin, compiled when missing) and
# the libraries it measures against. Used by Benchmarks/run.sh and Benchmarks/kotlin/profile.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v kotlinc >/dev/null || { echo "classpath.sh: kotlinc not found (scripts/bootstrap.sh installs it)" >&2; exit 2; }
libs=/usr/share/java/com.android.json.jar:/usr/share/java/gson.jar:/usr/share/java/jackson-core.jar
stdlib=$(dirname "$(readlink -f "$(command -v kotlinc)")")/../lib/kotlin-stdlib.jar
sources=(generated/kotlin/dev/contractgen/runtime/ContractRuntime.kt generated/kotlin/dev/contractgen/widget/WidgetData.kt Benchmarks/kotlin/Bench.kt)
jar=$PWD/.build/contract-bench-kotlin/bench-$(cat "${sources[@]}" | sha256sum | cut -c1-16).jar
if [ ! -f "$jar" ]; then
  mkdir -p .build/contract-bench-kotlin
  kotlinc -Werror -nowarn -d "$jar.tmp.jar" -cp "$libs" "${sources[@]}" 2> >(grep -v -e "noverify were deprecated" -e '^$' >&2)
  mv "$jar.tmp.jar" "$jar"
fi
echo "$jar:$stdlib:$libs"
