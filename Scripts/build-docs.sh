#!/usr/bin/env bash
# Builds the API documentation of PosttimICU, PosttimTemplating and
# PosttimReport with the toolchain's own DocC (no package dependency):
#   1. symbol graphs from a debug build in its own scratch path
#      (.build/docs, so the normal build is not disturbed);
#   2. a check that every public or open declaration has a doc comment
#      (members that implement a protocol requirement or come from a
#      protocol extension inherit theirs, and synthesized members are skipped);
#   3. `docc convert` of each module's catalog (Sources/<Module>/<Module>.docc)
#      into .build/docs/<Module>.doccarchive.
# Exit status: 0 when all is documented and DocC succeeded; 1 with the list
# of undocumented declarations (file:line: name) otherwise.
# Usage: Scripts/build-docs.sh [--check-only]   (from the package root)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/docs
graphs=$scratch/symbol-graphs
modules=(PosttimICU PosttimTemplating PosttimReport)
# An incremental build emits graphs only for the modules it recompiles, so
# the scratch build starts over when any module's graph is missing.
for module in "${modules[@]}"; do
  [ -f "$graphs/$module.symbols.json" ] || { rm -rf "$scratch"; break; }
done
mkdir -p "$graphs"
swift build --target PosttimReport --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >&2

python3 - "$graphs" "${modules[@]}" <<'PY'
import json, sys, pathlib
graphs, modules = pathlib.Path(sys.argv[1]), sys.argv[2:]
# Requirements of standard protocols, documented by the protocol itself.
inherited_names = {"description", "debugDescription", "==(_:_:)", "<(_:_:)", "hash(into:)", "hashValue",
                   "makeIterator()", "next()", "errorDescription", "init(from:)", "encode(to:)",
                   "init(stringLiteral:)", "init(rawValue:)", "rawValue", "id"}
missing = []
for module in modules:
    for path in sorted(graphs.glob(f"{module}*.symbols.json")):
        graph = json.loads(path.read_text())
        inherits = {r["source"] for r in graph.get("relationships", [])
                    if r["kind"] in ("defaultImplementationOf", "overrides") or "sourceOrigin" in r}
        for symbol in graph["symbols"]:
            usr = symbol["identifier"]["precise"]
            if symbol.get("accessLevel") not in ("public", "open") or "::SYNTHESIZED::" in usr:
                continue
            if symbol.get("docComment") or usr in inherits:
                continue
            name = symbol["names"]["title"]
            if name in inherited_names:
                continue
            location = symbol.get("location", {})
            file = location.get("uri", "?").split("/Sources/", 1)[-1]
            line = location.get("position", {}).get("line", 0) + 1
            missing.append(f"Sources/{file}:{line}: {'.'.join(symbol['pathComponents'])}")
for entry in sorted(set(missing)):
    print(entry)
print(f"{len(set(missing))} public declarations without a doc comment", file=sys.stderr)
sys.exit(1 if missing else 0)
PY

[ "${1:-}" = "--check-only" ] && exit 0
for module in "${modules[@]}"; do
  only=$scratch/graphs-$module
  rm -rf "$only" && mkdir -p "$only" && cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$only" 2>/dev/null || true
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$only" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.posttim.$module" \
    --output-path "$scratch/$module.doccarchive" >&2
done
echo "API documentation: $scratch/<Module>.doccarchive" >&2
