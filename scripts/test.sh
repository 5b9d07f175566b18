#!/usr/bin/env bash
# The test command (README, .ci/run): unit, snapshot, schema-diagnostic, gate, differential and
# conformance tests in `swift test`, the Kotlin and TypeScript runtimes' own unit tests, then the
# pre-merge gate and the full conformance run.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build
swift test --disable-swift-testing 2>&1 | tee /tmp/contract-gen-swift-test.log | grep -vE "^(\[[0-9]+/[0-9]+\]|Test Case .* (started|passed))" || { tail -50 /tmp/contract-gen-swift-test.log; exit 1; }
grep -qE "Executed [0-9]+ tests?, with 0 failures" /tmp/contract-gen-swift-test.log
bash scripts/test-runtimes.sh
swift run -q contract-gen check
swift run -q contract-gen conform --lang all
