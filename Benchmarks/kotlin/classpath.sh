#!/usr/bin/env bash
# Prints the classpath of a Kotlin benchmark harness: the harness with the generated runtime and
# widget-data object (one jar per content hash under .build/contract-bench-kotlin, compiled when
# missing), the Kotlin standard library, and the libraries it measures against.
#   bash Benchmarks/kotlin/classpath.sh Benchmarks/kotlin/Bench.kt LIB.jar...
# Used by Benchmarks/run.sh, Benchmarks/run-encoders.sh and Benchmarks/kotlin/profile.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
harness=$1
shift
command -v kotlinc >/dev/null || { echo "classpath.sh: kotlinc not found (scripts/bootstrap.sh installs it)" >&2; exit 2; }
libs=$(IFS=:; echo "$*")
stdlib=$(dirname "$(readlink -f "$(command -v kotlinc)")")/../lib/kotlin-stdlib.jar
sources=(generated/kotlin/dev/contractgen/runtime/ContractRuntime.kt generated/kotlin/dev/contractgen/widget/WidgetData.kt "$harness")
jar=$PWD/.build/contract-bench-kotlin/$(basename "$harness" .kt)-$(cat "${sources[@]}" | sha256sum | cut -c1-16).jar
if [ ! -f "$jar" ]; then
  mkdir -p .build/contract-bench-kotlin
  kotlinc -Werror -nowarn -d "$jar.tmp.jar" -cp "$libs" "${sources[@]}" 2> >(grep -v -e "noverify were deprecated" -e '^$' >&2)
  mv "$jar.tmp.jar" "$jar"
fi
echo "$jar:$stdlib:$libs"
