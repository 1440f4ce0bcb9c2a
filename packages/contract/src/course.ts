import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 投资课堂: courses of text lessons (图文) with chapter exercises, reading progress and a
 * certificate (spec 2 §2.2 "Courses and community", §7.3 "Courses"). Free courses open every
 * chapter; a 会员专享 course opens its first chapter to everyone and the rest to members.
 */

/** The category tabs of /CourseList (`type` in its link). */
export const courseTypes = ['beginner', 'stock', 'fund', 'report'] as const;
export type CourseType = (typeof courseTypes)[number];
export const courseTypeLabels: Readonly<Record<CourseType, string>> = {
  beginner: '入门',
  stock: '股票',
  fund: '基金',
  report: '财报',
};

/** `free`: every chapter open; `vip`: 会员专享, chapters after the first need an active membership. */
export const courseAccesses = ['free', 'vip'] as const;

/** Single choice (单选) or multiple choice (多选, every right option and no wrong one). */
export const questionKinds = ['single', 'multiple'] as const;

/** Option keys of a question, in the order they are shown. */
export const optionKeys = ['A', 'B', 'C', 'D', 'E'] as const;

/** A chapter's exercise passes with at least this share of its questions right (及格线 60%). */
export const coursePassShare = 0.6;
/** The right answers a chapter of `total` questions needs to pass. */
export function coursePassMark(total: number): number {
  return Math.ceil(total * coursePassShare - 1e-9);
}

const recordId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));

/** The reader's progress in a course; null for a visitor. */
export const courseProgress = lazySchema(() =>
  z.object({
    /** Chapters read to the end. */
    readChapters: z.number().int(),
    /** Chapters whose exercise passed. */
    passedChapters: z.number().int(),
    /** Chapters opened at all: 0 means not started. */
    startedChapters: z.number().int(),
    /** The chapter to continue with: the first one not finished (read and passed), else the last. */
    nextChapterId: z.number().int().nullable(),
    certified: z.boolean(),
  }),
);

export const courseSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    subtitle: z.string(),
    type: z.enum(courseTypes),
    access: z.enum(courseAccesses),
    chapterCount: z.number().int(),
    /** Distinct users who have opened a chapter. */
    learnerCount: z.number().int(),
    progress: courseProgress.nullable(),
    /** Demo content (演示数据) written for this app, not a licensed course. */
    demo: z.boolean(),
  }),
);
export type CourseSummary = z.infer<typeof courseSummary>;

/** The reader's progress in one chapter; null for a visitor. */
export const chapterProgress = lazySchema(() =>
  z.object({
    /** How far the lesson has been read, 0–100; it only moves forward. */
    readPercent: z.number().int().min(0).max(100),
    read: z.boolean(),
    /** The best number of right answers so far; null before a first submission. */
    bestScore: z.number().int().nullable(),
    passed: z.boolean(),
  }),
);
export type ChapterProgress = z.infer<typeof chapterProgress>;

export const chapterSummary = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** 1-based place in the course. */
    sort: z.number().int(),
    title: z.string(),
    summary: z.string(),
    readMinutes: z.number().int(),
    questionCount: z.number().int(),
    /** Closed to this reader: a 会员专享 chapter after the first, without an active membership. */
    locked: z.boolean(),
    progress: chapterProgress.nullable(),
  }),
);
export type ChapterSummary = z.infer<typeof chapterSummary>;

export const courseDetail = lazySchema(() =>
  courseSummary.extend({
    /** The course introduction, plain text paragraphs separated by blank lines. */
    intro: z.string(),
    /** What the reader will be able to do afterwards. */
    outcomes: z.array(z.string()),
  }),
);
export type CourseDetail = z.infer<typeof courseDetail>;

/** A question as the reader sees it: no answer, no explanation before submitting. */
export const exerciseQuestion = lazySchema(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(questionKinds),
    stem: z.string(),
    options: z.array(z.object({ key: z.enum(optionKeys), text: z.string() })),
  }),
);
export type ExerciseQuestion = z.infer<typeof exerciseQuestion>;

export const chapterDetail = lazySchema(() =>
  z.object({
    id: z.number().int(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    sort: z.number().int(),
    chapterCount: z.number().int(),
    title: z.string(),
    /** The lesson, sanitised rich text (the server's allow-list sanitiser). */
    body: z.string(),
    readMinutes: z.number().int(),
    questions: z.array(exerciseQuestion),
    prevChapterId: z.number().int().nullable(),
    nextChapterId: z.number().int().nullable(),
    /** Whether the next chapter is locked for this reader. */
    nextLocked: z.boolean(),
    progress: chapterProgress.nullable(),
    demo: z.boolean(),
  }),
);
export type ChapterDetail = z.infer<typeof chapterDetail>;

export const answerResult = lazySchema(() =>
  z.object({
    questionId: z.number().int(),
    correct: z.boolean(),
    /** What the reader chose. */
    chosen: z.array(z.enum(optionKeys)),
    /** The right options. */
    answer: z.array(z.enum(optionKeys)),
    explanation: z.string(),
  }),
);
export type AnswerResult = z.infer<typeof answerResult>;

export const answerOutcome = lazySchema(() =>
  z.object({
    chapterId: z.number().int(),
    score: z.number().int(),
    total: z.number().int(),
    /** Right answers needed to pass. */
    passMark: z.number().int(),
    passed: z.boolean(),
    /** The best score so far, this submission included. */
    bestScore: z.number().int(),
    results: z.array(answerResult),
  }),
);
export type AnswerOutcome = z.infer<typeof answerOutcome>;

export const certificate = lazySchema(() =>
  z.object({
    /** Stable: issued once per user and course. */
    certificateNo: z.string(),
    userName: z.string(),
    courseId: z.number().int(),
    courseTitle: z.string(),
    chapterCount: z.number().int(),
    /** Beijing date of issue, YYYY-MM-DD. */
    issuedOn: z.string(),
    demo: z.boolean(),
  }),
);
export type Certificate = z.infer<typeof certificate>;

export const courseEndpoints = defineGroup('course', {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/list',
    auth: 'optional',
    summary: '课程列表：按分类（入门/股票/基金/财报）或关键词，登录时带学习进度',
    query: () =>
      z.object({
        type: z.enum(courseTypes).optional(),
        keyword: z.string().trim().max(30, '关键词最多 30 字').optional(),
      }),
    datas: () => z.array(courseSummary),
  }),
  chapterList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/chapterList',
    auth: 'optional',
    summary: '课程详情与章节：介绍、章节、锁定状态，登录时带每章进度',
    query: () => z.object({ courseId: recordId }),
    datas: () => z.object({ course: courseDetail, chapters: z.array(chapterSummary) }),
  }),
  chapterDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/chapterDetail',
    auth: 'optional',
    summary: '章节内容：课文（净化后的富文本）与练习题（不含答案）；会员章节未开通时拒绝',
    query: () => z.object({ chapterId: recordId }),
    datas: () => chapterDetail,
  }),
  hasBuy: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/hasBuy',
    auth: 'optional',
    summary: '能否学习课程的全部章节：免费课程，或会员专享课程且会员有效',
    query: () => z.object({ courseId: recordId }),
    datas: () =>
      z.object({
        courseId: z.number().int(),
        hasBuy: z.boolean(),
        access: z.enum(courseAccesses),
        /** Why: a free course, an active membership, no membership, or not signed in. */
        reason: z.enum(['free', 'member', 'notMember', 'visitor']),
      }),
  }),
  userWatch: defineEndpoint({
    method: 'POST',
    path: '/api/v3/course/userWatch',
    auth: 'required',
    summary: '记录章节阅读进度（只前进不后退，重复提交不变）',
    body: () =>
      z.object({
        chapterId: recordId,
        percent: z.coerce.number().int('进度须为整数').min(0).max(100, '进度最多 100'),
      }),
    datas: () => chapterProgress.extend({ chapterId: z.number().int() }),
  }),
  userAnswer: defineEndpoint({
    method: 'POST',
    path: '/api/v3/course/userAnswer',
    auth: 'required',
    summary: '提交章节练习：服务端判分，返回每题对错与解析，保留最好成绩',
    body: () =>
      z.object({
        chapterId: recordId,
        answers: z
          .array(
            z.object({
              questionId: recordId,
              choices: z.array(z.enum(optionKeys)).min(1, '每题至少选一项').max(optionKeys.length),
            }),
          )
          .min(1, '请作答')
          .max(20),
      }),
    datas: () => answerOutcome,
  }),
  getCertified: defineEndpoint({
    method: 'GET',
    path: '/api/v3/course/getCertified',
    auth: 'required',
    summary: '结业证书：全部章节读完且练习全部及格后颁发，编号固定',
    query: () => z.object({ courseId: recordId }),
    datas: () => certificate,
  }),
});
