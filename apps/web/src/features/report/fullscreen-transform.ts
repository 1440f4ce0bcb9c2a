/**
 * The full-screen chart's gesture math (spec 2 §2.1, §5, §9): the chart is shown rotated 90°, one
 * finger drags it, two fingers pinch-zoom it between 0.5 and 3. The transform applies to the
 * already drawn bitmap, so a gesture frame costs one style write and never a redraw.
 */
export interface ViewTransform {
  /** Translation in the rotated stage's own pixels. */
  x: number;
  y: number;
  scale: number;
}

/** spec 2 §5 / §9: pinch-zoom is limited between 0.5 and 3. */
export const minScale = 0.5;
export const maxScale = 3;
/** spec 2 §2.1: the full-screen chart is turned 90° (clockwise, to read a phone held sideways). */
export const fullscreenRotation = 90;

export const identityTransform: ViewTransform = { x: 0, y: 0, scale: 1 };

export function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(maxScale, Math.max(minScale, scale));
}

/** Drops the float noise of sin/cos (cos 90° is 6e-17, not 0). */
const clean = (value: number) => Math.round(value * 1e6) / 1e6 + 0;

/**
 * A movement on the screen, expressed in the coordinates of a stage rotated by `rotationDeg`
 * clockwise: the inverse rotation. At 90°, a finger moving down the screen moves along the stage's
 * x axis, and a finger moving right moves against its y axis.
 */
export function screenToStage(dx: number, dy: number, rotationDeg = fullscreenRotation): [number, number] {
  const angle = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [clean(dx * cos + dy * sin), clean(-dx * sin + dy * cos)];
}

/** One-finger drag: the transform at the drag's start moved by the finger's screen movement. */
export function dragTransform(
  start: ViewTransform,
  movement: readonly [number, number],
  rotationDeg = fullscreenRotation,
): ViewTransform {
  const [x, y] = screenToStage(movement[0], movement[1], rotationDeg);
  return { x: start.x + x, y: start.y + y, scale: start.scale };
}

/** Two-finger pinch: the scale at the pinch's start times the distance ratio, clamped to 0.5–3. */
export function pinchTransform(start: ViewTransform, ratio: number): ViewTransform {
  return { ...start, scale: clampScale(start.scale * ratio) };
}

/** The CSS transform of the bitmap inside the rotated stage. */
export function transformCss({ x, y, scale }: ViewTransform): string {
  return `translate3d(${x}px, ${y}px, 0) scale(${scale})`;
}
