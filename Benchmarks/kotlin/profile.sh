#!/usr/bin/env bash
# Where the generated Kotlin decoder spends its time: Java Flight Recorder's execution samples
# (JDK 17's own profiler, no agent) over SECONDS of decoding one blob in a loop (less the first
# second: the recording starts 4 s in, after the JVM's start and a 3 s warm-up),
# summed twice: by the innermost three frames, and by the innermost frame in the generated object
# (which field's read). C2 inlines the scanner's small functions into each other, and JFR names an
# inlined frame from the nearest debug information: the first view can charge a scan loop to a
# function inlined beside it (appendChar for lexString's plain loop), the second cannot. The Kotlin
# counterpart of Benchmarks/callgrind.sh.
#   bash Benchmarks/kotlin/profile.sh BLOB.json [SECONDS]      # e.g. contract-bench --write's blob
# Output: samples, share, frames (innermost first), the top 15 of each view; then the collector's pauses.
set -euo pipefail
blob=$(realpath "$1")
cd "$(dirname "$0")/../.."
seconds=${2:-15}
cp=$(bash Benchmarks/kotlin/classpath.sh Benchmarks/kotlin/Bench.kt /usr/share/java/com.android.json.jar /usr/share/java/gson.jar /usr/share/java/jackson-core.jar)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The recording starts after the JVM's start and Bench.kt's 3 s warm-up (interpreted and C1 code
# inline otherwise), and ends with the decoding.
java -Xlog:gc:file="$work/gc.log" -XX:StartFlightRecording=delay=4s,filename="$work/run.jfr",settings=profile \
  -cp "$cp" dev.contractgen.bench.BenchKt "$blob" --profile "$seconds" 2> >(grep -v -e 'jfr,startup' >&2)
jfr print --stack-depth 64 --events jdk.ExecutionSample "$work/run.jfr" > "$work/samples.txt"
summarize() {  # frames: "innermost" (three) or "decoder" (the innermost frame in the generated object)
  awk -v view="$1" '
    function flush() { if (stack != "") { key[stack]++; total++ } stack = ""; n = 0; found = 0 }
    /jdk.ExecutionSample/ { flush(); next }
    /line:/ { f = $1; sub(/\(.*/, "", f)
      if (view == "innermost" && n < 3) { k = split(f, parts, "."); stack = stack (n ? " <- " : "") parts[k]; n++ }
      if (view == "decoder" && !found && f ~ /^dev\.contractgen\.widget\./) { sub(/^dev\.contractgen\.widget\./, "", f); stack = f; found = 1 } }
    END { flush(); for (s in key) printf "%d\t%.1f%%\t%s\n", key[s], 100 * key[s] / total, s }' "$work/samples.txt" | sort -rn | head -15
}
echo "# by the innermost three frames"
summarize innermost
echo "# by the innermost frame in the generated object"
summarize decoder
awk '/Pause/ { sub(/ms$/, "", $NF); pause += $NF; count++ } END { printf "collector: %d pauses, %.0f ms in %s s of decoding (and 3 s of warm-up)\n", count, pause, "'"$seconds"'" }' "$work/gc.log"
