/**
 * Warms the chart's drawing path while the report's data is on the way, so the cards' first draws
 * do not pay for what any first draw pays once per page: compiling and profiling the layout code,
 * resolving the 46px medium and 40px regular fonts and their CJK fallback face, shaping the chart's
 * words and rasterising their glyphs at the card's scale.
 *
 * Measured in bench/flow-chart-draw.mjs at 4× CPU: the first statement drawn on a page took 50–70 ms
 * and the same statement drawn again 17–40 ms. Warmed with made-up charts of the node names every
 * statement shows (below), the slowest statement went from 55–104 ms to 41–47 ms over four runs.
 * Made-up charts of other Chinese words gained less (~50 ms): a glyph rasterised for one word serves
 * every word that has it, so the names' own characters matter.
 */

import { whenIdle } from '../../platform/idle.ts';
import { drawFlow, flowFonts, flowPalettes } from './flow-draw.ts';
import type { FlowBar, FlowGraph, FlowLink } from './flow-graph.ts';
import { layoutFlow } from './flow-layout.ts';

/**
 * Sample charts, one column of groups per array, of the names the statement layouts fix (packages/
 * contract/src/report.ts; the names are apps/server/src/market/statements/statement-layout.ts's): the
 * income chain, the cash-flow activities and their common items, the balance-sheet totals and common
 * items. Every company's charts show most of them, whatever its business lines are called.
 */
const sampleCharts: readonly (readonly (readonly string[])[])[][] = [
  [
    [['营业总收入', '其他业务']],
    [['营业成本', '毛利']],
    [['期间费用', '税金及减值', '其他经营收益'], ['营业利润']],
    [['营业外收支', '所得税'], ['净利润']],
    [['归母净利润', '少数股东损益']],
  ],
  [
    [
      ['销售商品、提供劳务收到的现金', '收到其他与经营活动有关的现金', '购买商品、接受劳务支付的现金'],
      ['支付给职工以及为职工支付的现金', '支付的各项税费', '收回投资收到的现金', '取得投资收益收到的现金'],
      ['购建固定资产、无形资产等支付的现金', '投资支付的现金', '取得借款收到的现金', '偿还债务支付的现金'],
      ['分配股利、利润或偿付利息支付的现金', '其他'],
    ],
    [['经营活动现金流量净额', '投资活动现金流量净额', '筹资活动现金流量净额', '汇率变动对现金的影响']],
    [['现金及现金等价物净增加额', '期初现金及现金等价物']],
    [['期末现金及现金等价物']],
  ],
  [
    [
      ['货币资金', '应收账款', '存货', '其他'],
      ['固定资产', '长期股权投资', '无形资产', '在建工程'],
    ],
    [['流动资产合计', '非流动资产合计']],
    [['资产总计']],
    [['负债合计', '所有者权益合计']],
    [
      ['流动负债合计', '非流动负债合计'],
      ['未分配利润', '资本公积', '少数股东权益'],
    ],
    [
      ['短期借款', '应付账款', '合同负债', '应付职工薪酬'],
      ['长期借款', '应付债券', '租赁负债'],
    ],
  ],
];

/**
 * A chart of the sample names with made-up amounts and changes (rises, falls, negative bars and an
 * unknown change, so every text and colour kind is set), each bar joined to the first bar of the
 * column before it.
 */
function sampleGraph(columns: (typeof sampleCharts)[number]): FlowGraph {
  let index = 0;
  const barColumns = columns.map((groups) =>
    groups.map((names) =>
      names.map((name): FlowBar => {
        index += 1;
        return {
          id: `sample/${index}`,
          code: `SAMPLE_${index}`,
          name,
          value: ((index * 7919) % 97) * 1.37e9 + 2.1e7,
          chgPct: index % 9 === 0 ? null : (((index * 37) % 41) - 20) / 97,
          negative: index % 4 === 0,
          folded: name === '其他',
        };
      }),
    ),
  );
  const links: FlowLink[] = [];
  barColumns.forEach((groups, column) => {
    const source = barColumns[column - 1]?.[0]?.[0];
    if (!source) return;
    for (const bar of groups.flat()) {
      links.push({ from: source.id, to: bar.id, weight: Math.abs(bar.value), negative: bar.negative });
    }
  });
  return { kind: 'income', isFinance: false, columns: barColumns, links };
}

/** Once per page load: the warmed code, fonts, shapes and glyphs stay warm. */
let warmed = false;

/**
 * Lays out and draws the sample charts at `pixelRatio` (the cards' flowPixelRatio, so the glyphs are
 * rasterised at the size the cards set them) on a canvas of its own, one pass per idle slice of the
 * main thread. Returns a function that cancels the passes not yet run: once the data is there, the
 * cards' own draws are what is left to do.
 */
export function warmFlowChart(pixelRatio: number, onFinished?: (busyMs: number) => void): () => void {
  if (warmed) {
    onFinished?.(0);
    return () => {};
  }
  const canvas = document.createElement('canvas');
  const graphs = sampleCharts.map(sampleGraph);
  let pass = 0;
  let cancelled = false;
  let pending: (() => void) | null = null;
  let busyMs = 0;

  const runPass = () => {
    pending = null;
    if (cancelled) return;
    const started = performance.now();
    if (pass === 0) {
      // Fonts first, in the smallest task: a chart that draws before the rest still finds them.
      const context = canvas.getContext('2d');
      if (!context) return;
      for (const font of new Set(Object.values(flowFonts))) {
        context.font = font;
        context.measureText('营业收入0123456789.-%亿万▲▼');
      }
    } else {
      const graph = graphs[pass - 1];
      if (!graph) return;
      drawFlow(canvas, layoutFlow(graph), flowPalettes.light, pixelRatio);
      // Reading a pixel makes the canvas rasterise what was recorded, glyphs included.
      canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
    }
    busyMs += performance.now() - started;
    pass += 1;
    if (pass <= graphs.length) schedule();
    else {
      warmed = true;
      release();
      onFinished?.(busyMs);
    }
  };
  const schedule = () => {
    pending = whenIdle(runPass, { timeoutMs: 500, fallbackMs: 0 });
  };
  // The canvas's bitmap is freed with it.
  const release = () => {
    canvas.width = 0;
    canvas.height = 0;
  };
  schedule();
  return () => {
    if (cancelled || warmed) return;
    cancelled = true;
    pending?.();
    release();
  };
}
