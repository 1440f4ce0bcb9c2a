// Preloaded into the server (`node --import bench/event-loop-probe.mjs apps/server/dist/server.js`)
// so a benchmark can measure how long the server's event loop is blocked without changing server
// code. perf_hooks.monitorEventLoopDelay samples every millisecond; its max is the longest time a
// timer was held up, i.e. the longest block (it also counts time the OS gave the core to another
// process, so on a busy machine it is an upper bound). For finding the cause it also keeps the
// longest blocks with the instant they ended (a 1 ms timer of its own) and the longest GC pause.
// Over the IPC channel of the parent: { type: 'loop-reset' } starts a measured window (answered
// with 'loop-reset-done'); { type: 'loop-report' } ends it (answered with the window's figures, ms).
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (nanoseconds) => nanoseconds / 1e6;

  /** Blocks longer than this are kept with the epoch ms they ended at. */
  const keepBlocksOverMs = 10;
  let blocks = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const gap = now - last - 1;
    if (gap > keepBlocksOverMs) blocks.push({ endedAt: Date.now(), ms: gap });
    last = now;
  }, 1).unref();

  let gc = { count: 0, totalMs: 0, maxMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.count += 1;
      gc.totalMs += entry.duration;
      gc.maxMs = Math.max(gc.maxMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  process.on('message', (message) => {
    if (message?.type === 'loop-reset') {
      histogram.reset();
      blocks = [];
      gc = { count: 0, totalMs: 0, maxMs: 0 };
      process.send?.({ type: 'loop-reset-done' });
    } else if (message?.type === 'loop-report') {
      process.send?.({
        type: 'loop-report',
        maxMs: ms(histogram.max),
        p99Ms: ms(histogram.percentile(99)),
        meanMs: ms(histogram.mean),
        samples: histogram.count,
        longest: [...blocks].sort((a, b) => b.ms - a.ms).slice(0, 10),
        gc,
      });
    }
  });
  // The channel must not keep the server alive once it has closed everything else.
  process.channel?.unref();
}
