/**
 * The flow chart's geometry (spec 2 §9), as pure functions: bar boxes, label boxes and flow bands in
 * canvas pixels. flow-draw.ts paints a layout; nothing here touches the DOM.
 *
 * Vertical spacing, as this chart reads the three gaps of spec 2 §9:
 *   20 — between two bars of one group (siblings that hang off the same node);
 *   48 — between two groups of one column (children of different nodes, or a result set apart
 *        from the items it is made of, such as 营业利润 below the expenses);
 *   64 — the margin above the first and below the last drawn box; trimming keeps it.
 * Horizontally there is no gap left to spend: six columns of bar (50) + text column (232) need
 * 1692 of the 1800 pixels, so the columns are spread evenly over the width and the bands run from a
 * bar's right edge to the next bar's left edge, underneath the text column.
 *
 * Every bar owns a slot as tall as the larger of its bar and its label, so a label sits centred
 * beside its own bar. Groups are placed near the bars they connect to (the tallest column first,
 * then outwards to the left and right), pushed apart where they would overlap, keeping their order.
 * Labels then go through the same overlap resolution, so they never overlap whatever the data.
 */
import type { Tone } from '@zhicai/domain';
import type { FlowBar, FlowGraph, FlowLink } from './flow-graph.ts';
import { changeTone, flowValueText, yearOnYearText } from './flow-text.ts';

/** spec 2 §9 constants, in canvas pixels. */
export const flowMetrics = {
  width: 1800,
  initialHeight: 3000,
  barWidth: 50,
  textColumnWidth: 232,
  /** Between the bar and its text column. */
  textPadding: 12,
  /** Left and right edge of the canvas; the text column of the last bar ends at width − edge. */
  edge: 16,
  lineHeight: 50,
  minBarHeight: 5,
  maxBarHeight: 390,
  barGap: 20,
  groupGap: 48,
  margin: 64,
  nameFontSize: 46,
  valueFontSize: 40,
  /** Names wrap to at most this many lines; the last is cut with an ellipsis. */
  maxNameLines: 2,
} as const;

export interface BarBox {
  id: string;
  column: number;
  x: number;
  y: number;
  width: number;
  height: number;
  negative: boolean;
}

export type LabelLineKind = 'name' | 'value' | 'change';

export interface LabelLine {
  text: string;
  kind: LabelLineKind;
  tone: Tone;
  /** Vertical middle of the line. */
  y: number;
}

export interface LabelBox {
  id: string;
  column: number;
  x: number;
  top: number;
  height: number;
  maxWidth: number;
  lines: LabelLine[];
}

/** A ribbon from (x0, y0…y0+h0) on the left to (x1, y1…y1+h1) on the right. */
export interface Band {
  from: string;
  to: string;
  negative: boolean;
  x0: number;
  y0: number;
  h0: number;
  x1: number;
  y1: number;
  h1: number;
}

export interface FlowLayout {
  width: number;
  /** The canvas height trimmed to the drawn content (the 3000 of spec 2 §9 is only where it starts). */
  height: number;
  columnCount: number;
  bars: BarBox[];
  labels: LabelBox[];
  bands: Band[];
}

/** spec 2 §9: bar height in proportion to the amount, kept between 5 and 390. */
export function barHeight(value: number, pixelsPerYuan: number): number {
  const height = Math.abs(value) * pixelsPerYuan;
  return Math.min(flowMetrics.maxBarHeight, Math.max(flowMetrics.minBarHeight, height));
}

/**
 * Whether a character takes a full em: CJK, full-width forms and the ▲▼ shapes (U+25A0–25FF,
 * U+2E80–FFEF). A character outside the Basic Multilingual Plane starts with a high surrogate
 * (U+D800–DBFF), inside that range, so it counts as full width too.
 */
function isFullWidth(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 0x25a0 && code <= 0x25ff) || (code >= 0x2e80 && code <= 0xffef);
}

/**
 * Approximate text width in pixels: CJK, full-width characters and the ▲▼ shapes take a full em,
 * others about half. Good enough to wrap names; drawing also passes the column width as fillText's maxWidth.
 */
export function estimateTextWidth(text: string, fontSize: number): number {
  let width = 0;
  for (const char of text) width += isFullWidth(char) ? fontSize : fontSize * 0.56;
  return width;
}

/** The estimated width of widths[from…to), added left to right as estimateTextWidth adds them. */
function sumWidths(widths: readonly number[], from: number, to: number): number {
  let width = 0;
  for (let index = from; index < to; index += 1) width += widths[index] ?? 0;
  return width;
}

/**
 * Wraps a name into at most `maxLines` lines of `maxWidth`, cutting the last with '…'.
 * Each character is measured once and line widths are kept as running sums, in the same order of
 * additions as estimateTextWidth, so the breaks are exactly those of measuring every candidate line:
 * the chart's layout runs cold on the page (its first call is the first chart's), where re-measuring
 * growing strings with a regular expression per character cost several milliseconds on a phone.
 */
export function wrapName(name: string, maxWidth: number, fontSize: number, maxLines: number): string[] {
  const chars = [...name];
  const widths = chars.map((char) => (isFullWidth(char) ? fontSize : fontSize * 0.56));
  const lines: string[] = [];
  let lineStart = 0;
  let lineWidth = 0;
  for (let index = 0; index < chars.length; index += 1) {
    const charWidth = widths[index] ?? 0;
    if (index > lineStart && lineWidth + charWidth > maxWidth) {
      if (lines.length === maxLines - 1) {
        const ellipsisWidth = estimateTextWidth('…', fontSize);
        let cutEnd = index;
        while (cutEnd > lineStart && sumWidths(widths, lineStart, cutEnd) + ellipsisWidth > maxWidth)
          cutEnd -= 1;
        lines.push(`${chars.slice(lineStart, cutEnd).join('')}…`);
        return lines;
      }
      lines.push(chars.slice(lineStart, index).join(''));
      lineStart = index;
      lineWidth = 0;
    }
    lineWidth += charWidth;
    if (index === chars.length - 1) lines.push(chars.slice(lineStart).join(''));
  }
  if (lines.length !== 2) return lines.length > 0 ? lines : [''];
  // Two lines read better balanced than with one orphan character (少数股东损 / 益).
  let split = 1;
  while (split < chars.length - 1 && sumWidths(widths, 0, split) < sumWidths(widths, split, chars.length)) {
    split += 1;
  }
  const first = chars.slice(0, split).join('');
  return sumWidths(widths, 0, split) <= maxWidth ? [first, chars.slice(split).join('')] : lines;
}

/** The lines of a bar's label: name (wrapped), amount, and 同比 when the change is known. */
export function labelLines(bar: FlowBar): Omit<LabelLine, 'y'>[] {
  const { textColumnWidth, nameFontSize, maxNameLines } = flowMetrics;
  const lines: Omit<LabelLine, 'y'>[] = wrapName(bar.name, textColumnWidth, nameFontSize, maxNameLines).map(
    (text) => ({ text, kind: 'name', tone: 'flat' }),
  );
  lines.push({ text: flowValueText(bar), kind: 'value', tone: 'flat' });
  if (bar.chgPct !== null) {
    lines.push({ text: yearOnYearText(bar.chgPct), kind: 'change', tone: changeTone(bar.chgPct) });
  }
  return lines;
}

export interface Block {
  /** Where the block would like its top to be. */
  desiredTop: number;
  height: number;
}

/**
 * Places blocks in their given order so that none overlaps the next (with `gap` between them) and
 * none starts above `minTop`, moving each as little as possible: overlapping blocks merge into a
 * cluster centred on the mean of their wishes. Returns the tops.
 */
export function resolveOverlaps(blocks: readonly Block[], gap: number, minTop: number): number[] {
  interface Cluster {
    top: number;
    height: number;
    /** Sum of (desired top − offset in the cluster), over members. */
    wish: number;
    count: number;
    offsets: number[];
  }
  const clusters: Cluster[] = [];
  for (const block of blocks) {
    let cluster: Cluster = {
      top: Math.max(minTop, block.desiredTop),
      height: block.height,
      wish: block.desiredTop,
      count: 1,
      offsets: [0],
    };
    for (;;) {
      const previous = clusters.at(-1);
      if (!previous || previous.top + previous.height + gap <= cluster.top) break;
      clusters.pop();
      const shift = previous.height + gap;
      const wish = previous.wish + cluster.wish - shift * cluster.count;
      const count = previous.count + cluster.count;
      cluster = {
        top: Math.max(minTop, wish / count),
        height: shift + cluster.height,
        wish,
        count,
        offsets: [...previous.offsets, ...cluster.offsets.map((offset) => offset + shift)],
      };
    }
    clusters.push(cluster);
  }
  return clusters.flatMap((cluster) => cluster.offsets.map((offset) => cluster.top + offset));
}

/**
 * Labels of one column, top to bottom, moved apart where they overlap (their order kept, none above
 * the margin). Returns the new tops.
 */
export function resolveLabelCollisions(labels: readonly { top: number; height: number }[]): number[] {
  return resolveOverlaps(
    labels.map((label) => ({ desiredTop: label.top, height: label.height })),
    0,
    flowMetrics.margin,
  );
}

interface Slot {
  bar: FlowBar;
  barHeight: number;
  labelHeight: number;
  height: number;
}

function columnX(column: number, count: number): number {
  const { width, edge, barWidth, textPadding, textColumnWidth } = flowMetrics;
  if (count <= 1) return edge;
  const pitch = (width - 2 * edge - barWidth - textPadding - textColumnWidth) / (count - 1);
  return edge + column * pitch;
}

function groupHeight(group: readonly Slot[]): number {
  return group.reduce((sum, slot) => sum + slot.height, 0) + flowMetrics.barGap * (group.length - 1);
}

/** The layout of a graph: where every bar, label and band goes, and the trimmed canvas height. */
export function layoutFlow(graph: FlowGraph): FlowLayout {
  const m = flowMetrics;
  const allBars = graph.columns.flat(2);
  const largest = Math.max(0, ...allBars.map((bar) => Math.abs(bar.value)));
  const pixelsPerYuan = largest > 0 ? m.maxBarHeight / largest : 0;
  const lines = new Map(allBars.map((bar) => [bar.id, labelLines(bar)]));

  const columns: Slot[][][] = graph.columns.map((groups) =>
    groups.map((group) =>
      group.map((bar) => {
        const heightOfBar = barHeight(bar.value, pixelsPerYuan);
        const labelHeight = (lines.get(bar.id)?.length ?? 0) * m.lineHeight;
        return { bar, barHeight: heightOfBar, labelHeight, height: Math.max(heightOfBar, labelHeight) };
      }),
    ),
  );

  // Slot tops by bar id, filled column by column from the tallest one outwards.
  const slotTop = new Map<string, number>();
  const slotOf = new Map(columns.flat(2).map((slot) => [slot.bar.id, slot]));
  const centreOf = (id: string) => (slotTop.get(id) ?? 0) + (slotOf.get(id)?.height ?? 0) / 2;
  const columnHeights = columns.map(
    (groups) => groups.reduce((sum, group) => sum + groupHeight(group), 0) + m.groupGap * (groups.length - 1),
  );
  const anchor = columnHeights.indexOf(Math.max(...columnHeights));

  const placeColumn = (index: number, neighbour: number | null) => {
    const groups = columns[index] ?? [];
    const neighbourIds = new Set(
      neighbour === null ? [] : (columns[neighbour] ?? []).flat().map((slot) => slot.bar.id),
    );
    let previousWish = m.margin - m.groupGap;
    const blocks = groups.map((group) => {
      const height = groupHeight(group);
      const ids = new Set(group.map((slot) => slot.bar.id));
      let weighted = 0;
      let total = 0;
      for (const link of graph.links) {
        const other = ids.has(link.from) ? link.to : ids.has(link.to) ? link.from : null;
        if (other === null || !neighbourIds.has(other)) continue;
        // Every link counts, a zero one a little, so a group of zero amounts still follows its node.
        const weight = link.weight + 1e-9;
        weighted += centreOf(other) * weight;
        total += weight;
      }
      const desiredTop = total > 0 ? weighted / total - height / 2 : previousWish + m.groupGap;
      previousWish = desiredTop + height;
      return { desiredTop, height };
    });
    const tops = resolveOverlaps(blocks, m.groupGap, m.margin);
    groups.forEach((group, g) => {
      let top = tops[g] ?? m.margin;
      for (const slot of group) {
        slotTop.set(slot.bar.id, top);
        top += slot.height + m.barGap;
      }
    });
  };

  if (columns.length > 0) {
    placeColumn(anchor, null);
    for (let index = anchor + 1; index < columns.length; index += 1) placeColumn(index, index - 1);
    for (let index = anchor - 1; index >= 0; index -= 1) placeColumn(index, index + 1);
  }

  const bars: BarBox[] = [];
  const labels: LabelBox[] = [];
  columns.forEach((groups, column) => {
    const x = columnX(column, columns.length);
    const slots = groups.flat();
    const tops = resolveLabelCollisions(
      slots.map((slot) => ({ top: centreOf(slot.bar.id) - slot.labelHeight / 2, height: slot.labelHeight })),
    );
    slots.forEach((slot, i) => {
      const centre = centreOf(slot.bar.id);
      bars.push({
        id: slot.bar.id,
        column,
        x,
        y: centre - slot.barHeight / 2,
        width: m.barWidth,
        height: slot.barHeight,
        negative: slot.bar.negative,
      });
      const top = tops[i] ?? centre - slot.labelHeight / 2;
      labels.push({
        id: slot.bar.id,
        column,
        x: x + m.barWidth + m.textPadding,
        top,
        height: slot.labelHeight,
        maxWidth: m.textColumnWidth,
        lines: (lines.get(slot.bar.id) ?? []).map((line, n) => ({
          ...line,
          y: top + n * m.lineHeight + m.lineHeight / 2,
        })),
      });
    });
  });

  const bottom = Math.max(
    0,
    ...bars.map((bar) => bar.y + bar.height),
    ...labels.map((label) => label.top + label.height),
  );
  return {
    width: m.width,
    height: bars.length > 0 ? Math.ceil(bottom + m.margin) : 2 * m.margin,
    columnCount: columns.length,
    bars,
    labels,
    bands: layoutBands(graph.links, bars),
  };
}

/**
 * Each band's ends: along a bar's right edge the outgoing bands stack in the order of their targets
 * (top to bottom, so bands do not cross needlessly), along its left edge the incoming bands in the
 * order of their sources; each takes a share of the bar's height in proportion to its weight.
 */
export function layoutBands(links: readonly FlowLink[], bars: readonly BarBox[]): Band[] {
  const byId = new Map(bars.map((bar) => [bar.id, bar]));
  const usable = links.filter((link) => byId.has(link.from) && byId.has(link.to));
  const ends = new Map<FlowLink, { y0: number; h0: number; y1: number; h1: number }>();
  for (const link of usable) ends.set(link, { y0: 0, h0: 0, y1: 0, h1: 0 });

  // Each bar's links, found once (in link order) rather than by scanning every link for every bar.
  const outgoing = new Map<string, FlowLink[]>();
  const incoming = new Map<string, FlowLink[]>();
  const attach = (byBar: Map<string, FlowLink[]>, id: string, link: FlowLink) => {
    const list = byBar.get(id);
    if (list) list.push(link);
    else byBar.set(id, [link]);
  };
  for (const link of usable) {
    attach(outgoing, link.from, link);
    attach(incoming, link.to, link);
  }

  const stack = (side: 'out' | 'in') => {
    for (const bar of bars) {
      const attached = ((side === 'out' ? outgoing : incoming).get(bar.id) ?? []).sort((a, b) => {
        const otherA = byId.get(side === 'out' ? a.to : a.from);
        const otherB = byId.get(side === 'out' ? b.to : b.from);
        return (otherA?.y ?? 0) - (otherB?.y ?? 0);
      });
      const total = attached.reduce((sum, link) => sum + link.weight, 0);
      let y = bar.y;
      for (const link of attached) {
        const share = total > 0 ? link.weight / total : 1 / attached.length;
        const end = ends.get(link);
        if (!end) continue;
        if (side === 'out') {
          end.y0 = y;
          end.h0 = bar.height * share;
        } else {
          end.y1 = y;
          end.h1 = bar.height * share;
        }
        y += bar.height * share;
      }
    }
  };
  stack('out');
  stack('in');

  return usable.map((link) => {
    const from = byId.get(link.from);
    const to = byId.get(link.to);
    const end = ends.get(link) ?? { y0: 0, h0: 0, y1: 0, h1: 0 };
    return {
      from: link.from,
      to: link.to,
      negative: link.negative,
      x0: (from?.x ?? 0) + (from?.width ?? 0),
      x1: to?.x ?? 0,
      ...end,
    };
  });
}
