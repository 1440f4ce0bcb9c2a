/**
 * The full-screen layer's cached bitmap (spec 2 §2.1: gestures move a drawn picture, never redraw
 * it). The picture is handed over as an ImageBitmap to a `bitmaprenderer` canvas rather than
 * copied into a 2D canvas: where 2D canvases are not GPU-backed (software compositing), Chromium
 * copies a 2D canvas's whole backing store (1800 × 1200–2400 pixels here) into each frame the
 * compositor commits, so a drag or pinch — one commit per frame — costs ~10 ms of main thread per
 * frame for that copy alone and drops frames; a `bitmaprenderer` canvas holds a fixed image and
 * commits at no cost (bench/report-page.mjs). Browsers without createImageBitmap or
 * `bitmaprenderer` get the 2D copy.
 */
export function showCachedBitmap(target: HTMLCanvasElement, source: HTMLCanvasElement): () => void {
  target.width = source.width;
  target.height = source.height;
  const renderer = typeof createImageBitmap === 'function' ? target.getContext('bitmaprenderer') : null;
  if (!renderer) {
    target.getContext('2d')?.drawImage(source, 0, 0);
    return () => {};
  }
  let cancelled = false;
  createImageBitmap(source).then(
    (bitmap) => {
      if (cancelled) bitmap.close();
      else renderer.transferFromImageBitmap(bitmap);
    },
    () => {
      // The source could not be read (never expected for our own canvas): the layer stays blank
      // rather than failing the page; the card's chart is still on the page behind.
    },
  );
  return () => {
    cancelled = true;
  };
}
