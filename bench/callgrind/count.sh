#!/bin/bash
# Instructions per request in process (in-process.cjs under callgrind): prints the side and the count.
# usage: bench/callgrind/count.sh <handler|floor|floorlen> <build dir> [N]   (env: WARM, AWS_LAMBDA_FUNCTION_NAME)
# The floor's page is built beside the build by bench/src/floor-server.ts (buildFloorPage).
set -e
side=$1; dir=$2; n=${3:-10000}
out=$(mktemp -d)/callgrind.out
CALLGRIND=1 NODE_ENV=production valgrind --tool=callgrind --dump-instr=no --instr-atstart=no --smc-check=all-non-file \
  --callgrind-out-file="$out" node --predictable "$(dirname "$0")/in-process.cjs" "$side" "$n" "$dir" >/dev/null 2>"$out.log"
total=$(grep -hE '^(summary|totals):' "$out".* | head -1 | awk '{print $2}')
echo "$side: $((total / n)) instructions a request ($total over $n; callgrind files in $(dirname "$out"))"
