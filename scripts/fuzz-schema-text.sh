#!/usr/bin/env bash
# The long run of the schema-text property tests (Tests/ContractGenCoreTests/SchemaTextPropertyTests),
# over schemas that use every construct of the schema language (SchemaTextFuzz.swift):
# ROUNDS rounds; each generates DOCS schemas with hostile docs and file names (code must be
# unchanged once comments are stripped) and BATCH schemas with hostile names, keys, values and
# text in every slot, a fifth of them with one invalid construct. Each must be refused
# (file:line:col, exit 2, nothing written, checked by emitting it alone into a temp root) or,
# emitted together with the round's other accepted schemas into one temp root, compile in Swift
# (swiftc -warnings-as-errors), Kotlin (kotlinc -Werror, with the org.json jar) and TypeScript
# (tsc --strict --noUncheckedIndexedAccess --exactOptionalPropertyTypes and the testees' other
# flags), and then pass `contract-gen conform --lang all` on its own derived goldens. A batch that
# does not compile names its culprits (each accepted schema emitted and compiled alone); they are
# set aside and the rest of the round still conforms. Every failure is kept under $KEEP (default
# /tmp) and listed at the end; exit 1 if there was any.
# Usage: scripts/fuzz-schema-text.sh [ROUNDS] [BATCH] [DOCS] [SEED]   (defaults 5 60 400 1)
set -uo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5} batch=${2:-60} docs=${3:-400} seed=${4:-1}
keep=${KEEP:-/tmp}
swift build -q --build-tests || exit 1
swift build -q || exit 1
cli=$(swift build --show-bin-path)/contract-gen
accepted=0 refused=0 twins=0 cases=0 compiled=0 conformed=0
failures=()
for ((round = 0; round < rounds; round++)); do
  c=0
  dir=$(mktemp -d "$keep/fuzz-schema-text.XXXXXX")
  round_seed=$((seed * 1000003 + round * 7919))
  log=$dir/test.log failed=0
  FUZZ_SEED=$round_seed FUZZ_COUNT=$docs FUZZ_COMPILE_COUNT=$batch FUZZ_KEEP_DIR=$dir/root \
    swift test --disable-swift-testing --skip-build --filter SchemaTextPropertyTests >"$log" 2>&1 || failed=1
  line=$(grep -a -oE "schema-text fuzz: [0-9]+ accepted, [0-9]+ refused" "$log")
  if [ -z "$line" ]; then
    echo "round $round (seed $round_seed): FAILED before the batch was judged, see $log"; grep -a -E "error:" "$log" | head -20
    failures+=("$log"); continue
  fi
  a=$(echo "$line" | grep -a -oE "[0-9]+ accepted" | grep -a -oE "[0-9]+"); r=$(echo "$line" | grep -a -oE "[0-9]+ refused" | grep -a -oE "[0-9]+")
  accepted=$((accepted + a)) refused=$((refused + r)) twins=$((twins + docs))
  culprits=$(grep -a -oE "^schema-text fuzz: CULPRIT [^ ]+" "$log" | awk '{print $4}')
  n_culprits=$(echo -n "$culprits" | grep -a -c . || true)
  if [ "$failed" = 1 ]; then
    if [ "$n_culprits" -eq 0 ]; then
      echo "round $round (seed $round_seed): FAILED, see $log"; grep -a -E "error:" "$log" | cut -c1-400 | head -20
      failures+=("$log")
    fi
    for culprit in $culprits; do
      echo "round $round: does not compile: $culprit"; failures+=("$culprit")
      rm -f "$dir/root/schema/$(basename "$culprit")"
    done
    # Re-emit what is left, without the culprits' files.
    rm -rf "$dir/root/generated" "$dir/root/golden"
    (cd "$dir/root" && "$cli" emit --lang all >/dev/null && "$cli" emit --lang golden >/dev/null) || { echo "round $round: re-emit failed"; failures+=("$dir/root"); }
  fi
  compiled=$((compiled + a - n_culprits))
  if [ $((a - n_culprits)) -gt 0 ]; then
    if (cd "$dir/root" && "$cli" conform --lang all >"$dir/conform.log" 2>&1); then
      conformed=$((conformed + a - n_culprits))
    else
      echo "round $round (seed $round_seed): conformance FAILED, see $dir/conform.log"; grep -a -E "^FAIL|ABANDONED" "$dir/conform.log" | cut -c1-300 | head -20
      failures+=("$dir/conform.log")
    fi
    c=$(grep -a -oE "^[0-9]+ passed" "$dir/conform.log" | tail -1 | grep -a -oE "^[0-9]+")
    cases=$((cases + ${c:-0}))
  fi
  echo "round $round (seed $round_seed): $a accepted, $((a - n_culprits)) compiled, $r refused, $docs doc twins, conformance ${c:-0} passed"
  [ "$failed" = 0 ] && [ "${#failures[@]}" -eq 0 ] && rm -rf "$dir"
done
echo "schema-text fuzz: $twins hostile-doc schemas unchanged outside comments; $((accepted + refused)) hostile schemas generated: $refused refused (exit 2, located, nothing written), $accepted accepted, $compiled compiled in all three languages, $conformed in rounds whose goldens all passed ($cases conformance cases passed)"
if [ "${#failures[@]}" -gt 0 ]; then printf 'FAILURE %s\n' "${failures[@]}"; exit 1; fi
