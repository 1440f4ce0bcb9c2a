import { captureScale } from './report-rules.ts';

/** spec 2 §9: the share image is drawn on white and waits up to 15 s for each image. */
export const shareBackground = '#ffffff';
export const shareImageTimeoutMs = 15_000;

/** Elements marked with this attribute (buttons, hints) stay out of the share image. */
export const shareIgnoreAttribute = 'data-share-ignore';

/**
 * html2canvas rejects with bare strings as well as Errors (spec 2 §8 lists its texts); logging and
 * the toast need one shape.
 */
export function captureError(reason: unknown): Error {
  if (reason instanceof Error) return reason;
  return new Error(typeof reason === 'string' ? reason : '生成图片失败');
}

function canvasUrl(canvas: HTMLCanvasElement): Promise<string> {
  // toBlob encodes off the main thread; toDataURL is the fallback for canvases without it.
  if (typeof canvas.toBlob !== 'function' || typeof URL.createObjectURL !== 'function')
    return Promise.resolve(canvas.toDataURL('image/png'));
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(URL.createObjectURL(blob));
      else reject(new Error('图片编码失败'));
    }, 'image/png');
  });
}

/**
 * Captures an element as a PNG for the share sheet (spec 2 §2.1, §9): html2canvas (loaded only
 * now, so it stays out of the page's first chunk) at scale 2 on white, with a 15 s image timeout,
 * the scale lowered when the canvas would pass the iOS limit. Resolves with an image URL.
 */
export async function captureShareImage(element: HTMLElement): Promise<string> {
  const { default: html2canvas } = await import('html2canvas');
  // html2canvas sizes the picture from its clone, where the ignored elements are gone, so the clone
  // is never larger than the element is now: a scale safe for the element is safe for the picture.
  const box = element.getBoundingClientRect();
  const width = Math.ceil(Math.max(box.width, element.scrollWidth));
  const height = Math.ceil(Math.max(box.height, element.scrollHeight));
  try {
    const canvas = await html2canvas(element, {
      scale: captureScale(width, height),
      backgroundColor: shareBackground,
      imageTimeout: shareImageTimeoutMs,
      useCORS: true,
      logging: false,
      ignoreElements: (node) => node.hasAttribute(shareIgnoreAttribute),
    });
    return await canvasUrl(canvas);
  } catch (reason) {
    throw captureError(reason);
  }
}

/** Frees an image made by captureShareImage. */
export function releaseShareImage(url: string): void {
  if (url.startsWith('blob:') && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
}
