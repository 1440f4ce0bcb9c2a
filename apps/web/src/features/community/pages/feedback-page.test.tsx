import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Feedback, UploadTicket } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import FeedbackPage from './feedback-page.tsx';

const ticket: UploadTicket = {
  uploadUrl: '/api/v2/oss/upload',
  fields: { key: 'feedback/20261126/0f8fad5b-d9cb-469f-a165-70867728950e', signature: 'abc' },
  fileField: 'file',
  key: 'feedback/20261126/0f8fad5b-d9cb-469f-a165-70867728950e',
  publicUrl: '/uploads/feedback/20261126/0f8fad5b-d9cb-469f-a165-70867728950e',
  maxBytes: 5 * 1024 * 1024,
  accept: ['image/png'],
  expiresAt: '2026-11-26T02:00:00.000Z',
};

const past: Feedback = {
  id: 3,
  content: '自选股排序不生效',
  contact: null,
  images: [],
  appVersion: null,
  status: 'replied',
  reply: '已在新版本修复',
  createdAt: '2026-11-20T02:31:00.000Z',
};

/** The stub API, with the upload target of the ticket answering `uploadStatus`. */
function serve(uploadStatus: number) {
  const server = stubApi({
    'community.feedbackList': ok([past]),
    'community.ossSign': ok(ticket),
    'community.feedbackSubmit': (params) =>
      ok({ ...past, id: 4, content: params.content, images: params.images, status: 'pending', reply: null }),
  });
  const uploads: FormData[] = [];
  const api = server.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).startsWith(ticket.uploadUrl)) {
      uploads.push(init?.body as FormData);
      return new Response(JSON.stringify({ code: '000', message: '成功', datas: null }), {
        status: uploadStatus,
      });
    }
    return api(input, init);
  });
  return { server, uploads };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'screen.png', { type: 'image/png' });

beforeEach(() => {
  localStore.getState().setToken('jwt-alice');
});

// The first call of a file loads the request wrapper and the contract lazily, which takes seconds
// on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/feedback', () => {
  it('uploads an image through the signed ticket, then files the feedback with it', async () => {
    const { server, uploads } = serve(200);
    renderPages('/feedback', { '/feedback': <FeedbackPage /> });
    expect(await screen.findByText('已在新版本修复', { exact: false })).toBeTruthy();
    expect(screen.getByText(/已回复/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('添加图片'), { target: { files: [png()] } });
    expect(await screen.findByAltText('图片 1')).toBeTruthy();
    expect(uploads[0]?.get('key')).toBe(ticket.key);
    expect((uploads[0]?.get('file') as File | undefined)?.name).toBe('screen.png');

    fireEvent.change(screen.getByLabelText('反馈内容'), { target: { value: '行情页偶尔卡顿' } });
    fireEvent.change(screen.getByLabelText('联系方式'), { target: { value: 'alice@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: '提交反馈' }));
    await waitFor(() =>
      expect(server.calls('community.feedbackSubmit')).toEqual([
        { content: '行情页偶尔卡顿', contact: 'alice@example.com', images: [ticket.publicUrl] },
      ]),
    );
  });

  it('keeps no image whose upload is not answered with HTTP 200', async () => {
    serve(415);
    renderPages('/feedback', { '/feedback': <FeedbackPage /> });
    fireEvent.change(await screen.findByLabelText('添加图片'), { target: { files: [png()] } });
    await waitFor(() => expect(screen.getByText('添加图片 0/3')).toBeTruthy());
    expect(screen.queryByAltText('图片 1')).toBeNull();
  });

  it('asks for five characters before it can be sent, and asks a visitor to sign in', async () => {
    serve(200);
    const { unmount } = renderPages('/feedback', { '/feedback': <FeedbackPage /> });
    fireEvent.change(await screen.findByLabelText('反馈内容'), { target: { value: '太卡' } });
    expect((screen.getByRole('button', { name: '提交反馈' }) as HTMLButtonElement).disabled).toBe(true);
    unmount();
    localStore.getState().setToken(null);
    renderPages('/feedback', { '/feedback': <FeedbackPage /> });
    expect(await screen.findByText('登录后提交意见反馈，便于我们回复你')).toBeTruthy();
  });
});
