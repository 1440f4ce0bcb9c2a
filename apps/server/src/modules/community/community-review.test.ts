import { api, Codes } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { feedbackStepRefusal, REPORTS_TO_HIDE, threadPath } from './community.service.ts';

const reviewerPhone = '13800138300';
let context: TestContext;
let reviewer: string;
let author: string;
let reader: string;
const reporters: string[] = [];

async function signIn(phone: string): Promise<string> {
  return (await loginByPhone(context, phone)).token;
}

beforeAll(async () => {
  context = await createTestApp({ reviewerPhones: [reviewerPhone] });
  reviewer = await signIn(reviewerPhone);
  author = await signIn('13800138301');
  reader = await signIn('13800138302');
  for (let index = 0; index < REPORTS_TO_HIDE * 2; index += 1)
    reporters.push(await signIn(`1380013831${index}`));
}, 60_000);

afterAll(async () => {
  await context.close();
});

async function post(threadKey: string, content: string, token = author, parentId?: number) {
  const body = { threadKey, content, ...(parentId ? { parentId } : {}) };
  return (await call(context, api.community.comment, { body }, { token })).datas;
}

/** Reported by REPORTS_TO_HIDE of `from`: hidden pending review. */
async function reportUntilHidden(id: number, from: readonly string[]) {
  let hidden = false;
  for (const token of from.slice(0, REPORTS_TO_HIDE))
    hidden = (await call(context, api.community.tipoff, { body: { id, reason: 'spam' } }, { token })).datas
      .hidden;
  expect(hidden).toBe(true);
}

/** A reviewer's decision (by `token`, the reviewer unless given), answered or refused. */
function review(id: number, decision: 'restore' | 'remove', token = reviewer) {
  return callSettled(context, api.community.review, { body: { id, decision } }, { token });
}

/** A reviewer's step on a feedback (by `token`, the reviewer unless given), answered or refused. */
function answerFeedback(
  body: { id: number; status: 'processing' | 'replied' | 'closed'; reply?: string },
  token = reviewer,
) {
  return callSettled(context, api.community.feedbackReply, { body }, { token });
}

async function reviewQueue() {
  return (await call(context, api.community.reviewList, { query: {} }, { token: reviewer })).datas.list;
}

describe('comment review', () => {
  it('refuses the review calls to a reader who is not a reviewer, and leaves the comment hidden', async () => {
    const comment = await post('article:2001', '等待审核的评论');
    await reportUntilHidden(comment.id, reporters);
    const listed = await callRefused(context, api.community.reviewList, { query: {} }, { token: reader });
    expect(listed.code).toBe(Codes.refused);
    for (const decision of ['restore', 'remove'] as const) {
      const refused = await review(comment.id, decision, reader);
      expect(refused.code).toBe(Codes.refused);
    }
    // The author may not review their own comment either.
    const own = await review(comment.id, 'restore', author);
    expect(own.code).toBe(Codes.refused);
    const { datas } = await call(
      context,
      api.community.detail,
      { query: { id: comment.id } },
      { token: reader },
    );
    expect(datas).toMatchObject({ hidden: true, content: '' });
    expect((await callRefused(context, api.community.reviewList, { query: {} })).code).toBe(
      Codes.notLoggedIn,
    );
  });

  it('shows the reviewer each hidden comment with its text and the reasons it was reported for', async () => {
    const comment = await post('article:2002', '被多人举报的评论');
    await call(
      context,
      api.community.tipoff,
      { body: { id: comment.id, reason: 'abuse' } },
      { token: reporters[0] },
    );
    for (const token of reporters.slice(1, REPORTS_TO_HIDE))
      await call(context, api.community.tipoff, { body: { id: comment.id, reason: 'spam' } }, { token });
    const queued = (await reviewQueue()).find((item) => item.id === comment.id);
    expect(queued).toMatchObject({ content: '被多人举报的评论', hidden: true, reportCount: REPORTS_TO_HIDE });
    expect(queued?.reports).toEqual([
      { reason: 'abuse', count: 1 },
      { reason: 'spam', count: REPORTS_TO_HIDE - 1 },
    ]);
    // A comment nobody hid is not in the queue.
    const visible = await post('article:2002', '没人举报的评论');
    expect((await reviewQueue()).some((item) => item.id === visible.id)).toBe(false);
  });

  it('restores a comment for everyone; it takes as many new reports to hide it again', async () => {
    const comment = await post('article:2003', '其实没问题的评论');
    await reportUntilHidden(comment.id, reporters);
    const { datas } = await review(comment.id, 'restore');
    expect(datas).toEqual({ id: comment.id, decision: 'restore', removed: 0 });
    expect((await reviewQueue()).some((item) => item.id === comment.id)).toBe(false);
    const seen = await call(context, api.community.detail, { query: { id: comment.id } }, { token: reader });
    expect(seen.datas).toMatchObject({ hidden: false, content: '其实没问题的评论' });
    // Those who reported it stay marked and cannot hide it again alone.
    const before = await call(
      context,
      api.community.detail,
      { query: { id: comment.id } },
      { token: reporters[0] },
    );
    expect(before.datas.reported).toBe(true);
    const again = await call(
      context,
      api.community.tipoff,
      { body: { id: comment.id, reason: 'spam' } },
      { token: reporters[0] },
    );
    expect(again.datas.hidden).toBe(false);
    await reportUntilHidden(comment.id, reporters.slice(REPORTS_TO_HIDE));
  });

  it('removes a comment with its replies, their messages, and the count on the parent', async () => {
    const top = await post('article:2004', '楼主的评论', reader);
    const reply = await post('article:2004', '一条违规回复', author, top.id);
    await post('article:2004', '回复那条违规回复', reader, reply.id);
    await reportUntilHidden(reply.id, reporters);
    const { datas: messagesBefore } = await call(
      context,
      api.community.msgList,
      { query: {} },
      { token: reader },
    );
    expect(messagesBefore.list.some((message) => message.commentId === reply.id)).toBe(true);

    const { datas } = await review(reply.id, 'remove');
    expect(datas).toEqual({ id: reply.id, decision: 'remove', removed: 1 });
    const replies = await call(context, api.community.list, {
      query: { threadKey: 'article:2004', parentId: top.id },
    });
    expect(replies.datas.list.map((item) => item.content)).toEqual(['回复那条违规回复']);
    const parent = await call(context, api.community.detail, { query: { id: top.id } });
    expect(parent.datas.replyCount).toBe(1);
    expect((await callRefused(context, api.community.detail, { query: { id: reply.id } })).code).toBe(
      Codes.notFound,
    );
    const { datas: messagesAfter } = await call(
      context,
      api.community.msgList,
      { query: {} },
      { token: reader },
    );
    expect(messagesAfter.list.some((message) => message.commentId === reply.id)).toBe(false);

    // A top-level comment goes with its replies.
    await reportUntilHidden(top.id, reporters);
    const removed = await review(top.id, 'remove');
    expect(removed).toMatchObject({ ok: true, datas: { removed: 2 } });
    const thread = await call(context, api.community.list, { query: { threadKey: 'article:2004' } });
    expect(thread.datas.total).toBe(0);
  });

  it('refuses to decide on a comment that is not in review, and on one that does not exist', async () => {
    const comment = await post('article:2005', '正常的评论');
    const refused = await review(comment.id, 'remove');
    expect(refused.code).toBe(Codes.refused);
    expect((await call(context, api.community.detail, { query: { id: comment.id } })).datas.content).toBe(
      '正常的评论',
    );
    const missing = await review(999_999, 'restore');
    expect(missing.code).toBe(Codes.notFound);
  });
});

describe('feedback status', () => {
  async function submit(token: string, content: string) {
    return (await call(context, api.community.feedbackSubmit, { body: { content } }, { token })).datas;
  }
  async function mine(token: string) {
    return (await call(context, api.community.feedbackList, {}, { token })).datas;
  }

  it('moves a feedback to 处理中 and then 已回复, which its author reads in their list', async () => {
    const feedback = await submit(author, 'K线页面加载有点慢');
    const processing = await answerFeedback({ id: feedback.id, status: 'processing' });
    expect(processing.datas).toMatchObject({ id: feedback.id, status: 'processing', reply: null });
    expect((await mine(author)).find((item) => item.id === feedback.id)?.status).toBe('processing');

    const replied = await answerFeedback({ id: feedback.id, status: 'replied', reply: '已优化，感谢反馈' });
    expect(replied.datas).toMatchObject({ status: 'replied', reply: '已优化，感谢反馈' });
    expect((await mine(author)).find((item) => item.id === feedback.id)).toMatchObject({
      status: 'replied',
      reply: '已优化，感谢反馈',
    });
  });

  it('lists everyone’s feedback to the reviewer, by status, with whose it is', async () => {
    const feedback = await submit(reader, '希望增加港股通额度提示');
    const { datas } = await call(
      context,
      api.community.feedbackReviewList,
      { query: { status: 'pending' } },
      { token: reviewer },
    );
    const listed = datas.list.find((item) => item.id === feedback.id);
    expect(listed).toMatchObject({ content: '希望增加港股通额度提示', status: 'pending' });
    expect(listed?.userId).toBeGreaterThan(0);
    expect(datas.list.every((item) => item.status === 'pending')).toBe(true);
  });

  it('refuses a reader who is not a reviewer, and the feedback stays as it was', async () => {
    const feedback = await submit(reader, '自选股排序不好用');
    for (const token of [reader, author]) {
      const refused = await answerFeedback({ id: feedback.id, status: 'replied', reply: '好的' }, token);
      expect(refused.code).toBe(Codes.refused);
      const listed = await callRefused(context, api.community.feedbackReviewList, { query: {} }, { token });
      expect(listed.code).toBe(Codes.refused);
    }
    expect((await mine(reader)).find((item) => item.id === feedback.id)).toMatchObject({
      status: 'pending',
      reply: null,
    });
  });

  it('needs a reply to mark 已回复, never goes back, and keeps a closed feedback closed', async () => {
    const feedback = await submit(reader, '基金页面缺少费率信息');
    const noReply = await answerFeedback({ id: feedback.id, status: 'replied', reply: '  ' });
    expect(noReply.code).toBe(Codes.invalidParams);
    expect(await answerFeedback({ id: feedback.id, status: 'replied', reply: '下个版本补上' })).toMatchObject(
      { ok: true },
    );
    const back = await answerFeedback({ id: feedback.id, status: 'processing' });
    expect(back.code).toBe(Codes.refused);
    expect(await answerFeedback({ id: feedback.id, status: 'closed' })).toMatchObject({ ok: true });
    const afterClose = await answerFeedback({ id: feedback.id, status: 'closed', reply: '再补一句' });
    expect(afterClose.code).toBe(Codes.refused);
    expect((await mine(reader)).find((item) => item.id === feedback.id)).toMatchObject({
      status: 'closed',
      reply: '下个版本补上',
    });
    const missing = await answerFeedback({ id: 999_999, status: 'processing' });
    expect(missing.code).toBe(Codes.notFound);
  });

  it('orders the steps forward only', () => {
    expect(feedbackStepRefusal('pending', 'processing')).toBeNull();
    expect(feedbackStepRefusal('pending', 'replied')).toBeNull();
    expect(feedbackStepRefusal('replied', 'replied')).toBeNull();
    expect(feedbackStepRefusal('replied', 'processing')).toBe('反馈状态不能回退');
    expect(feedbackStepRefusal('closed', 'closed')).toBe('该反馈已关闭');
  });
});

describe('review outcomes in the author’s message box', () => {
  /** The notices in a user's message box, newest first. */
  async function notices(token: string) {
    const { datas } = await call(
      context,
      api.alert.messageList,
      { query: { category: 'notice', size: 100 } },
      { token },
    );
    return datas.list;
  }

  it('tells the author, and nobody else, that a reviewer removed their comment, opening its article', async () => {
    const comment = await post('article:2101', '会被审核移除的评论');
    await reportUntilHidden(comment.id, reporters);
    const readerBefore = (await notices(reader)).length;
    expect(await review(comment.id, 'remove')).toMatchObject({ ok: true });

    const [latest] = await notices(author);
    expect(latest).toMatchObject({
      category: 'notice',
      title: '你的评论已被移除',
      body: '你的评论「会被审核移除的评论」经审核不符合社区规范，已被移除。',
      path: '/article?id=2101',
      read: false,
    });
    expect(await notices(reader)).toHaveLength(readerBefore);
    expect((await notices(reporters[0] ?? reader)).some((item) => item.title === '你的评论已被移除')).toBe(
      false,
    );
    const unread = await call(context, api.alert.unreadCount, {}, { token: author });
    expect(unread.datas.notice).toBeGreaterThan(0);
    // The notice is the author's: another user cannot mark it read.
    const refused = await callRefused(
      context,
      api.alert.readMessages,
      { body: { ids: [latest?.id ?? 0] } },
      { token: reader },
    );
    expect(refused.code).toBe(Codes.notFound);
    expect((await notices(author))[0]?.read).toBe(false);
  });

  it('sends no notice when a reviewer restores a comment', async () => {
    const comment = await post('article:2102', '被恢复的评论');
    await reportUntilHidden(comment.id, reporters);
    const before = (await notices(author)).length;
    expect(await review(comment.id, 'restore')).toMatchObject({ ok: true });
    expect(await notices(author)).toHaveLength(before);
  });

  it('brings a feedback’s reply to its author, opening 意见反馈, and no other step', async () => {
    const feedback = (
      await call(
        context,
        api.community.feedbackSubmit,
        { body: { content: '行情刷新有延迟' } },
        { token: author },
      )
    ).datas;
    const before = (await notices(author)).length;
    const readerBefore = (await notices(reader)).length;
    await answerFeedback({ id: feedback.id, status: 'processing' });
    expect(await notices(author)).toHaveLength(before);

    await answerFeedback({ id: feedback.id, status: 'replied', reply: '已修复，请更新到最新版本' });
    const [latest] = await notices(author);
    expect(latest).toMatchObject({
      title: '你的意见反馈有了回复',
      body: '已修复，请更新到最新版本',
      path: '/feedback',
    });
    expect(await notices(author)).toHaveLength(before + 1);
    // Closing it without a new reply tells nothing more; nobody else hears of it.
    await answerFeedback({ id: feedback.id, status: 'closed' });
    expect(await notices(author)).toHaveLength(before + 1);
    expect(await notices(reader)).toHaveLength(readerBefore);
  });

  it('opens the page each kind of thread lives on', () => {
    expect(threadPath('article:12')).toBe('/article?id=12');
    expect(threadPath('column:34')).toBe('/article?id=34');
    expect(threadPath('topic:dividend')).toBe('/projectD?topic=dividend');
    expect(threadPath('question:7')).toBe('/SeekAdviceDetail?id=7');
    expect(threadPath('flash:9')).toBe('/comment-test');
  });
});
