/**
 * Paragraphs drawn into the share picture as pictures of their lines. html2canvas draws text piece
 * by piece, and for Chinese a piece is one character: for each it runs its own line-breaking code,
 * measures a Range and calls fillText. The three 主要变动原因 paragraphs were ~270 ms of a picture
 * made at 4× CPU (bench/report-page.mjs). Here the browser's own layout gives the lines (one Range
 * per character, nothing else), and each line is one fillText on a canvas that takes the
 * paragraph's place in html2canvas's copy.
 */

/** Elements with this attribute (text only, one font) go into the picture as drawn lines. */
export const sharePictureTextAttribute = 'data-share-picture-text';

export interface TextLine {
  text: string;
  /** From the element's border box, in CSS pixels. */
  left: number;
  /** Top of the characters' content area (the font's ascent above the baseline). */
  top: number;
}

/** The lines `element` shows, as the browser laid them out. */
export function linesOf(element: HTMLElement): TextLine[] {
  const box = element.getBoundingClientRect();
  const range = element.ownerDocument.createRange();
  const walker = element.ownerDocument.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const lines: TextLine[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const text = node.data;
    for (let index = 0; index < text.length; ) {
      const size = (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1;
      const character = text.slice(index, index + size);
      range.setStart(node, index);
      range.setEnd(node, index + size);
      index += size;
      const rect = range.getBoundingClientRect();
      // A collapsed space (at a line's end) has no box.
      if (rect.width === 0 && rect.height === 0) continue;
      const top = rect.top - box.top;
      const line = lines.at(-1);
      if (line && Math.abs(line.top - top) < rect.height / 2) line.text += character;
      else lines.push({ text: character, left: rect.left - box.left, top });
    }
  }
  for (const line of lines) line.text = line.text.trimEnd();
  return lines;
}

/**
 * `element`'s text drawn as it shows, `scale` canvas pixels per CSS pixel, on a transparent canvas
 * of the element's size made in `into` (html2canvas's copy). The element's own box (background,
 * margins) stays with html2canvas. Null where the browser gives no 2D context.
 */
export function drawParagraph(
  element: HTMLElement,
  scale: number,
  into: Document = element.ownerDocument,
): HTMLCanvasElement | null {
  const box = element.getBoundingClientRect();
  const canvas = into.createElement('canvas');
  canvas.width = Math.max(1, Math.round(box.width * scale));
  canvas.height = Math.max(1, Math.round(box.height * scale));
  canvas.style.display = 'block';
  canvas.style.width = `${box.width}px`;
  canvas.style.height = `${box.height}px`;
  const context = canvas.getContext('2d');
  if (!context) return null;
  const style = getComputedStyle(element);
  context.scale(scale, scale);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  context.fillStyle = style.color;
  context.textBaseline = 'alphabetic';
  // A character's box starts at the font's ascent above the baseline.
  const ascent = context.measureText('中').fontBoundingBoxAscent;
  for (const line of linesOf(element)) context.fillText(line.text, line.left, line.top + ascent);
  return canvas;
}
