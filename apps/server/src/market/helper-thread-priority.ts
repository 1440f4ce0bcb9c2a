import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/**
 * The nice value the process's helper threads run at: a tenth of the event loop's weight in the
 * kernel's fair scheduler (nice 0 weighs 1024, nice 10 weighs 110).
 */
export const helperThreadNice = 10;

/**
 * Puts every thread of the process but the event loop's at a lower scheduling priority (issue 4:
 * the event loop is never blocked more than 20 ms). V8's helper threads mark the old generation
 * concurrently, share the young generation's scavenges and compile optimised code; on a core they
 * share with the event loop (a one-core container, or the flash-push bench's server pinned to core
 * 0) the scheduler gives each runnable helper the loop's share, in 4 ms ticks. At the open of
 * flash-push at the full market's size, a major collection's concurrent marking of the 180 MB heap
 * took ~400 ms of CPU in the second after the open: with four helpers the loop got 20-45% of its
 * core and its 5 ms slices became blocks of 20-44 ms with no GC pause in them (each thread's CPU
 * read from /proc/<pid>/task/<tid>/schedstat beside the probe's blocks). At nice 10 a helper gets
 * the core while the loop waits for I/O and ~10% of it while the loop has work; on a machine with
 * a core to spare it runs there as before (priority orders only threads that share a core).
 *
 * Threads are found in /proc/self/task (Linux; elsewhere nothing changes). Only the threads that
 * exist now: call it at the start, once V8's helpers are up. Threads created later by the event
 * loop's thread (libuv's pool, started on first use) inherit its priority. Answers how many threads
 * were lowered.
 */
export function lowerHelperThreadPriority(nice = helperThreadNice): number {
  if (!isMainThread) return 0;
  let tids: number[];
  try {
    tids = readdirSync('/proc/self/task').map(Number);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    if (tid === process.pid) continue;
    try {
      // On Linux setpriority with a thread id sets that thread's nice value alone. A thread
      // already lower (raised by an operator's renice) is left where it is.
      if (getPriority(tid) >= nice) continue;
      setPriority(tid, nice);
      lowered += 1;
    } catch {
      // The thread ended between the listing and the call.
    }
  }
  return lowered;
}
