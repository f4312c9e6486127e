#!/usr/bin/env bash
# Compares what the database holds after the snapshot scenario (scripts/db-snapshot.ts) on an older commit and on
# this working tree, row by row (docs/testing.md). Usage: scripts/db-compare.sh BASE_COMMIT [OUT_DIR]
# Writes OUT_DIR/base and OUT_DIR/now (default /tmp/dump-base and /tmp/dump-now), prints the diff, exits 1 if any.
set -euo pipefail

base=${1:?usage: scripts/db-compare.sh BASE_COMMIT [OUT_DIR]}
repo=$(cd "$(dirname "$0")/.." && pwd)
base_out=${2:+$2/base}
now_out=${2:+$2/now}
base_out=${base_out:-/tmp/dump-base}
now_out=${now_out:-/tmp/dump-now}
fixtures=${EARSHOT_FIXTURES:-$(cd "$repo/../shared/fixtures" && pwd)}
tree=$(mktemp -d "${TMPDIR:-/tmp}/earshot-base-XXXXXX")
rmdir "$tree"

cleanup() { git -C "$repo" worktree remove --force "$tree" 2>/dev/null || true; }
trap cleanup EXIT

git -C "$repo" worktree add --detach "$tree" "$base" >/dev/null
ln -s "$repo/node_modules" "$tree/node_modules"
# The scenario and the dump come from this tree; they call only the contract, importPath and startRun.
mkdir -p "$tree/scripts" "$tree/test-support"
cp "$repo/scripts/db-snapshot.ts" "$tree/scripts/"
cp "$repo/test-support/db-dump.ts" "$repo/test-support/studio-scenario.ts" "$tree/test-support/"

(cd "$tree" && EARSHOT_FIXTURES="$fixtures" EARSHOT_WORKER_CACHE="$tree/.worker-cache" \
  node bin/tsx-run.mjs scripts/db-snapshot.ts "$base_out")
(cd "$repo" && EARSHOT_FIXTURES="$fixtures" node bin/tsx-run.mjs scripts/db-snapshot.ts "$now_out")

if diff -r "$base_out" "$now_out"; then
  echo "same rows at $base and in this tree"
else
  echo "rows differ between $base and this tree (above)"
  exit 1
fi
