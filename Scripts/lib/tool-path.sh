# Sourced by the check scripts: sets $tool to the posttim-report executable, the script's
# first argument when given, else a debug build made here.
if (($# >= 1)); then
  tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
  swift build --product posttim-report >&2
  tool="$(swift build --show-bin-path)/posttim-report"
fi
[[ -x $tool ]] || { echo "$(basename "$0"): no executable at $tool" >&2; exit 2; }
