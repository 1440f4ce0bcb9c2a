// The node options `npm start` gives the server, read from package.json's start script so that the
// benchmarks and the end-to-end tests run the server as the product does, and the options live in one
// place. Today that is --no-memory-reducer: V8's memory reducer, once allocation goes quiet after
// 10,000 sockets join, runs compacting mark-compacts of 65-107 ms on the full market's heap (issue 4's
// 20 ms event-loop budget); it cannot be turned off from inside the process once the heap is set up,
// and this flag keeps the code cache valid. And --v8-pool-size=0: V8's helper threads (concurrent
// marking, parallel scavenges, compiles) sized to the cores the process may run on, less the event
// loop's (at least one), instead of four: on the flash-push bench's server, pinned to one core, four
// helpers marking the heap after the open took 30-80% of the core from the event loop in 4 ms turns
// (blocks of 20-44 ms with no pause in them); helper-thread-priority.ts lowers their priority too,
// and with four helpers at that priority they still took ~30% of it (an 86 ms block), with one ~10%.
// A Node option, not a V8 flag: the code cache stays valid. And --heap-growing-percent=100: V8 sets
// the next full collection's start at twice the heap that survived the last one (V8's own factor
// ranges up to 4; it chose ~1.3 here). On the flash-push bench the start's collection left 156 MB
// with the next due at 190 MB; the joins brought the heap to 181 MB and the open's promotions then
// started a marking of the ~190 MB heap at +0.4 s. With the marking helper at low priority on the
// event loop's core, V8 did 226 ms of it in steps on the event loop (--trace-gc: "226.3 ms in 372
// steps", 283 ms of wall time) and the open's slices became blocks of 23-45 ms of "(garbage
// collector)" in a CPU profile. The servers npm start runs (the benches and e2e tests too) share
// these flags, so the code cache each writes is the one the next takes.
// Tried and left out (flash-push and server-start on the full market, h-gc): --max-semi-space-size=2,
// 4 or 8 (MB; V8's default is 16) leaves the open's scavenges at 10-18 ms (they copy only 1-3 MB; the
// time is their parallel phase, and stays with one GC thread) and costs the restart 70-450 ms more
// CPU (8 and 2), past its 1 s budget; --single-threaded-gc removes the auction's zero-pause blocks
// (V8's marking threads on the server's core) but puts the marking on the event loop (a 29 ms
// mark-compact and an 84 ms block in one auction) and does not shorten the open's blocks.
import { readFileSync } from 'node:fs';

export const serverNodeOptions = startScriptNodeOptions(
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start,
);

/** The `--flags` between `node` and apps/server/dist/server.js in a start script. */
export function startScriptNodeOptions(startScript) {
  const match = /\bnode((?: --[\w-]+(?:=\S+)?)*) apps\/server\/dist\/server\.js/.exec(startScript);
  if (!match)
    throw new Error(`package.json's start script does not run apps/server/dist/server.js: ${startScript}`);
  return match[1].split(' ').filter(Boolean);
}
