import { createHash } from 'node:crypto';
import { openPdfDocument } from '../../report/report-pdf.ts';

/**
 * The PDF of a generated announcement or research report: a heading block, the title, a table of
 * key facts, the text's paragraphs and the demo note. Set with the server's one PDF writer
 * (report-pdf.ts openPdfDocument: embedded Noto Sans Hans, searchable text).
 */

export interface PdfContent {
  /** Small lines above the title (证券代码, 机构…). */
  heading: string[];
  title: string;
  /** Label-value pairs under the title (评级, 目标价…). */
  facts: [string, string][];
  paragraphs: string[];
  /** The last line, right-aligned (董事会, 分析师…). */
  signature: string;
  demo: boolean;
}

const margin = 56;

/** A stable tag of what the PDF is made of: the same content always gives the same file. */
export function pdfContentTag(content: PdfContent): string {
  return createHash('sha1').update(JSON.stringify(content)).digest('base64url').slice(0, 27);
}

export async function renderContentPdf(content: PdfContent): Promise<Buffer> {
  const { document, done } = await openPdfDocument({ Title: content.title, Subject: content.title });
  const width = document.page.width - margin * 2;
  document.font('regular').fontSize(9.5).fillColor('#666666');
  document.text(content.heading.join('    '), margin, margin, { width });
  document.moveDown(2);
  document.font('medium').fontSize(17).fillColor('#000000').text(content.title, { width, align: 'center' });
  document.moveDown(1.2);
  for (const [label, value] of content.facts)
    document.font('regular').fontSize(11).text(`${label}：${value}`, { width });
  if (content.facts.length > 0) document.moveDown(0.8);
  for (const paragraph of content.paragraphs) {
    document.font('regular').fontSize(11.5).text(`　　${paragraph}`, { width, lineGap: 4 });
    document.moveDown(0.6);
  }
  document.moveDown(1);
  document.font('regular').fontSize(11).text(content.signature, { width, align: 'right' });
  if (content.demo) {
    document.moveDown(2);
    document
      .fontSize(9)
      .fillColor('#999999')
      .text('演示数据：本文件由知财根据演示行情生成，不是上市公司或研究机构发布的真实文件。', { width });
  }
  document.end();
  return done;
}
