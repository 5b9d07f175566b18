#!/usr/bin/env bash
# Time-zone agreement (docs/semantics.md row 14): every implementation's dayStart against docs/runtime-api.md
# section 4's algorithm over Python's zoneinfo and IANA tzdata, for every zone of the runtime's list, days 1/8/15/22
# of every month 1970-2037. Prints the zones and years that differ per implementation and writes
# results/zone-agreement.tsv (or DIR/zone-agreement.tsv with --out DIR). On demand, not in CI (about 14 minutes on 2 cores).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/zone-agreement.py "$@"
