#!/usr/bin/env bash
# Runs your own checkout of JSONTestSuite (github.com/nst/JSONTestSuite) through the four generated
# decoders, each file embedded as an unknown key's value of a valid document (decodeBytes, so files
# that are not UTF-8 arrive as bytes): y_ must be accepted, n_ rejected, i_ are reported. The suite
# is read where it lies; nothing of it is copied into this repository.
# Usage: bash scripts/vectors/run-jsontestsuite.sh PATH/TO/JSONTestSuite/test_parsing
set -euo pipefail
dir=${1:?usage: run-jsontestsuite.sh PATH/TO/test_parsing}
[ -d "$dir" ] || { echo "not a directory: $dir" >&2; exit 2; }
cd "$(dirname "$0")/../.."
exec python3 scripts/vectors/run-external-suite.py jsontestsuite "$dir"
