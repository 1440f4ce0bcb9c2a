/**
 * Draws a flow chart off the page's main thread (flow-bitmap.ts says when): receives a layout, a
 * palette and a pixel ratio, answers with the picture as an ImageBitmap, or null when it cannot draw.
 */
import { drawFlow, type FlowPalette } from './flow-draw.ts';
import type { FlowLayout } from './flow-layout.ts';

export interface FlowBitmapRequest {
  layout: FlowLayout;
  palette: FlowPalette;
  pixelRatio: number;
}

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<FlowBitmapRequest>) => void) | null;
  postMessage: (message: ImageBitmap | null, transfer?: Transferable[]) => void;
};

scope.onmessage = (event) => {
  const { layout, palette, pixelRatio } = event.data;
  try {
    const canvas = new OffscreenCanvas(1, 1);
    if (!drawFlow(canvas, layout, palette, pixelRatio)) throw new Error('no 2d context');
    const bitmap = canvas.transferToImageBitmap();
    scope.postMessage(bitmap, [bitmap]);
  } catch {
    scope.postMessage(null);
  }
};
