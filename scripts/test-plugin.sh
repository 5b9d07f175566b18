#!/usr/bin/env bash
# The SwiftPM command plugin as an app's package uses it: a throwaway package that depends on
# this repository by path, with its own contract-gen.yaml and schema, runs
#   swift package --allow-writing-to-package-directory contract-gen emit --lang swift
# then compiles the generated Swift together with a hand-written file that uses it, and runs
# `contract-gen check` through the plugin. The consumer's build directory is kept in
# .build/plugin-consumer so later runs reuse the built contract-gen (first run: a full build).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
scratch="$repo/.build/plugin-consumer"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app="$work/ShelfApp"
mkdir -p "$app/Sources/ShelfContracts" "$app/contracts"

cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ShelfApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [.package(path: "$repo")],
    targets: [.target(name: "ShelfContracts", path: "Sources/ShelfContracts")]
)
SWIFT

cat > "$app/contract-gen.yaml" <<'YAML'
schemas: contracts
swift:
  out: Sources/ShelfContracts/Generated
goldens: ContractTests/golden
testees: ContractTests/testees
YAML

cat > "$app/contracts/shelf-note.yaml" <<'YAML'
contract: shelf-note
doc: A note on a shelf.
storage-key: shelf.note
targets:
  swift: {namespace: ShelfNote}
  kotlin: {package: com.example.shelf, object: ShelfNote}
  typescript: {module: shelf-note}
version: {field: v, writes: 1, accepts: [1], doc: Version 1.}
root: Note
types:
  Note:
    doc: The note.
    fields:
      title: {type: string, optional: true, doc: Its title.}
      pins: {type: integer, default: 0, doc: How many pins hold it.}
YAML

# The app's own code, using the generated decoder (the target compiles only with it present).
cat > "$app/Sources/ShelfContracts/NoteStore.swift" <<'SWIFT'
import Foundation

public func readNote(_ bytes: Data) -> ShelfNote.Decoded { ShelfNote.decode(bytes) }
SWIFT

cd "$app"
start=$(date +%s)
swift package --scratch-path "$scratch" --allow-writing-to-package-directory contract-gen emit --lang swift
test -f Sources/ShelfContracts/Generated/ContractRuntime.swift
test -f Sources/ShelfContracts/Generated/ShelfNote.swift
test -f ContractTests/testees/swift/main.swift
if [ -e generated ] || [ -e golden ]; then echo "test-plugin: emit wrote outside the configured directories" >&2; exit 1; fi
# The testee must not be compiled into the app target: it is outside Sources/.
swift build --scratch-path "$scratch" --target ShelfContracts
swift package --scratch-path "$scratch" --allow-writing-to-package-directory contract-gen emit --lang all
swift package --scratch-path "$scratch" --allow-writing-to-package-directory contract-gen check
# A failing command fails the plugin with its exit status.
echo "x" >> Sources/ShelfContracts/Generated/ShelfNote.swift
if swift package --scratch-path "$scratch" --allow-writing-to-package-directory contract-gen check; then
  echo "test-plugin: check passed on a hand-edited generated file" >&2; exit 1
fi
echo "test-plugin: ok in $(( $(date +%s) - start )) s"
