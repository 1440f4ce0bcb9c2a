import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FlowNode } from '@zhicai/contract';
import { layoutOf, type StatementKind, statementKinds } from '../../market/statements/statement-layout.ts';
import type { ReportPeriods } from './report.service.ts';
import { buildTree } from './report.service.ts';
import { periodDate, periodTitle } from './report-text.ts';

/**
 * The "original report" PDF of a company-period (issue 5, Server 3), generated from the stored
 * statements: a cover, then the three statements as tables with 本期 and 上年同期 columns. Chinese
 * text is set in Noto Sans Hans from @embedpdf/fonts-sc; pdfkit embeds only the glyphs used (a
 * subset with a ToUnicode map, so the text can be searched and copied).
 */

// The package exports only its script entry; the fonts sit beside it in fonts/.
const fontDirectory = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')),
  '..',
  'fonts',
);
let fonts: { regular: Buffer; medium: Buffer } | undefined;
/** The two weights (8 MB each), read on the first PDF and kept for the next ones. */
function fontData(): { regular: Buffer; medium: Buffer } {
  fonts ??= {
    regular: readFileSync(path.join(fontDirectory, 'NotoSansHans-Regular.otf')),
    medium: readFileSync(path.join(fontDirectory, 'NotoSansHans-Medium.otf')),
  };
  return fonts;
}

const statementTitles: Record<StatementKind, string> = {
  income: '合并利润表',
  cashFlow: '合并现金流量表',
  balance: '合并资产负债表',
};

const page = { width: 595.28, height: 841.89, margin: 50 };
const columns = { label: page.margin, current: 330, prior: 450, width: 95 };
const rowHeight = 17;

function yuan(value: number | undefined): string {
  return value === undefined ? '--' : Math.round(value).toLocaleString('en-US');
}

/** A stable tag of what the PDF is made from: the same statements always give the same file. */
export function reportPdfTag(data: ReportPeriods): string {
  return createHash('sha1')
    .update(
      JSON.stringify([
        data.instrument.code,
        data.instrument.name,
        data.period,
        data.current,
        data.prior ?? null,
      ]),
    )
    .digest('base64url')
    .slice(0, 27);
}

interface Row {
  depth: number;
  name: string;
  current: number | undefined;
  prior: number | undefined;
  bold: boolean;
}

function rowsOf(kind: StatementKind, data: ReportPeriods): Row[] {
  const lines = data.current[kind] ?? {};
  const priorLines = data.prior?.isFinance === data.current.isFinance ? data.prior[kind] : undefined;
  const layout = layoutOf(kind, data.current.isFinance);
  const tree = buildTree(layout, lines, priorLines, data.current);
  const priorTree = priorLines && data.prior ? buildTree(layout, priorLines, undefined, data.prior) : {};
  const rows: Row[] = [];
  const walk = (
    nodes: Record<string, FlowNode>,
    priorNodes: Record<string, FlowNode> | undefined,
    depth: number,
  ) => {
    for (const [code, node] of Object.entries(nodes)) {
      const before = priorNodes?.[code];
      rows.push({
        depth,
        name: `${node.negative ? '减：' : ''}${node.name}`,
        current: node.value,
        prior: before?.value,
        bold: depth === 0,
      });
      if (node.child) walk(node.child, before?.child, depth + 1);
    }
  };
  walk(tree, priorTree, 0);
  return rows;
}

/**
 * pdfkit (with fontkit and its compressed Unicode tables) costs a few hundred milliseconds to load,
 * so it is loaded on the first PDF rather than at server start (start-to-ready budget ≤ 1 s).
 */
const loadPdfkit = () => import('pdfkit');
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

export type PdfDocument = InstanceType<Awaited<ReturnType<typeof loadPdfkit>>['default']>;

/**
 * The one PDF writer of the server: an A4 document with the two CJK weights registered as
 * 'regular' and 'medium', and the promise of its bytes once `document.end()` is called. The
 * financial-report PDF and the announcement and research PDFs (modules/content/notice) use it.
 */
export async function openPdfDocument(info: {
  Title: string;
  Subject: string;
}): Promise<{ document: PdfDocument; done: Promise<Buffer> }> {
  pdfkit ??= loadPdfkit();
  const { default: PDFDocument } = await pdfkit;
  const document = new PDFDocument({
    size: 'A4',
    margin: page.margin,
    info: { ...info, Author: '知财', Creator: '知财' },
  });
  const { regular, medium } = fontData();
  document.registerFont('regular', regular);
  document.registerFont('medium', medium);
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  return { document, done };
}

/** Renders the PDF into memory. */
export async function renderReportPdf(data: ReportPeriods): Promise<Buffer> {
  const { instrument, period } = data;
  const title = periodTitle(period);
  const { document, done } = await openPdfDocument({
    Title: `${instrument.name} ${title}`,
    Subject: `${instrument.name}（${instrument.code}）${title}财务报表`,
  });

  // Cover.
  document.font('medium').fontSize(30).text(instrument.name, page.margin, 260, { align: 'center' });
  document.font('regular').fontSize(14).text(`股票代码：${instrument.code}`, { align: 'center' });
  document.moveDown(1.5);
  document.font('medium').fontSize(24).text(title, { align: 'center' });
  document.moveDown(1);
  document
    .font('regular')
    .fontSize(11)
    .fillColor('#666666')
    .text(`报告期末：${periodDate(period)}`, { align: 'center' })
    .text('本文件由知财根据数据库中的财务报表数据生成，金额单位为人民币元。', { align: 'center' });
  document.fillColor('#000000');

  for (const kind of statementKinds) {
    if (!data.current[kind]) continue;
    document.addPage();
    document
      .font('medium')
      .fontSize(18)
      .text(statementTitles[kind], page.margin, page.margin, { align: 'center' });
    document
      .font('regular')
      .fontSize(10)
      .text(`编制单位：${instrument.name}    ${title}    单位：元`, { align: 'center' });
    let y = page.margin + 50;
    const header = () => {
      document.font('medium').fontSize(10);
      document.text('项目', columns.label, y);
      document.text('本期', columns.current, y, { width: columns.width, align: 'right' });
      document.text('上年同期', columns.prior, y, { width: columns.width, align: 'right' });
      y += rowHeight;
      document
        .moveTo(page.margin, y - 3)
        .lineTo(page.width - page.margin, y - 3)
        .lineWidth(0.5)
        .stroke();
    };
    header();
    for (const row of rowsOf(kind, data)) {
      if (y > page.height - page.margin - rowHeight) {
        document.addPage();
        y = page.margin;
        header();
      }
      document.font(row.bold ? 'medium' : 'regular').fontSize(9.5);
      document.text(row.name, columns.label + row.depth * 12, y, {
        width: columns.current - columns.label - row.depth * 12 - 8,
        lineBreak: false,
        ellipsis: true,
      });
      document.text(yuan(row.current), columns.current, y, {
        width: columns.width,
        align: 'right',
        lineBreak: false,
      });
      document.text(yuan(row.prior), columns.prior, y, {
        width: columns.width,
        align: 'right',
        lineBreak: false,
      });
      y += rowHeight;
    }
  }
  document.end();
  return done;
}

/** Generated PDFs by company-period, most recently used last; opening a report twice is a lookup. */
export function createPdfCache(capacity = 64) {
  const entries = new Map<string, { tag: string; body: Buffer }>();
  return {
    async get(key: string, tag: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const found = entries.get(key);
      if (found && found.tag === tag) {
        entries.delete(key);
        entries.set(key, found);
        return found.body;
      }
      const body = await make();
      entries.delete(key);
      entries.set(key, { tag, body });
      while (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return body;
    },
  };
}
