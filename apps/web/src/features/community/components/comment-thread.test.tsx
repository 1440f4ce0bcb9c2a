import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Comment } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { CommentThread } from './comment-thread.tsx';

function comment(id: number, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    threadKey: 'article:9',
    parentId: null,
    replyTo: null,
    author: { nickname: `用户${id}`, avatar: '' },
    content: `评论 ${id}`,
    likeCount: 0,
    replyCount: 0,
    liked: false,
    reported: false,
    mine: false,
    hidden: false,
    createdAt: '2026-11-20T02:31:00.000Z',
    ...overrides,
  };
}

const pages = { '/article': <CommentThread threadKey="article:9" /> };

// The first call of a file loads the request wrapper and the contract lazily, which takes seconds
// on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('CommentThread', () => {
  it('lists comments as plain text and pages on by cursor', async () => {
    const server = stubApi({
      'community.list': (params) =>
        params.lastId === undefined
          ? ok({ list: [comment(5, { content: '<b>不是粗体</b>' }), comment(4)], lastId: 4, total: 3 })
          : ok({ list: [comment(3)], lastId: null, total: 3 }),
    });
    renderPages('/article', pages);
    expect(await screen.findByText('<b>不是粗体</b>')).toBeTruthy();
    expect(screen.getByText('（3）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByText('评论 3')).toBeTruthy();
    expect(server.calls('community.list').map((call) => call.lastId)).toEqual([undefined, 4]);
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('asks a visitor to sign in before writing or liking', async () => {
    const server = stubApi({ 'community.list': ok({ list: [comment(1)], lastId: null, total: 1 }) });
    renderPages('/article', pages);
    expect(await screen.findByText('后参与评论')).toBeTruthy();
    expect(screen.queryByLabelText('评论内容')).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: /^赞/ }));
    expect((await screen.findByTestId('destination')).textContent).toBe('/bindphone?redirect=%2Farticle');
    expect(server.calls('community.like')).toEqual([]);
  });

  it('posts a comment and shows it once the thread reloads', async () => {
    localStore.getState().setToken('jwt-alice');
    let posted = false;
    const server = stubApi({
      'community.list': () =>
        ok({
          list: posted ? [comment(2, { content: '我的看法', mine: true })] : [],
          lastId: null,
          total: posted ? 1 : 0,
        }),
      'community.comment': (params) => {
        posted = true;
        return ok(comment(2, { content: params.content, mine: true }));
      },
    });
    renderPages('/article', pages);
    expect(await screen.findByText('还没有评论，来说两句吧')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('评论内容'), { target: { value: '我的看法' } });
    fireEvent.click(screen.getByRole('button', { name: '发布' }));
    expect(await screen.findByText('我的看法')).toBeTruthy();
    expect(server.calls('community.comment')).toEqual([{ threadKey: 'article:9', content: '我的看法' }]);
    expect((screen.getByLabelText('评论内容') as HTMLTextAreaElement).value).toBe('');
  });

  it('likes once: after the like the button is pressed and cannot be tapped again', async () => {
    localStore.getState().setToken('jwt-alice');
    let liked = false;
    const server = stubApi({
      'community.list': () =>
        ok({ list: [comment(1, { liked, likeCount: liked ? 1 : 0 })], lastId: null, total: 1 }),
      'community.like': () => {
        liked = true;
        return ok({ liked: true, likeCount: 1 });
      },
    });
    renderPages('/article', pages);
    fireEvent.click(await screen.findByRole('button', { name: /^赞/ }));
    const pressed = await screen.findByRole('button', { name: /^已赞 1/ });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect((pressed as HTMLButtonElement).disabled).toBe(true);
    expect(server.calls('community.like')).toEqual([{ id: 1 }]);
  });

  it('reports a comment with a chosen reason', async () => {
    localStore.getState().setToken('jwt-alice');
    const server = stubApi({
      'community.list': ok({ list: [comment(1)], lastId: null, total: 1 }),
      'community.tipoff': ok({ reported: true, hidden: false }),
    });
    renderPages('/article', pages);
    fireEvent.click(await screen.findByRole('button', { name: '举报' }));
    const reasons = await screen.findByRole('list', { name: '举报原因' });
    fireEvent.click(within(reasons).getByRole('button', { name: '诈骗或荐股引流' }));
    await waitFor(() => expect(server.calls('community.tipoff')).toEqual([{ id: 1, reason: 'fraud' }]));
  });

  it('shows a comment hidden by reports as under review, without its text or actions', async () => {
    stubApi({
      'community.list': ok({ list: [comment(1, { hidden: true, content: '' })], lastId: null, total: 1 }),
    });
    renderPages('/article', pages);
    const item = await screen.findByRole('listitem', { name: '用户1的评论' });
    expect(within(item).getByText('该评论被多位用户举报，正在审核中')).toBeTruthy();
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
