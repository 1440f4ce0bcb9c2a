import { describe, expect, it } from 'vitest';
import {
  clampScale,
  dragTransform,
  identityTransform,
  maxScale,
  minScale,
  pinchTransform,
  screenToStage,
  transformCss,
} from './fullscreen-transform.ts';

describe('full-screen drag in a stage rotated 90° (spec 2 §2.1)', () => {
  it('maps a finger moving down the screen onto the stage x axis', () => {
    expect(screenToStage(0, 40)).toEqual([40, 0]);
  });

  it('maps a finger moving right onto the negative stage y axis', () => {
    expect(screenToStage(30, 0)).toEqual([0, -30]);
  });

  it('is the plain movement without rotation', () => {
    expect(screenToStage(12, -7, 0)).toEqual([12, -7]);
  });

  it('adds the movement to the transform at the start of the drag and keeps the scale', () => {
    const start = { x: 10, y: 5, scale: 2 };
    expect(dragTransform(start, [30, 40])).toEqual({ x: 50, y: -25, scale: 2 });
    expect(dragTransform(start, [0, 0])).toEqual(start);
  });
});

describe('full-screen pinch (spec 2 §5: 0.5 to 3)', () => {
  it('multiplies the starting scale by the finger distance ratio', () => {
    expect(pinchTransform(identityTransform, 1.5).scale).toBe(1.5);
    expect(pinchTransform({ x: 3, y: 4, scale: 2 }, 0.5)).toEqual({ x: 3, y: 4, scale: 1 });
  });

  it('never zooms in beyond 3', () => {
    expect(pinchTransform(identityTransform, 10).scale).toBe(maxScale);
    expect(pinchTransform({ x: 0, y: 0, scale: 2.9 }, 1.2).scale).toBe(3);
  });

  it('never zooms out below 0.5', () => {
    expect(pinchTransform(identityTransform, 0.1).scale).toBe(minScale);
    expect(pinchTransform({ x: 0, y: 0, scale: 0.6 }, 0.5).scale).toBe(0.5);
  });

  it('treats a broken ratio as no zoom', () => {
    expect(clampScale(Number.NaN)).toBe(1);
    expect(clampScale(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it('writes the transform as CSS', () => {
    expect(transformCss({ x: 1, y: -2, scale: 1.5 })).toBe('translate3d(1px, -2px, 0) scale(1.5)');
  });
});
