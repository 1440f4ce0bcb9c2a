// How the page benchmarks that scroll (favorite-page, seven-eleven-page) drive a scroll and judge
// its frames, and the floor beside which their figures are read.
//
// Why frames are judged by the compositor and not by requestAnimationFrame: DevTools' CPU throttle
// (Emulation.setCPUThrottlingRate) slows the renderer's main thread on Linux by signalling it every
// 200 µs and busy-spinning in the signal handler three times as long as the thread last ran, idle
// or not. A throttled renderer with an empty page burns ~60% of a core doing nothing (measured:
// 3 CPU-s in 5 s), which on this two-core machine is taken from the compositor, display and raster
// threads. A trivial page of static rows, scrolled the same way, then shows a requestAnimationFrame
// interval p95 of 33.3 ms (5% of main-thread frames skipped) while Chromium's own frame reporter
// says every frame the scroll needed was presented: the compositor scrolls the page without the
// main thread, and skips main-thread frames that have nothing to show (and a rAF loop recording
// frames makes every frame a main-thread frame that has to be skipped or not). So the figure is
// the compositor's: each vsync of the scroll is presented, dropped, partially presented (the
// compositor drew but a main-thread update the page asked for, such as rows being mounted, missed
// the vsync), or had nothing to update; a frame's time is how long the user waited for it, one vsync plus the
// dropped or partial vsyncs before it. The page runs no recorder of its own.
//
// The floor (scrollFloor) is the same driving and the same judging on a static page of equal
// height in the same browser: what the bench environment costs before the app does anything.
//
// BENCH_SCROLL_PROFILE=1 adds a performance trace and a JS CPU profile of the same scroll and prints
// the renderer main thread's self time by trace event (script, style, layout, paint…), its longest
// tasks and JS self time by function, so a slow frame can be traced to its cause;
// BENCH_SCROLL_TRACE=<folder> also writes each traced scroll there, for DevTools.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { servePage } from './browser-page.mjs';
import { percentile } from './server.mjs';

export const FRAME_MS = 1000 / 60;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Chromium's frame reporter (PipelineReporter) is in these; they cost little to record. */
const frameCategories = ['benchmark'];
const profileCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
];

async function touch(cdp, type, points) {
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 })),
  });
}

/**
 * One finger dragging from `fromY` to `toY` over `ms`, a touchmove every 16.7 ms as a 60 Hz touch
 * screen reports them (each sent once the previous one was handled, a late one not delaying the
 * next), then lifted: the page scrolls by the drag and flings on.
 */
export async function drag(cdp, fromY, toY, ms) {
  await touch(cdp, 'touchStart', [[187, fromY]]);
  const startedAt = performance.now();
  for (let move = 1; ; move += 1) {
    const t = Math.min(1, (performance.now() - startedAt) / ms);
    await touch(cdp, 'touchMove', [[187, fromY + (toY - fromY) * t]]);
    if (t >= 1) break;
    // On the 60 Hz schedule of the first move, not 16.7 ms after the last one was handled.
    await sleep(Math.max(0, startedAt + move * FRAME_MS - performance.now()));
  }
  await touch(cdp, 'touchEnd', []);
}

/** The renderer main threads of a trace, as "pid:tid". */
function rendererMains(events) {
  return events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
}

/** Of a vsync's reports, the one that tells the user's experience: dropped, then partial, then presented. */
const severity = {
  STATE_DROPPED: 3,
  STATE_PRESENTED_PARTIAL: 2,
  STATE_PRESENTED_ALL: 1,
  STATE_NO_UPDATE_DESIRED: 0,
};

/**
 * The page's vsyncs from Chromium's frame reporter, in order: for each, what the user got —
 * 'presented', 'late' (dropped, or presented without the main-thread update the page asked for),
 * or 'idle' (nothing to update).
 */
export function vsyncsOf(events) {
  const renderers = new Set(rendererMains(events).map((event) => event.pid));
  const bySequence = new Map();
  for (const event of events) {
    if (event.name !== 'PipelineReporter' || event.ph !== 'b' || !renderers.has(event.pid)) continue;
    const report = event.args?.frame_reporter;
    if (!report) continue;
    const key = `${event.pid}:${report.frame_sequence}`;
    const previous = bySequence.get(key);
    const rank = severity[report.state] ?? 0;
    // A partial frame is counted as late whatever Chromium's smoothness flags say: the compositor
    // drew, but main-thread work the page asked for in that vsync (rows to mount, a figure to show)
    // missed it, and that is the work the budget is about.
    const late = report.state === 'STATE_DROPPED' || report.state === 'STATE_PRESENTED_PARTIAL';
    const state = late ? 'late' : rank > 0 ? 'presented' : 'idle';
    if (!previous || rank > previous.rank) bySequence.set(key, { ts: event.ts, rank, state, pid: event.pid });
  }
  // One page: the renderer with the most vsyncs that showed something.
  const counts = new Map();
  for (const vsync of bySequence.values())
    if (vsync.state !== 'idle') counts.set(vsync.pid, (counts.get(vsync.pid) ?? 0) + 1);
  const page = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return [...bySequence.values()].filter((vsync) => vsync.pid === page).sort((a, b) => a.ts - b.ts);
}

/**
 * Frame times (ms) as the user waited for them: one vsync for each presented frame plus the late
 * vsyncs just before it; late vsyncs at the end with no frame after them count as one frame.
 */
export function frameTimes(vsyncs) {
  const times = [];
  let waited = 0;
  for (const vsync of vsyncs) {
    if (vsync.state === 'late') waited += 1;
    else if (vsync.state === 'presented') {
      times.push((waited + 1) * FRAME_MS);
      waited = 0;
    } else if (waited > 0) {
      times.push(waited * FRAME_MS);
      waited = 0;
    }
  }
  if (waited > 0) times.push(waited * FRAME_MS);
  return times;
}

/** The frame figures of a scroll: p50 / p95 / max frame time and the vsyncs by outcome. */
export function frameFigures(vsyncs) {
  const times = frameTimes(vsyncs).sort((a, b) => a - b);
  const count = (state) => vsyncs.filter((vsync) => vsync.state === state).length;
  return {
    frames: times.length,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? Number.NaN,
    presented: count('presented'),
    late: count('late'),
    idle: count('idle'),
  };
}

/** One line for a benchmark's detail. */
export const describeFrames = (figures) =>
  `${figures.frames} frames, p50 ${figures.p50.toFixed(1)} / p95 ${figures.p95.toFixed(1)} / max ${figures.max.toFixed(1)} ms ` +
  `(vsyncs: ${figures.presented} presented, ${figures.late} dropped or missing content, ${figures.idle} with nothing to update)`;

/** The complete events of the page's renderer main thread, in order, outer ones first. */
function mainThreadSpans(events) {
  const main = rendererMains(events).at(-1);
  if (!main) return [];
  return events
    .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid && event.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/**
 * The main thread's CPU time (ms, the top-level tasks' thread time) over the scroll: not stretched
 * by other processes waiting for the cores, so runs on a loaded machine compare. The throttle's
 * busy-spin inside a task counts in it (about 4× the work at 4× CPU), so it compares runs; it is
 * not a figure to set beside the 16.7 ms budget.
 */
function mainThreadCpu(spans) {
  let cpu = 0;
  let end = 0;
  for (const span of spans) {
    if (span.ts < end) continue;
    end = span.ts + span.dur;
    cpu += (span.tdur ?? span.dur) / 1000;
  }
  return cpu;
}

/** The longest top-level tasks of the main thread, each with its children's self time by name. */
function longestTasks(spans, count) {
  const tasks = [];
  let current = null;
  const stack = [];
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= span.ts) stack.pop();
    if (stack.length === 0) {
      current = { dur: span.dur, tdur: span.tdur ?? 0, self: new Map() };
      tasks.push(current);
    }
    const parent = stack.at(-1);
    if (parent) current.self.set(parent.name, (current.self.get(parent.name) ?? 0) - span.dur);
    current.self.set(span.name, (current.self.get(span.name) ?? 0) + span.dur);
    stack.push(span);
  }
  return tasks
    .sort((a, b) => b.dur - a.dur)
    .slice(0, count)
    .map(
      (task) =>
        `${(task.dur / 1000).toFixed(0)} ms (${(task.tdur / 1000).toFixed(0)} CPU): ${[...task.self.entries()]
          .filter(([, us]) => us >= 1000)
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([name, us]) => `${name} ${(us / 1000).toFixed(0)}`)
          .join(', ')}`,
    );
}

/** Self time (ms) of each trace event name on the renderer's main thread, largest first. */
function traceSelfTimes(spans) {
  const self = new Map();
  const stack = [];
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= span.ts) stack.pop();
    const parent = stack.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - span.dur);
    self.set(span.name, (self.get(span.name) ?? 0) + span.dur);
    stack.push(span);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]).map(([name, us]) => [name, us / 1000]);
}

/** Self time (ms) of each JS function in a CPU profile, largest first. */
function functionSelfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map();
  profile.samples.forEach((id, index) => {
    const frame = byId.get(id)?.callFrame;
    const key = frame?.url
      ? `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`
      : (frame?.functionName ?? '?');
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function printProfile(label, events, profile, frames) {
  const ms = ([name, value]) => `${name} ${value.toFixed(0)}`;
  const spans = mainThreadSpans(events);
  const cpu = mainThreadCpu(spans);
  console.log(
    `${label}: longest main-thread tasks (wall, thread CPU):\n  ${longestTasks(spans, 10).join('\n  ')}`,
  );
  console.log(
    `${label}: main-thread CPU ${cpu.toFixed(0)} ms over ${frames} frames = ${(cpu / frames).toFixed(2)} ms a frame (thread time of the throttled thread, its spin included: compare runs, not with the 16.7 ms budget)`,
  );
  console.log(
    `${label}: main-thread self time by trace event (ms): ${traceSelfTimes(spans).slice(0, 14).map(ms).join('; ')}`,
  );
  console.log(
    `${label}: JS self time by function (ms):\n  ${functionSelfTimes(profile).slice(0, 25).map(ms).join('\n  ')}`,
  );
}

/**
 * Runs `work` (the scroll) under a Chromium trace and resolves to `{ result, frames }`: work's
 * answer and the frame figures of the vsyncs during it (frameFigures). With BENCH_SCROLL_PROFILE set
 * it also prints what the main thread did.
 */
export async function traceScroll(cdp, label, work) {
  const profiling = Boolean(process.env.BENCH_SCROLL_PROFILE);
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: profiling ? [...frameCategories, ...profileCategories] : frameCategories,
      recordMode: 'recordContinuously',
    },
    transferMode: 'ReportEvents',
  });
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
  }
  const result = await work();
  const profile = profiling ? (await cdp.send('Profiler.stop')).profile : null;
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const frames = frameFigures(vsyncsOf(events));
  if (profile) printProfile(label, events, profile, frames.frames);
  // BENCH_SCROLL_TRACE=<folder> keeps each traced scroll as a file DevTools' Performance panel opens.
  const keep = process.env.BENCH_SCROLL_TRACE;
  if (keep)
    writeFileSync(
      path.join(keep, `${label.replace(/\W+/g, '-')}.json`),
      JSON.stringify({ traceEvents: events }),
    );
  return { result, frames };
}

/** The flicks of the /favorite scroll: down through the list, then back up. */
export const downAndUp = [
  [700, 150],
  [700, 150],
  [700, 150],
  [700, 150],
  [150, 700],
  [150, 700],
];

/**
 * The floor: a page of `rows` static rows of `rowHeight` px (the height of the scrolled list, in
 * text like the app's), scrolled in a new tab of `context` with the same CPU throttle by `scroll`
 * (given the tab and its CDP session) and judged like the app's scroll.
 */
export async function scrollFloor(context, { rows, rowHeight, rate = 4 }, scroll) {
  const html =
    '<!doctype html><html lang="zh-CN"><head><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<style>body{margin:0;font:15px sans-serif}.r{height:${rowHeight}px;box-sizing:border-box;padding:8px 12px;border-bottom:1px solid #eee;display:flex;justify-content:space-between}</style>` +
    `</head><body>${Array.from({ length: rows }, (_, index) => `<div class="r"><span>贵州茅台 ${index}</span><span>1688.00</span><span>+1.23%</span></div>`).join('')}</body></html>`;
  const page = await servePage(html);
  const tab = await context.newPage();
  try {
    const cdp = await context.newCDPSession(tab);
    await tab.goto(page.url);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await sleep(500);
    const { frames } = await traceScroll(cdp, 'floor', () => scroll(tab, cdp));
    return frames;
  } finally {
    await tab.close();
    page.close();
  }
}
