import { describe, expect, it } from 'vitest';
import { sliceCheckpoint } from './event-loop-slices.ts';

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
