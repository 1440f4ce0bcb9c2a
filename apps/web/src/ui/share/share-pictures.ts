/**
 * Parts of the page drawn into the share picture by us, as pictures, in place of html2canvas's
 * drawing. html2canvas copies every element and parses ~90 of its CSS properties, and draws text
 * piece by piece (for Chinese, a piece is one character: its own line breaking, a Range measured and
 * a fillText for each). At 4× CPU (bench/report-page.mjs) the three 主要变动原因 paragraphs were
 * ~270 ms of a picture and the 关键指标 grids (48 elements) ~450 ms.
 * Here the browser's own layout gives where each text line and background is; each line is one
 * fillText and each background one fill, on a canvas that takes the part's place in html2canvas's
 * copy. What is drawn: background colours (with rounded corners) and text in its element's font and
 * colour. Borders, shadows, images and decorations are not, so a part marked for this uses none.
 */

/** Elements with this attribute go into the picture as drawn by drawSharePicture. */
export const sharePictureAttribute = 'data-share-picture';

export interface TextLine {
  text: string;
  /** From the part's border box, in CSS pixels. */
  left: number;
  /** Top of the characters' content area (the font's ascent above the baseline). */
  top: number;
  /** The element whose font and colour the text takes. */
  element: Element;
}

const isBlank = (text: string) => text.trim() === '';

/** The lines `node` shows one character at a time, for a text the browser wrapped. */
function wrappedLines(node: Text, range: Range, box: DOMRect, element: Element): TextLine[] {
  const lines: TextLine[] = [];
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
    else lines.push({ text: character, left: rect.left - box.left, top, element });
  }
  for (const line of lines) line.text = line.text.trimEnd();
  return lines;
}

/**
 * The text lines `part` shows, as the browser laid them out: a text on one line is measured once, a
 * wrapped one character by character to find where its lines break.
 */
export function textLinesOf(part: HTMLElement): TextLine[] {
  const box = part.getBoundingClientRect();
  const document = part.ownerDocument;
  const range = document.createRange();
  const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
  const lines: TextLine[] = [];
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const element = node.parentElement;
    if (!element || isBlank(node.data)) continue;
    range.selectNodeContents(node);
    const boxes = [...range.getClientRects()].filter((rect) => rect.width > 0 || rect.height > 0);
    const [only] = boxes;
    if (boxes.length === 1 && only)
      lines.push({ text: node.data.trim(), left: only.left - box.left, top: only.top - box.top, element });
    else if (boxes.length > 1) lines.push(...wrappedLines(node, range, box, element));
  }
  return lines;
}

const isTransparent = (color: string) => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);

type Context = CanvasRenderingContext2D;

/** The background colours of the elements inside `part` (its own box stays with html2canvas). */
function drawBackgrounds(context: Context, part: HTMLElement, box: DOMRect): void {
  for (const inner of part.querySelectorAll('*')) {
    const style = getComputedStyle(inner);
    if (isTransparent(style.backgroundColor)) continue;
    const rect = inner.getBoundingClientRect();
    const radius = Number.parseFloat(style.borderTopLeftRadius) || 0;
    const [x, y] = [rect.left - box.left, rect.top - box.top];
    context.fillStyle = style.backgroundColor;
    context.beginPath();
    if (radius > 0 && typeof context.roundRect === 'function')
      context.roundRect(x, y, rect.width, rect.height, radius);
    else context.rect(x, y, rect.width, rect.height);
    context.fill();
  }
}

/**
 * `part`'s backgrounds and text drawn as they show, `scale` canvas pixels per CSS pixel, on a
 * transparent canvas of the part's size made in `into` (html2canvas's copy), to replace the part's
 * children there. Null where the browser gives no 2D context.
 */
export function drawSharePicture(
  part: HTMLElement,
  scale: number,
  into: Document = part.ownerDocument,
): HTMLCanvasElement | null {
  const box = part.getBoundingClientRect();
  const canvas = into.createElement('canvas');
  canvas.width = Math.max(1, Math.round(box.width * scale));
  canvas.height = Math.max(1, Math.round(box.height * scale));
  canvas.style.display = 'block';
  canvas.style.width = `${box.width}px`;
  canvas.style.height = `${box.height}px`;
  // In a grid (the 关键指标), the picture spans every column as the part's content did.
  canvas.style.gridColumn = '1 / -1';
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(scale, scale);
  drawBackgrounds(context, part, box);
  context.textBaseline = 'alphabetic';
  // A character's box starts at the font's ascent above the baseline.
  const ascents = new Map<string, number>();
  let currentFont = '';
  for (const line of textLinesOf(part)) {
    const style = getComputedStyle(line.element);
    const font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    if (font !== currentFont) {
      context.font = font;
      currentFont = font;
    }
    let ascent = ascents.get(font);
    if (ascent === undefined) {
      ascent = context.measureText('中').fontBoundingBoxAscent;
      ascents.set(font, ascent);
    }
    context.fillStyle = style.color;
    context.fillText(line.text, line.left, line.top + ascent);
  }
  return canvas;
}
