import { describe, expect, it } from 'vitest';
import { captureScale, maxCanvasPixels } from './share-scale.ts';

describe('share capture scale (spec 2 §9, iOS canvas limit)', () => {
  it('captures at 2× when the canvas stays within 16,777,216 pixels', () => {
    expect(captureScale(375, 3000)).toBe(2);
  });

  it('lowers the scale so width × height × scale² stays within the limit', () => {
    const scale = captureScale(375, 20_000);
    expect(scale).toBeLessThan(2);
    expect(375 * 20_000 * scale * scale).toBeLessThanOrEqual(maxCanvasPixels);
    expect(375 * 20_000 * (scale + 0.01) ** 2).toBeGreaterThan(maxCanvasPixels);
  });
});
