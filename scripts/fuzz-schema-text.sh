#!/usr/bin/env bash
# The long run of the schema-text property tests (Tests/ContractGenCoreTests/SchemaTextPropertyTests):
# ROUNDS rounds; each generates DOCS schemas with hostile docs and file names (code must be
# unchanged once comments are stripped) and BATCH schemas with hostile names and text in every
# slot, which must be refused (file:line:col, exit 2, nothing written) or compile in Swift, Kotlin
# and TypeScript; the accepted ones then pass `contract-gen conform --lang all` on their own goldens.
# Usage: scripts/fuzz-schema-text.sh [ROUNDS] [BATCH] [DOCS] [SEED]   (defaults 5 60 400 1)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5} batch=${2:-60} docs=${3:-400} seed=${4:-1}
swift build -q --build-tests
swift build -q
cli=$(swift build --show-bin-path)/contract-gen
accepted=0 refused=0 twins=0 cases=0
for ((round = 0; round < rounds; round++)); do
  c=0
  dir=$(mktemp -d /tmp/fuzz-schema-text.XXXXXX)
  round_seed=$((seed * 1000003 + round * 7919))
  log=$dir/test.log
  if ! FUZZ_SEED=$round_seed FUZZ_COUNT=$docs FUZZ_COMPILE_COUNT=$batch FUZZ_KEEP_DIR=$dir/root \
      swift test --disable-swift-testing --skip-build --filter SchemaTextPropertyTests >"$log" 2>&1; then
    echo "round $round (seed $round_seed): FAILED, see $log and $dir/root"; grep -E "error:" "$log" | head -20; exit 1
  fi
  line=$(grep -oE "schema-text fuzz: [0-9]+ accepted, [0-9]+ refused" "$log")
  a=$(echo "$line" | grep -oE "[0-9]+ accepted" | grep -oE "[0-9]+"); r=$(echo "$line" | grep -oE "[0-9]+ refused" | grep -oE "[0-9]+")
  accepted=$((accepted + a)) refused=$((refused + r)) twins=$((twins + docs))
  if [ "$a" -gt 0 ]; then
    if ! (cd "$dir/root" && "$cli" conform --lang all >"$dir/conform.log" 2>&1); then
      echo "round $round (seed $round_seed): conformance FAILED, see $dir/conform.log"; tail -20 "$dir/conform.log"; exit 1
    fi
    c=$(grep -oE "^[0-9]+ passed, 0 failed" "$dir/conform.log" | grep -oE "^[0-9]+")
    cases=$((cases + c))
  fi
  echo "round $round (seed $round_seed): $a accepted and compiled, $r refused, $docs doc twins, conformance ${c:-0} passed"
  rm -rf "$dir"
done
echo "schema-text fuzz: $twins hostile-doc schemas unchanged outside comments; $((accepted + refused)) hostile-name schemas: $accepted compiled in all three languages, $refused refused; $cases conformance cases passed"
