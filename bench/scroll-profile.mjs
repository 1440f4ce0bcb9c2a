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
// the compositor's: each vsync of the scroll is presented, late, or had nothing to update, and a
// frame's time is how long the user waited for it, one vsync plus the late vsyncs before it. The
// page runs no recorder of its own.
//
// Which vsyncs are late (judge): those where the page's own main-thread update missed the vsync —
// dropped or partially presented while a main-thread frame changing the page's style or layout
// (rows being mounted, a figure updated) was in flight, or with content the main thread had not yet
// recorded. Not late: a partial vsync whose main-thread frame only re-recorded paint and committed
// the scroll offset the compositor had already drawn (every partial vsync of the static floor page
// is one), and a vsync the compositor dropped with no page update due — on this shared two-core
// machine the compositor, raster and display threads starve beside the throttle's busy-spin, which
// a phone's own cores would not; those are printed ('missed') beside the floor's so an app whose
// compositor drops far more than the floor's still shows.
//
// How the finger is driven (drag): each touch carries its own timestamp on a 60 Hz schedule and is
// sent on it without waiting for the previous one, as a phone's touch screen stamps samples in
// hardware; drag says what unstamped, awaited touches did to the flings.
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

/**
 * Chromium's frame reporter (PipelineReporter) and main-thread frames are in 'benchmark', each
 * thread's tasks with their thread time in 'toplevel'; they cost little to record.
 */
const frameCategories = ['benchmark', 'toplevel'];
const profileCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'v8.execute',
];

/**
 * One touch event as a touch screen reports it: `atMs` is when the finger was there (on the
 * performance.now() clock of this process), passed to Chromium as the event's own timestamp.
 */
function touch(cdp, type, points, atMs) {
  return cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id, radiusX: 1, radiusY: 1, force: 1 })),
    timestamp: (performance.timeOrigin + atMs) / 1000,
  });
}

/**
 * One finger dragging from `fromY` to `toY` over `ms`, a touchmove every 16.7 ms as a 60 Hz touch
 * screen reports them, then lifted one sample later: the page scrolls by the drag and flings on.
 *
 * Why each touch carries its own timestamp and is sent on the schedule without waiting for the one
 * before it to be handled: a phone's touch screen stamps each sample in hardware and the compositor
 * computes the fling's velocity from those stamps, whatever the page's main thread is doing. A CDP
 * touch without a timestamp is stamped when the browser processes it, and Input.dispatchTouchEvent
 * answers only once the renderer has acknowledged the event; awaiting each one (as this bench did)
 * bunched the moves behind a busy main thread and put the lift long after the last move, so the
 * velocity tracker saw a finger that had stopped: measured on a static 400-row page (5 flicks of
 * 400 px in 150 ms each, fling distance after the lift), unstamped and awaited touches flung 0, 0,
 * 490, 80 and 540 px idle, and 0, 0, 0, 60, 0 px with 30 ms of main-thread work every 60 ms; stamped
 * touches on the schedule flung 1,300–1,350 px every time, idle, busy, and at 4× CPU alike.
 * Input.synthesizeScrollGesture (touch, preventFling false) did not scroll headless Chromium at all.
 */
export async function drag(cdp, fromY, toY, ms) {
  const moves = Math.max(1, Math.round(ms / FRAME_MS));
  const startedAt = performance.now();
  const sampleAt = (sample) => startedAt + sample * FRAME_MS;
  // Each touch's failure is kept and thrown at the end, not left unhandled while the next waits.
  const sent = [];
  const send = (type, points, sample) =>
    sent.push(
      touch(cdp, type, points, sampleAt(sample)).then(
        () => null,
        (error) => error,
      ),
    );
  send('touchStart', [[187, fromY]], 0);
  for (let move = 1; move <= moves + 1; move += 1) {
    await sleep(Math.max(0, sampleAt(move) - performance.now()));
    if (move <= moves) send('touchMove', [[187, fromY + ((toY - fromY) * move) / moves]], move);
    else send('touchEnd', [], move);
  }
  const failed = (await Promise.all(sent)).find(Boolean);
  if (failed) throw failed;
}

/** The renderer main threads of a trace, as "pid:tid". */
function rendererMains(events) {
  return events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
}

/** Of a vsync's reports, the one that tells the user's experience: late, then presented, then idle. */
const rankOf = { late: 2, presented: 1, idle: 0 };

/**
 * The main-thread frames of a trace (Chromium's SendBeginMainFrameToCommit stages), each with its
 * renderer, when it was sent and committed, and whether the page's style or layout changed in it.
 */
function mainFramesOf(events) {
  const begun = new Map();
  const frames = [];
  for (const event of events) {
    if (event.name !== 'SendBeginMainFrameToCommit' || !event.id2) continue;
    const key = `${event.pid}:${event.id2.local}`;
    if (event.ph === 'b') begun.set(key, event);
    else if (event.ph === 'e' && begun.has(key)) {
      const start = begun.get(key);
      begun.delete(key);
      const breakdown = start.args?.send_begin_mainframe_to_commit_breakdown ?? {};
      frames.push({
        pid: event.pid,
        from: start.ts,
        to: event.ts,
        pageChanged: (breakdown.style_update_us ?? 0) > 0 || (breakdown.layout_update_us ?? 0) > 0,
        breakdown,
      });
    }
  }
  return frames;
}

/**
 * What one frame report of a vsync tells, as { state, partial, missed }:
 *
 * - 'late' when the page's own main-thread update missed the vsync: the report was dropped or
 *   presented partially (the compositor drew the scroll without the main thread's frame) while the
 *   main-thread frame in flight (or the next one sent) changed the page's style or layout (rows
 *   being mounted, a figure updated), or Chromium saw a main-thread animation, input handled on the
 *   main thread, or content not yet recorded by the main thread's paint. A partial report with no
 *   main-thread frame found counts as late too.
 * - 'presented' with `partial` when the main-thread frame the compositor went ahead of only
 *   re-recorded paint and committed the scroll offset it had already drawn: nothing the user would
 *   see was late. Measured on the static floor page (100 px rows, 40 flicks at 4× CPU), all 111
 *   partial vsyncs were of that kind (no style or layout; paint 11 ms p50 / 43 ms max throttled,
 *   recording rows the scroll brought near), which a phone does too.
 * - 'presented' with `missed` when the compositor itself dropped a vsync of a moving scroll (or
 *   lacked raster) while no update of the page was due: the compositor, raster and display threads
 *   starved of CPU on this shared two-core machine beside the throttled main thread's busy-spin; a
 *   phone gives them cores of their own. Counted in the detail beside the floor's, not in the figure.
 * - 'idle' for nothing to update, and for a dropped vsync while nothing moved and nothing was due
 *   (it looks the same as one drawn; 143 of 264 dropped vsyncs on the floor page at load 10).
 */
function judge(report, ts, mainFrames) {
  const dropped = report.state === 'STATE_DROPPED';
  const partial = report.state === 'STATE_PRESENTED_PARTIAL';
  if (!dropped && !partial)
    return {
      state: report.state === 'STATE_PRESENTED_ALL' ? 'presented' : 'idle',
      partial: false,
      missed: false,
    };
  // The main-thread frame the vsync went without: the one in flight, or else the next one sent (the
  // compositor defers sending it while the previous one's raster and activation are pending).
  const ofPage = mainFrames.filter((frame) => frame.pid === report.pid && ts <= frame.to);
  const awaited = ofPage.find((frame) => frame.from <= ts) ?? ofPage.find((frame) => frame.from > ts);
  const pageLate =
    report.has_main_animation ||
    report.has_smooth_input_main ||
    report.checkerboarded_needs_record ||
    (awaited ? awaited.pageChanged : partial);
  if (pageLate) return { state: 'late', partial: false, missed: false, awaited };
  if (partial)
    return { state: 'presented', partial: !report.has_missing_content, missed: report.has_missing_content };
  const moving = report.affects_smoothness || report.has_missing_content;
  return { state: moving ? 'presented' : 'idle', partial: false, missed: moving };
}

/**
 * The page's vsyncs from Chromium's frame reporter, in order, each judged (judge) by the worst of
 * its reports: 'presented' (possibly `partial` or `missed`), 'late', or 'idle'.
 */
export function vsyncsOf(events) {
  const renderers = new Set(rendererMains(events).map((event) => event.pid));
  const mainFrames = mainFramesOf(events);
  const bySequence = new Map();
  for (const event of events) {
    if (event.name !== 'PipelineReporter' || event.ph !== 'b' || !renderers.has(event.pid)) continue;
    const report = event.args?.frame_reporter;
    if (!report) continue;
    const key = `${event.pid}:${report.frame_sequence}`;
    const verdict = judge({ ...report, pid: event.pid }, event.ts, mainFrames);
    const previous = bySequence.get(key);
    const worse =
      !previous ||
      rankOf[verdict.state] > rankOf[previous.state] ||
      (verdict.state === previous.state && (verdict.missed || verdict.partial) && !previous.missed);
    if (worse) bySequence.set(key, { ts: event.ts, pid: event.pid, ...verdict });
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
    partial: vsyncs.filter((vsync) => vsync.partial).length,
    missed: vsyncs.filter((vsync) => vsync.missed).length,
    lateWork: lateWorkOf(vsyncs),
  };
}

/** The stages of a main-thread frame as Chromium breaks it down, by the names printed for them. */
const mainFrameStages = {
  'waiting to start': 'begin_main_sent_to_started_us',
  'input handlers': 'handle_input_events_us',
  'scroll events and rAF (script)': 'animate_us',
  style: 'style_update_us',
  layout: 'layout_update_us',
  prepaint: 'prepaint_us',
  paint: 'paint_us',
  commit: 'composite_commit_us',
};

/**
 * What the main-thread frames that late vsyncs waited for spent their time on: for each stage, the
 * p50 over those frames (ms, of the throttled thread as it ran, so a loaded machine stretches it).
 */
function lateWorkOf(vsyncs) {
  const frames = [...new Set(vsyncs.map((vsync) => vsync.awaited).filter(Boolean))];
  if (frames.length === 0) return null;
  const stages = Object.entries(mainFrameStages).map(([stage, key]) => {
    // Chromium writes an unsigned overflow for a stage it could not time; those are left out.
    const times = frames
      .map((frame) => frame.breakdown[key])
      .filter((us) => us !== undefined && us < 1e9)
      .map((us) => us / 1000)
      .sort((a, b) => a - b);
    return [stage, percentile(times, 50)];
  });
  return { frames: frames.length, stages };
}

/** One line for a benchmark's detail. */
export const describeFrames = (figures) =>
  `${figures.frames} frames, p50 ${figures.p50.toFixed(1)} / p95 ${figures.p95.toFixed(1)} / max ${figures.max.toFixed(1)} ms ` +
  `(vsyncs: ${figures.late} late by the page's main-thread update; ${figures.presented} presented, of them ` +
  `${figures.partial} ahead of a main-thread frame that only painted and committed the scroll and ` +
  `${figures.missed} missed by the starved compositor with no page update due, counted as presented; ` +
  `${figures.idle} with nothing to update)` +
  (figures.lateWork
    ? `; the ${figures.lateWork.frames} main-thread frames late vsyncs waited for, p50 ms by stage (throttled): ` +
      figures.lateWork.stages.map(([stage, ms]) => `${stage} ${ms.toFixed(1)}`).join(', ')
    : '') +
  (figures.mainThreadCpu === undefined
    ? ''
    : `; main-thread CPU ${figures.mainThreadCpu.toFixed(0)} ms = ${(figures.mainThreadCpu / figures.frames).toFixed(2)} ms a frame ` +
      '(thread time of the 4× throttled thread, its busy-spin included, about 4× the work)');

/** The complete events of the page's renderer main thread, in order, outer ones first. */
function mainThreadSpans(events, pid) {
  const main = rendererMains(events)
    .filter((event) => pid === undefined || event.pid === pid)
    .at(-1);
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
 * answer and the frame figures of the vsyncs during it (frameFigures, with the page's main-thread
 * CPU time over the scroll as mainThreadCpu, ms). With BENCH_SCROLL_PROFILE set
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
  const vsyncs = vsyncsOf(events);
  const frames = frameFigures(vsyncs);
  frames.mainThreadCpu = mainThreadCpu(mainThreadSpans(events, vsyncs[0]?.pid));
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
