export {
  captureError,
  captureShareImage,
  loadCapture,
  releaseShareImage,
  shareCoveredAttribute,
  shareIgnoreAttribute,
  shareShownAttribute,
} from './share-capture.ts';
export { drawSharePicture, sharePictureAttribute } from './share-pictures.ts';
export { captureScale, maxCanvasPixels, shareImageScale } from './share-scale.ts';
export { ShareSheet, type ShareSheetProps } from './share-sheet.tsx';
export {
  type ShareImageStatus,
  shareFailedMessage,
  shareImageMark,
  useShareImage,
} from './use-share-image.ts';
