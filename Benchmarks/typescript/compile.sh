#!/usr/bin/env bash
# Compiles generated TypeScript modules for the benchmarks as an app would (tsc --strict), into
# DIR/ts/<module>.js for node, and bundles them for JavaScriptCore, whose shell has no `require`:
# DIR/bundle-jsc.js (a minimal CommonJS loader, `__contractGenRequire`); with --with-ajv also
# DIR/ajv-jsc.js (the Ajv baseline's compiled validator as standalone source; needs node-ajv).
#   bash Benchmarks/typescript/compile.sh [--with-ajv] DIR contract-runtime widget-data [calendar-agenda ...]
set -euo pipefail
ajv=false
if [ "$1" = --with-ajv ]; then ajv=true; shift; fi
mkdir -p "$1"
dir=$(realpath "$1")
cd "$(dirname "$0")/../.."
shift
sources=()
for m in "$@"; do sources+=("generated/typescript/$m.ts"); done
tsc --strict --target es2019 --module commonjs --outDir "$dir/ts" "${sources[@]}"
{ echo 'var __modules = {}, __cache = {};'
  for m in "$@"; do
    printf '__modules["./%s"] = function (exports, require, module) {\n' "$m"; cat "$dir/ts/$m.js"; echo '};'
  done
  echo 'function __contractGenRequire(name) { name = "./" + name.replace(/^.*\//, "").replace(/\.js$/, "");'
  echo '  if (!__cache[name]) { var module = { exports: {} }; __cache[name] = module; __modules[name](module.exports, __contractGenRequire, module); }'
  echo '  return __cache[name].exports; }'; } > "$dir/bundle-jsc.js"
if $ajv; then NODE_PATH=/usr/share/nodejs node Benchmarks/typescript/ajv-validator.js --standalone > "$dir/ajv-jsc.js"; fi
