#!/bin/bash
# Instructions the server process spends a request over HTTP, under callgrind: `stratus serve` of a
# build (the local server with its CloudFront and Function URL emulation) or the floor server
# (bench/src/floor-server.ts). WARM requests uncounted, then N counted one at a time (the client's
# work is in another process, not counted).
# usage: bench/callgrind/http.sh <stratus|floor> <build dir> [path]   (env: N, WARM)
set -e
which=$1; dir=$(cd "$2" && pwd); path=${3:-/ssr/1}
N=${N:-3000}; WARM=${WARM:-8000}; port=$((4100 + RANDOM % 800))
here=$(cd "$(dirname "$0")" && pwd); repo=$(cd "$here/../.." && pwd)
out=$(mktemp -d)/callgrind.out
if [ "$which" = floor ]; then cmd=(node --predictable "$dir/.cache/bench-ssr-floor.js" "$port");
else cmd=(node --predictable "$repo/bin/stratus.js" serve "$repo/bench/stratus-app" --out "$dir" --port "$port"); fi
cd "$repo"
NODE_ENV=production valgrind --tool=callgrind --dump-instr=no --instr-atstart=no --smc-check=all-non-file --callgrind-out-file="$out" "${cmd[@]}" >/dev/null 2>"$out.log" &
server=$!
for _ in $(seq 1 300); do curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$path" 2>/dev/null | grep -q 200 && break; sleep 1; done
node "$here/load.cjs" "$port" "$path" "$WARM" 1
callgrind_control -i on "$server" >/dev/null
node "$here/load.cjs" "$port" "$path" "$N" 1
callgrind_control -d "$server" >/dev/null
total=$(grep -hE '^(summary|totals):' "$out".* | head -1 | awk '{print $2}')
kill "$server"; wait "$server" 2>/dev/null || true
echo "$which $path: $((total / N)) instructions a request ($total over $N)"
