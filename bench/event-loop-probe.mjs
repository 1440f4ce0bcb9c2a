// Preloaded into the server (`node --import bench/event-loop-probe.mjs apps/server/dist/server.js`)
// so a benchmark can measure how long the server's event loop is blocked without changing server
// code. perf_hooks.monitorEventLoopDelay samples every millisecond; its max is the longest time a
// timer was held up, i.e. the longest block (it also counts time the OS gave the core to another
// process, so on a busy machine it is an upper bound). For finding the cause it also keeps the
// longest blocks with the instant they ended (a 1 ms timer of its own) and the GC pauses reported
// within each, and the longest GC pause.
// BENCH_PROBE_BLOCKS=<file> appends every block of a reported window to that file as JSON lines, its
// start and end in microseconds of the monotonic clock a --cpu-prof profile stamps its samples with
// (both CLOCK_MONOTONIC), so a profile can be cut into the turns that blocked.
// BENCH_PROBE_HEAP=<file> samples every allocation of each window (V8's sampling heap profiler, the
// objects young and old collections freed included) and writes <file>.<n>.heapprofile at its
// report: what the window allocated, by function, for the collections its blocks hold.
// Over the IPC channel of the parent: { type: 'loop-reset' } starts a measured window (answered
// with 'loop-reset-done'); { type: 'loop-report' } ends it (answered with the window's figures, ms).

import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

/** A GC entry's kind and flags in words, so a long pause names its sort (and why V8 ran it). */
function describeGc(detail) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking step',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  const flagNames = [
    [constants.NODE_PERFORMANCE_GC_FLAGS_FORCED, 'forced'],
    [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_EXTERNAL_MEMORY, 'external memory'],
    [constants.NODE_PERFORMANCE_GC_FLAGS_ALL_AVAILABLE_GARBAGE, 'all available garbage'],
    [constants.NODE_PERFORMANCE_GC_FLAGS_SYNCHRONOUS_PHANTOM_PROCESSING, 'synchronous phantom'],
    [constants.NODE_PERFORMANCE_GC_FLAGS_CONSTRUCT_RETAINED, 'construct retained'],
    [constants.NODE_PERFORMANCE_GC_FLAGS_SCHEDULE_IDLE, 'idle'],
  ];
  const flags = flagNames.filter(([bit]) => (detail?.flags ?? 0) & bit).map(([, name]) => name);
  return `${kinds[detail?.kind] ?? `kind ${detail?.kind}`}${flags.length > 0 ? ` (${flags.join(', ')})` : ''}`;
}

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (nanoseconds) => nanoseconds / 1e6;

  /** Blocks longer than this are kept with the epoch ms they ended at. */
  const keepBlocksOverMs = 10;
  let blocks = [];
  let last = performance.now();
  // The process's CPU over each block (every thread: the main one and V8's GC helpers): well under
  // the block's length, the pinned core was given to another process for the rest.
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    const gap = now - last - 1;
    if (gap > keepBlocksOverMs) {
      const cpuMs = (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000;
      blocks.push({ endedAt: Date.now(), ms: gap, from: last, to: now, cpuMs });
    }
    last = now;
    lastCpu = cpu;
  }, 1).unref();

  /** byKind: each sort's count and total ms, so a change to the young generation's size shows in fewer or more major collections. */
  const freshGc = () => ({ count: 0, totalMs: 0, maxMs: 0, longest: [], byKind: {} });
  let gc = freshGc();
  /**
   * Every GC pause of the window (performance.now() start and end): a block's share of reported
   * pauses says how much of it was the collector's atomic work and how much JS (or the collector's
   * unreported marking steps). Capped: a window of a few minutes has a few hundred.
   */
  let pauses = [];
  const maxPauses = 20_000;
  /** A block's reported GC pauses: their total ms within it. */
  const gcWithin = ({ from, to }) => {
    let total = 0;
    for (const pause of pauses) {
      const overlap = Math.min(to, pause.end) - Math.max(from, pause.start);
      if (overlap > 0) total += overlap;
    }
    return total;
  };
  const mb = (bytes) => Math.round(bytes / 2 ** 20);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      if (pauses.length < maxPauses)
        pauses.push({ start: entry.startTime, end: entry.startTime + entry.duration });
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
      const kind = describeGc({ kind: entry.detail?.kind });
      gc.byKind[kind] ??= { count: 0, totalMs: 0 };
      const sort = gc.byKind[kind];
      sort.count += 1;
      sort.totalMs += entry.duration;
      // The longest pauses with their sort and the heap after them: a long one's cause (a full
      // mark-compact of a grown old space, external memory) is then read from the bench's output.
      // The heap is read when the observer runs (just after the pause, entries come in batches).
      if (entry.duration > 10) {
        const heap = v8.getHeapStatistics();
        gc.longest.push({
          ms: entry.duration,
          endedAt: performance.timeOrigin + entry.startTime + entry.duration,
          what: describeGc(entry.detail),
          heapMb: mb(heap.used_heap_size),
          externalMb: mb(heap.external_memory ?? process.memoryUsage().external),
        });
        gc.longest.sort((a, b) => b.ms - a.ms);
        gc.longest.length = Math.min(gc.longest.length, 5);
      }
    }
  }).observe({ entryTypes: ['gc'] });

  const heapFile = process.env.BENCH_PROBE_HEAP;
  const heapSession = heapFile ? new Session() : null;
  heapSession?.connect();
  let heapSampling = false;
  let heapWindows = 0;
  /** Starts sampling a window's allocations (every 16 KB allocated, a sample). */
  const startHeapSampling = async () => {
    if (!heapSession) return;
    if (heapSampling) await heapSession.post('HeapProfiler.stopSampling');
    await heapSession.post('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    heapSampling = true;
  };
  const writeHeapSampling = async () => {
    if (!heapSession || !heapSampling) return;
    heapSampling = false;
    const { profile } = await heapSession.post('HeapProfiler.stopSampling');
    heapWindows += 1;
    writeFileSync(`${heapFile}.${heapWindows}.heapprofile`, JSON.stringify(profile));
  };

  process.on('message', async (message) => {
    if (message?.type === 'loop-reset') {
      await startHeapSampling();
      histogram.reset();
      blocks = [];
      gc = freshGc();
      pauses = [];
      process.send?.({ type: 'loop-reset-done' });
    } else if (message?.type === 'loop-report') {
      await writeHeapSampling();
      if (process.env.BENCH_PROBE_BLOCKS) {
        // performance.now() against the monotonic clock in microseconds, read together.
        const monotonicUs = Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000;
        const lines = blocks.map((block) =>
          JSON.stringify({
            fromUs: Math.round(monotonicUs + block.from * 1000),
            toUs: Math.round(monotonicUs + block.to * 1000),
            ms: block.ms,
            endedAt: block.endedAt,
            gcMs: gcWithin(block),
          }),
        );
        appendFileSync(process.env.BENCH_PROBE_BLOCKS, lines.map((line) => `${line}\n`).join(''));
      }
      process.send?.({
        type: 'loop-report',
        maxMs: ms(histogram.max),
        p99Ms: ms(histogram.percentile(99)),
        meanMs: ms(histogram.mean),
        samples: histogram.count,
        longest: [...blocks]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 10)
          .map((block) => ({
            endedAt: block.endedAt,
            ms: block.ms,
            gcMs: gcWithin(block),
            cpuMs: block.cpuMs,
          })),
        gc,
      });
    }
  });
  // The channel must not keep the server alive once it has closed everything else.
  process.channel?.unref();
}
