#!/usr/bin/env bash
# The release archive as a user's CI meets it: in a clean Debian root filesystem without Swift.
# On demand only, NOT part of scripts/test.sh or .ci/run: it downloads a Debian root filesystem
# with debootstrap (minbase, ~200 MB unpacked; cached in .build/release-test/ after the first
# run) and then nodejs + node-typescript into a copy of it. Needs root (chroot, mount
# namespaces), debootstrap and a reachable Debian mirror.
#
# Usage: scripts/test-release.sh DIST/contract-gen-<version>-linux-<arch>.tar.gz [--suite bookworm]
#
# In the root it checks the archive's SHA-256, unpacks it, shows `ldd` (no Swift, Foundation or
# libyaml library may appear), and runs `--version` (must name the commit COMPONENTS.txt names),
# `emit --lang all` and `check` on the bundled example (and `check` again after a hand edit,
# which must fail), `conform --lang typescript` before Node is installed (must fail) and after
# `apt-get install nodejs node-typescript` (must pass, with the tz-data cases that Debian's ICU
# 72 answers differently failing as golden/expected-failures.txt lists them for JavaScriptCore,
# which reads the same data). Every command and its output is printed
# and kept in .build/release-test/transcript.txt.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
archive=""
suite="$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")"
mirror="http://deb.debian.org/debian"
while [ $# -gt 0 ]; do
  case "$1" in
    --suite) suite="$2"; shift 2 ;;
    -*) echo "usage: scripts/test-release.sh ARCHIVE.tar.gz [--suite SUITE]" >&2; exit 2 ;;
    *) archive="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; shift ;;
  esac
done
[ -f "$archive" ] || { echo "usage: scripts/test-release.sh ARCHIVE.tar.gz [--suite SUITE]" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "test-release: needs root (chroot, mount namespaces)" >&2; exit 2; }
name="$(basename "$archive" .tar.gz)"

cache="$repo/.build/release-test"
mkdir -p "$cache"
transcript="$cache/transcript.txt"
: > "$transcript"
log() { echo "$*" | tee -a "$transcript"; }
fail() { log "test-release: FAIL: $*"; exit 1; }

# The base root, made once per suite. debootstrap mounts /proc in the target: it runs in its own
# mount namespace, so nothing stays mounted in a directory this script later deletes.
base="$cache/rootfs-$suite-minbase.tar"
if [ ! -f "$base" ]; then
  log "# debootstrap --variant=minbase $suite (once; cached as $base)"
  tmp="$cache/rootfs-building"
  rm -rf "$tmp"
  unshare --mount --propagation private -- debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$cache/debootstrap.log" 2>&1 \
    || { tail -20 "$cache/debootstrap.log"; fail "debootstrap failed (log: $cache/debootstrap.log)"; }
  tar -C "$tmp" -cf "$base.part" . && mv "$base.part" "$base"
  rm -rf "$tmp"
fi

work="$(mktemp -d "$cache/run.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/root"
mkdir -p "$root"
tar -C "$root" -xf "$base"
cp /etc/resolv.conf "$root/etc/resolv.conf"
mkdir -p "$root/dist"
cp "$archive" "$archive.sha256" "$root/dist/"

# One command in the root, in a private mount and PID namespace (its /proc and /dev vanish with
# it), with a clean environment. Prints "$ COMMAND", its output, and returns its status.
run() {
  log "\$ $1"
  set +e
  unshare --mount --propagation private --pid --fork --kill-child -- bash -c '
    mount -t proc proc "$1/proc" && mount --rbind /dev "$1/dev" &&
    exec chroot "$1" /usr/bin/env -i HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
      PATH=/opt/contract-gen/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
      /bin/bash -o pipefail -c "cd /work 2>/dev/null || cd /; $2"' _ "$root" "$1" 2>&1 | tee -a "$transcript"
  local status="${PIPESTATUS[0]}"
  set -e
  log "(exit $status)"
  return "$status"
}
expect_ok() { run "$1" || fail "'$1' exited non-zero"; }
expect_fail() { if run "$1"; then fail "'$1' passed, expected a failure"; fi; }
# The last command's output (since its "$ " line) holds PATTERN (grep -E): a failure for the
# reason expected, not any failure.
said() { awk '/^\$ /{out=""} {out=out $0 "\n"} END{printf "%s", out}' "$transcript" | grep -qE "$1" || fail "expected output matching '$1'"; }

log "# clean root: Debian $suite minbase, $(du -sh "$root" | cut -f1); archive $(basename "$archive"), $(stat -c %s "$archive") bytes"
expect_fail "command -v swift || command -v swiftc"
expect_ok "find / -xdev \\( -name 'libswift*' -o -name 'libFoundation*' -o -name 'libyaml*' \\) | wc -l | grep -qx 0 && echo 'no Swift, Foundation or libyaml library in the root'"
expect_ok "cd /dist && sha256sum -c $name.tar.gz.sha256"
expect_ok "mkdir -p /opt && tar -xzf /dist/$name.tar.gz -C /opt && mv /opt/$name /opt/contract-gen && ls /opt/contract-gen /opt/contract-gen/bin"
expect_ok "ldd /opt/contract-gen/bin/contract-gen"
run "ldd /opt/contract-gen/bin/contract-gen | grep -iE 'swift|foundation|dispatch|icu|yaml|not found'" \
  && fail "ldd shows a Swift, Foundation, ICU or libyaml library, or a missing one"
expect_ok "head -1 /opt/contract-gen/COMPONENTS.txt"
commit="$(sed -n '1s/.*(\([0-9a-f]\{40\}\)).*/\1/p' "$root/opt/contract-gen/COMPONENTS.txt")"
[ -n "$commit" ] || fail "COMPONENTS.txt names no commit"
version="$(sed -n '1s/^contract-gen \([^ ]*\) .*/\1/p' "$root/opt/contract-gen/COMPONENTS.txt")"
expect_ok "contract-gen --version"
[ "$(tail -2 "$transcript" | head -1)" = "contract-gen $version (${commit:0:12})" ] || fail "--version does not name $version and commit ${commit:0:12}"

expect_ok "cp -R /opt/contract-gen/share/contract-gen/example /work && cd /work && ls && ls schema"
expect_ok "contract-gen emit --lang all && find generated -type f | sort && find golden -name 'schema.*' | wc -l"
expect_ok "contract-gen check"
# The gate can fail: a hand edit of a generated file is caught, and emit repairs it.
expect_ok "f=\$(find generated/typescript -name '*.ts' | sort | head -1) && echo '// edited' >> \"\$f\" && echo \"edited \$f\""
expect_fail "contract-gen check"
said "^stale: generated/typescript/.*differs"
expect_ok "contract-gen emit --lang all && contract-gen check"
expect_fail "contract-gen conform --lang typescript"
said "tsc/node not found"
expect_ok "apt-get update -qq && apt-get install -y -qq --no-install-recommends nodejs node-typescript >/dev/null && node --version && tsc --version"
expect_fail "command -v swift || command -v swiftc"
# Debian's nodejs reads time zones from the system ICU (72 in bookworm), the data of the JSC shell
# whose 49 differing zones golden/expected-failures.txt lists: those cases fail as listed, any
# other failure or an unexpected pass fails the run.
expect_fail "contract-gen conform --lang typescript --filter 'vectors.tz-data.*'"
expect_ok "sed -n 's/^typescript-jsc:/typescript:/p' golden/expected-failures.txt > /work/icu72-known.txt && wc -l < /work/icu72-known.txt"
expect_ok "contract-gen conform --lang typescript --expected-failures /work/icu72-known.txt"
said "^typescript: [1-9][0-9]* passed, 0 failed, [1-9][0-9]* failed as listed"
log "test-release: clean root ok ($name, Debian $suite)"

# The artifact bundle beside the archive, as a Swift package uses it (on this host, which has
# Swift): a throwaway package with a local binaryTarget and the plugin source from the archive
# runs the tool through `swift package contract-gen`, and compiles the Swift it emits. The
# binary must be the bundle's (its --version names the release commit; a from-source build says
# "commit unknown"), and the package's build directory must hold no build of contract-gen.
bundle_zip="$(dirname "$archive")/contract-gen-$version.artifactbundle.zip"
if [ ! -f "$bundle_zip" ] || ! command -v swift >/dev/null; then
  log "test-release: artifact bundle not tested (no $bundle_zip, or no swift on this host)"
  exit 0
fi
app="$work/ShelfApp"
mkdir -p "$app/Tools" "$app/Plugins/ContractGen" "$app/Sources/Contracts"
cp "$bundle_zip" "$app/Tools/"
cp "$root/opt/contract-gen/share/contract-gen/swiftpm/Plugins/ContractGen/plugin.swift" "$app/Plugins/ContractGen/"
cp -R "$root/opt/contract-gen/share/contract-gen/example/schema" "$app/contracts"
echo "// The app's own code; contract-gen emit adds Generated/ beside it." > "$app/Sources/Contracts/App.swift"
cat > "$app/contract-gen.yaml" <<'YAML'
schemas: contracts
swift:
  out: Sources/Contracts/Generated
goldens: ContractTests/golden
testees: ContractTests/testees
YAML
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ShelfApp",
    platforms: [.macOS(.v13), .iOS(.v16)],
    targets: [
        .binaryTarget(name: "contract-gen", path: "Tools/contract-gen-$version.artifactbundle.zip"),
        .plugin(
            name: "ContractGen",
            capability: .command(
                intent: .custom(verb: "contract-gen", description: "Run contract-gen in this package"),
                permissions: [.writeToPackageDirectory(reason: "contract-gen emit writes the files contract-gen.yaml names")]
            ),
            dependencies: ["contract-gen"]
        ),
        .target(name: "Contracts", path: "Sources/Contracts"),
    ]
)
SWIFT
host() { log "\$ $1"; (cd "$app" && bash -o pipefail -c "$1") 2>&1 | tee -a "$transcript"; local s="${PIPESTATUS[0]}"; log "(exit $s)"; return "$s"; }
host "cat Package.swift && find Tools Plugins -type f" || fail "consumer package not laid out"
host "swift package --allow-writing-to-package-directory contract-gen --version" || fail "the plugin did not run the bundle's binary"
[ "$(grep -x 'contract-gen .*' "$transcript" | tail -1)" = "contract-gen $version (${commit:0:12})" ] \
  || fail "swift package contract-gen --version did not name the release commit"
host "swift package --allow-writing-to-package-directory contract-gen emit --lang all && find Sources -type f | sort" || fail "emit through the plugin failed"
host "swift package --allow-writing-to-package-directory contract-gen check" || fail "check through the plugin failed"
host "swift build --target Contracts 2>&1 | tail -3" || fail "the emitted Swift did not compile"
host "find .build -iname '*ContractGenCore*' | head -3; find .build -path '*artifacts*' -name contract-gen -type f" || true
find "$app/.build" -iname '*ContractGenCore*' | grep -q . && fail "the consumer package built contract-gen from source"
log "test-release: ok ($name in a clean $suite root; $(basename "$bundle_zip") through the plugin)"
