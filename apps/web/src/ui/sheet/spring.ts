/**
 * A tiny damped spring, integrated once per display frame (spec 2 §9: the modal animation is
 * "mass 1.8, tension 0.1, damping 0.6"). The constants are in per-frame units: the force is
 * −tension·(position − target) − damping·velocity and each frame adds force/mass to the velocity,
 * then the velocity to the position (semi-implicit Euler, stable for these constants). With them
 * the spring is close to critically damped (ratio ≈ 0.71): it overshoots by a few percent and is
 * at rest in about half a second at 60 frames per second.
 */
export interface SpringConfig {
  mass: number;
  tension: number;
  damping: number;
}

/** spec 2 §9 "Modal animation: mass 1.8, tension 0.1, damping 0.6". */
export const sheetSpring: SpringConfig = { mass: 1.8, tension: 0.1, damping: 0.6 };

export interface SpringState {
  position: number;
  /** Position change per frame. */
  velocity: number;
}

/** One frame of the spring towards `target`. */
export function stepSpring(
  state: SpringState,
  target: number,
  config: SpringConfig = sheetSpring,
): SpringState {
  const force = -config.tension * (state.position - target) - config.damping * state.velocity;
  const velocity = state.velocity + force / config.mass;
  return { position: state.position + velocity, velocity };
}

/** Close enough to the target, and slow enough, to snap to it (positions are fractions of a height). */
export function springSettled(state: SpringState, target: number, precision = 0.0005): boolean {
  return Math.abs(state.position - target) < precision && Math.abs(state.velocity) < precision;
}

/** The frame duration the constants are written for. */
const frameMs = 1000 / 60;
/** A stalled tab must not replay hundreds of frames at once when it wakes up. */
const maxFramesPerTick = 4;

export interface SpringAnimation {
  from: SpringState;
  to: number;
  config?: SpringConfig;
  onUpdate: (position: number) => void;
  onRest?: () => void;
  /** Injected for tests; requestAnimationFrame by default. */
  frame?: (callback: (time: number) => void) => number;
  cancelFrame?: (handle: number) => void;
}

/**
 * Runs the spring on animation frames until it settles, calling `onUpdate` with each position and
 * `onRest` once at the target. Frames are stepped by elapsed time, so a 120 Hz screen moves at the
 * same speed as a 60 Hz one. Returns a function that stops it (and reports the current state).
 */
export function animateSpring({
  from,
  to,
  config = sheetSpring,
  onUpdate,
  onRest,
  frame = (callback) => requestAnimationFrame(callback),
  cancelFrame = (handle) => cancelAnimationFrame(handle),
}: SpringAnimation): () => SpringState {
  let state = from;
  let last: number | null = null;
  let pending = 0;
  let handle = 0;
  let stopped = false;

  const tick = (time: number) => {
    if (stopped) return;
    pending += last === null ? 1 : Math.min(maxFramesPerTick, (time - last) / frameMs);
    last = time;
    while (pending >= 1) {
      pending -= 1;
      state = stepSpring(state, to, config);
      if (springSettled(state, to)) {
        state = { position: to, velocity: 0 };
        onUpdate(to);
        stopped = true;
        onRest?.();
        return;
      }
    }
    onUpdate(state.position);
    handle = frame(tick);
  };
  handle = frame(tick);

  return () => {
    if (!stopped) {
      stopped = true;
      cancelFrame(handle);
    }
    return state;
  };
}

/**
 * spec 2 §2.1: dragging the handle downward closes the sheet, unless the drag is released while
 * moving upward faster than a small threshold. `offsetY` is the drag distance (px, down positive),
 * `velocityY` its speed (px/ms, unsigned as @use-gesture reports it), `directionY` −1 up, 1 down.
 */
export const upwardReleaseThreshold = 0.2;

export function handleReleaseCloses(offsetY: number, velocityY: number, directionY: number): boolean {
  if (offsetY <= 0) return false;
  return !(directionY < 0 && velocityY > upwardReleaseThreshold);
}
