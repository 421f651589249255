#!/usr/bin/env bash
# Builds and runs the downstream package, and compares its output with
# expected-output.txt (written by hand: the comparison results and CSV from
# the rules, the skeleton patterns from the ICU oracle fixture).
# Usage: Examples/Downstream/run.sh    (exit 1 and a diff when they differ)
set -euo pipefail
cd "$(dirname "$0")"
swift build -q
diff -u expected-output.txt <("$(swift build --show-bin-path)/downstream-demo")
echo "downstream package: output as expected"
