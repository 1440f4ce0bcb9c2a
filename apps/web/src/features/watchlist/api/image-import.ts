import { request } from '../../../platform/request/request.ts';

/** The largest data URL the upload takes (contract imgUpload: 700KB of image). */
export const maxImageDataUrl = 960_000;

/**
 * A screenshot as the upload takes it: a PNG or JPEG data URL under the limit. A bigger picture is
 * drawn smaller as a JPEG (a phone screenshot is several times the limit as a PNG); text stays
 * readable at 1080 px wide, which is what the OCR needs.
 */
export async function imageDataUrl(file: File): Promise<string> {
  const original = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('图片读取失败'));
    reader.readAsDataURL(file);
  });
  if (original.length <= maxImageDataUrl && /^data:image\/(png|jpeg);/.test(original)) return original;
  const image = await new Promise<HTMLImageElement>((resolve, reject) => {
    const element = new Image();
    element.onload = () => resolve(element);
    element.onerror = () => reject(new Error('无法识别的图片'));
    element.src = original;
  });
  for (const width of [1080, 800, 600]) {
    const scale = Math.min(1, width / image.naturalWidth);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    const smaller = canvas.toDataURL('image/jpeg', 0.8);
    if (smaller.length <= maxImageDataUrl) return smaller;
  }
  throw new Error('图片过大，请截取更小的区域');
}

/** Uploads a screenshot (POST /api/v2/opt/imgUpload) and reads it (GET /api/v2/opt/imgToStocks). */
export async function readScreenshot(file: File) {
  const image = await imageDataUrl(file);
  const { imageId } = await request('watchlist.imgUpload', { image });
  return request('watchlist.imgToStocks', { imageId });
}

/** Reads pasted lines of codes or names (POST /api/v2/opt/textToStocks). */
export function readPastedText(text: string) {
  return request('watchlist.textToStocks', { text });
}
