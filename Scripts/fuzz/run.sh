#!/usr/bin/env bash
# Builds the libFuzzer harnesses and runs one of them (see README.md).
#   Scripts/fuzz/run.sh build                 build all the harnesses
#   Scripts/fuzz/run.sh TARGET [SECONDS] [libFuzzer flags…]
#       TARGET: decoder | template | iso8601 | config | messageformat; SECONDS defaults to 600.
#   Scripts/fuzz/run.sh TARGET repro FILE…    run inputs once (a crash repro)
# Working corpora and crash artifacts go to Scripts/fuzz/.work/ (ignored).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"
export PATH="/opt/swift/usr/bin:$PATH"

# SwiftPM names a path dependency after its folder, and this checkout may be
# called anything: depend on the repository through a link of a fixed name.
mkdir -p .deps
ln -sfn "$(cd ../.. && pwd)" .deps/posttim-report

build() {
  # Everything, the main package's build-tool plugin included, is compiled
  # with ASan and libFuzzer's coverage; only the harnesses link libFuzzer
  # itself (Package.swift), as a host tool linked with it would not link.
  swift build -c release \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table
}

target="${1:-}"
case "$target" in
  build) build; exit ;;
  decoder | template | iso8601 | config | messageformat) ;;
  *) sed -n '2,7p' "$0" >&2; exit 64 ;;
esac
shift
build
binary="$here/.build/release/fuzz-$target"
# The Swift backtracer hangs on the first crash under libFuzzer. Foundation
# leaks a CFError on every unreadable plist (CFPropertyListCreateWithData),
# so leak detection would stop the decoder run on its first bad input.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"

if [[ "${1:-}" == repro ]]; then
  shift
  exec "$binary" -rss_limit_mb=4096 -timeout=60 "$@"
fi
seconds="${1:-600}"
# A target's own dictionary (config.dict: option names), else the shared one.
dictionary="$here/fuzz.dict"
[[ -f "$here/$target.dict" ]] && dictionary="$here/$target.dict"
shift || true
work="$here/.work/$target"
mkdir -p "$work/corpus" "$work/artifacts"
cd "$work"
# -jobs/-workers 1: the machine has two cores, shared.
exec "$binary" -jobs=1 -workers=1 -rss_limit_mb=4096 -timeout=60 \
  -max_total_time="$seconds" -dict="$dictionary" \
  -artifact_prefix="$work/artifacts/" "$@" corpus "$here/seeds/$target"
