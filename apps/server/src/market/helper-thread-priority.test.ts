import { readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import { describe, expect, it } from 'vitest';
import { helperThreadNice, lowerHelperThreadPriority } from './helper-thread-priority.ts';

const threadsOfProcess = () => readdirSync('/proc/self/task').map(Number);

describe('the helper threads yield the core to the event loop', () => {
  it("lowers every thread but the event loop's to nice 10, once", () => {
    const loopNice = getPriority(process.pid);
    const helpers = threadsOfProcess().filter((tid) => tid !== process.pid);
    // V8's platform workers at least: a Node process is never one thread.
    expect(helpers.length).toBeGreaterThan(0);

    const lowered = lowerHelperThreadPriority();

    expect(lowered).toBeGreaterThan(0);
    for (const tid of threadsOfProcess().filter((tid) => tid !== process.pid))
      expect(getPriority(tid)).toBeGreaterThanOrEqual(helperThreadNice);
    // The event loop keeps its priority: it is the thread the helpers now give way to.
    expect(getPriority(process.pid)).toBe(loopNice);
    // Nothing is left to lower.
    expect(lowerHelperThreadPriority()).toBe(0);
  });
});
