// What a scroll's frames cost, for the page benchmarks that scroll (favorite-page, seven-eleven-page):
// with BENCH_SCROLL_PROFILE=1 the scroll runs under a Chromium performance trace and a JS CPU
// profile (both through CDP), and the renderer main thread's self time is printed by trace event
// (script, style, layout, paint…) and by JS function, so a slow frame can be traced to its cause.
// Without it the scroll runs untouched: tracing costs time of its own.
import path from 'node:path';

const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'];

/** The complete events of the renderer's main thread, in order, outer ones first. */
function mainThreadSpans(events) {
  const main = events.find(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  if (!main) return [];
  return events
    .filter((event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid && event.dur)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
}

/**
 * The main thread's CPU time (ms, the top-level tasks' thread time) over the scroll: not stretched
 * by other processes waiting for the cores, so runs on a loaded machine compare. The 4x throttle's
 * pauses count in it, so it is not a figure to set beside the 16.7 ms budget.
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
      current = { dur: span.dur, name: span.name, self: new Map() };
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
        `${(task.dur / 1000).toFixed(0)} ms: ${[...task.self.entries()]
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

/** Runs `work` (the scroll) and, when BENCH_SCROLL_PROFILE is set, prints what its frames cost. */
export async function profileScroll(cdp, label, work, frames = (result) => result.intervals.length) {
  if (!process.env.BENCH_SCROLL_PROFILE) return work();
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: categories, recordMode: 'recordContinuously' },
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const ms = ([name, value]) => `${name} ${value.toFixed(0)}`;
  const spans = mainThreadSpans(events);
  const cpu = mainThreadCpu(spans);
  const drawn = frames(result);
  const timed = spans.filter((span) => span.tdur !== undefined).length;
  console.log(`${label}: ${spans.length} main-thread events, ${timed} with thread time`);
  console.log(`${label}: longest main-thread tasks:\n  ${longestTasks(spans, 10).join('\n  ')}`);
  console.log(
    `${label}: main-thread CPU ${cpu.toFixed(0)} ms over ${drawn} frames = ${(cpu / drawn).toFixed(2)} ms a frame (thread time of the throttled thread: compare runs, not with the 16.7 ms budget)`,
  );
  console.log(
    `${label}: main-thread self time by trace event (ms): ${traceSelfTimes(spans).slice(0, 14).map(ms).join('; ')}`,
  );
  console.log(
    `${label}: JS self time by function (ms):\n  ${functionSelfTimes(profile).slice(0, 25).map(ms).join('\n  ')}`,
  );
  return result;
}
