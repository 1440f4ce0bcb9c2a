/**
 * A flow chart drawn as an ImageBitmap at a chosen resolution, for pictures larger than the card's
 * (full screen: the spec's full 1800-wide canvas). The drawing runs in a worker where there is one
 * with OffscreenCanvas, so the page keeps its frames while the picture is made (at 4× CPU an 1800
 * draw takes 110–180 ms); elsewhere it is drawn on the page.
 */
import type { FlowBitmapRequest } from './flow-bitmap.worker.ts';
import { drawFlow, type FlowPalette } from './flow-draw.ts';
import type { FlowLayout } from './flow-layout.ts';

/** What a drawn chart hands its page: the card's canvas, and what it was drawn from. */
export interface FlowDrawing {
  canvas: HTMLCanvasElement;
  layout: FlowLayout;
  palette: FlowPalette;
}

function drawInWorker(request: FlowBitmapRequest): Promise<ImageBitmap | null> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./flow-bitmap.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      resolve(null);
      return;
    }
    const finish = (bitmap: ImageBitmap | null) => {
      worker.terminate();
      resolve(bitmap);
    };
    worker.onmessage = (event: MessageEvent<ImageBitmap | null>) => finish(event.data);
    worker.onerror = () => finish(null);
    worker.postMessage(request);
  });
}

/** Draws on the page: where there is no worker with OffscreenCanvas, or the worker could not draw. */
function drawOnPage({ layout, palette, pixelRatio }: FlowBitmapRequest): Promise<ImageBitmap | null> {
  if (typeof createImageBitmap !== 'function') return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  if (!drawFlow(canvas, layout, palette, pixelRatio)) return Promise.resolve(null);
  return createImageBitmap(canvas).catch(() => null);
}

/** The chart drawn at `pixelRatio` canvas pixels per layout pixel; null where it cannot be drawn. */
export async function renderFlowBitmap(
  drawing: Pick<FlowDrawing, 'layout' | 'palette'>,
  pixelRatio: number,
): Promise<ImageBitmap | null> {
  const request = { layout: drawing.layout, palette: drawing.palette, pixelRatio };
  return (await drawInWorker(request)) ?? drawOnPage(request);
}
