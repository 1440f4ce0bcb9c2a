/** iOS refuses canvases larger than this many pixels (4096 × 4096); spec 2 §8 / issue 5 item 7. */
export const maxCanvasPixels = 16_777_216;
/** spec 2 §9: the share image is captured at twice the CSS size. */
export const shareImageScale = 2;

/**
 * The capture scale for a width × height (CSS px) element: the spec's 2, lowered just enough that
 * width × height × scale² stays within the canvas limit.
 */
export function captureScale(width: number, height: number, preferred = shareImageScale): number {
  const area = Math.max(1, width) * Math.max(1, height);
  if (area * preferred * preferred <= maxCanvasPixels) return preferred;
  // Rounded down to 1/1000 so floating point can never tip the product over the limit.
  return Math.floor(Math.sqrt(maxCanvasPixels / area) * 1000) / 1000;
}
