/**
 * Encodes a share picture as PNG off the page's main thread (share-capture.ts says why): receives
 * the picture as an ImageBitmap and answers with the PNG Blob, or null when it cannot encode.
 */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ImageBitmap>) => void) | null;
  postMessage: (message: Blob | null) => void;
};

scope.onmessage = async (event) => {
  const bitmap = event.data;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    context.drawImage(bitmap, 0, 0);
    scope.postMessage(await canvas.convertToBlob({ type: 'image/png' }));
  } catch {
    scope.postMessage(null);
  } finally {
    bitmap.close();
  }
};
