import { randomUUID } from 'node:crypto';
import {
  type Answer,
  Codes,
  type Comment,
  type CommentMessage,
  type Feedback,
  type feedbackReviewStatuses,
  feedbackStatuses,
  href,
  type Question,
  questionTopics,
  type ReviewComment,
  type ReviewFeedback,
  type reviewDecisions,
  type tipoffReasons,
  type UploadTicket,
} from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import type { UserSockets } from '../../market/user-sockets.ts';
import {
  type ObjectKind,
  type ObjectStorage,
  objectLimits,
  UPLOAD_TTL_MS,
} from '../../platform/storage/object-storage.ts';
import type { Notice } from '../alert/alert-delivery.ts';
import { blockedWordIn, cleanPlainText, excerptOf } from './comment-text.ts';
import type {
  AnswerRow,
  CommentRow,
  CommunityRepository,
  FeedbackRow,
  QuestionRow,
} from './community.repository.ts';
import { createOwnImages } from './own-images.ts';

/** Distinct users' reports that hide a comment pending review. */
export const REPORTS_TO_HIDE = 3;

type QuestionTopic = Question['topic'];

export const topicInfo: Readonly<Record<QuestionTopic, { title: string; description: string }>> = {
  dividend: { title: '红利与分红', description: '分红到账、红利税、高股息策略，一次问清楚' },
  valuation: { title: '估值怎么看', description: '市盈率、市净率、估值分位：用对指标看贵贱' },
  beginner: { title: '新手入门', description: '交易规则、涨跌停、T+1：开始炒股前要知道的事' },
  fund: { title: '基金定投', description: '指数基金、定投频率与止盈' },
};

function notFound(message: string): AppError {
  return new AppError(Codes.notFound, message, 404);
}

/** Text others will read: cleaned, then checked against the blocked words. */
function writtenText(text: string): string {
  const clean = cleanPlainText(text);
  if (clean === '') throw new AppError(Codes.invalidParams, '内容不能为空', 400);
  const blocked = blockedWordIn(clean);
  if (blocked) throw new AppError(Codes.refused, '内容含有不允许发布的词语，请修改后再发');
  return clean;
}

function feedbackOf(row: FeedbackRow): Feedback {
  return {
    id: row.id,
    content: row.content,
    contact: row.contact,
    images: JSON.parse(row.images) as string[],
    appVersion: row.app_version,
    status: row.status as Feedback['status'],
    reply: row.reply,
    createdAt: row.created_at,
  };
}

/**
 * Whether a reviewer may move a feedback from `current` to `next`: forward only (pending → 处理中 →
 * 已回复 → 已关闭, steps may be skipped), a reply may be rewritten, and a closed one stays closed.
 */
export function feedbackStepRefusal(
  current: Feedback['status'],
  next: (typeof feedbackReviewStatuses)[number],
): string | null {
  if (current === 'closed') return '该反馈已关闭';
  if (feedbackStatuses.indexOf(next) < feedbackStatuses.indexOf(current)) return '反馈状态不能回退';
  return null;
}

/**
 * The page a comment thread lives on, which a notice about one of its comments opens: an article's
 * (also a column article's, whose comment page needs a comment that a removal took away), a 专题's
 * or a question's; the comment messages otherwise.
 */
export function threadPath(threadKey: string): string {
  const [kind = '', id = ''] = threadKey.split(':', 2);
  switch (kind) {
    case 'article':
    case 'column':
      return href('article', { id });
    case 'topic':
      return href('projectD', { topic: id });
    case 'question':
      return href('SeekAdviceDetail', { id });
    default:
      return href('comment-test');
  }
}

export interface CommunityServiceDeps {
  repository: CommunityRepository;
  storage: ObjectStorage;
  userSockets: UserSockets;
  /** The name of an instrument in the market, for questions about one. */
  instrumentName: (code: string) => string | null;
  /** A user's nickname, for questions and answers. */
  nicknameOf: (userId: number) => Promise<string>;
  /** Whether the user reviews reported comments and answers feedback (REVIEWER_PHONES). */
  isReviewer: (userId: number) => Promise<boolean>;
  /**
   * Puts a notice in the user's message box (the alert module's delivery: stored, pushed to their
   * sockets, sent as their settings allow); answers once it is delivered.
   */
  notify: (notice: Notice) => Promise<void>;
  clock: () => Date;
}

export function createCommunityService(deps: CommunityServiceDeps) {
  const { repository, clock } = deps;
  const ownImageKeys = createOwnImages({ findUploads: repository.findUploads, storage: deps.storage });

  /** `reveal`: the reader is a reviewer, who reads hidden comments' text. */
  async function commentsOf(rows: CommentRow[], viewer: number | null, reveal = false): Promise<Comment[]> {
    const marks =
      viewer === null
        ? null
        : await repository.marksOf(
            viewer,
            rows.map((row) => row.id),
          );
    return rows.map((row) => {
      const mine = viewer !== null && row.user_id === viewer;
      const hidden = row.hidden === 1;
      return {
        id: row.id,
        threadKey: row.thread_key,
        parentId: row.parent_id,
        replyTo: row.reply_to_nickname,
        author: { nickname: row.nickname, avatar: row.avatar },
        // A hidden comment's text is kept from everyone but its author until it is reviewed.
        content: hidden && !mine && !reveal ? '' : row.content,
        likeCount: row.like_count,
        replyCount: row.reply_count,
        liked: marks?.liked.has(row.id) ?? false,
        reported: marks?.reported.has(row.id) ?? false,
        mine,
        hidden,
        createdAt: row.created_at,
      };
    });
  }

  async function commentOrThrow(id: number): Promise<CommentRow> {
    const row = await repository.findComment(id);
    if (!row) throw notFound('评论不存在或已删除');
    return row;
  }

  /** Tells the user's open sockets how many comment messages are unread now. */
  async function pushUnread(userId: number): Promise<number> {
    const unread = await repository.unreadMessages(userId);
    await deps.userSockets.deliver(userId, { type: 'commentUnread', unread });
    return unread;
  }

  function questionOf(row: QuestionRow): Question {
    return {
      id: row.id,
      title: row.title,
      content: row.content,
      topic: row.topic as QuestionTopic,
      code: row.code,
      stockName: row.code ? deps.instrumentName(row.code) : null,
      author: { nickname: row.author_name, avatar: '' },
      answerCount: row.answer_count,
      demo: row.demo === 1,
      createdAt: row.created_at,
    };
  }

  function answerOf(row: AnswerRow): Answer {
    return {
      id: row.id,
      questionId: row.question_id,
      questionTitle: row.question_title,
      content: row.content,
      author: { nickname: row.author_name, avatar: '' },
      demo: row.demo === 1,
      createdAt: row.created_at,
    };
  }

  async function requireReviewer(userId: number): Promise<void> {
    if (!(await deps.isReviewer(userId))) throw new AppError(Codes.refused, '仅审核员可以操作');
  }

  async function feedbackOrThrow(id: number) {
    const row = await repository.findFeedback(id);
    if (!row) throw notFound('反馈不存在');
    return row;
  }

  const nextCursor = <T extends { id: number }>(list: readonly T[], size: number) =>
    list.length === size ? (list.at(-1)?.id ?? null) : null;

  return {
    async list(
      viewer: number | null,
      query: { threadKey: string; parentId?: number; lastId?: number; size: number },
    ) {
      const parentId = query.parentId ?? null;
      const [rows, total] = await Promise.all([
        repository.listComments({
          threadKey: query.threadKey,
          parentId,
          lastId: query.lastId,
          size: query.size,
        }),
        repository.countComments(query.threadKey, parentId),
      ]);
      return { list: await commentsOf(rows, viewer), lastId: nextCursor(rows, query.size), total };
    },

    async detail(viewer: number | null, id: number): Promise<Comment> {
      const [comment] = await commentsOf([await commentOrThrow(id)], viewer);
      if (!comment) throw notFound('评论不存在或已删除');
      return comment;
    },

    /**
     * A comment or a reply. A reply to a reply joins the same top-level comment and names whom it
     * answers; the author replied to gets a message (not when answering oneself).
     */
    async comment(
      userId: number,
      input: { threadKey: string; content: string; parentId?: number },
    ): Promise<Comment> {
      const content = writtenText(input.content);
      const parent = input.parentId === undefined ? null : await commentOrThrow(input.parentId);
      if (parent && parent.thread_key !== input.threadKey) throw notFound('评论不存在或已删除');
      if (parent?.hidden === 1) throw new AppError(Codes.refused, '该评论审核中，暂不能回复');
      const at = clock().toISOString();
      const notify = parent && parent.user_id !== userId ? parent.user_id : null;
      const id = await repository.transaction(async (trx) => {
        const inserted = await repository.insertComment(trx, {
          thread_key: input.threadKey,
          parent_id: parent ? (parent.parent_id ?? parent.id) : null,
          reply_to_user_id: parent ? parent.user_id : null,
          user_id: userId,
          content,
          created_at: at,
        });
        if (notify !== null)
          await repository.insertMessage(trx, {
            user_id: notify,
            kind: 'reply',
            comment_id: inserted,
            thread_key: input.threadKey,
            from_user_id: userId,
            excerpt: excerptOf(content),
            read_at: null,
            created_at: at,
          });
        return inserted;
      });
      if (notify !== null) await pushUnread(notify);
      return this.detail(userId, id);
    },

    /** A like counts once per user; the author hears of the first one only. */
    async like(userId: number, id: number) {
      const target = await commentOrThrow(id);
      if (target.hidden === 1) throw new AppError(Codes.refused, '该评论审核中');
      const at = clock().toISOString();
      const added = await repository.transaction(async (trx) => {
        const isNew = await repository.addLike(trx, id, userId, at);
        if (isNew && target.user_id !== userId)
          await repository.insertMessage(trx, {
            user_id: target.user_id,
            kind: 'like',
            comment_id: id,
            thread_key: target.thread_key,
            from_user_id: userId,
            excerpt: excerptOf(target.content),
            read_at: null,
            created_at: at,
          });
        return isNew;
      });
      if (added && target.user_id !== userId) await pushUnread(target.user_id);
      const after = await commentOrThrow(id);
      return { liked: true, likeCount: after.like_count };
    },

    /** A report counts once per user; REPORTS_TO_HIDE distinct reports hide the comment. */
    async tipoff(userId: number, id: number, reason: string) {
      const target = await commentOrThrow(id);
      if (target.user_id === userId) throw new AppError(Codes.refused, '不能举报自己的评论');
      await repository.transaction((trx) =>
        repository.addReport(trx, {
          commentId: id,
          userId,
          reason,
          at: clock().toISOString(),
          hideAt: REPORTS_TO_HIDE,
        }),
      );
      const after = await commentOrThrow(id);
      return { reported: true, hidden: after.hidden === 1 };
    },

    /** The review queue: hidden comments with their text and the reasons they were reported for. */
    async reviewList(userId: number, lastId: number | undefined, size: number) {
      await requireReviewer(userId);
      const rows = await repository.listHidden(lastId, size);
      const [list, reasons] = await Promise.all([
        commentsOf(rows, userId, true),
        repository.reportReasons(rows.map((row) => row.id)),
      ]);
      const reviewed: ReviewComment[] = list.map((item, index) => {
        const reports = reasons
          .filter((row) => row.comment_id === item.id)
          .map((row) => ({ reason: row.reason as (typeof tipoffReasons)[number], count: row.count }));
        return { ...item, reportCount: rows[index]?.report_count ?? 0, reports };
      });
      return { list: reviewed, lastId: nextCursor(rows, size) };
    },

    /** A reviewer's decision on a hidden comment; one that is not hidden is not in review. */
    async review(userId: number, id: number, decision: (typeof reviewDecisions)[number]) {
      await requireReviewer(userId);
      const target = await commentOrThrow(id);
      if (target.hidden !== 1) throw new AppError(Codes.refused, '该评论不在审核中');
      if (decision === 'restore') {
        // A second reviewer deciding at the same moment finds it restored already.
        if ((await repository.restoreComment(id)) === 0)
          throw new AppError(Codes.refused, '该评论不在审核中');
        return { id, decision, removed: 0 };
      }
      const removed = await repository.transaction((trx) => repository.removeComment(trx, target));
      // The author learns why the comment is gone; the replies it took along were not judged, so
      // their authors are not told.
      await deps.notify({
        userId: target.user_id,
        topic: 'news',
        title: '你的评论已被移除',
        body: `你的评论「${excerptOf(target.content)}」经审核不符合社区规范，已被移除。`,
        path: threadPath(target.thread_key),
      });
      return { id, decision, removed };
    },

    async msgList(userId: number, lastId: number | undefined, size: number) {
      const [rows, unread] = await Promise.all([
        repository.listMessages(userId, lastId, size),
        repository.unreadMessages(userId),
      ]);
      const list: CommentMessage[] = rows.map((row) => ({
        id: row.id,
        kind: row.kind as CommentMessage['kind'],
        commentId: row.comment_id,
        threadKey: row.thread_key,
        fromNickname: row.from_nickname,
        excerpt: row.excerpt,
        read: row.read_at !== null,
        createdAt: row.created_at,
      }));
      return { list, lastId: nextCursor(rows, size), unread };
    },

    async unreadCount(userId: number) {
      return { unread: await repository.unreadMessages(userId) };
    },

    /** Marks the user's messages read; naming another user's message is refused, not skipped. */
    async readMsg(userId: number, ids: readonly number[] | undefined) {
      if (ids) {
        const owners = await repository.messageOwners(ids);
        if (ids.some((id) => owners.get(id) !== userId)) throw notFound('消息不存在');
      }
      const updated = await repository.markRead(userId, ids, clock().toISOString());
      return { updated, unread: await pushUnread(userId) };
    },

    async delMsg(userId: number, id: number) {
      const deleted = await repository.deleteMessage(userId, id);
      if (deleted === 0) throw notFound('消息不存在');
      return { deleted, unread: await pushUnread(userId) };
    },

    async questionList(query: { topic?: QuestionTopic; lastId?: number; size: number }) {
      const rows = await repository.listQuestions(query);
      return { list: rows.map(questionOf), lastId: nextCursor(rows, query.size) };
    },

    async questionDetail(id: number) {
      const row = await repository.findQuestion(id);
      if (!row) throw notFound('问题不存在');
      return { question: questionOf(row), answers: (await repository.answersOf(id)).map(answerOf) };
    },

    async ask(userId: number, input: { title: string; content: string; topic: QuestionTopic }) {
      const row = await repository.insertQuestion({
        user_id: userId,
        author_name: await deps.nicknameOf(userId),
        title: writtenText(input.title),
        content: input.content.trim() === '' ? '' : writtenText(input.content),
        topic: input.topic,
        code: null,
        demo: 0,
        created_at: clock().toISOString(),
      });
      return questionOf(row);
    },

    async answer(userId: number, input: { questionId: number; content: string }) {
      const question = await repository.findQuestion(input.questionId);
      if (!question) throw notFound('问题不存在');
      const at = clock().toISOString();
      const id = await repository.insertAnswer({
        question_id: question.id,
        user_id: userId,
        author_name: await deps.nicknameOf(userId),
        content: writtenText(input.content),
        demo: 0,
        created_at: at,
      });
      const answers = await repository.answersOf(question.id);
      const row = answers.find((answer) => answer.id === id);
      if (!row) throw notFound('回答不存在');
      return answerOf(row);
    },

    async searchAnswer(keyword: string, lastId: number | undefined, size: number) {
      const rows = await repository.searchAnswers(keyword, lastId, size);
      return { list: rows.map(answerOf), lastId: nextCursor(rows, size) };
    },

    async topics() {
      const counts = await repository.questionCounts();
      return Promise.all(
        questionTopics.map(async (id) => ({
          id,
          ...topicInfo[id],
          questionCount: counts.get(id) ?? 0,
          commentCount: await repository.countComments(`topic:${id}`, null),
        })),
      );
    },

    /**
     * The WeChat group /weChatGroup invites to. There is no operator setting for it yet, so the
     * demo group is served, marked as demo and with an `.example` link that leads nowhere real.
     */
    group() {
      return {
        name: '知财投资交流群',
        groupId: 'zhicai-investors',
        joinUrl: 'https://zhicai.example/wechat-group',
        description: '与其他用户交流行情、财报与投资心得；群内禁止荐股与广告。',
        demo: true,
      };
    },

    async feedbackList(userId: number): Promise<Feedback[]> {
      return (await repository.listFeedback(userId)).map(feedbackOf);
    },

    /**
     * Feedback with up to three images. Each image must be an upload of this user that holds an
     * image by its bytes: another user's upload, a foreign URL or a file that is not an image is
     * refused.
     */
    async feedbackSubmit(
      userId: number,
      input: { content: string; contact?: string; images: string[]; appVersion?: string },
    ): Promise<Feedback> {
      const keys = await ownImageKeys(userId, input.images);
      const at = clock().toISOString();
      const row = await repository.insertFeedback({
        user_id: userId,
        content: writtenText(input.content),
        contact: input.contact ? cleanPlainText(input.contact) || null : null,
        images: JSON.stringify(keys.map((key) => deps.storage.publicUrl(key))),
        app_version: input.appVersion ?? null,
        status: 'pending',
        reply: null,
        created_at: at,
        updated_at: at,
      });
      return feedbackOf(row);
    },

    /** Everyone's feedback for a reviewer, optionally of one status. */
    async feedbackReviewList(
      userId: number,
      query: { status?: Feedback['status']; lastId?: number; size: number },
    ) {
      await requireReviewer(userId);
      const rows = await repository.listAllFeedback(query);
      const list: ReviewFeedback[] = rows.map((row) => ({
        ...feedbackOf(row),
        userId: row.user_id,
        nickname: row.nickname,
      }));
      return { list, lastId: nextCursor(rows, query.size) };
    },

    /**
     * A reviewer moves a feedback on: 处理中, 已回复 (which needs a reply, shown to the user) or
     * closed. A reply given with another status is kept too; without one the last reply stays.
     */
    async feedbackReply(
      userId: number,
      input: { id: number; status: (typeof feedbackReviewStatuses)[number]; reply?: string },
    ): Promise<ReviewFeedback> {
      await requireReviewer(userId);
      const row = await feedbackOrThrow(input.id);
      const refusal = feedbackStepRefusal(row.status as Feedback['status'], input.status);
      if (refusal) throw new AppError(Codes.refused, refusal);
      const reply = input.reply === undefined ? row.reply : cleanPlainText(input.reply) || null;
      if (input.status === 'replied' && !reply)
        throw new AppError(Codes.invalidParams, '请填写回复内容', 400);
      await repository.updateFeedback(row.id, {
        status: input.status,
        reply,
        updated_at: clock().toISOString(),
      });
      // A new or rewritten reply reaches its author; a step without one (处理中, 已关闭) does not.
      if (reply !== null && reply !== row.reply)
        await deps.notify({
          userId: row.user_id,
          topic: 'news',
          title: '你的意见反馈有了回复',
          body: excerptOf(reply),
          path: href('feedback'),
        });
      const nickname = await deps.nicknameOf(row.user_id);
      return { ...feedbackOf(await feedbackOrThrow(row.id)), userId: row.user_id, nickname };
    },

    /** A ticket for one upload; the object is this user's, which feedback checks when it is used. */
    async sign(userId: number, objectKind: ObjectKind, purpose: string): Promise<UploadTicket> {
      const now = clock();
      const expiresAt = new Date(now.getTime() + UPLOAD_TTL_MS);
      const day = now.toISOString().slice(0, 10).replaceAll('-', '');
      const key = `${purpose}/${day}/${randomUUID()}`;
      await repository.insertUpload({
        key,
        user_id: userId,
        kind: objectKind,
        purpose,
        created_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
      });
      const presigned = deps.storage.presign({ key, objectKind, signedAt: now, expiresAt });
      const limits = objectLimits[objectKind];
      return {
        ...presigned,
        key,
        maxBytes: limits.maxBytes,
        accept: [...limits.accept],
        expiresAt: expiresAt.toISOString(),
      };
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
