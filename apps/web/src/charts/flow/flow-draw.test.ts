import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowFonts, warmFlowFonts } from './flow-draw.ts';

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
