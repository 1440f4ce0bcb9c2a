import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawParagraph, linesOf } from './share-paragraphs.ts';

/** A paragraph at (10, 100) whose characters the "browser" lays out five to a line, 15 × 20 each. */
function laidOutParagraph(text: string) {
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  document.body.append(paragraph);
  vi.spyOn(paragraph, 'getBoundingClientRect').mockReturnValue(new DOMRect(10, 100, 75, 70));
  // jsdom lays nothing out and has no Range.getBoundingClientRect.
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Range) {
      const index = this.startOffset;
      // Spaces at a line's end collapse: no box.
      if (text[index] === ' ') return new DOMRect(0, 0, 0, 0);
      return new DOMRect(10 + (index % 5) * 15, 100 + Math.floor(index / 5) * 25, 15, 20);
    },
  });
  return paragraph;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
});

describe('linesOf', () => {
  it('groups the characters into the lines the browser laid out, from the paragraph’s corner', () => {
    // The space ends the third line, where it collapses.
    const paragraph = laidOutParagraph('营业收入同比下降2.8%收入 主要因为');
    expect(linesOf(paragraph)).toEqual([
      { text: '营业收入同', left: 0, top: 0 },
      { text: '比下降2.', left: 0, top: 25 },
      { text: '8%收入', left: 0, top: 50 },
      { text: '主要因为', left: 0, top: 75 },
    ]);
  });
});

describe('drawParagraph', () => {
  it('draws each line once at its place, on the baseline the font puts under the character box', () => {
    const paragraph = laidOutParagraph('营业收入同比下降');
    paragraph.style.color = 'rgb(100, 106, 115)';
    const calls: unknown[][] = [];
    const context = {
      scale: (...args: unknown[]) => calls.push(['scale', ...args]),
      measureText: () => ({ fontBoundingBoxAscent: 16 }),
      fillText: (...args: unknown[]) => calls.push(['fillText', ...args]),
    } as Record<string, unknown>;
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    const picture = drawParagraph(paragraph, 2);
    expect([picture?.width, picture?.height]).toEqual([150, 140]);
    expect([picture?.style.width, picture?.style.height]).toEqual(['75px', '70px']);
    expect(context.fillStyle).toBe('rgb(100, 106, 115)');
    expect(calls).toEqual([
      ['scale', 2, 2],
      ['fillText', '营业收入同', 0, 16],
      ['fillText', '比下降', 0, 41],
    ]);
  });

  it('gives nothing where the browser has no 2D context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(drawParagraph(laidOutParagraph('暂无'), 2)).toBeNull();
  });
});
