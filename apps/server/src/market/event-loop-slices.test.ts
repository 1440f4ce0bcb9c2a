import { describe, expect, it } from 'vitest';
import { inForeground, sliceCheckpoint } from './event-loop-slices.ts';

/** Busy work that never yields by itself, as a loop over synchronous SQLite reads does. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Burns the loop on purpose.
  }
}

describe('background work in slices', () => {
  it('lets a waiting request run within a slice or two, not after the whole loop', async () => {
    const checkpoint = sliceCheckpoint(8);
    let answeredAt: number | null = null;
    const startedAt = performance.now();
    setImmediate(() => {
      answeredAt = performance.now();
    });
    for (let item = 0; item < 100; item += 1) {
      await checkpoint();
      spin(2);
    }
    const finishedAt = performance.now();
    expect(answeredAt).not.toBeNull();
    // The loop ran ~200 ms; the waiting callback ran after its first slice.
    expect((answeredAt ?? finishedAt) - startedAt).toBeLessThan((finishedAt - startedAt) / 2);
  });

  it('costs no turn of the loop while a slice lasts', () => {
    const checkpoint = sliceCheckpoint(1_000);
    expect(checkpoint()).toBeUndefined();
  });
});

describe('background work beside a fan-out (inForeground)', () => {
  /** A background loop of `items` 2 ms steps; resolves with the instant each slice started. */
  async function background(items: number): Promise<number[]> {
    const checkpoint = sliceCheckpoint(8);
    const slicesAt: number[] = [performance.now()];
    for (let item = 0; item < items; item += 1) {
      const waited = checkpoint();
      if (waited) {
        await waited;
        slicesAt.push(performance.now());
      }
      spin(2);
    }
    return slicesAt;
  }

  /** A fan-out of `slices` 6 ms slices with a turn of the loop between them; resolves when it ends. */
  function fanOut(slices: number): Promise<number> {
    return inForeground(async () => {
      for (let slice = 0; slice < slices; slice += 1) {
        spin(6);
        await new Promise((resolve) => setImmediate(resolve));
      }
      return performance.now();
    });
  }

  it('holds a background loop between its slices until the fan-out has ended, then lets it go on', async () => {
    const looping = background(40);
    const fannedAt = await fanOut(30);
    const slicesAt = await looping;
    // Its first slice ran before the fan-out began; every later one after the fan-out had ended.
    expect(slicesAt.length).toBeGreaterThan(5);
    for (const at of slicesAt.slice(1)) expect(at).toBeGreaterThanOrEqual(fannedAt);
  });

  it('takes turns with the fan-out when nothing is in the foreground (the same loop without inForeground)', async () => {
    const looping = background(40);
    let fannedAt = 0;
    for (let slice = 0; slice < 30; slice += 1) {
      spin(6);
      await new Promise((resolve) => setImmediate(resolve));
    }
    fannedAt = performance.now();
    const slicesAt = await looping;
    expect(slicesAt.slice(1).some((at) => at < fannedAt)).toBe(true);
  });

  it('does not wait on a foreground run that lasts longer than maxBackgroundWaitMs', async () => {
    let release: () => void = () => {};
    const stuck = inForeground(() => new Promise<void>((resolve) => (release = resolve)));
    const startedAt = performance.now();
    const slicesAt = await background(10);
    release();
    await stuck;
    expect(slicesAt.length).toBeGreaterThan(1);
    expect(performance.now() - startedAt).toBeLessThan(10_000);
  }, 15_000);
});
