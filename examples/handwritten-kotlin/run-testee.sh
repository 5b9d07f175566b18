#!/usr/bin/env bash
# Runs the hand-written Kotlin parser as a contract-gen testee (docs/conformance.md):
#
#   contract-gen conform --testee 'bash examples/handwritten-kotlin/run-testee.sh' --golden golden/widget-data
#
# kotlinc is slow (~20 s), so the jar is built once per content hash of the sources and cached
# under ${TMPDIR:-/tmp}/contract-gen-handwritten-kotlin/. stdout is the protocol: everything the
# build prints goes to stderr.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
json_jar=/usr/share/java/com.android.json.jar

for tool in kotlinc java; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "run-testee.sh: '$tool' not found (Debian: apt-get install kotlin libandroid-json-java)" >&2
        exit 127
    fi
done
if [ ! -r "$json_jar" ]; then
    echo "run-testee.sh: $json_jar not found (Debian: apt-get install libandroid-json-java)" >&2
    exit 127
fi

# The hash covers the Kotlin sources and this script (which holds the compiler flags).
digest="$(cd "$here" && cat WidgetDataParser.kt Testee.kt run-testee.sh | sha256sum | cut -c1-16)"
cache="${TMPDIR:-/tmp}/contract-gen-handwritten-kotlin"
jar="$cache/testee-$digest.jar"

if [ ! -f "$jar" ]; then
    {
        mkdir -p "$cache"
        echo "run-testee.sh: compiling the hand-written Kotlin testee (kotlinc, ~20 s) ..."
        partial="$cache/.testee-$digest.$$.jar"
        trap 'rm -f "$partial"' EXIT
        kotlinc -jvm-target 1.8 -cp "$json_jar" -include-runtime -d "$partial" "$here/WidgetDataParser.kt" "$here/Testee.kt"
        mv -f "$partial" "$jar"   # atomic: a concurrent run never sees half a jar
        trap - EXIT
        echo "run-testee.sh: built $jar"
    } 1>&2
fi

exec java -cp "$jar:$json_jar" TesteeKt
