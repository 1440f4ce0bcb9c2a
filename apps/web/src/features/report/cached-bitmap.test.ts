import { afterEach, describe, expect, it, vi } from 'vitest';
import { showCachedBitmap } from './cached-bitmap.ts';

function sourceCanvas() {
  const source = document.createElement('canvas');
  source.width = 1800;
  source.height = 1210;
  return source;
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

function stubCreateImageBitmap() {
  const bitmap = { width: 1800, height: 1210, close: vi.fn() };
  let resolve: (value: typeof bitmap) => void = () => {};
  const create = vi.fn(() => new Promise<typeof bitmap>((done) => (resolve = done)));
  vi.stubGlobal('createImageBitmap', create);
  return { bitmap, create, resolve: () => resolve(bitmap) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the full-screen cached bitmap (spec 2 §2.1: gestures move a picture, never redraw)', () => {
  it('hands the drawn chart to a bitmaprenderer canvas of its size, never copying it into a 2D canvas', async () => {
    const stub = stubCreateImageBitmap();
    const source = sourceCanvas();
    const { target, renderer, getContext } = targetCanvas(true);
    showCachedBitmap(target, source);
    expect([target.width, target.height]).toEqual([1800, 1210]);
    expect(stub.create).toHaveBeenCalledWith(source);
    stub.resolve();
    await vi.waitFor(() => expect(renderer.transferFromImageBitmap).toHaveBeenCalledWith(stub.bitmap));
    expect(getContext).not.toHaveBeenCalledWith('2d');
  });

  it('frees the bitmap instead of showing it when the layer closed first', async () => {
    const stub = stubCreateImageBitmap();
    const { target, renderer } = targetCanvas(true);
    const cancel = showCachedBitmap(target, sourceCanvas());
    cancel();
    stub.resolve();
    await vi.waitFor(() => expect(stub.bitmap.close).toHaveBeenCalled());
    expect(renderer.transferFromImageBitmap).not.toHaveBeenCalled();
  });

  it('copies into a 2D canvas where bitmaprenderer is missing', () => {
    stubCreateImageBitmap();
    const source = sourceCanvas();
    const { target, context2d } = targetCanvas(false);
    showCachedBitmap(target, source);
    expect(context2d.drawImage).toHaveBeenCalledWith(source, 0, 0);
    expect([target.width, target.height]).toEqual([1800, 1210]);
  });

  it('copies into a 2D canvas where createImageBitmap is missing', () => {
    vi.stubGlobal('createImageBitmap', undefined);
    const source = sourceCanvas();
    const { target, context2d, getContext } = targetCanvas(true);
    showCachedBitmap(target, source);
    expect(getContext).not.toHaveBeenCalledWith('bitmaprenderer');
    expect(context2d.drawImage).toHaveBeenCalledWith(source, 0, 0);
  });
});
