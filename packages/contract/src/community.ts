import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Comments, questions and answers, feedback and uploads (spec 2 §7.3 "Content and community";
 * spec 2 §2.2 "Courses and community"). Comments hang on a thread named by a string key, so any
 * page (an article, a column article, a question, a topic) can carry one without this group
 * knowing its tables.
 */

/** What a thread hangs on: `article:123`, `column:7`, `topic:dividend`. */
export const threadKey = lazySchema(() =>
  z.string().regex(/^[a-z]{2,16}:[A-Za-z0-9_.-]{1,64}$/, '评论对象格式有误'),
);

/** Comment text is plain text: it is stored and shown as text, never as HTML. */
export const commentMaxLength = 500;

const recordId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));
/** Cursor paging (reference/protocol.md `lastId`): the id of the last item the client holds. */
const lastId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647).optional());
const pageSize = lazySchema(() => z.coerce.number().int().min(1).max(50).default(20));

export const commentAuthor = lazySchema(() =>
  z.object({
    nickname: z.string(),
    avatar: z.string(),
  }),
);

export const comment = lazySchema(() =>
  z.object({
    id: z.number().int(),
    threadKey: z.string(),
    /** The comment this one replies to (null for a top-level comment). */
    parentId: z.number().int().nullable(),
    /** The nickname of the author replied to, for "回复 某某". */
    replyTo: z.string().nullable(),
    author: commentAuthor,
    /** Plain text; empty when the comment is hidden and the reader is not its author. */
    content: z.string(),
    likeCount: z.number().int(),
    replyCount: z.number().int(),
    /** The reader has liked it. */
    liked: z.boolean(),
    /** The reader has reported it. */
    reported: z.boolean(),
    /** The reader wrote it. */
    mine: z.boolean(),
    /** Reported by enough readers: hidden pending review. */
    hidden: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Comment = z.infer<typeof comment>;

export const commentPage = lazySchema(() =>
  z.object({
    list: z.array(comment),
    /** The cursor of the next page, null at the end. */
    lastId: z.number().int().nullable(),
    total: z.number().int(),
  }),
);

/** 举报 reasons. */
export const tipoffReasons = ['spam', 'abuse', 'fraud', 'illegal', 'other'] as const;
export const tipoffReasonLabels: Readonly<Record<(typeof tipoffReasons)[number], string>> = {
  spam: '垃圾广告',
  abuse: '辱骂攻击',
  fraud: '诈骗或荐股引流',
  illegal: '违法违规',
  other: '其他',
};

/** A hidden comment as a reviewer sees it: its text and what readers reported it for. */
export const reviewComment = lazySchema(() =>
  comment.extend({
    reportCount: z.number().int(),
    reports: z.array(z.object({ reason: z.enum(tipoffReasons), count: z.number().int() })),
  }),
);
export type ReviewComment = z.infer<typeof reviewComment>;

/** A reviewer's decision on a hidden comment: shown again to everyone, or deleted with its replies. */
export const reviewDecisions = ['restore', 'remove'] as const;

export const commentMessageKinds = ['reply', 'like'] as const;
export const commentMessage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(commentMessageKinds),
    /** The comment the message is about: the reply itself, or the liked comment. */
    commentId: z.number().int(),
    threadKey: z.string(),
    fromNickname: z.string(),
    /** The start of the reply or of the liked comment, plain text. */
    excerpt: z.string(),
    read: z.boolean(),
    createdAt: z.string(),
  }),
);
export type CommentMessage = z.infer<typeof commentMessage>;

export const questionTopics = ['dividend', 'valuation', 'beginner', 'fund'] as const;
export const questionTopic = lazySchema(() => z.enum(questionTopics));

export const question = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    topic: questionTopic,
    /** The instrument asked about, when there is one. */
    code: z.string().nullable(),
    stockName: z.string().nullable(),
    author: commentAuthor,
    answerCount: z.number().int(),
    /** Demo content (演示数据), like the demo market. */
    demo: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Question = z.infer<typeof question>;

export const answer = lazySchema(() =>
  z.object({
    id: z.number().int(),
    questionId: z.number().int(),
    questionTitle: z.string(),
    content: z.string(),
    author: commentAuthor,
    demo: z.boolean(),
    createdAt: z.string(),
  }),
);
export type Answer = z.infer<typeof answer>;

export const topic = lazySchema(() =>
  z.object({
    id: questionTopic,
    title: z.string(),
    description: z.string(),
    questionCount: z.number().int(),
    commentCount: z.number().int(),
  }),
);

/** The WeChat group /weChatGroup invites to. */
export const wechatGroup = lazySchema(() =>
  z.object({
    name: z.string(),
    /** The ID users search for or copy to join. */
    groupId: z.string(),
    /** The link the QR code holds. */
    joinUrl: z.string(),
    description: z.string(),
    /** Demo content (演示数据) until the operator sets a real group. */
    demo: z.boolean(),
  }),
);

export const feedbackStatuses = ['pending', 'processing', 'replied', 'closed'] as const;
export const feedback = lazySchema(() =>
  z.object({
    id: z.number().int(),
    content: z.string(),
    contact: z.string().nullable(),
    images: z.array(z.string()),
    appVersion: z.string().nullable(),
    status: z.enum(feedbackStatuses),
    reply: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type Feedback = z.infer<typeof feedback>;
/** Feedback as a reviewer sees it: whose it is as well. */
export const reviewFeedback = lazySchema(() =>
  feedback.extend({ userId: z.number().int(), nickname: z.string() }),
);
export type ReviewFeedback = z.infer<typeof reviewFeedback>;
/** What a reviewer may set a feedback to; it never goes back to `pending`. */
export const feedbackReviewStatuses = ['processing', 'replied', 'closed'] as const;
export const feedbackReplyMaxLength = 500;
export const feedbackMaxImages = 3;

/**
 * A signed upload (spec 2 §7.3 `oss/sign`): the client POSTs a multipart form to `uploadUrl` with
 * `fields` and then the file under `fileField`; only HTTP 200 means it is stored (spec 1 §8). The
 * shape is an S3 presigned POST, which the local storage imitates.
 */
export const uploadTicket = lazySchema(() =>
  z.object({
    uploadUrl: z.string(),
    fields: z.record(z.string(), z.string()),
    fileField: z.string(),
    key: z.string(),
    /** Where the object is read back once stored. */
    publicUrl: z.string(),
    maxBytes: z.number().int(),
    /** Content types the object may have; checked on its bytes, not on its name. */
    accept: z.array(z.string()),
    expiresAt: z.string(),
  }),
);
export type UploadTicket = z.infer<typeof uploadTicket>;

export const uploadPurposes = ['feedback', 'comment', 'avatar'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];

export const communityEndpoints = defineGroup('community', {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v3/generalComment/list',
    auth: 'optional',
    summary: '评论列表：一个评论对象下的评论（或一条评论的回复），按 lastId 游标翻页',
    query: () => z.object({ threadKey, parentId: recordId.optional(), lastId, size: pageSize }),
    datas: () => commentPage,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/generalComment/detail',
    auth: 'optional',
    summary: '评论详情',
    query: () => z.object({ id: recordId }),
    datas: () => comment,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/comment',
    auth: 'required',
    rateLimit: 'userText',
    summary: '发表评论或回复（纯文本，经关键词过滤）',
    body: () =>
      z.object({
        threadKey,
        content: z.string().trim().min(1, '请输入评论内容').max(commentMaxLength, '评论最多 500 字'),
        parentId: recordId.optional(),
      }),
    datas: () => comment,
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/like',
    auth: 'required',
    summary: '点赞评论（每人一次，重复点赞不重复计数）',
    body: () => z.object({ id: recordId }),
    datas: () => z.object({ liked: z.boolean(), likeCount: z.number().int() }),
  }),
  tipoff: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/tipoff',
    auth: 'required',
    summary: '举报评论：被足够多的用户举报后隐藏待审核',
    body: () => z.object({ id: recordId, reason: z.enum(tipoffReasons) }),
    datas: () => z.object({ reported: z.boolean(), hidden: z.boolean() }),
  }),
  msgList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/generalComment/msgList',
    auth: 'required',
    summary: '我的评论消息：回复我的、赞我的',
    query: () => z.object({ lastId, size: pageSize }),
    datas: () =>
      z.object({
        list: z.array(commentMessage),
        lastId: z.number().int().nullable(),
        unread: z.number().int(),
      }),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/v3/generalComment/unreadCount',
    auth: 'required',
    summary: '未读评论消息数',
    datas: () => z.object({ unread: z.number().int() }),
  }),
  readMsg: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/readMsg',
    auth: 'required',
    summary: '评论消息标为已读（不传 ids 为全部）',
    body: () => z.object({ ids: z.array(recordId).min(1).max(100).optional() }),
    datas: () => z.object({ updated: z.number().int(), unread: z.number().int() }),
  }),
  delMsg: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/delMsg',
    auth: 'required',
    summary: '删除一条评论消息',
    body: () => z.object({ id: recordId }),
    datas: () => z.object({ deleted: z.number().int(), unread: z.number().int() }),
  }),

  reviewList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/generalComment/reviewList',
    auth: 'required',
    summary: '待审核评论（仅审核员）：被举报隐藏的评论及举报原因，先隐藏的在前，按 lastId 游标翻页',
    query: () => z.object({ lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(reviewComment), lastId: z.number().int().nullable() }),
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/v3/generalComment/review',
    auth: 'required',
    summary: '审核评论（仅审核员）：恢复显示，或删除（连同其回复）',
    body: () => z.object({ id: recordId, decision: z.enum(reviewDecisions) }),
    datas: () =>
      z.object({ id: z.number().int(), decision: z.enum(reviewDecisions), removed: z.number().int() }),
  }),

  questionList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/community/questionList',
    auth: 'optional',
    summary: '全部问答：最新提问，可按专题筛选，按 lastId 游标翻页',
    query: () => z.object({ topic: questionTopic.optional(), lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(question), lastId: z.number().int().nullable() }),
  }),
  questionDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/community/questionDetail',
    auth: 'optional',
    summary: '问答详情：问题与全部回答',
    query: () => z.object({ id: recordId }),
    datas: () => z.object({ question, answers: z.array(answer) }),
  }),
  ask: defineEndpoint({
    method: 'POST',
    path: '/api/v3/community/ask',
    auth: 'required',
    rateLimit: 'userText',
    summary: '提问',
    body: () =>
      z.object({
        title: z.string().trim().min(4, '问题至少 4 个字').max(60, '问题最多 60 字'),
        content: z.string().trim().max(commentMaxLength, '补充说明最多 500 字').default(''),
        topic: questionTopic.default('beginner'),
      }),
    datas: () => question,
  }),
  answer: defineEndpoint({
    method: 'POST',
    path: '/api/v3/community/answer',
    auth: 'required',
    rateLimit: 'userText',
    summary: '回答问题',
    body: () =>
      z.object({
        questionId: recordId,
        content: z.string().trim().min(1, '请输入回答内容').max(commentMaxLength, '回答最多 500 字'),
      }),
    datas: () => answer,
  }),
  searchAnswer: defineEndpoint({
    method: 'GET',
    path: '/api/v3/community/searchAnswer',
    auth: 'optional',
    summary: '问答搜索：问题与回答中含关键词的回答',
    query: () =>
      z.object({ keyword: z.string().trim().min(1, '请输入关键词').max(30), lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(answer), lastId: z.number().int().nullable() }),
  }),
  topics: defineEndpoint({
    method: 'GET',
    path: '/api/v3/community/topics',
    auth: 'none',
    summary: '专题：按主题汇集的问答与讨论',
    datas: () => z.array(topic),
  }),

  group: defineEndpoint({
    method: 'GET',
    path: '/api/v3/community/group',
    auth: 'none',
    summary: '加入社群：微信群名称、群号与入群链接（二维码由链接生成）',
    datas: () => wechatGroup,
  }),

  feedbackList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/feedback/list',
    auth: 'required',
    summary: '我的意见反馈及处理状态',
    datas: () => z.array(feedback),
  }),
  feedbackSubmit: defineEndpoint({
    method: 'POST',
    path: '/api/v2/feedback/submit',
    auth: 'required',
    rateLimit: 'userText',
    summary: '提交意见反馈（文字、联系方式、至多 3 张图片）',
    body: () =>
      z.object({
        content: z.string().trim().min(5, '请至少写 5 个字').max(commentMaxLength, '反馈最多 500 字'),
        contact: z.string().trim().max(50, '联系方式最多 50 字').optional(),
        images: z.array(z.string().max(300)).max(feedbackMaxImages, '最多 3 张图片').default([]),
        appVersion: z.string().trim().max(32).optional(),
      }),
    datas: () => feedback,
  }),

  feedbackReviewList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/feedback/reviewList',
    auth: 'required',
    summary: '全部意见反馈（仅审核员）：可按状态筛选，先提交的在前，按 lastId 游标翻页',
    query: () => z.object({ status: z.enum(feedbackStatuses).optional(), lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(reviewFeedback), lastId: z.number().int().nullable() }),
  }),
  feedbackReply: defineEndpoint({
    method: 'POST',
    path: '/api/v2/feedback/reply',
    auth: 'required',
    summary: '处理意见反馈（仅审核员）：标为处理中、回复（已回复）或关闭',
    body: () =>
      z.object({
        id: recordId,
        status: z.enum(feedbackReviewStatuses),
        reply: z.string().trim().max(feedbackReplyMaxLength, '回复最多 500 字').optional(),
      }),
    datas: () => reviewFeedback,
  }),

  ossSign: defineEndpoint({
    method: 'GET',
    path: '/api/v2/oss/sign',
    auth: 'required',
    // Each ticket may store an object, so tickets are rationed like comments.
    rateLimit: 'userText',
    summary: '图片上传签名：随后以 multipart POST 上传到返回的地址',
    query: () => z.object({ purpose: z.enum(uploadPurposes).default('feedback') }),
    datas: () => uploadTicket,
  }),
  ossSignVideo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/oss/signvideo',
    auth: 'required',
    // Each ticket may store an object, so tickets are rationed like comments.
    rateLimit: 'userText',
    summary: '视频上传签名：随后以 multipart POST 上传到返回的地址',
    query: () => z.object({ purpose: z.enum(uploadPurposes).default('feedback') }),
    datas: () => uploadTicket,
  }),
});
