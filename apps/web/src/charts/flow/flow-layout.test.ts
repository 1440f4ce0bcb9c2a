import type { StatementBlock } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import {
  balanceFinanceFixture,
  balanceGeneralFixture,
  cashFlowFixture,
  incomeFinanceFixture,
  incomeGeneralFixture,
} from './flow-fixtures.ts';
import { buildFlowGraph, type FlowBar, type StatementKind } from './flow-graph.ts';
import {
  barHeight,
  estimateTextWidth,
  type FlowLayout,
  flowMetrics,
  labelLines,
  layoutFlow,
  resolveLabelCollisions,
  resolveOverlaps,
  wrapName,
} from './flow-layout.ts';

const statements: [string, StatementKind, StatementBlock, boolean][] = [
  ['income general', 'income', incomeGeneralFixture(), false],
  ['income finance', 'income', incomeFinanceFixture(), true],
  ['cash flow general', 'cashFlow', cashFlowFixture(), false],
  ['cash flow finance (5 items per activity)', 'cashFlow', cashFlowFixture(), true],
  ['balance general', 'balance', balanceGeneralFixture(), false],
  ['balance finance', 'balance', balanceFinanceFixture(), true],
];

const layoutOf = (kind: StatementKind, block: StatementBlock, isFinance: boolean) =>
  layoutFlow(buildFlowGraph(kind, block, isFinance));

const bar = (overrides: Partial<FlowBar>): FlowBar => ({
  id: 'X',
  code: 'X',
  name: '营业总收入',
  value: 100,
  chgPct: null,
  negative: false,
  folded: false,
  ...overrides,
});

describe('bar heights (spec 2 §9: proportional, 5 to 390)', () => {
  it('is proportional inside the bounds and clamped outside', () => {
    expect(barHeight(100, 1)).toBe(100);
    expect(barHeight(-100, 1)).toBe(100);
    expect(barHeight(1, 1)).toBe(5);
    expect(barHeight(0, 1)).toBe(5);
    expect(barHeight(1000, 1)).toBe(390);
  });

  it('gives the largest amount of the statement the full 390', () => {
    const layout = layoutOf('income', incomeGeneralFixture(), false);
    expect(Math.max(...layout.bars.map((box) => box.height))).toBe(390);
    expect(Math.min(...layout.bars.map((box) => box.height))).toBeGreaterThanOrEqual(5);
    expect(layout.bars.every((box) => box.width === 50)).toBe(true);
  });
});

describe('columns across the 1800 canvas', () => {
  it('spreads six columns so no text column reaches the next bar, and the last ends inside', () => {
    const layout = layoutOf('balance', balanceGeneralFixture(), false);
    const xs = [...new Set(layout.bars.map((box) => box.x))].sort((a, b) => a - b);
    expect(xs).toHaveLength(6);
    expect(xs[0]).toBe(flowMetrics.edge);
    for (const [i, x] of xs.slice(1).entries()) {
      expect(x - (xs[i] ?? 0)).toBeGreaterThanOrEqual(
        flowMetrics.barWidth + flowMetrics.textPadding + flowMetrics.textColumnWidth,
      );
    }
    for (const label of layout.labels) expect(label.x + label.maxWidth).toBeLessThanOrEqual(1800);
  });
});

describe('trimming (spec 2 §9: height 3000 trimmed to the drawn content)', () => {
  it.each(statements)(
    '%s: ends 64 below the lowest box, within the initial 3000',
    (_name, kind, block, finance) => {
      const layout = layoutOf(kind, block, finance);
      const bottom = Math.max(
        ...layout.bars.map((box) => box.y + box.height),
        ...layout.labels.map((label) => label.top + label.height),
      );
      expect(layout.height).toBe(Math.ceil(bottom + flowMetrics.margin));
      expect(layout.height).toBeLessThan(flowMetrics.initialHeight);
      const top = Math.min(...layout.bars.map((box) => box.y), ...layout.labels.map((label) => label.top));
      expect(top).toBeGreaterThanOrEqual(flowMetrics.margin);
      expect(layout.width).toBe(1800);
    },
  );

  it('an empty statement is only its margins', () => {
    expect(layoutFlow({ kind: 'income', isFinance: false, columns: [], links: [] })).toMatchObject({
      height: 128,
      columnCount: 0,
      bars: [],
    });
  });
});

function overlaps(layout: FlowLayout, column: number): boolean {
  const labels = layout.labels.filter((label) => label.column === column);
  return labels.some((label, i) => {
    const next = labels[i + 1];
    return next !== undefined && label.top + label.height > next.top + 1e-6;
  });
}

describe('labels never overlap', () => {
  it.each(statements)(
    '%s: no two labels of a column overlap, in bar order',
    (_name, kind, block, finance) => {
      const layout = layoutOf(kind, block, finance);
      for (let column = 0; column < layout.columnCount; column += 1)
        expect(overlaps(layout, column)).toBe(false);
    },
  );

  it('moves crowded labels apart, keeping their order and staying below the top margin', () => {
    const crowded = Array.from({ length: 10 }, () => ({ top: 70, height: 150 }));
    const tops = resolveLabelCollisions(crowded);
    for (const [i, top] of tops.entries()) {
      expect(top).toBeGreaterThanOrEqual(flowMetrics.margin);
      if (i > 0) expect(top).toBe((tops[i - 1] ?? 0) + 150);
    }
  });

  it('centres a crowded cluster on what its members wanted', () => {
    const tops = resolveOverlaps(
      [
        { desiredTop: 1000, height: 100 },
        { desiredTop: 1000, height: 100 },
        { desiredTop: 1000, height: 100 },
      ],
      0,
      64,
    );
    expect(tops).toEqual([900, 1000, 1100]);
  });

  it('leaves labels that do not collide where they are', () => {
    expect(
      resolveOverlaps(
        [
          { desiredTop: 100, height: 50 },
          { desiredTop: 300, height: 50 },
        ],
        20,
        64,
      ),
    ).toEqual([100, 300]);
  });

  it('keeps the gaps between groups (48) and between bars of a group (20)', () => {
    const tops = resolveOverlaps(
      [
        { desiredTop: 200, height: 100 },
        { desiredTop: 210, height: 100 },
      ],
      48,
      64,
    );
    expect((tops[1] ?? 0) - (tops[0] ?? 0)).toBe(148);
    const layout = layoutOf('income', incomeGeneralFixture(), false);
    const [first, second] = layout.labels.filter((label) => label.column === 0);
    expect(
      (second?.top ?? 0) + (second?.height ?? 0) / 2 - ((first?.top ?? 0) + (first?.height ?? 0) / 2),
    ).toBeGreaterThanOrEqual(((first?.height ?? 0) + (second?.height ?? 0)) / 2);
  });
});

describe('label text', () => {
  it('has the name, the amount with its sign, and 同比 with ▲▼', () => {
    expect(
      labelLines(bar({ name: '营业成本', value: 11_000_000_000, negative: true, chgPct: 0.12 })),
    ).toEqual([
      { text: '营业成本', kind: 'name', tone: 'flat' },
      { text: '-110.0亿', kind: 'value', tone: 'flat' },
      { text: '同比▲12.00%', kind: 'change', tone: 'up' },
    ]);
    expect(labelLines(bar({ value: -250_000_000, negative: true, chgPct: -0.3 })).slice(1)).toEqual([
      { text: '-2.50亿', kind: 'value', tone: 'flat' },
      { text: '同比▼30.00%', kind: 'change', tone: 'down' },
    ]);
  });

  it('leaves the 同比 line out when the change is unknown', () => {
    expect(labelLines(bar({ chgPct: null }))).toHaveLength(2);
  });

  it('wraps long names into two balanced lines of the text column, cutting with …', () => {
    expect(wrapName('营业总收入', 232, 46, 2)).toEqual(['营业总收入']);
    expect(wrapName('少数股东损益', 232, 46, 2)).toEqual(['少数股', '东损益']);
    const long = wrapName('销售商品、提供劳务收到的现金', 232, 46, 2);
    expect(long).toHaveLength(2);
    expect(long[1]?.endsWith('…')).toBe(true);
    for (const line of long) expect(estimateTextWidth(line, 46)).toBeLessThanOrEqual(232);
  });

  it('wraps exactly as measuring every candidate line would (the running sums change no break)', () => {
    // The wrapping as first written: every candidate line measured afresh with estimateTextWidth.
    const reference = (name: string, maxWidth: number, fontSize: number, maxLines: number): string[] => {
      const lines: string[] = [];
      let line = '';
      const chars = [...name];
      for (const [index, char] of chars.entries()) {
        if (line !== '' && estimateTextWidth(line + char, fontSize) > maxWidth) {
          if (lines.length === maxLines - 1) {
            let cut = line;
            while (cut !== '' && estimateTextWidth(`${cut}…`, fontSize) > maxWidth)
              cut = [...cut].slice(0, -1).join('');
            lines.push(`${cut}…`);
            return lines;
          }
          lines.push(line);
          line = '';
        }
        line += char;
        if (index === chars.length - 1) lines.push(line);
      }
      if (lines.length !== 2) return lines.length > 0 ? lines : [''];
      let split = 1;
      while (
        split < chars.length - 1 &&
        estimateTextWidth(chars.slice(0, split).join(''), fontSize) <
          estimateTextWidth(chars.slice(split).join(''), fontSize)
      ) {
        split += 1;
      }
      const first = chars.slice(0, split).join('');
      return estimateTextWidth(first, fontSize) <= maxWidth ? [first, chars.slice(split).join('')] : lines;
    };
    const names = new Set(['', 'A', '其他', '𠮷野家', '▲▼', 'ROE（加权）']);
    for (const [, kind, block, isFinance] of statements) {
      for (const bar of buildFlowGraph(kind, block, isFinance).columns.flat(2)) names.add(bar.name);
    }
    const alphabet = ['营', 'a', '1', '、', '（', ' ', '▲', '𠮷', 'W'];
    for (let seed = 1; seed < 400; seed += 1) {
      let name = '';
      for (let n = seed; n > 0; n = Math.floor(n / alphabet.length)) name += alphabet[n % alphabet.length];
      names.add(name.repeat(1 + (seed % 3)));
    }
    for (const name of names) {
      for (const [maxWidth, fontSize, maxLines] of [
        [232, 46, 2],
        [232, 40, 1],
        [100, 46, 3],
        [46, 46, 2],
      ] as const) {
        expect(wrapName(name, maxWidth, fontSize, maxLines), name).toEqual(
          reference(name, maxWidth, fontSize, maxLines),
        );
      }
    }
  });
});

describe('bands', () => {
  it('fill each bar edge exactly and run from a bar to the next column', () => {
    const layout = layoutOf('income', incomeGeneralFixture(), false);
    const byId = new Map(layout.bars.map((box) => [box.id, box]));
    for (const box of layout.bars) {
      const out = layout.bands.filter((band) => band.from === box.id);
      if (out.length > 0) {
        expect(out.reduce((sum, band) => sum + band.h0, 0)).toBeCloseTo(box.height, 6);
        expect(Math.min(...out.map((band) => band.y0))).toBeCloseTo(box.y, 6);
      }
      const incoming = layout.bands.filter((band) => band.to === box.id);
      if (incoming.length > 0) {
        expect(incoming.reduce((sum, band) => sum + band.h1, 0)).toBeCloseTo(box.height, 6);
      }
    }
    for (const band of layout.bands) {
      const from = byId.get(band.from);
      const to = byId.get(band.to);
      expect(band.x0).toBe((from?.x ?? 0) + 50);
      expect(band.x1).toBe(to?.x);
      expect(to?.column).toBe((from?.column ?? 0) + 1);
    }
  });

  it('stack in the order of the bars they lead to, so they do not cross at the edge', () => {
    const layout = layoutOf('income', incomeGeneralFixture(), false);
    const out = layout.bands.filter((band) => band.from === 'TOT_OPER_REV');
    expect(out.map((band) => band.to)).toEqual(['LESS_OPER_COST', 'GROSS_PROFIT']);
    expect(out[0]?.y0).toBeLessThan(out[1]?.y0 ?? 0);
    expect(out.map((band) => band.negative)).toEqual([true, false]);
  });
});
