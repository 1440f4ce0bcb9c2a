import { existsSync } from 'node:fs';
import path from 'node:path';
import { Codes } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';

/**
 * Reads the lines of a watchlist screenshot (imgToStocks, issue 16 item 5) with tesseract.js, on
 * the server, from traineddata on this machine: nothing is downloaded at run time. The simplified
 * Chinese model comes from Debian's tesseract-ocr-chi-sim (.ci/run installs it); npm has no
 * package of it we may install. Without it the English model reads the codes (digits) only, and
 * the answer says so (`ocr-digits`), so the page can suggest the paste import for names.
 */
export interface ImageReader {
  /** What the lines are: `ocr` (names and codes) or `ocr-digits` (codes only). */
  readonly reader: 'ocr' | 'ocr-digits';
  /** The text lines of a PNG or JPEG data URL, top to bottom. */
  readLines(dataUrl: string): Promise<string[]>;
  close(): Promise<void>;
}

/** Where Debian's tesseract-ocr-* packages put their traineddata (bookworm: 4.00; trixie: 5). */
const TESSDATA_FOLDERS = ['/usr/share/tesseract-ocr/5/tessdata', '/usr/share/tesseract-ocr/4.00/tessdata'];

function findModel(language: string): string | null {
  for (const folder of TESSDATA_FOLDERS)
    if (existsSync(path.join(folder, `${language}.traineddata`))) return folder;
  return null;
}

/** PNG's or JPEG's first bytes: anything else is refused before tesseract sees it. */
function decodeImage(dataUrl: string): Buffer {
  const image = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const png = image.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = image[0] === 0xff && image[1] === 0xd8 && image[2] === 0xff;
  if ((!png && !jpeg) || image.length < 64)
    throw new AppError(Codes.refused, '图片无法读取，请上传 PNG 或 JPEG 截图');
  return image;
}

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string } }>;
  setParameters(parameters: Record<string, string>): Promise<unknown>;
  terminate(): Promise<unknown>;
};

export function createImageReader(): ImageReader {
  const chinese = findModel('chi_sim');
  const english = findModel('eng');
  const folder = chinese ?? english;
  const language = chinese ? 'chi_sim' : 'eng';
  let worker: Promise<TesseractWorker> | null = null;
  // One recognition at a time: tesseract's worker runs one job at once and queues the rest anyway.
  let queue: Promise<unknown> = Promise.resolve();

  async function start(): Promise<TesseractWorker> {
    if (!folder) throw new AppError(Codes.unavailable, '截图识别暂不可用，请使用粘贴导入', 503);
    // Loaded on first use: the server starts without it (start-to-ready budget).
    const { createWorker, OEM } = await import('tesseract.js');
    const created = (await createWorker(language, OEM.LSTM_ONLY, {
      langPath: folder,
      gzip: false,
      cacheMethod: 'none',
      // A failed job rejects its promise; without a handler the worker also throws it uncaught.
      errorHandler: () => undefined,
    })) as unknown as TesseractWorker;
    if (!chinese) await created.setParameters({ tessedit_char_whitelist: '0123456789.SHZKBJOF \n' });
    return created;
  }

  return {
    reader: chinese ? 'ocr' : 'ocr-digits',
    async readLines(dataUrl) {
      const image = decodeImage(dataUrl);
      worker ??= start().catch((error: unknown) => {
        worker = null;
        throw error;
      });
      const ready = await worker;
      const job = queue.then(() => ready.recognize(image));
      queue = job.catch(() => undefined);
      let text: string;
      try {
        text = (await job).data.text;
      } catch {
        throw new AppError(Codes.refused, '图片无法识别，请换一张清晰的截图');
      }
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    },
    async close() {
      const running = worker;
      worker = null;
      // A job still running would lose its worker under it: let it finish first.
      await queue;
      if (running) await (await running.catch(() => null))?.terminate();
    },
  };
}
