#!/usr/bin/env bash
# Compiles and unit-tests the Kotlin and TypeScript runtimes (Runtime/) in their own languages:
# Kotlin with `kotlinc -Werror` and a test program that exits non-zero on the first broken check,
# TypeScript with `tsc --strict` and node:test; each testee's constant part (Runtime/*/testee) too. (The Swift runtime's tests run in `swift test`.)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

kotlinc -Werror -d "$work/kotlin" Runtime/kotlin/ContractRuntime.kt Runtime/kotlin/testee/TesteeSupport.kt \
    Runtime/kotlin/test/ContractRuntimeTest.kt Runtime/kotlin/test/ContractWriterTest.kt Runtime/kotlin/test/TesteeSupportTest.kt 2>&1 | grep -v '^$' || true
for program in runtime.test.ContractRuntimeTestKt runtime.writertest.ContractWriterTestKt testee.test.TesteeSupportTestKt; do
    test -f "$work/kotlin/dev/contractgen/${program//.//}.class" || { echo "kotlin runtime: does not compile"; exit 1; }
    kotlin -cp "$work/kotlin" "dev.contractgen.$program" 2> >(grep -v "noverify were deprecated" >&2)
done

mkdir -p "$work/ts"
cp Runtime/typescript/contract-runtime.ts Runtime/typescript/testee/testee-support.ts "$work/ts/"
mkdir -p "$work/ts/test" && cp Runtime/typescript/test/*.ts "$work/ts/test/"
tsc --strict --noUnusedLocals --noUnusedParameters --target es2019 --module commonjs \
    --outDir "$work/ts/out" "$work"/ts/*.ts "$work"/ts/test/*.ts
node --test --test-reporter=spec "$work/ts/out/test/"

# The JavaScriptCore adapter (Runtime/typescript/jsc) decodes requests exactly as Node does and
# removes String.prototype.isWellFormed, as older iOS lacks it.
if command -v jsc >/dev/null; then
    node --test --test-reporter=spec Runtime/typescript/jsc/test/
else
    echo "jsc not found: the JavaScriptCore adapter test did not run (apt-get install -y libjavascriptcoregtk-4.0-bin)"
fi

# The committed generated TypeScript as an ES-module bundler compiles it: every type-only import
# spelled `type` (isolatedModules + preserveValueImports, what verbatimModuleSyntax requires).
tsc --strict --noEmit --target es2019 --module es2020 --moduleResolution node --isolatedModules --preserveValueImports \
    generated/typescript/*.ts
echo "generated TypeScript: type-only imports marked (isolatedModules, preserveValueImports)"
