import { api, type ServerMessage, type UploadTicket } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitRules } from '../../http/rate-limits.ts';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { REPORTS_TO_HIDE } from './community.service.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
/** The start of a Windows program: `MZ` and its DOS stub. */
const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(62),
  Buffer.from('This program cannot be run in DOS mode.'),
]);

/** The multipart POST a client sends to a ticket's upload URL: its fields, then the file. */
async function upload(
  app: FastifyInstance,
  ticket: UploadTicket,
  file: Buffer,
  filename: string,
  type: string,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append(ticket.fileField, new Blob([new Uint8Array(file)], { type }), filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: ticket.uploadUrl,
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

const thread = 'article:1001';
let context: TestContext;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
const readers: { token: string; id: number }[] = [];

async function signIn(phone: string) {
  const login = await loginByPhone(context, phone);
  return { token: login.token, id: login.user.id };
}

beforeAll(async () => {
  context = await createTestApp();
  alice = await signIn('13800138201');
  bob = await signIn('13800138202');
  for (let index = 0; index < REPORTS_TO_HIDE; index += 1) readers.push(await signIn(`1380013821${index}`));
}, 60_000);

afterAll(async () => {
  await context.close();
});

describe('comments', () => {
  it('lists a posted comment in its thread, newest first, paged by lastId', async () => {
    const first = await call(
      context,
      api.community.comment,
      { body: { threadKey: thread, content: '第一条评论' } },
      { token: alice.token },
    );
    const second = await call(
      context,
      api.community.comment,
      { body: { threadKey: thread, content: '第二条评论' } },
      { token: alice.token },
    );
    expect(first.datas).toMatchObject({
      threadKey: thread,
      content: '第一条评论',
      mine: true,
      hidden: false,
      likeCount: 0,
    });

    const page = await call(context, api.community.list, { query: { threadKey: thread, size: 1 } });
    expect(page.datas.list.map((comment) => comment.id)).toEqual([second.datas.id]);
    expect(page.datas.total).toBe(2);
    expect(page.datas.list[0]?.mine).toBe(false);
    const next = await call(context, api.community.list, {
      query: { threadKey: thread, size: 1, lastId: page.datas.lastId ?? 0 },
    });
    expect(next.datas.list.map((comment) => comment.id)).toEqual([first.datas.id]);
  });

  it('stores comment text as plain text: markup stays text, control characters go', async () => {
    const { datas } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'article:1002', content: '<img src=x onerror=alert(1)>\u202e好\u0007' } },
      { token: alice.token },
    );
    expect(datas.content).toBe('<img src=x onerror=alert(1)>好');
  });

  it('counts a like once however often the same user likes', async () => {
    const { datas: comment } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'article:1003', content: '值得点赞' } },
      { token: alice.token },
    );
    for (let index = 0; index < 2; index += 1)
      expect(
        (await call(context, api.community.like, { body: { id: comment.id } }, { token: bob.token })).datas,
      ).toEqual({
        liked: true,
        likeCount: 1,
      });
    const seen = await call(
      context,
      api.community.detail,
      { query: { id: comment.id } },
      { token: bob.token },
    );
    expect(seen.datas).toMatchObject({ likeCount: 1, liked: true });
  });

  it(`hides a comment after ${REPORTS_TO_HIDE} distinct users report it, but not after one user reports it twice`, async () => {
    const { datas: comment } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'article:1004', content: '一条会被举报的评论' } },
      { token: alice.token },
    );
    const [first, ...others] = readers;
    if (!first) throw new Error('no readers');
    for (let index = 0; index < 2; index += 1) {
      const { datas } = await call(
        context,
        api.community.tipoff,
        { body: { id: comment.id, reason: 'spam' } },
        { token: first.token },
      );
      expect(datas.hidden).toBe(false);
    }
    let hidden = false;
    for (const reader of others)
      hidden = (
        await call(
          context,
          api.community.tipoff,
          { body: { id: comment.id, reason: 'abuse' } },
          { token: reader.token },
        )
      ).datas.hidden;
    expect(hidden).toBe(true);

    const seenByOthers = await call(
      context,
      api.community.list,
      { query: { threadKey: 'article:1004' } },
      { token: bob.token },
    );
    expect(seenByOthers.datas.list[0]).toMatchObject({ hidden: true, content: '' });
    const seenByAuthor = await call(
      context,
      api.community.list,
      { query: { threadKey: 'article:1004' } },
      { token: alice.token },
    );
    expect(seenByAuthor.datas.list[0]).toMatchObject({ hidden: true, content: '一条会被举报的评论' });
  });

  it('refuses to report one’s own comment', async () => {
    const { datas: comment } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'article:1005', content: '我自己的评论' } },
      { token: alice.token },
    );
    const refusal = await callRefused(
      context,
      api.community.tipoff,
      { body: { id: comment.id, reason: 'spam' } },
      { token: alice.token },
    );
    expect(refusal.code).toBe('037');
  });

  it('refuses text with a blocked word, however it is spaced or widened', async () => {
    for (const content of ['想赚钱加微信聊', '加 微 信 带你飞', '稳赚不赔的票']) {
      const refusal = await callRefused(
        context,
        api.community.comment,
        { body: { threadKey: 'article:1006', content } },
        { token: bob.token },
      );
      expect(refusal.code).toBe('037');
    }
    const { datas } = await call(context, api.community.list, { query: { threadKey: 'article:1006' } });
    expect(datas.total).toBe(0);
  });

  it('limits how fast one user writes', async () => {
    const writer = await signIn('13800138230');
    const limit = rateLimitRules.userText.perUser?.limit ?? 0;
    const codes: string[] = [];
    for (let index = 0; index < limit + 2; index += 1) {
      const settled = await callSettled(
        context,
        api.community.comment,
        { body: { threadKey: 'article:1007', content: `第 ${index} 条` } },
        { token: writer.token },
      );
      codes.push(settled.code);
    }
    expect(codes).toEqual([...Array<string>(limit).fill('000'), '-002', '-002']);
    // Another user is not held back by the writer's pace.
    await call(
      context,
      api.community.comment,
      { body: { threadKey: 'article:1007', content: '我也说一句' } },
      { token: bob.token },
    );
  });
});

describe('comment messages', () => {
  it('tells the author of a reply and a like, pushes the unread count to their sockets, and marks read', async () => {
    const author = await signIn('13800138240');
    const pushed: ServerMessage[] = [];
    const detach = context.app.userSockets.attach({
      userId: author.id,
      send: (message) => pushed.push(message),
      stillSignedIn: async () => true,
    });
    const { datas: comment } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'column:7', content: '专栏评论' } },
      { token: author.token },
    );
    await call(
      context,
      api.community.comment,
      { body: { threadKey: 'column:7', content: '回复你', parentId: comment.id } },
      { token: bob.token },
    );
    await call(context, api.community.like, { body: { id: comment.id } }, { token: bob.token });
    await call(context, api.community.like, { body: { id: comment.id } }, { token: bob.token });
    // Replying to oneself makes no message.
    await call(
      context,
      api.community.comment,
      { body: { threadKey: 'column:7', content: '自己补充', parentId: comment.id } },
      { token: author.token },
    );
    expect(pushed).toEqual([
      { type: 'commentUnread', unread: 1 },
      { type: 'commentUnread', unread: 2 },
    ]);

    const { datas: box } = await call(context, api.community.msgList, {}, { token: author.token });
    expect(box.unread).toBe(2);
    expect(box.list.map((message) => [message.kind, message.excerpt])).toEqual([
      ['like', '专栏评论'],
      ['reply', '回复你'],
    ]);
    const read = await call(
      context,
      api.community.readMsg,
      { body: { ids: [box.list[0]?.id ?? 0] } },
      { token: author.token },
    );
    expect(read.datas).toEqual({ updated: 1, unread: 1 });
    expect(pushed.at(-1)).toEqual({ type: 'commentUnread', unread: 1 });
    expect((await call(context, api.community.unreadCount, {}, { token: author.token })).datas.unread).toBe(
      1,
    );

    const replies = await call(context, api.community.list, {
      query: { threadKey: 'column:7', parentId: comment.id },
    });
    expect(replies.datas.list.map((reply) => reply.content)).toEqual(['自己补充', '回复你']);
    expect(replies.datas.list.every((reply) => reply.replyTo === comment.author.nickname)).toBe(true);
    detach();
  });

  it('refuses to read or delete another user’s messages, and leaves them as they were', async () => {
    const owner = await signIn('13800138250');
    const { datas: comment } = await call(
      context,
      api.community.comment,
      { body: { threadKey: 'column:8', content: '我的评论' } },
      { token: owner.token },
    );
    await call(context, api.community.like, { body: { id: comment.id } }, { token: bob.token });
    const { datas: box } = await call(context, api.community.msgList, {}, { token: owner.token });
    const messageId = box.list[0]?.id ?? 0;

    expect(
      (
        await callRefused(
          context,
          api.community.readMsg,
          { body: { ids: [messageId] } },
          { token: bob.token },
        )
      ).code,
    ).toBe('404');
    expect(
      (await callRefused(context, api.community.delMsg, { body: { id: messageId } }, { token: bob.token }))
        .code,
    ).toBe('404');
    expect(
      (await call(context, api.community.msgList, {}, { token: bob.token })).datas.list.map(
        (message) => message.id,
      ),
    ).not.toContain(messageId);
    const after = await call(context, api.community.msgList, {}, { token: owner.token });
    expect(after.datas.list[0]).toMatchObject({ id: messageId, read: false });

    expect(
      (await call(context, api.community.delMsg, { body: { id: messageId } }, { token: owner.token })).datas
        .deleted,
    ).toBe(1);
  });

  it('asks for a sign-in to comment, like, report or read messages', async () => {
    expect(
      (await callRefused(context, api.community.comment, { body: { threadKey: thread, content: '游客' } }))
        .code,
    ).toBe('004');
    expect((await callRefused(context, api.community.like, { body: { id: 1 } })).code).toBe('004');
    expect((await callRefused(context, api.community.msgList)).code).toBe('004');
  });
});

describe('questions and answers', () => {
  it('serves the demo questions, marked as demo, with names from the market', async () => {
    const { datas } = await call(context, api.community.questionList, { query: {} });
    expect(datas.list.length).toBeGreaterThan(0);
    expect(datas.list.every((question) => question.demo)).toBe(true);
    const topics = await call(context, api.community.topics);
    expect(topics.datas.reduce((sum, topic) => sum + topic.questionCount, 0)).toBe(datas.list.length);
  });

  it('takes a question and an answer and finds the answer by keyword', async () => {
    const { datas: question } = await call(
      context,
      api.community.ask,
      { body: { title: '可转债怎么申购？', topic: 'beginner' } },
      { token: alice.token },
    );
    const { datas: answer } = await call(
      context,
      api.community.answer,
      { body: { questionId: question.id, content: '在交易软件里输入申购代码，顶格申购即可。' } },
      { token: bob.token },
    );
    const detail = await call(context, api.community.questionDetail, { query: { id: question.id } });
    expect(detail.datas.question.answerCount).toBe(1);
    expect(detail.datas.answers.map((item) => item.id)).toEqual([answer.id]);
    const found = await call(context, api.community.searchAnswer, { query: { keyword: '顶格申购' } });
    expect(found.datas.list.map((item) => item.questionTitle)).toEqual(['可转债怎么申购？']);
  });
});

describe('uploads and feedback', () => {
  // Users of their own: tickets count against the same per-user limit as comments.
  let carol: { token: string; id: number };
  let dave: { token: string; id: number };
  beforeAll(async () => {
    carol = await signIn('13800138260');
    dave = await signIn('13800138261');
  });

  it('signs an upload, stores a PNG named .txt as a PNG and serves it back', async () => {
    const { datas: ticket } = await call(
      context,
      api.community.ossSign,
      { query: { purpose: 'feedback' } },
      { token: carol.token },
    );
    const stored = await upload(context.app, ticket, PNG, 'notes.txt', 'text/plain');
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject({ code: '000', datas: { contentType: 'image/png' } });
    const served = await context.app.inject({ method: 'GET', url: ticket.publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('files an avatar upload under its purpose; 账号信息 then saves it as the avatar', async () => {
    const { datas: ticket } = await call(
      context,
      api.community.ossSign,
      { query: { purpose: 'avatar' } },
      { token: carol.token },
    );
    expect(ticket.key.startsWith('avatar/')).toBe(true);
    expect((await upload(context.app, ticket, PNG, 'me.png', 'image/png')).statusCode).toBe(200);
    const { datas: edited } = await call(
      context,
      api.user.editUserInfo,
      { body: { avatar: ticket.publicUrl } },
      { token: carol.token },
    );
    expect(edited.avatar).toBe(ticket.publicUrl);
    const { datas: me } = await call(context, api.user.userinfo, {}, { token: carol.token });
    expect(me.avatar).toBe(ticket.publicUrl);
    expect((await context.app.inject({ method: 'GET', url: me.avatar })).statusCode).toBe(200);
  });

  it('refuses another user’s upload as an avatar', async () => {
    const { datas: carols } = await call(
      context,
      api.community.ossSign,
      { query: { purpose: 'avatar' } },
      { token: carol.token },
    );
    await upload(context.app, carols, PNG, 'me.png', 'image/png');
    const refusal = await callRefused(
      context,
      api.user.editUserInfo,
      { body: { avatar: carols.publicUrl } },
      { token: dave.token },
    );
    expect(refusal.code).toBe('037');
    expect((await call(context, api.user.userinfo, {}, { token: dave.token })).datas.avatar).not.toBe(
      carols.publicUrl,
    );
  });

  it('refuses a program named .png, with a status other than 200', async () => {
    const { datas: ticket } = await call(context, api.community.ossSign, {}, { token: carol.token });
    const refused = await upload(context.app, ticket, EXE, 'photo.png', 'image/png');
    expect(refused.statusCode).toBe(415);
    expect((await context.app.inject({ method: 'GET', url: ticket.publicUrl })).statusCode).toBe(404);
  });

  it('refuses a forged or reused ticket and a file over the size limit', async () => {
    const { datas: ticket } = await call(context, api.community.ossSign, {}, { token: carol.token });
    const forged = {
      ...ticket,
      fields: { ...ticket.fields, key: ticket.key.replace(/.$/, (last) => (last === 'a' ? 'b' : 'a')) },
    };
    expect((await upload(context.app, forged, PNG, 'a.png', 'image/png')).statusCode).toBe(403);
    expect((await upload(context.app, ticket, PNG, 'a.png', 'image/png')).statusCode).toBe(200);
    expect((await upload(context.app, ticket, PNG, 'a.png', 'image/png')).statusCode).toBe(409);
    const { datas: big } = await call(context, api.community.ossSign, {}, { token: carol.token });
    const tooBig = Buffer.concat([PNG, Buffer.alloc(big.maxBytes)]);
    expect((await upload(context.app, big, tooBig, 'big.png', 'image/png')).statusCode).toBe(413);
  });

  it('files feedback with the user’s own uploaded image and lists it with its status', async () => {
    const { datas: ticket } = await call(context, api.community.ossSign, {}, { token: carol.token });
    await upload(context.app, ticket, PNG, 'screen.png', 'image/png');
    const { datas: feedback } = await call(
      context,
      api.community.feedbackSubmit,
      {
        body: {
          content: '行情页偶尔卡顿一下',
          contact: 'alice@example.com',
          images: [ticket.publicUrl],
          appVersion: '1.2.0',
        },
      },
      { token: carol.token },
    );
    expect(feedback).toMatchObject({ status: 'pending', images: [ticket.publicUrl], appVersion: '1.2.0' });
    const { datas: mine } = await call(context, api.community.feedbackList, {}, { token: carol.token });
    expect(mine.map((item) => item.id)).toEqual([feedback.id]);
    expect((await call(context, api.community.feedbackList, {}, { token: dave.token })).datas).toEqual([]);
  });

  it('refuses feedback carrying another user’s upload, a signed but empty upload or a foreign URL', async () => {
    const { datas: alices } = await call(context, api.community.ossSign, {}, { token: carol.token });
    await upload(context.app, alices, PNG, 'a.png', 'image/png');
    const { datas: unused } = await call(context, api.community.ossSign, {}, { token: dave.token });
    for (const image of [alices.publicUrl, unused.publicUrl, 'https://evil.example.com/a.png']) {
      const refusal = await callRefused(
        context,
        api.community.feedbackSubmit,
        { body: { content: '借别人的图片反馈', images: [image] } },
        { token: dave.token },
      );
      expect(refusal.code).toBe('037');
    }
    expect((await call(context, api.community.feedbackList, {}, { token: dave.token })).datas).toEqual([]);
  });
});
