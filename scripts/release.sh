#!/usr/bin/env bash
# Builds contract-gen's release archives from a commit (default HEAD), so a user can install the
# tool without a Swift toolchain (docs/install.md):
#   dist/contract-gen-<version>-<os>-<arch>.tar.gz         bin/contract-gen, the example, the notices
#   dist/contract-gen-<version>-<os>-<arch>.tar.gz.sha256  `sha256sum -c` checks it
#   dist/contract-gen-<version>-<os>-<arch>.components.txt what the binary links, with licences
#   dist/contract-gen-<version>.artifactbundle.zip         SwiftPM binary target (info.json + binary)
#   dist/contract-gen-<version>.artifactbundle.zip.sha256  the checksum a binaryTarget(url:) names
#
# Usage: scripts/release.sh [--commit REF] [--out DIR]      (default: HEAD, .build/release-dist)
#
# The build is made from `git archive REF` (committed files only: uncommitted changes are not in
# a release), with the commit written to .contract-gen-commit for the EmbedRuntimes plugin, so
# `contract-gen --version` names exactly the commit the archive was built from.
# Linux: the Swift standard library and Foundation are linked statically (--static-swift-stdlib)
# and libyaml from its static archive; the link map lists every archive that went in, and the
# script refuses a library it has no licence line for, or a Swift or libyaml library left dynamic.
# macOS: a universal binary (arm64 + x86_64); needs a universal static libyaml (LIBYAML_A=path to
# libyaml.a). Not verified: this script has been run on Linux x86_64 only.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
ref=HEAD
dist="$repo/.build/release-dist"
while [ $# -gt 0 ]; do
  case "$1" in
    --commit) ref="$2"; shift 2 ;;
    --out) dist="$(mkdir -p "$2" && cd "$2" && pwd)"; shift 2 ;;
    *) echo "usage: scripts/release.sh [--commit REF] [--out DIR]" >&2; exit 2 ;;
  esac
done
say() { echo "release: $*" >&2; }
sha256() { if command -v sha256sum >/dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
fail() { echo "release: error: $*" >&2; exit 1; }

cd "$repo"
commit="$(git rev-parse --verify "$ref^{commit}")"
[ -z "$(git status --porcelain --untracked-files=no)" ] || say "note: uncommitted changes are not in the release (built from $commit)"
version="$(git show "$commit:Sources/ContractGenCore/Emit/Emitter.swift" | sed -n 's/^public let contractGenVersion = "\([^"]*\)"$/\1/p')"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+([-.][0-9A-Za-z.-]+)?$ ]] || fail "no contractGenVersion found at $commit"
# Every packed file gets the commit's time (touch -t reads it in UTC below).
stamp="$(TZ=UTC git show -s --date=format-local:%Y%m%d%H%M.%S --format=%cd "$commit")"

case "$(uname -s)" in
  Linux) os=linux; arch="$(uname -m)"; triple="$arch-unknown-linux-gnu" ;;
  Darwin) os=macos; arch=universal ;;
  *) fail "unsupported OS $(uname -s)" ;;
esac
name="contract-gen-$version-$os-$arch"
say "contract-gen $version at $commit, $name"

# The source tree of the commit, and the commit for the EmbedRuntimes plugin.
work="$repo/.build/release-work"
src="$work/src"
# An export of the same commit is reused, so a second run reuses the build (a fresh export has
# new inodes, and SwiftPM would rebuild everything).
if [ "$(cat "$src/.contract-gen-commit" 2>/dev/null)" != "$commit" ]; then
  rm -rf "$src" && mkdir -p "$src"
  git archive --format=tar "$commit" | tar -x -C "$src"
  echo "$commit" > "$src/.contract-gen-commit"
fi
scratch="$work/build-$os-$arch"
linkmap="$scratch/contract-gen.map" # kept with the build: a run that relinks nothing keeps it

if [ "$os" = linux ]; then
  # SwiftPM links what yaml-0.1.pc says (-L<system libdir> -lyaml, which picks the shared
  # library): a yaml-0.1.pc of our own, found first, names a directory holding only libyaml.a.
  yaml_a="$(pkg-config --variable=libdir yaml-0.1)/libyaml.a"
  [ -f "$yaml_a" ] || fail "no static libyaml at $yaml_a (Debian: apt-get install libyaml-dev)"
  mkdir -p "$work/static-libs" "$work/pkgconfig" && ln -sf "$yaml_a" "$work/static-libs/libyaml.a"
  printf 'Name: LibYAML (static)\nDescription: libyaml.a only\nVersion: %s\nCflags: -I%s\nLibs: -L%s -lyaml\n' \
    "$(pkg-config --modversion yaml-0.1)" "$(pkg-config --variable=includedir yaml-0.1)" "$work/static-libs" > "$work/pkgconfig/yaml-0.1.pc"
  PKG_CONFIG_PATH="$work/pkgconfig" swift build -c release --package-path "$src" --scratch-path "$scratch" \
    --product contract-gen --static-swift-stdlib -Xlinker -Map="$linkmap"
  binary="$scratch/release/contract-gen"
else
  yaml_a="${LIBYAML_A:-$(pkg-config --variable=libdir yaml-0.1)/libyaml.a}"
  [ -f "$yaml_a" ] || fail "no static libyaml (set LIBYAML_A to a universal libyaml.a)"
  for a in arm64 x86_64; do lipo "$yaml_a" -verify_arch "$a" || fail "$yaml_a has no $a slice"; done
  mkdir -p "$work/static-libs" && ln -sf "$yaml_a" "$work/static-libs/libyaml.a"
  swift build -c release --package-path "$src" --scratch-path "$scratch" --product contract-gen \
    --arch arm64 --arch x86_64 -Xlinker -L"$work/static-libs" -Xlinker -search_paths_first
  binary="$scratch/apple/Products/Release/contract-gen"
fi
[ -x "$binary" ] || fail "no binary at $binary"


# What is linked, and under which licence. Every archive the link map names and every shared
# library the binary needs must have a line here; an unknown one stops the release.
swift_version="$(swift --version 2>&1 | sed -n 's/.*Swift version \([^ ]*\).*/\1/p' | head -1)"
yaml_version="$(pkg-config --modversion yaml-0.1)"
# ICU's major version, from its data symbol (icudt76_dat): ICU 74 moved to the Unicode License v3.
icu_major="$( { grep -o 'icudt[0-9]*_dat' "$linkmap" 2>/dev/null || true; } | head -1 | tr -dc 0-9)"
if [ -n "$icu_major" ] && [ "$icu_major" -ge 74 ]; then icu_license="Unicode-3.0"; else icu_license="Unicode-DFS-2016 (ICU before 74)"; fi
component_of() {
  case "$1" in
    libswift*.a) echo "Swift standard library and runtime $swift_version|Apache-2.0 WITH Swift-exception (Runtime Library Exception)|LICENSES/Swift.txt" ;;
    libdispatch.a|libBlocksRuntime.a) echo "libdispatch (swift-corelibs-libdispatch) from Swift $swift_version|Apache-2.0 WITH Swift-exception|LICENSES/Swift.txt" ;;
    libFoundation.a|libCoreFoundation.a|lib_CF*.a) echo "Foundation (swift-corelibs-foundation) from Swift $swift_version|Apache-2.0 WITH Swift-exception|LICENSES/Swift.txt" ;;
    libFoundationEssentials.a|libFoundationInternationalization.a|lib_FoundationCShims.a|lib_FoundationCollections.a)
      echo "Foundation (swift-foundation) from Swift $swift_version|Apache-2.0 WITH Swift-exception|LICENSES/Swift.txt" ;;
    lib_FoundationICU.a) echo "ICU4C ${icu_major:-?} with its data (swift-foundation-icu) from Swift $swift_version|$icu_license, and the third-party terms in ICU's LICENSE file (text not bundled: https://github.com/unicode-org/icu/blob/main/LICENSE)|" ;;
    libyaml.a) echo "libyaml $yaml_version|MIT|LICENSES/libyaml.txt" ;;
    libc_nonshared.a) echo "GNU C Library (static part of libc)|LGPL-2.1-or-later (with the linking exception for these files)|" ;;
    libgcc.a|libgcc_eh.a) echo "GCC runtime library|GPL-3.0-or-later WITH GCC-exception-3.1|" ;;
    libc.so.*|libm.so.*|libdl.so.*|libpthread.so.*|librt.so.*|ld-linux*.so.*) echo "GNU C Library (system, not shipped)|LGPL-2.1-or-later|" ;;
    libstdc++.so.*|libgcc_s.so.*) echo "GCC runtime: libstdc++ / libgcc_s (system, not shipped)|GPL-3.0-or-later WITH GCC-exception-3.1|" ;;
    *) return 1 ;;
  esac
}

stage="$work/stage"
rm -rf "$stage" && mkdir -p "$stage/$name/bin" "$stage/$name/LICENSES" "$stage/$name/share/contract-gen"
root="$stage/$name"
cp "$binary" "$root/bin/contract-gen"
# Without the DWARF sections (83 -> 75 MB on Linux x86_64); the symbol table stays for backtraces.
[ "$os" = linux ] && strip --strip-debug "$root/bin/contract-gen"
# The packed binary names its commit.
expected="contract-gen $version (${commit:0:12})"
actual="$("$root/bin/contract-gen" --version)"
[ "$actual" = "$expected" ] || fail "--version says '$actual', expected '$expected'"
cat > "$root/README.txt" <<TXT
contract-gen $version ($commit), $os $arch: one YAML schema -> Swift, Kotlin and TypeScript decoders.

  bin/contract-gen                      the tool; copy it onto PATH (it needs no other file here)
  COMPONENTS.txt                        what the binary links, and under which licence
  LICENSES/                             the licence texts COMPONENTS.txt names
  share/contract-gen/example/           schemas and golden cases to try it on:
                                          cd share/contract-gen/example && contract-gen emit --lang all && contract-gen check
  share/contract-gen/swiftpm/           the SwiftPM command plugin's source, for the artifact bundle

Installing, verifying the checksum, the SwiftPM artifact bundle: docs/install.md in the repository.
TXT
swift_license="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")/share/swift/LICENSE.txt"
if [ -f "$swift_license" ]; then cp "$swift_license" "$root/LICENSES/Swift.txt"
elif [ "$os" = linux ]; then fail "no Swift LICENSE.txt at $swift_license"; fi
if [ -f /usr/share/doc/libyaml-dev/copyright ]; then cp /usr/share/doc/libyaml-dev/copyright "$root/LICENSES/libyaml.txt"
elif [ -n "${LIBYAML_LICENSE:-}" ]; then cp "$LIBYAML_LICENSE" "$root/LICENSES/libyaml.txt"
else fail "no libyaml licence text (set LIBYAML_LICENSE to libyaml's License file)"; fi

components="$root/COMPONENTS.txt"
{
  echo "contract-gen $version ($commit), $os $arch: what bin/contract-gen contains and needs."
  echo "Generated by scripts/release.sh from the link map and the binary's dynamic section."
  echo "contract-gen's own code: this repository states no licence."
  echo
  echo "Linked in statically (archive: component | licence | notice in this archive):"
  if [ "$os" = linux ]; then
    # Archives that contributed at least one member (gold and lld maps both print archive(member)).
    archives="$(grep -o '/[^ ()]*\.a(' "$linkmap" | sed 's/($//' | sort -u)"
    [ -n "$archives" ] || fail "the link map $linkmap names no archive"
    for a in $archives; do
      case "$a" in "$scratch"/*) continue ;; esac # the package's own targets
      base="$(basename "$a")"
      line="$(component_of "$base")" || fail "no licence line for linked archive $a: add it to component_of"
      echo "  $base: ${line//|/ | }"
    done
    echo
    echo "Loaded from the system at run time (not in this archive):"
    needed="$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
    for lib in $needed; do
      case "$lib" in libswift*|libFoundation*|lib_Foundation*|libdispatch*|libBlocksRuntime*|libicu*|libyaml*)
        fail "$lib is linked dynamically" ;;
      esac
      line="$(component_of "$lib")" || fail "no licence line for shared library $lib: add it to component_of"
      echo "  $lib: ${line//|/ | }"
    done
    echo
    echo "Minimum glibc: $(objdump -T "$binary" | grep -o 'GLIBC_[0-9.]*' | sort -V -u | tail -1)"
  else
    echo "  libyaml.a: libyaml $yaml_version | MIT | LICENSES/libyaml.txt"
    echo "  (the Swift runtime and Foundation are the system's on macOS)"
    echo
    echo "Loaded from the system at run time:"
    otool -L "$binary" | tail -n +2 | sed 's/^[[:space:]]*/  /'
    if otool -L "$binary" | grep -q libyaml; then fail "libyaml is linked dynamically"; fi
  fi
} > "$components"
mkdir -p "$dist" && cp "$components" "$dist/$name.components.txt"

# The example: this commit's schemas and hand-written goldens, emitted into, checked and conformed
# against by scripts/test-release.sh (and by a user trying the archive).
example="$root/share/contract-gen/example"
mkdir -p "$example"
cp -R "$src/schema" "$example/schema"
mkdir -p "$example/golden"
(cd "$src/golden" && find . -name '*.json' ! -name 'schema.*' | while read -r f; do mkdir -p "$example/golden/$(dirname "$f")"; cp "$f" "$example/golden/$f"; done)
# The platforms' time-zone data measured against the goldens' (docs/semantics.md row 14): which
# tz-data cases fail where, for `conform --expected-failures`.
cp "$src/golden/expected-failures.txt" "$example/golden/expected-failures.txt"
# The SwiftPM command plugin's source, for a package that uses the artifact bundle (docs/install.md).
mkdir -p "$root/share/contract-gen/swiftpm/Plugins/ContractGen"
cp "$src/Plugins/ContractGenCommandPlugin/plugin.swift" "$root/share/contract-gen/swiftpm/Plugins/ContractGen/plugin.swift"

# Deterministic packing: sorted names, no owners, the commit's time.
pack() { # DIR-PARENT ENTRY OUTPUT
  find "$1/$2" -exec env TZ=UTC touch -h -t "$stamp" {} +
  if tar --version 2>/dev/null | grep -q GNU; then
    tar -C "$1" --sort=name --owner=0 --group=0 --numeric-owner --format=gnu -cf - "$2" | gzip -n -9 > "$3"
  else # bsdtar (macOS)
    (cd "$1" && find "$2" | LC_ALL=C sort | tar --uid 0 --gid 0 --numeric-owner -n -cf - -T -) | gzip -n -9 > "$3"
  fi
}
mkdir -p "$dist"
pack "$stage" "$name" "$dist/$name.tar.gz"
(cd "$dist" && sha256 "$name.tar.gz" > "$name.tar.gz.sha256")

# The artifact bundle: info.json and the same tree per platform variant.
bundle="contract-gen-$version.artifactbundle"
rm -rf "$stage/$bundle" && mkdir -p "$stage/$bundle"
cp -R "$root" "$stage/$bundle/$name"
rm -rf "$stage/$bundle/$name/share" "$stage/$bundle/$name/README.txt"
if [ "$os" = linux ]; then triples="\"$triple\""; else triples='"arm64-apple-macosx", "x86_64-apple-macosx"'; fi
cat > "$stage/$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "contract-gen": {
      "version": "$version",
      "type": "executable",
      "variants": [
        {"path": "$name/bin/contract-gen", "supportedTriples": [$triples]}
      ]
    }
  }
}
JSON
find "$stage/$bundle" -exec env TZ=UTC touch -h -t "$stamp" {} +
rm -f "$dist/$bundle.zip"
(cd "$stage" && find "$bundle" | LC_ALL=C sort | TZ=UTC zip -q -X -@ "$dist/$bundle.zip")
(cd "$dist" && sha256 "$bundle.zip" > "$bundle.zip.sha256")

say "built from $commit:"
(cd "$dist" && ls -l "$name.tar.gz" "$bundle.zip" && cat "$name.tar.gz.sha256" "$bundle.zip.sha256") >&2
