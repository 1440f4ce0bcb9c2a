/**
 * The full-screen layer's cached bitmap (spec 2 §2.1: gestures move a drawn picture, never redraw
 * it). The layer's canvas has the chart's full size (spec 2 §9: 1800 wide): the card's chart,
 * drawn only as large as the card shows it, is shown at once scaled up, and the chart drawn at full
 * size (off the main thread, renderFlowBitmap) replaces it when ready, so zooming in reads sharp.
 *
 * The pictures are handed over as ImageBitmaps to a `bitmaprenderer` canvas rather than copied into
 * a 2D canvas: where 2D canvases are not GPU-backed (software compositing), Chromium copies a 2D
 * canvas's whole backing store (1800 × 1200–2400 pixels here) into each frame the compositor
 * commits, so a drag or pinch — one commit per frame — costs ~10 ms of main thread per frame for
 * that copy alone and drops frames; a `bitmaprenderer` canvas holds a fixed image and commits at no
 * cost (bench/report-page.mjs). Browsers without createImageBitmap or `bitmaprenderer` get 2D copies.
 */
import { type FlowDrawing, renderFlowBitmap } from '../../charts/flow/index.ts';

export function showCachedBitmap(target: HTMLCanvasElement, drawing: FlowDrawing): () => void {
  const width = Math.ceil(drawing.layout.width);
  const height = Math.ceil(drawing.layout.height);
  target.width = width;
  target.height = height;
  const renderer = typeof createImageBitmap === 'function' ? target.getContext('bitmaprenderer') : null;
  let cancelled = false;
  let fullSizeShown = false;

  const show = (bitmap: ImageBitmap, fullSize: boolean) => {
    if (cancelled || (fullSizeShown && !fullSize)) {
      bitmap.close();
      return;
    }
    fullSizeShown ||= fullSize;
    // Which picture is shown, for tests and the benchmark: the card's scaled up, or the full-size one.
    target.dataset.picture = fullSize ? 'full' : 'card';
    if (renderer) {
      renderer.transferFromImageBitmap(bitmap);
    } else {
      target.getContext('2d')?.drawImage(bitmap, 0, 0, width, height);
      bitmap.close();
    }
  };
  // A picture that cannot be made leaves what is shown (never expected for our own canvas): the
  // card's chart is still on the page behind.
  const ignore = () => undefined;

  const drawnFullSize = drawing.canvas.width >= width;
  if (!renderer) {
    target.getContext('2d')?.drawImage(drawing.canvas, 0, 0, width, height);
    target.dataset.picture = drawnFullSize ? 'full' : 'card';
  } else {
    createImageBitmap(
      drawing.canvas,
      drawnFullSize ? undefined : { resizeWidth: width, resizeHeight: height, resizeQuality: 'medium' },
    ).then((bitmap) => show(bitmap, drawnFullSize), ignore);
  }
  if (!drawnFullSize) renderFlowBitmap(drawing, 1).then((bitmap) => bitmap && show(bitmap, true), ignore);
  return () => {
    cancelled = true;
  };
}
