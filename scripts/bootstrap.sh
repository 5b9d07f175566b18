#!/usr/bin/env bash
# Installs what contract-gen and its three testees need on a fresh Debian/Ubuntu machine:
# libyaml (schema reader), Kotlin + Android's org.json, TypeScript. Swift 6.3 must be on PATH.
set -euo pipefail
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq libyaml-dev kotlin libandroid-json-java node-typescript libjavascriptcoregtk-4.0-bin python3 python3-yaml >/dev/null
command -v swift >/dev/null || { echo "swift not found: install Swift 6.3 from swift.org" >&2; exit 1; }
echo "bootstrap: libyaml-dev kotlin libandroid-json-java node-typescript libjavascriptcoregtk-4.0-bin installed"
