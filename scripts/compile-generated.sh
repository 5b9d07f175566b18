#!/usr/bin/env bash
# Compiles the generated code under DIR (as written by `contract-gen emit --lang all --out DIR`)
# with the same strictness the conformance testees use: swiftc -warnings-as-errors (typecheck),
# kotlinc -Werror, tsc --strict. Prints one line per language; exit 1 if any fails.
set -uo pipefail
dir=${1:?usage: compile-generated.sh DIR [swift|kotlin|typescript]...}
shift
langs=${*:-swift kotlin typescript}
status=0
for lang in $langs; do
  case $lang in
    swift)
      out=$(swiftc -typecheck -swift-version 6 -warnings-as-errors -module-name ContractTestee \
        $(find "$dir/generated/swift" -name '*.swift' | sort) 2>&1) ;;
    kotlin)
      out=$(kotlinc -Werror -cp /usr/share/java/com.android.json.jar -d "$dir/kotlin-classes" \
        $(find "$dir/generated/kotlin" -name '*.kt' | sort) 2>&1) ;;
    typescript)
      out=$(tsc --strict --noUnusedLocals --noUnusedParameters --noImplicitReturns --target es2019 \
        --module commonjs --outDir "$dir/ts-out" $(find "$dir/generated/typescript" -name '*.ts' | sort) 2>&1) ;;
  esac
  if [ $? -eq 0 ]; then echo "$lang: ok"; else echo "$lang: FAILED"; echo "$out" | head -40; status=1; fi
done
exit $status
