import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawSharePicture, textLinesOf } from './share-pictures.ts';

/**
 * jsdom lays nothing out: the "browser" here sets every text node's characters five to a line, 15 ×
 * 20 each, lines 25 apart, each node from the top-left corner of its own box.
 */
function layOut(boxes: Map<Node, DOMRect>) {
  const characterRect = (node: Node, index: number) => {
    const origin = boxes.get(node.parentNode as Node) ?? new DOMRect();
    const text = (node as Text).data;
    // Spaces at a line's end collapse: no box.
    if (text[index] === ' ' && index % 5 === 4) return new DOMRect(0, 0, 0, 0);
    return new DOMRect(origin.x + (index % 5) * 15, origin.y + Math.floor(index / 5) * 25, 15, 20);
  };
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Range) {
      return characterRect(this.startContainer, this.startOffset);
    },
  });
  Object.defineProperty(Range.prototype, 'getClientRects', {
    configurable: true,
    value(this: Range) {
      const node = this.startContainer.firstChild ?? this.startContainer;
      const length = (node as Text).data.length;
      const lines = Math.ceil(length / 5);
      return Array.from({ length: lines }, (_, line) => {
        const first = characterRect(node, line * 5);
        const width = 15 * Math.min(5, length - line * 5);
        return new DOMRect(first.x, first.y, width, 20);
      });
    },
  });
  for (const [element, rect] of boxes)
    vi.spyOn(element as Element, 'getBoundingClientRect').mockReturnValue(rect);
}

afterEach(() => {
  document.body.innerHTML = '';
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
  delete (Range.prototype as Partial<Range>).getClientRects;
  vi.restoreAllMocks();
});

/** A paragraph at (10, 100), 75 × 100. */
function laidOutParagraph(text: string) {
  const paragraph = document.createElement('p');
  paragraph.textContent = text;
  document.body.append(paragraph);
  layOut(new Map([[paragraph, new DOMRect(10, 100, 75, 100)]]));
  return paragraph;
}

/** Two 关键指标 cells in a grid at (0, 50): each a grey rounded box with a name and a value. */
function laidOutIndicators() {
  document.body.innerHTML = `<dl id="keys">
    <div id="a" style="background-color: rgb(245, 246, 247); border-top-left-radius: 8px"><dt id="a-name" style="color: rgb(100, 106, 115); font-size: 12px">毛利率</dt><dd id="a-value" style="color: rgb(31, 35, 41); font-size: 17px; font-weight: 600">91.96%</dd></div>
    <div id="b" style="background-color: rgb(245, 246, 247)"><dt id="b-name" style="color: rgb(100, 106, 115); font-size: 12px">ROE</dt><dd id="b-value" style="color: rgb(233, 48, 48); font-size: 17px">▲1.2%</dd></div>
  </dl>`;
  const byId = (id: string) => document.getElementById(id) as HTMLElement;
  layOut(
    new Map<Node, DOMRect>([
      [byId('keys'), new DOMRect(0, 50, 300, 60)],
      [byId('a'), new DOMRect(0, 50, 146, 60)],
      [byId('a-name'), new DOMRect(10, 58, 126, 20)],
      [byId('a-value'), new DOMRect(10, 80, 126, 24)],
      [byId('b'), new DOMRect(154, 50, 146, 60)],
      [byId('b-name'), new DOMRect(164, 58, 126, 20)],
      [byId('b-value'), new DOMRect(164, 80, 126, 24)],
    ]),
  );
  return byId('keys');
}

describe('textLinesOf', () => {
  it('splits a wrapped text into the lines the browser laid out, from the part’s corner', () => {
    // The space ends the third line, where it collapses.
    const paragraph = laidOutParagraph('营业收入同比下降2.8%收入 主要因为');
    expect(textLinesOf(paragraph).map(({ text, left, top }) => ({ text, left, top }))).toEqual([
      { text: '营业收入同', left: 0, top: 0 },
      { text: '比下降2.', left: 0, top: 25 },
      { text: '8%收入', left: 0, top: 50 },
      { text: '主要因为', left: 0, top: 75 },
    ]);
  });

  it('takes a text on one line whole, with the element that sets its font and colour', () => {
    const rangeRect = vi.fn();
    const keys = laidOutIndicators();
    const measureCharacter = Range.prototype.getBoundingClientRect;
    Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
      configurable: true,
      value(this: Range) {
        rangeRect();
        return measureCharacter.call(this);
      },
    });
    expect(textLinesOf(keys).map(({ text, left, top, element }) => [text, left, top, element.id])).toEqual([
      ['毛利率', 10, 8, 'a-name'],
      // Six characters wrap at five here, so this one is measured character by character.
      ['91.96', 10, 30, 'a-value'],
      ['%', 10, 55, 'a-value'],
      ['ROE', 164, 8, 'b-name'],
      ['▲1.2%', 164, 30, 'b-value'],
    ]);
    expect(rangeRect).toHaveBeenCalledTimes(6);
  });
});

interface Call {
  name: string;
  args: unknown[];
  font?: string;
  fillStyle?: string;
}

/** A 2D context recording what is drawn with which font and colour. */
function recordingContext(calls: Call[]) {
  const state = { font: '', fillStyle: '', textBaseline: '' };
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push({ name, args, font: state.font, fillStyle: state.fillStyle });
    };
  const context = {
    scale: record('scale'),
    beginPath: () => {},
    rect: record('rect'),
    roundRect: record('roundRect'),
    fill: record('fill'),
    fillText: record('fillText'),
    measureText: () => ({ fontBoundingBoxAscent: 16 }),
  };
  return Object.assign(state, context);
}

describe('drawSharePicture', () => {
  it('draws each line of a paragraph once, on the baseline the font puts under the character box', () => {
    const paragraph = laidOutParagraph('营业收入同比下降');
    paragraph.style.color = 'rgb(100, 106, 115)';
    const calls: Call[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      recordingContext(calls) as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    const picture = drawSharePicture(paragraph, 2);
    expect([picture?.width, picture?.height]).toEqual([150, 200]);
    expect([picture?.style.width, picture?.style.height]).toEqual(['75px', '100px']);
    expect(calls.map(({ name, args, fillStyle }) => [name, ...args, fillStyle])).toEqual([
      ['scale', 2, 2, ''],
      ['fillText', '营业收入同', 0, 16, 'rgb(100, 106, 115)'],
      ['fillText', '比下降', 0, 41, 'rgb(100, 106, 115)'],
    ]);
  });

  it('draws the cells’ backgrounds under their texts, each text in its own font and colour', () => {
    const keys = laidOutIndicators();
    const calls: Call[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      recordingContext(calls) as unknown as ReturnType<HTMLCanvasElement['getContext']>,
    );
    const picture = drawSharePicture(keys, 2);
    expect([picture?.width, picture?.height]).toEqual([600, 120]);
    // In the grid, the one picture spans all its columns.
    expect(picture?.style.gridColumn).toBe('1 / -1');
    const drawn = calls
      .filter(({ name }) => name !== 'scale')
      .map(({ name, args, fillStyle, font }) => ({ name, args, fillStyle, font }));
    expect(drawn.slice(0, 4)).toEqual([
      { name: 'roundRect', args: [0, 0, 146, 60, 8], fillStyle: 'rgb(245, 246, 247)', font: '' },
      { name: 'fill', args: [], fillStyle: 'rgb(245, 246, 247)', font: '' },
      { name: 'rect', args: [154, 0, 146, 60], fillStyle: 'rgb(245, 246, 247)', font: '' },
      { name: 'fill', args: [], fillStyle: 'rgb(245, 246, 247)', font: '' },
    ]);
    const texts = drawn.filter(({ name }) => name === 'fillText');
    expect(texts.map(({ args, fillStyle }) => [...args, fillStyle])).toEqual([
      ['毛利率', 10, 24, 'rgb(100, 106, 115)'],
      ['91.96', 10, 46, 'rgb(31, 35, 41)'],
      ['%', 10, 71, 'rgb(31, 35, 41)'],
      ['ROE', 164, 24, 'rgb(100, 106, 115)'],
      ['▲1.2%', 164, 46, 'rgb(233, 48, 48)'],
    ]);
    expect(texts[0]?.font).toMatch(/ 12px /);
    expect(texts[1]?.font).toMatch(/^normal 600 17px /);
    expect(texts[4]?.font).toMatch(/ 17px /);
  });

  it('gives nothing where the browser has no 2D context', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(drawSharePicture(laidOutParagraph('暂无'), 2)).toBeNull();
  });
});
