#!/usr/bin/env bash
# Reproducible benchmark table: generated Swift decoder vs JSONDecoder (Codable), release build.
# Columns: decoder, input bytes, rounds, throughput MB/s, ms per decode, peak RSS above baseline (MB),
# that peak ÷ input size, RSS still held after decoding (the result itself) ÷ input size.
# For the 2 KB input the RSS columns are allocator granularity, not a measurement of the decoder.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product contract-bench >/dev/null
bin=$(swift build -c release --show-bin-path)/contract-bench
printf 'decoder\tbytes\trounds\tMB/s\tms/decode\tpeakMB\tpeak/input\tretained/input\tchecksum\n'
for size in 2000 200000 10000000; do
  for decoder in generated jsondecoder; do
    "$bin" --size "$size" --decoder "$decoder"
  done
done
