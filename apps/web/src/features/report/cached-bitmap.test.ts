import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowDrawing } from '../../charts/flow/index.ts';
import { showCachedBitmap } from './cached-bitmap.ts';

const renderFlowBitmap = vi.hoisted(() => vi.fn());
vi.mock('../../charts/flow/index.ts', () => ({ renderFlowBitmap }));

type FakeBitmap = { width: number; height: number; close: ReturnType<typeof vi.fn> };
const bitmap = (width: number, height: number): FakeBitmap => ({ width, height, close: vi.fn() });

/** A chart drawn on the card at `canvasWidth` pixels, from a layout 1800 × 1210. */
function drawing(canvasWidth: number): FlowDrawing {
  const canvas = document.createElement('canvas');
  canvas.width = canvasWidth;
  canvas.height = Math.ceil((1210 * canvasWidth) / 1800);
  return {
    canvas,
    layout: {
      width: 1800,
      height: 1210,
      bars: [],
      bands: [],
      labels: [],
    } as unknown as FlowDrawing['layout'],
    palette: {} as FlowDrawing['palette'],
  };
}

/** A target canvas whose contexts are fakes (jsdom has no canvas), recording what was asked. */
function targetCanvas(supportsBitmapRenderer: boolean) {
  const target = document.createElement('canvas');
  const renderer = { transferFromImageBitmap: vi.fn() };
  const context2d = { drawImage: vi.fn() };
  const getContext = vi.fn((kind: string) => {
    if (kind === 'bitmaprenderer') return supportsBitmapRenderer ? renderer : null;
    if (kind === '2d') return context2d;
    return null;
  });
  target.getContext = getContext as unknown as HTMLCanvasElement['getContext'];
  return { target, renderer, context2d, getContext };
}

/** createImageBitmap answering when told, with a bitmap of the size asked. */
function stubCreateImageBitmap() {
  const pending: (() => void)[] = [];
  const create = vi.fn(
    (source: HTMLCanvasElement, options?: ImageBitmapOptions) =>
      new Promise<FakeBitmap>((done) =>
        pending.push(() =>
          done(bitmap(options?.resizeWidth ?? source.width, options?.resizeHeight ?? source.height)),
        ),
      ),
  );
  vi.stubGlobal('createImageBitmap', create);
  return { create, answer: () => pending.shift()?.() };
}

/** renderFlowBitmap answering when told. */
function stubFullSizeDraw() {
  const full = bitmap(1800, 1210);
  let resolve: (value: FakeBitmap | null) => void = () => {};
  renderFlowBitmap.mockImplementation(() => new Promise((done) => (resolve = done)));
  return { full, answer: (value: FakeBitmap | null = full) => resolve(value) };
}

beforeEach(() => {
  renderFlowBitmap.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the full-screen cached bitmap (spec 2 §2.1: gestures move a picture, never redraw)', () => {
  it('shows the card’s chart at once at the full 1800 size, then the chart drawn at full size', async () => {
    const images = stubCreateImageBitmap();
    const fullSize = stubFullSizeDraw();
    const card = drawing(646);
    const { target, renderer, getContext } = targetCanvas(true);
    showCachedBitmap(target, card);
    expect([target.width, target.height]).toEqual([1800, 1210]);
    expect(images.create).toHaveBeenCalledWith(
      card.canvas,
      expect.objectContaining({ resizeWidth: 1800, resizeHeight: 1210 }),
    );
    expect(renderFlowBitmap).toHaveBeenCalledWith(card, 1);

    images.answer();
    await vi.waitFor(() => expect(renderer.transferFromImageBitmap).toHaveBeenCalledTimes(1));
    fullSize.answer();
    await vi.waitFor(() => expect(renderer.transferFromImageBitmap).toHaveBeenLastCalledWith(fullSize.full));
    expect(getContext).not.toHaveBeenCalledWith('2d');
  });

  it('never lets the scaled-up card picture replace the full-size one that came first', async () => {
    const images = stubCreateImageBitmap();
    const fullSize = stubFullSizeDraw();
    const { target, renderer } = targetCanvas(true);
    showCachedBitmap(target, drawing(646));
    fullSize.answer();
    await vi.waitFor(() => expect(renderer.transferFromImageBitmap).toHaveBeenCalledWith(fullSize.full));
    images.answer();
    const preview = await images.create.mock.results[0]?.value;
    await vi.waitFor(() => expect(preview.close).toHaveBeenCalled());
    expect(renderer.transferFromImageBitmap).toHaveBeenCalledTimes(1);
  });

  it('hands over a chart already drawn at full size as it is, without drawing it again', async () => {
    const images = stubCreateImageBitmap();
    const card = drawing(1800);
    const { target, renderer } = targetCanvas(true);
    showCachedBitmap(target, card);
    expect(images.create).toHaveBeenCalledWith(card.canvas, undefined);
    expect(renderFlowBitmap).not.toHaveBeenCalled();
    images.answer();
    await vi.waitFor(() => expect(renderer.transferFromImageBitmap).toHaveBeenCalledTimes(1));
  });

  it('frees the pictures instead of showing them when the layer closed first', async () => {
    const images = stubCreateImageBitmap();
    const fullSize = stubFullSizeDraw();
    const { target, renderer } = targetCanvas(true);
    const cancel = showCachedBitmap(target, drawing(646));
    cancel();
    images.answer();
    fullSize.answer();
    const preview = await images.create.mock.results[0]?.value;
    await vi.waitFor(() => expect(preview.close).toHaveBeenCalled());
    await vi.waitFor(() => expect(fullSize.full.close).toHaveBeenCalled());
    expect(renderer.transferFromImageBitmap).not.toHaveBeenCalled();
  });

  it('copies into a 2D canvas where bitmaprenderer is missing, the card’s chart first', async () => {
    stubCreateImageBitmap();
    const fullSize = stubFullSizeDraw();
    const card = drawing(646);
    const { target, context2d } = targetCanvas(false);
    showCachedBitmap(target, card);
    expect(context2d.drawImage).toHaveBeenCalledWith(card.canvas, 0, 0, 1800, 1210);
    fullSize.answer();
    await vi.waitFor(() =>
      expect(context2d.drawImage).toHaveBeenLastCalledWith(fullSize.full, 0, 0, 1800, 1210),
    );
    expect(fullSize.full.close).toHaveBeenCalled();
  });

  it('keeps the card’s chart where the full-size one cannot be drawn', async () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const fullSize = stubFullSizeDraw();
    const card = drawing(646);
    const { target, context2d, getContext } = targetCanvas(true);
    showCachedBitmap(target, card);
    expect(getContext).not.toHaveBeenCalledWith('bitmaprenderer');
    fullSize.answer(null);
    await Promise.resolve();
    expect(context2d.drawImage).toHaveBeenCalledTimes(1);
    expect(context2d.drawImage).toHaveBeenCalledWith(card.canvas, 0, 0, 1800, 1210);
  });
});
