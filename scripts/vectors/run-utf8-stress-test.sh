#!/usr/bin/env bash
# Runs your own copy of Markus Kuhn's "UTF-8 decoder capability and stress test" (UTF-8-test.txt)
# through the four generated decoders' byte entry points, one line per document, read as a string:
# a well-formed line must read as itself, any other must be malformed at the byte where it stops
# being UTF-8 (Unicode Table 3-7). The file is read where it lies; nothing of it is copied here.
# Usage: bash scripts/vectors/run-utf8-stress-test.sh PATH/TO/UTF-8-test.txt
set -euo pipefail
file=${1:?usage: run-utf8-stress-test.sh PATH/TO/UTF-8-test.txt}
[ -f "$file" ] || { echo "not a file: $file" >&2; exit 2; }
cd "$(dirname "$0")/../.."
exec python3 scripts/vectors/run-external-suite.py kuhn "$file"
