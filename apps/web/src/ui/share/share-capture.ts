import { drawSharePicture, sharePictureAttribute } from './share-pictures.ts';
import { captureScale } from './share-scale.ts';

/** spec 2 §9: the share image is drawn on white and waits up to 15 s for each image. */
export const shareBackground = '#ffffff';
export const shareImageTimeoutMs = 15_000;

/** Elements marked with this attribute (buttons, hints) stay out of the share image. */
export const shareIgnoreAttribute = 'data-share-ignore';

/**
 * Elements marked with this attribute (the brand footer) are part of the share image even while the
 * page hides them: the page shows them in share mode only, but the picture is made in advance, so
 * the copy html2canvas draws from always shows them. Its value is "true" while the page shows it.
 */
export const shareShownAttribute = 'data-share-shown';

/**
 * Set to "true" on an ancestor of the captured content while something covers the page (a chart
 * full screen), which hides the page (report.css). The picture always shows the page uncovered.
 */
export const shareCoveredAttribute = 'data-covered';

/**
 * What the picture leaves out: the marked controls, text only screen readers get (invisible on the
 * page; html2canvas would still measure it character by character — the charts' summaries were
 * about half the text of the page) and the charts' 表格 toggle, a control like 点击查看大图.
 */
const leftOutSelector = `[${shareIgnoreAttribute}], .visually-hidden, .flow-chart__toggle`;

/** The elements html2canvas adds to its copy for ::before and ::after content. */
const pseudoElementTag = 'HTML2CANVASPSEUDOELEMENT';

/**
 * html2canvas rejects with bare strings as well as Errors (spec 2 §8 lists its texts); logging and
 * the toast need one shape.
 */
export function captureError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  return new Error(typeof reason === 'string' ? reason : '生成图片失败');
}

/**
 * The worker that encodes the picture as PNG, started with the capture so it is up when the picture
 * is drawn (starting it then was 50–100 ms of a picture made at 4× CPU). Chromium's toBlob encodes
 * PNG in idle moments of the main thread only, and while the share sheet animates or the page
 * scrolls there are few: at 4× CPU slowdown the 702×5688 picture took 1.2 s there (3–4 s beside a
 * busy animation) against 0.4 s in a worker, and the page keeps its frames. Null where there is no
 * worker, no OffscreenCanvas or no createImageBitmap; the picture is then encoded on the page.
 */
function startEncoder(): Worker | null {
  if (
    typeof Worker !== 'function' ||
    typeof OffscreenCanvas !== 'function' ||
    typeof createImageBitmap !== 'function'
  )
    return null;
  try {
    return new Worker(new URL('./share-encoder.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
}

/** The picture encoded by `encoder`; null when it cannot encode (the caller encodes on the page). */
function encodeInWorker(canvas: HTMLCanvasElement, encoder: Worker): Promise<Blob | null> {
  return createImageBitmap(canvas).then(
    (bitmap) =>
      new Promise<Blob | null>((resolve) => {
        encoder.onmessage = (event: MessageEvent<Blob | null>) => resolve(event.data);
        encoder.onerror = () => resolve(null);
        encoder.postMessage(bitmap, [bitmap]);
      }),
    () => null,
  );
}

async function canvasUrl(canvas: HTMLCanvasElement, encoder: Worker | null): Promise<string> {
  const encoded = encoder ? await encodeInWorker(canvas, encoder) : null;
  if (encoded && typeof URL.createObjectURL === 'function') return URL.createObjectURL(encoded);
  // On the page: toBlob encodes asynchronously (in idle moments, so frames keep coming); toDataURL
  // is the fallback for canvases without it.
  if (typeof canvas.toBlob !== 'function' || typeof URL.createObjectURL !== 'function')
    return canvas.toDataURL('image/png');
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(URL.createObjectURL(blob));
      else reject(new Error('图片编码失败'));
    }, 'image/png');
  });
}

const isLeftOut = (element: Element) => element.matches(leftOutSelector);

/**
 * Where `element` will sit in html2canvas's copy of `root`: for it and each of its ancestors below
 * the root, the index among the element siblings the copy keeps (the left-out ones are not copied).
 */
export function keptPath(root: Element, element: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
    let index = 0;
    for (let sibling = node.previousElementSibling; sibling; sibling = sibling.previousElementSibling)
      if (!isLeftOut(sibling)) index += 1;
    path.unshift(index);
  }
  return path;
}

/** The element children of a node in the copy, without the ones html2canvas adds for ::before/::after. */
function copiedChildren(parent: Element): Element[] {
  return [...parent.children].filter((child) => child.tagName !== pseudoElementTag);
}

/** The element of the copy `root` at `path` (from keptPath). */
export function copiedAtPath(root: Element, path: readonly number[]): Element | undefined {
  let element: Element | undefined = root;
  for (const index of path) element = element ? copiedChildren(element)[index] : undefined;
  return element;
}

/**
 * Inserts `element` into the copy `root` at `path` (from keptPath): under the element the path's
 * leading indices name, before the child now at its last index. Returns false when the copy does
 * not have that parent (never expected: the copy is made from the same tree).
 */
export function insertAtPath(root: Element, path: readonly number[], element: Element): boolean {
  const parent = copiedAtPath(root, path.slice(0, -1));
  if (!parent) return false;
  parent.insertBefore(element, copiedChildren(parent)[path.at(-1) ?? 0] ?? null);
  return true;
}

/**
 * The size the picture will have, in CSS px: the element as it is now plus what share mode adds
 * (the hidden footer, laid out but invisible, see report.css; a flex gap of at most 16 px before
 * it). The elements left out only make the copy shorter, so a scale safe for this is safe for it.
 */
export function shareContentSize(element: HTMLElement): { width: number; height: number } {
  const box = element.getBoundingClientRect();
  let height = Math.max(box.height, element.scrollHeight);
  for (const hidden of element.querySelectorAll(`[${shareShownAttribute}="false"]`))
    height += hidden.getBoundingClientRect().height + 16;
  return { width: Math.ceil(Math.max(box.width, element.scrollWidth)), height: Math.ceil(height) };
}

/**
 * Decides what html2canvas copies. Only the branch down to `root` and the root's own content are
 * copied: the rest of the page (a kept-alive page with its own charts, an open sheet) never shows
 * in the picture, yet html2canvas would copy each element and read its style three times. Styles
 * and stylesheets stay wherever they are; other links do not. The canvases in `replaced` are copied by
 * `replaceCanvases` instead.
 */
function copyFilter(root: HTMLElement, replaced: ReadonlySet<Element>) {
  return (node: Element): boolean => {
    if (node === root) return false;
    if (root.contains(node)) return replaced.has(node) || isLeftOut(node);
    if (node.contains(root)) return false;
    const tag = node.tagName;
    // Of the links only stylesheets: the page's module preloads (twenty-odd) would each be fetched
    // and compiled again in html2canvas's iframe, for nothing.
    if (tag === 'LINK') return !(node as HTMLLinkElement).relList.contains('stylesheet');
    if (tag === 'STYLE' || tag === 'META' || tag === 'TITLE') return false;
    return node.ownerDocument.body?.contains(node) ?? false;
  };
}

/**
 * The charts' canvases are as large as the cards show them (646–969 px wide on a phone, up to 1800):
 * html2canvas would copy each into its clone pixel by pixel (getImageData/putImageData, the largest
 * cost of the capture when they were all 1800 wide) and then scale it. Instead they are left out of the
 * copy and replaced there by a canvas of the same attributes (so the same layout) whose bitmap is
 * the live canvas scaled once, with high-quality smoothing, to the size it is drawn at in the
 * picture. Canvases under hidden elements are replaced too (they stay hidden).
 */
function replaceCanvases(
  clonedRoot: HTMLElement,
  canvases: readonly { live: HTMLCanvasElement; path: number[] }[],
  scale: number,
): void {
  const document = clonedRoot.ownerDocument;
  const copies = canvases.map(({ live, path }) => {
    // Attributes only (class, style, width, height, role): the copy is laid out like the original.
    const copy = document.importNode(live, false);
    if (!insertAtPath(clonedRoot, path, copy)) throw new Error('分享图片的图表位置不符');
    return { live, copy };
  });
  // Measured after every insertion, so the copy's layout is computed once.
  const boxes = copies.map(({ copy }) => copy.getBoundingClientRect());
  copies.forEach(({ live, copy }, index) => {
    const box = boxes[index];
    if (!box || box.width === 0 || box.height === 0 || live.width === 0 || live.height === 0) return;
    copy.style.width = `${box.width}px`;
    copy.style.height = `${box.height}px`;
    copy.width = Math.max(1, Math.round(box.width * scale));
    copy.height = Math.max(1, Math.round(box.height * scale));
    const context = copy.getContext('2d');
    if (!context) return;
    context.imageSmoothingQuality = 'high';
    context.drawImage(live, 0, 0, copy.width, copy.height);
  });
}

/**
 * Loads html2canvas (its own chunk, so it stays out of the page's first load). Calling it early
 * (the page does when its data has loaded) lets the capture start without the download.
 */
let captureLibrary: ReturnType<typeof importCapture> | null = null;
const importCapture = () => import('html2canvas');

export function loadCapture(): ReturnType<typeof importCapture> {
  // Kept once loaded: a dynamic import of a module already there still settles in a task of its
  // own, which a page busy with a sheet's animation frames kept waiting for up to 200 ms at 4× CPU.
  captureLibrary ??= importCapture().catch((error: unknown) => {
    captureLibrary = null;
    throw error;
  });
  return captureLibrary;
}

/**
 * Captures an element as a PNG for the share sheet (spec 2 §2.1, §9): html2canvas at scale 2 on
 * white, with a 15 s image timeout, the scale lowered when the canvas would pass the iOS limit of
 * 16,777,216 pixels. The elements marked data-share-shown="false" are shown in the picture.
 * Resolves with an image URL.
 */
export async function captureShareImage(element: HTMLElement): Promise<string> {
  const { default: html2canvas } = await loadCapture();
  const { width, height } = shareContentSize(element);
  const scale = captureScale(width, height);
  const canvases = [...element.querySelectorAll('canvas')]
    .filter((canvas) => !canvas.closest(leftOutSelector))
    .map((live) => ({ live, path: keptPath(element, live) }));
  const pictured = [...element.querySelectorAll<HTMLElement>(`[${sharePictureAttribute}]`)]
    .filter((part) => !part.closest(leftOutSelector))
    .map((live) => ({ live, path: keptPath(element, live) }));
  const encoder = startEncoder();
  try {
    const canvas = await html2canvas(element, {
      scale,
      backgroundColor: shareBackground,
      imageTimeout: shareImageTimeoutMs,
      useCORS: true,
      logging: false,
      ignoreElements: copyFilter(element, new Set(canvases.map(({ live }) => live))),
      onclone: (_document, clonedRoot) => {
        for (const hidden of clonedRoot.querySelectorAll(`[${shareShownAttribute}="false"]`))
          hidden.setAttribute(shareShownAttribute, 'true');
        for (let node: Element | null = clonedRoot; node; node = node.parentElement)
          if (node.getAttribute(shareCoveredAttribute) === 'true')
            node.setAttribute(shareCoveredAttribute, 'false');
        replaceCanvases(clonedRoot, canvases, scale);
        for (const { live, path } of pictured) {
          const picture = drawSharePicture(live, scale, clonedRoot.ownerDocument);
          if (picture) copiedAtPath(clonedRoot, path)?.replaceChildren(picture);
        }
      },
    });
    return await canvasUrl(canvas, encoder);
  } catch (reason) {
    throw captureError(reason);
  } finally {
    encoder?.terminate();
  }
}

/** Frees an image made by captureShareImage. */
export function releaseShareImage(url: string): void {
  if (url.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
