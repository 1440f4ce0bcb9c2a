import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Answer, CommentMessage, Question } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import type { QuoteListener, QuoteSocket } from '../../../platform/socket/index.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { useCommentUnread } from '../hooks/use-comment-unread.ts';
import AllQuestionPage from './all-question-page.tsx';
import CommentTestPage from './comment-test-page.tsx';
import ProjectDPage from './project-d-page.tsx';
import SeekAdviceDetailPage from './seek-advice-detail-page.tsx';
import WeChatGroupPage from './we-chat-group-page.tsx';

const question: Question = {
  id: 7,
  title: '贵州茅台的分红什么时候到账？',
  content: '想知道要持有到哪天。',
  topic: 'dividend',
  code: '600519.SH',
  stockName: '贵州茅台',
  author: { nickname: '知财小助手', avatar: '' },
  answerCount: 1,
  demo: true,
  createdAt: '2026-11-20T02:31:00.000Z',
};

const answer: Answer = {
  id: 3,
  questionId: 7,
  questionTitle: question.title,
  content: '以股权登记日为准。',
  author: { nickname: '知财小助手', avatar: '' },
  demo: true,
  createdAt: '2026-11-20T02:31:00.000Z',
};

const pages = {
  '/articles_AllQuestion': <AllQuestionPage />,
  '/SeekAdviceDetail': <SeekAdviceDetailPage />,
  '/projectD': <ProjectDPage />,
  '/weChatGroup': <WeChatGroupPage />,
  '/comment-test': <CommentTestPage />,
};

// The first call of a file loads the request wrapper and the contract lazily, which takes seconds
// on a busy machine.
vi.setConfig({ testTimeout: 15_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('questions and answers', () => {
  it('lists questions by topic, marked as demo, and opens one with its answers', async () => {
    const server = stubApi({
      'community.questionList': ok({ list: [question], lastId: null }),
      'community.questionDetail': ok({ question, answers: [answer] }),
    });
    renderPages('/articles_AllQuestion', pages);
    expect(await screen.findByText(question.title)).toBeTruthy();
    expect(screen.getByText('演示数据')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '分红' }));
    await waitFor(() => expect(server.calls('community.questionList').at(-1)?.topic).toBe('dividend'));
    fireEvent.click(screen.getByText(question.title));
    expect(await screen.findByText(answer.content)).toBeTruthy();
    expect(screen.getByRole('link', { name: '贵州茅台（600519.SH）' })).toBeTruthy();
    expect(screen.getByText('登录后回答问题')).toBeTruthy();
  });

  it('posts an answer for a signed-in user', async () => {
    localStore.getState().setToken('jwt-alice');
    const server = stubApi({
      'community.questionDetail': ok({ question, answers: [] }),
      'community.answer': (params) => ok({ ...answer, id: 9, content: params.content }),
    });
    renderPages('/SeekAdviceDetail?id=7', pages);
    fireEvent.change(await screen.findByLabelText('我来回答'), { target: { value: '看公告里的派息日。' } });
    fireEvent.click(screen.getByRole('button', { name: '提交回答' }));
    await waitFor(() =>
      expect(server.calls('community.answer')).toEqual([{ questionId: 7, content: '看公告里的派息日。' }]),
    );
  });

  it('says a question link without an id leads to nothing', async () => {
    stubApi({});
    renderPages('/SeekAdviceDetail', pages);
    expect(await screen.findByText('问题不存在')).toBeTruthy();
  });
});

describe('/projectD and /weChatGroup', () => {
  it('lists the topics with their counts and opens one with its questions and discussion', async () => {
    stubApi({
      'community.topics': ok([
        {
          id: 'dividend',
          title: '红利与分红',
          description: '分红到账与红利税',
          questionCount: 2,
          commentCount: 5,
        },
      ]),
      'community.questionList': ok({ list: [question], lastId: null }),
      'community.list': ok({ list: [], lastId: null, total: 0 }),
    });
    renderPages('/projectD', pages);
    expect(await screen.findByText('2 个问题 · 5 条讨论')).toBeTruthy();
    fireEvent.click(screen.getByText('红利与分红'));
    expect(await screen.findByText(question.title)).toBeTruthy();
    expect(screen.getByRole('region', { name: '专题讨论' })).toBeTruthy();
  });

  it('shows the group QR code and copies its ID', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubApi({
      'community.group': ok({
        name: '知财投资交流群',
        groupId: 'zhicai-investors',
        joinUrl: 'https://zhicai.example/wechat-group',
        description: '交流行情与财报',
        demo: true,
      }),
    });
    renderPages('/weChatGroup', pages);
    expect(await screen.findByRole('img', { name: '入群二维码' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制群号' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('zhicai-investors'));
  });
});

describe('comment messages', () => {
  const reply: CommentMessage = {
    id: 11,
    kind: 'reply',
    commentId: 42,
    threadKey: 'article:9',
    fromNickname: '用户B',
    excerpt: '说得对',
    read: false,
    createdAt: '2026-11-20T02:31:00.000Z',
  };

  it('lists replies to my comments, marks one read and opens its comment', async () => {
    localStore.getState().setToken('jwt-alice');
    const server = stubApi({
      'community.unreadCount': ok({ unread: 1 }),
      'community.msgList': ok({ list: [reply], lastId: null, unread: 1 }),
      'community.readMsg': ok({ updated: 1, unread: 0 }),
    });
    renderPages('/comment-test', pages);
    expect(await screen.findByRole('heading', { name: '评论消息（1）' })).toBeTruthy();
    fireEvent.click(screen.getByText('用户B 回复了你'));
    expect((await screen.findByTestId('destination')).textContent).toBe('/comment-detail?id=42');
    await waitFor(() => expect(server.calls('community.readMsg')).toEqual([{ ids: [11] }]));
  });

  it('takes the unread count the socket pushes', async () => {
    localStore.getState().setToken('jwt-alice');
    let listener: QuoteListener = () => {};
    const socket = {
      subscribe: (_codes: readonly string[], next: QuoteListener) => {
        listener = next;
        return () => {};
      },
    } as unknown as QuoteSocket;
    stubApi({
      'community.unreadCount': ok({ unread: 0 }),
      'community.msgList': ok({ list: [], lastId: null, unread: 0 }),
    });
    function Badge() {
      return <output aria-label="未读评论">{useCommentUnread(socket)}</output>;
    }
    renderPages('/badge', { '/badge': <Badge /> });
    await waitFor(() => expect(screen.getByLabelText('未读评论').textContent).toBe('0'));
    listener({ type: 'commentUnread', unread: 3 });
    await waitFor(() => expect(screen.getByLabelText('未读评论').textContent).toBe('3'));
  });
});
