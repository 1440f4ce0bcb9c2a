import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowFonts } from './flow-draw.ts';

interface Recorded {
  measured: string[];
  drawn: { font: string; text: string }[];
  /** The canvas's width each time a pixel was read back (the draw made to rasterise). */
  readBackWidths: number[];
}

/** A 2D context that records the fonts it measures and draws with, and its pixel read-backs. */
function recordingContext(canvas: HTMLCanvasElement, recorded: Recorded): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { font: '' };
  return new Proxy({} as CanvasRenderingContext2D, {
    get: (_target, key) => {
      if (key === 'measureText')
        return (text: string) => {
          recorded.measured.push(String(state.font));
          return { width: text.length } as TextMetrics;
        };
      if (key === 'fillText')
        return (text: string) => recorded.drawn.push({ font: String(state.font), text });
      if (key === 'getImageData') return () => recorded.readBackWidths.push(canvas.width);
      if (key in state) return state[key];
      return () => {};
    },
    set: (_target, key, value) => {
      state[key] = value;
      return true;
    },
  });
}

let idleTasks: Map<number, () => void>;
let recorded: Recorded;

/** Runs the one task waiting for the browser to be idle; false when none waits. */
function runIdleSlice(): boolean {
  const [handle, task] = [...idleTasks.entries()][0] ?? [];
  if (handle === undefined || !task) return false;
  idleTasks.delete(handle);
  task();
  return true;
}

/** The module afresh: it warms once per page load. */
async function loadWarmUp() {
  vi.resetModules();
  return (await import('./flow-warm-up.ts')).warmFlowChart;
}

beforeEach(() => {
  idleTasks = new Map();
  let handles = 0;
  vi.stubGlobal('requestIdleCallback', (task: () => void) => {
    handles += 1;
    idleTasks.set(handles, task);
    return handles;
  });
  vi.stubGlobal('cancelIdleCallback', (handle: number) => idleTasks.delete(handle));
  recorded = { measured: [], drawn: [], readBackWidths: [] };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    return recordingContext(this, recorded) as unknown as ReturnType<HTMLCanvasElement['getContext']>;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('warmFlowChart', () => {
  it('resolves both chart fonts, then draws sample charts at the card’s pixels, one idle slice each', async () => {
    const warmFlowChart = await loadWarmUp();
    const onFinished = vi.fn();
    const ratio = 646 / 1800;
    warmFlowChart(ratio, onFinished);
    // Nothing runs in the caller's task: the page is rendering its skeleton.
    expect(recorded.measured).toEqual([]);

    expect(runIdleSlice()).toBe(true);
    expect([...recorded.measured].sort()).toEqual([flowFonts.name, flowFonts.value].sort());
    expect(recorded.drawn).toEqual([]);

    let slices = 0;
    while (runIdleSlice()) {
      slices += 1;
      // Each slice draws one chart and reads a pixel back, so the glyphs are rasterised in it.
      expect(recorded.readBackWidths).toHaveLength(slices);
    }
    expect(slices).toBeGreaterThanOrEqual(2);
    expect(new Set(recorded.readBackWidths)).toEqual(new Set([646]));
    // The fixed names of the statement layouts, in the names' font, and amounts and changes in theirs.
    const names = recorded.drawn.filter(({ font }) => font === flowFonts.name).map(({ text }) => text);
    expect(names).toEqual(expect.arrayContaining(['营业总收入', '净利润', '资产总计', '货币资金']));
    const amounts = recorded.drawn.filter(({ font }) => font === flowFonts.value).map(({ text }) => text);
    expect(amounts.some((text) => text.includes('亿'))).toBe(true);
    expect(amounts.some((text) => text.includes('▲'))).toBe(true);
    expect(amounts.some((text) => text.includes('▼'))).toBe(true);
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.lastCall?.[0]).toBeGreaterThanOrEqual(0);
  });

  it('stops at the slice it is in when cancelled (the data has come)', async () => {
    const warmFlowChart = await loadWarmUp();
    const onFinished = vi.fn();
    const cancel = warmFlowChart(0.5, onFinished);
    runIdleSlice();
    runIdleSlice();
    expect(recorded.readBackWidths).toEqual([900]);
    cancel();
    expect(runIdleSlice()).toBe(false);
    expect(recorded.readBackWidths).toEqual([900]);
    expect(onFinished).not.toHaveBeenCalled();
    // Cancelled before it was done, it warms afresh the next time the page waits for data.
    warmFlowChart(0.5);
    expect(idleTasks.size).toBe(1);
  });

  it('warms once per page load', async () => {
    const warmFlowChart = await loadWarmUp();
    warmFlowChart(0.5);
    while (runIdleSlice()) {
      // every slice
    }
    const drawnBefore = recorded.drawn.length;
    const onFinished = vi.fn();
    warmFlowChart(0.5, onFinished);
    expect(idleTasks.size).toBe(0);
    expect(onFinished).toHaveBeenCalledWith(0);
    expect(recorded.drawn).toHaveLength(drawnBefore);
  });
});
