import { describe, expect, it } from 'vitest';
import {
  animateSpring,
  handleReleaseCloses,
  type SpringState,
  sheetSpring,
  springSettled,
  stepSpring,
} from './spring.ts';

/** Frames the spec 2 §9 spring needs from `from` to `to`, with the largest overshoot seen. */
function run(from: number, to: number) {
  let state: SpringState = { position: from, velocity: 0 };
  let frames = 0;
  let overshoot = 0;
  while (!springSettled(state, to) && frames < 10_000) {
    state = stepSpring(state, to, sheetSpring);
    frames += 1;
    overshoot = Math.max(overshoot, (to - state.position) * Math.sign(to - from) * -1);
  }
  return { frames, overshoot, state };
}

describe('sheet spring (spec 2 §9: mass 1.8, tension 0.1, damping 0.6 per frame)', () => {
  it('uses the constants of the spec', () => {
    expect(sheetSpring).toEqual({ mass: 1.8, tension: 0.1, damping: 0.6 });
  });

  it('settles on the target within about a second at 60 fps', () => {
    const { frames, state } = run(1, 0);
    expect(frames).toBeGreaterThan(10);
    expect(frames).toBeLessThan(60);
    expect(Math.abs(state.position)).toBeLessThan(0.0005);
  });

  it('overshoots by a few percent at most (close to critical damping)', () => {
    expect(run(1, 0).overshoot).toBeLessThan(0.06);
    expect(run(0, 1).overshoot).toBeLessThan(0.06);
  });

  it('first moves slowly, then fast: the first frame covers a small part of the way', () => {
    const first = stepSpring({ position: 1, velocity: 0 }, 0);
    expect(first.position).toBeCloseTo(1 - 0.1 / 1.8, 10);
  });

  it('animates on frames, snaps to the target and reports rest once', () => {
    const frames: ((time: number) => void)[] = [];
    const positions: number[] = [];
    let rested = 0;
    animateSpring({
      from: { position: 1, velocity: 0 },
      to: 0,
      onUpdate: (position) => positions.push(position),
      onRest: () => {
        rested += 1;
      },
      frame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
    });
    let time = 0;
    for (let i = 0; i < 200 && frames.length > 0; i += 1) {
      const next = frames.shift();
      time += 1000 / 60;
      next?.(time);
    }
    expect(rested).toBe(1);
    expect(positions.at(-1)).toBe(0);
    expect(positions.length).toBeLessThan(60);
  });

  it('can be stopped midway and tells where it stopped', () => {
    const frames: ((time: number) => void)[] = [];
    const stop = animateSpring({
      from: { position: 1, velocity: 0 },
      to: 0,
      onUpdate: () => undefined,
      frame: (callback) => frames.push(callback),
      cancelFrame: () => undefined,
    });
    frames.shift()?.(0);
    frames.shift()?.(16.7);
    const state = stop();
    expect(state.position).toBeLessThan(1);
    expect(state.position).toBeGreaterThan(0);
  });
});

describe('handle release (spec 2 §2.1)', () => {
  it('closes after a downward drag', () => {
    expect(handleReleaseCloses(80, 0.5, 1)).toBe(true);
    expect(handleReleaseCloses(80, 0, 0)).toBe(true);
  });

  it('stays open when released while moving upward past the threshold', () => {
    expect(handleReleaseCloses(80, 0.6, -1)).toBe(false);
  });

  it('closes when the upward movement at release is below the threshold', () => {
    expect(handleReleaseCloses(80, 0.05, -1)).toBe(true);
  });

  it('does nothing for a drag that never went down', () => {
    expect(handleReleaseCloses(0, 0, 0)).toBe(false);
    expect(handleReleaseCloses(-20, 0.5, -1)).toBe(false);
  });
});
