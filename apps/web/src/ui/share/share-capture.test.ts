import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  captureShareImage,
  insertAtPath,
  keptPath,
  loadCapture,
  shareContentSize,
  shareCoveredAttribute,
  shareIgnoreAttribute,
  shareShownAttribute,
} from './share-capture.ts';
import { sharePictureAttribute } from './share-pictures.ts';

const mocks = vi.hoisted(() => ({ html2canvas: vi.fn() }));
vi.mock('html2canvas', () => ({ default: mocks.html2canvas }));

interface CaptureOptions {
  scale: number;
  ignoreElements: (element: Element) => boolean;
  onclone: (document: Document, element: HTMLElement) => void;
}

/**
 * What html2canvas does before drawing, reduced: copies the document into another one, leaving out
 * what ignoreElements names (and adding a ::before element where it would), then calls onclone.
 */
function fakeHtml2canvas(root: HTMLElement, options: CaptureOptions) {
  const target = document.implementation.createHTMLDocument('clone');
  let clonedRoot: HTMLElement | null = null;
  const copy = (node: Node): Node => {
    const clone = target.importNode(node, false);
    if (node === root) clonedRoot = clone as HTMLElement;
    if (node instanceof Element && node.classList.contains('with-before'))
      clone.appendChild(target.createElement('html2canvaspseudoelement'));
    for (const child of node.childNodes) {
      if (child instanceof Element && options.ignoreElements(child)) continue;
      clone.appendChild(copy(child));
    }
    return clone;
  };
  target.replaceChild(copy(document.documentElement), target.documentElement);
  if (!clonedRoot) throw new Error('root not copied');
  options.onclone(target, clonedRoot);
  return { clone: target, clonedRoot: clonedRoot as HTMLElement };
}

function page() {
  document.head.innerHTML =
    '<style>.x{color:red}</style><link rel="stylesheet" href="/assets/page.css"><link rel="modulepreload" href="/assets/page.js"><link rel="icon" href="/favicon.svg">';
  document.body.innerHTML = `
    <div id="other-page"><canvas id="other-chart" width="800" height="600"></canvas><p>别的页面</p></div>
    <main ${shareCoveredAttribute}="true">
      <div id="capture">
        <h2>贵州茅台</h2>
        <button ${shareIgnoreAttribute}>查看财报原文</button>
        <section class="with-before">
          <figure>
            <figcaption class="visually-hidden">摘要</figcaption>
            <canvas id="chart" class="flow-chart__canvas" width="1800" height="900"></canvas>
            <button class="flow-chart__toggle">表格</button>
          </figure>
          <p>主要变动原因</p>
        </section>
        <footer ${shareShownAttribute}="false"><div id="qr"><canvas id="qr-canvas" width="320" height="320"></canvas></div></footer>
      </div>
    </main>`;
  return document.getElementById('capture') as HTMLElement;
}

beforeEach(() => {
  mocks.html2canvas.mockReset();
});

afterEach(() => {
  document.body.innerHTML = '';
  document.head.innerHTML = '';
});

describe('where a left-out canvas goes back into the copy', () => {
  it('counts only the siblings the copy keeps', () => {
    const root = page();
    const chart = document.getElementById('chart') as HTMLElement;
    // capture > section (3rd element, 2nd kept: the button is left out) > figure > canvas (the
    // figcaption before it is left out).
    expect(keptPath(root, chart)).toEqual([1, 0, 0]);
    expect(keptPath(root, document.getElementById('qr-canvas') as HTMLElement)).toEqual([2, 0, 0]);
  });

  it('skips the elements html2canvas adds for ::before', () => {
    const root = document.createElement('div');
    root.innerHTML = '<section><html2canvaspseudoelement></html2canvaspseudoelement><p>a</p></section>';
    const inserted = document.createElement('canvas');
    expect(insertAtPath(root, [0, 0], inserted)).toBe(true);
    expect(root.querySelector('section')?.children[1]).toBe(inserted);
    expect(insertAtPath(root, [3, 0], document.createElement('canvas'))).toBe(false);
  });
});

describe('captureShareImage (spec 2 §2.1, §9)', () => {
  it('copies only the content, leaves out controls and hidden text, shows the footer and replaces canvases', async () => {
    const root = page();
    let copied: ReturnType<typeof fakeHtml2canvas> | null = null;
    mocks.html2canvas.mockImplementation(async (element: HTMLElement, options: CaptureOptions) => {
      copied = fakeHtml2canvas(element, options);
      return { toDataURL: () => 'data:image/png;base64,AAAA' };
    });
    await expect(captureShareImage(root)).resolves.toBe('data:image/png;base64,AAAA');

    const [element, options] = mocks.html2canvas.mock.calls[0] as [HTMLElement, CaptureOptions];
    expect(element).toBe(root);
    expect(options).toMatchObject({ scale: 2, backgroundColor: '#ffffff', imageTimeout: 15_000 });
    const ignore = options.ignoreElements;
    // The rest of the page stays out; styles and the branch down to the content stay in.
    expect(ignore(document.getElementById('other-page') as HTMLElement)).toBe(true);
    expect(ignore(document.querySelector('style') as HTMLElement)).toBe(false);
    expect(ignore(document.querySelector('link[rel="stylesheet"]') as HTMLElement)).toBe(false);
    // Module preloads and icons would only be fetched and compiled again in the copy.
    expect(ignore(document.querySelector('link[rel="modulepreload"]') as HTMLElement)).toBe(true);
    expect(ignore(document.querySelector('link[rel="icon"]') as HTMLElement)).toBe(true);
    expect(ignore(document.querySelector('main') as HTMLElement)).toBe(false);
    expect(ignore(root)).toBe(false);

    const { clonedRoot } = copied as unknown as ReturnType<typeof fakeHtml2canvas>;
    expect(clonedRoot.textContent).not.toContain('查看财报原文');
    expect(clonedRoot.textContent).not.toContain('摘要');
    expect(clonedRoot.textContent).not.toContain('表格');
    expect(clonedRoot.ownerDocument.getElementById('other-chart')).toBeNull();
    // The footer shows in the picture though the page hides it.
    expect(clonedRoot.querySelector('footer')?.getAttribute(shareShownAttribute)).toBe('true');
    // Each canvas is back where it was, a new one (no pixel copy by html2canvas), same attributes.
    const chart = clonedRoot.querySelector('figure')?.firstElementChild as HTMLCanvasElement;
    expect(chart.id).toBe('chart');
    expect(chart.className).toBe('flow-chart__canvas');
    expect(chart).not.toBe(document.getElementById('chart'));
    expect(chart.nextElementSibling).toBeNull();
    expect(clonedRoot.querySelector('#qr > canvas')?.id).toBe('qr-canvas');
    expect(clonedRoot.querySelectorAll('canvas')).toHaveLength(2);
    // A page covered (and so hidden) by a full-screen chart shows uncovered in the picture.
    expect(clonedRoot.closest('main')?.getAttribute(shareCoveredAttribute)).toBe('false');
    // The page itself is untouched.
    expect(root.querySelector('footer')?.getAttribute(shareShownAttribute)).toBe('false');
    expect(document.querySelector('main')?.getAttribute(shareCoveredAttribute)).toBe('true');
  });

  it('puts a marked paragraph into the copy as a picture of its lines, in its own place', async () => {
    document.body.innerHTML = `<main><div id="capture"><h3>主要变动原因</h3><p ${sharePictureAttribute}>营业收入同比下降</p><p>其他</p></div></main>`;
    const root = document.getElementById('capture') as HTMLElement;
    // jsdom lays nothing out: the paragraph's text shows on one line.
    Object.defineProperty(Range.prototype, 'getClientRects', {
      configurable: true,
      value: () => [new DOMRect(0, 0, 120, 20)],
    });
    const fillText = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      scale: () => undefined,
      beginPath: () => undefined,
      measureText: () => ({ fontBoundingBoxAscent: 16 }),
      fillText,
    } as unknown as ReturnType<HTMLCanvasElement['getContext']>);
    let copied: ReturnType<typeof fakeHtml2canvas> | null = null;
    mocks.html2canvas.mockImplementation(async (element: HTMLElement, options: CaptureOptions) => {
      copied = fakeHtml2canvas(element, options);
      return { toDataURL: () => 'data:image/png;base64,AAAA' };
    });
    try {
      await captureShareImage(root);
    } finally {
      delete (Range.prototype as Partial<Range>).getClientRects;
    }
    const { clonedRoot } = copied as unknown as ReturnType<typeof fakeHtml2canvas>;
    const [, picture, other] = [...clonedRoot.children];
    expect(picture?.tagName).toBe('P');
    expect(picture?.textContent).toBe('');
    expect(picture?.firstElementChild?.tagName).toBe('CANVAS');
    expect(fillText).toHaveBeenCalledWith('营业收入同比下降', 0, 16);
    expect(other?.textContent).toBe('其他');
    // The page keeps its text.
    expect(root.querySelector('p')?.textContent).toBe('营业收入同比下降');
  });

  it('counts the hidden footer in the size the scale is chosen for', () => {
    const root = page();
    vi.spyOn(root, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 351, 2800));
    const footer = root.querySelector('footer') as HTMLElement;
    vi.spyOn(footer, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 351, 108));
    expect(shareContentSize(root)).toEqual({ width: 351, height: 2800 + 108 + 16 });
  });

  it('lowers the scale when the picture would pass 16,777,216 pixels', async () => {
    const root = page();
    vi.spyOn(root, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 375, 20_000));
    mocks.html2canvas.mockResolvedValue({ toDataURL: () => 'data:image/png;base64,AAAA' });
    await captureShareImage(root);
    const { scale } = (mocks.html2canvas.mock.calls[0] as [HTMLElement, CaptureOptions])[1];
    expect(375 * (20_000 + 16) * scale * scale).toBeLessThanOrEqual(16_777_216);
    expect(scale).toBeGreaterThan(1);
  });

  it('turns a bare-string rejection into an Error', async () => {
    mocks.html2canvas.mockRejectedValue('Unable to find element in cloned iframe');
    await expect(captureShareImage(page())).rejects.toThrow('Unable to find element in cloned iframe');
  });
});

describe('encoding the picture (off the main thread where the browser can)', () => {
  /** A worker that answers each picture it is sent with `answer`, recording what it got. */
  function fakeWorker(answer: (bitmap: unknown) => Blob | null) {
    const made: { url: string; sent: unknown[]; transfer: unknown[]; terminated: boolean }[] = [];
    class FakeWorker {
      onmessage: ((event: { data: Blob | null }) => void) | null = null;
      onerror: (() => void) | null = null;
      record: (typeof made)[number];
      constructor(url: URL) {
        this.record = { url: String(url), sent: [], transfer: [], terminated: false };
        made.push(this.record);
      }
      postMessage(message: unknown, transfer: unknown[]) {
        this.record.sent.push(message);
        this.record.transfer.push(...transfer);
        queueMicrotask(() => this.onmessage?.({ data: answer(message) }));
      }
      terminate() {
        this.record.terminated = true;
      }
    }
    vi.stubGlobal('Worker', FakeWorker);
    vi.stubGlobal('OffscreenCanvas', class {});
    vi.stubGlobal('createImageBitmap', async () => ({ bitmap: true }));
    return made;
  }

  const objectUrls = new Map<string, Blob>();
  beforeEach(() => {
    objectUrls.clear();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:picture-${objectUrls.size}`;
      objectUrls.set(url, blob as Blob);
      return url;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('encodes the PNG in a worker, handing it the picture, and frees the worker', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    const workers = fakeWorker(() => png);
    const toBlob = vi.fn((done: (blob: Blob | null) => void) => done(new Blob(['page'])));
    mocks.html2canvas.mockResolvedValue({ toBlob, toDataURL: vi.fn() });
    const url = await captureShareImage(page());
    expect(objectUrls.get(url)).toBe(png);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.url).toContain('share-encoder.worker');
    // The bitmap is transferred, not copied.
    expect(workers[0]?.sent).toEqual([{ bitmap: true }]);
    expect(workers[0]?.transfer).toEqual([{ bitmap: true }]);
    expect(workers[0]?.terminated).toBe(true);
    expect(toBlob).not.toHaveBeenCalled();
  });

  it('starts the encoder with the capture, before html2canvas draws, and frees it when the capture fails', async () => {
    const workers = fakeWorker(() => new Blob(['png']));
    let workersWhenDrawing = -1;
    mocks.html2canvas.mockImplementation(async () => {
      workersWhenDrawing = workers.length;
      throw 'Unable to find element in cloned iframe';
    });
    await expect(captureShareImage(page())).rejects.toThrow('Unable to find element in cloned iframe');
    expect(workersWhenDrawing).toBe(1);
    expect(workers[0]?.sent).toEqual([]);
    expect(workers[0]?.terminated).toBe(true);
  });

  it('encodes on the page when the worker cannot', async () => {
    fakeWorker(() => null);
    const fromPage = new Blob(['page'], { type: 'image/png' });
    const toBlob = vi.fn((done: (blob: Blob | null) => void) => done(fromPage));
    mocks.html2canvas.mockResolvedValue({ toBlob, toDataURL: vi.fn() });
    const url = await captureShareImage(page());
    expect(objectUrls.get(url)).toBe(fromPage);
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png');
  });
});

describe('loadCapture', () => {
  it('loads html2canvas once and hands the same settled promise to every later capture', async () => {
    const first = loadCapture();
    expect(loadCapture()).toBe(first);
    expect((await first).default).toBe(mocks.html2canvas);
    expect(loadCapture()).toBe(first);
  });
});
