import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowFonts, flowPixelRatio, warmFlowFonts } from './flow-draw.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('warmFlowFonts', () => {
  it('measures CJK, digits and signs in each chart font, once per page load', () => {
    const measured: { font: string; text: string }[] = [];
    const context = {
      font: '',
      measureText(text: string) {
        measured.push({ font: this.font, text });
        return {} as TextMetrics;
      },
    };
    const getContext = vi
      .spyOn(HTMLCanvasElement.prototype, 'getContext')
      .mockReturnValue(context as unknown as CanvasRenderingContext2D);
    warmFlowFonts();
    expect(measured.map(({ font }) => font).sort()).toEqual([flowFonts.name, flowFonts.value].sort());
    for (const { text } of measured) {
      expect(text).toMatch(/\p{Script=Han}/u);
      expect(text).toMatch(/\d/);
      expect(text).toContain('▲');
      expect(text).toContain('%');
    }
    warmFlowFonts();
    expect(getContext).toHaveBeenCalledTimes(1);
    expect(measured).toHaveLength(2);
  });
});

describe('flowPixelRatio', () => {
  it('draws as many pixels as the card shows, never more than the 1800 of the layout', () => {
    expect(flowPixelRatio(323, 2)).toBeCloseTo(646 / 1800);
    expect(flowPixelRatio(323, 3)).toBeCloseTo(969 / 1800);
    // A tablet's wide card on a 3× screen would need more than 1800: it gets the layout's own size.
    expect(flowPixelRatio(700, 3)).toBe(1);
  });

  it('draws at full size when the card’s width is unknown (not laid out)', () => {
    expect(flowPixelRatio(0, 2)).toBe(1);
    expect(flowPixelRatio(Number.NaN, 2)).toBe(1);
    expect(flowPixelRatio(323, 0)).toBe(1);
  });
});
