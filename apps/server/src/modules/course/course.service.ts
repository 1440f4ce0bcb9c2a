import { randomBytes } from 'node:crypto';
import {
  type AnswerOutcome,
  type Certificate,
  type ChapterDetail,
  type ChapterProgress,
  type ChapterSummary,
  Codes,
  type CourseDetail,
  type CourseSummary,
  type CourseType,
  coursePassMark,
  type ExerciseQuestion,
  type optionKeys,
} from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import type {
  ChapterHead,
  CourseRepository,
  CourseRow,
  ProgressRow,
  QuestionRow,
} from './course.repository.ts';

type OptionKey = (typeof optionKeys)[number];

export interface CourseServiceDeps {
  repository: CourseRepository;
  /** Whether the user's membership is active (users.vip_type ≥ 1, read through the user module). */
  isMember: (userId: number) => Promise<boolean>;
  /** The name printed on a certificate. */
  nicknameOf: (userId: number) => Promise<string>;
  clock: () => Date;
}

/** Messages a user reads when a call is refused (code 037 shows them as a notice). */
export const courseMessages = {
  courseMissing: '课程不存在或已下架',
  chapterMissing: '章节不存在或已下架',
  locked: '本章为会员专享，开通会员后解锁',
  incomplete: '请完成全部题目后再提交',
  unknownQuestion: '题目与本章不符，请刷新后重试',
  singleChoice: '单选题只能选一项',
} as const;

/** Beijing calendar date of an instant, YYYY-MM-DD. */
function beijingDate(date: Date): string {
  return new Date(date.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

function progressOf(row: ProgressRow | undefined): ChapterProgress {
  return {
    readPercent: row?.read_percent ?? 0,
    read: (row?.read_percent ?? 0) >= 100,
    bestScore: row?.best_score ?? null,
    passed: row?.passed === 1,
  };
}

/** Read to the end, and the exercise passed (a chapter without questions needs only the reading). */
function chapterDone(head: ChapterHead, progress: ChapterProgress): boolean {
  return progress.read && (head.question_count === 0 || progress.passed);
}

function parseOptions(row: QuestionRow): ExerciseQuestion['options'] {
  return JSON.parse(row.options) as ExerciseQuestion['options'];
}

function parseAnswer(row: QuestionRow): OptionKey[] {
  return (JSON.parse(row.answer) as OptionKey[]).toSorted();
}

export function createCourseService(deps: CourseServiceDeps) {
  const { repository } = deps;

  /** Whether a chapter is open to a reader: free courses and first chapters always, else members. */
  function isLocked(course: CourseRow, sort: number, member: boolean): boolean {
    return course.access === 'vip' && sort > 1 && !member;
  }

  async function memberOf(userId: number | null): Promise<boolean> {
    return userId === null ? false : deps.isMember(userId);
  }

  async function courseOrThrow(id: number): Promise<CourseRow> {
    const course = await repository.findCourse(id);
    if (!course) throw new AppError(Codes.notFound, courseMessages.courseMissing, 404);
    return course;
  }

  function summaryOf(
    course: CourseRow,
    heads: readonly ChapterHead[],
    learners: number,
    progress: Map<number, ProgressRow> | null,
    certified: boolean,
  ): CourseSummary {
    let courseProgress: CourseSummary['progress'] = null;
    if (progress) {
      const states = heads.map((head) => ({ head, state: progressOf(progress.get(head.id)) }));
      const next = states.find(({ head, state }) => !chapterDone(head, state)) ?? states[states.length - 1];
      courseProgress = {
        readChapters: states.filter(({ state }) => state.read).length,
        passedChapters: states.filter(({ head, state }) => head.question_count > 0 && state.passed).length,
        startedChapters: heads.filter((head) => progress.has(head.id)).length,
        nextChapterId: next?.head.id ?? null,
        certified,
      };
    }
    return {
      id: course.id,
      title: course.title,
      subtitle: course.subtitle,
      type: course.type as CourseType,
      access: course.access as CourseSummary['access'],
      chapterCount: heads.length,
      learnerCount: learners,
      progress: courseProgress,
      demo: course.demo === 1,
    };
  }

  function byChapter(rows: readonly ProgressRow[]): Map<number, ProgressRow> {
    return new Map(rows.map((row) => [row.chapter_id, row]));
  }

  /** The chapter, its course, and whether this reader may open it; refuses a locked one. */
  async function openChapter(userId: number | null, chapterId: number) {
    const chapter = await repository.findChapter(chapterId);
    if (!chapter) throw new AppError(Codes.notFound, courseMessages.chapterMissing, 404);
    const course = await courseOrThrow(chapter.course_id);
    const member = await memberOf(userId);
    // Refused with 037: the client shows the message as a notice and offers membership.
    if (isLocked(course, chapter.sort_order, member))
      throw new AppError(Codes.refused, courseMessages.locked);
    return { chapter, course, member };
  }

  return {
    async list(
      userId: number | null,
      filter: { type?: CourseType; keyword?: string },
    ): Promise<CourseSummary[]> {
      const keyword = filter.keyword?.trim().toLowerCase() ?? '';
      const courses = (await repository.listCourses()).filter(
        (course) => filter.type === undefined || course.type === filter.type,
      );
      const heads = await repository.chapterHeads(courses.map((course) => course.id));
      const matching = courses.filter((course) => {
        if (keyword === '') return true;
        const text = [
          course.title,
          course.subtitle,
          course.intro,
          ...heads.filter((head) => head.course_id === course.id).map((head) => head.title),
        ]
          .join('\n')
          .toLowerCase();
        return text.includes(keyword);
      });
      const learners = await repository.learnerCounts();
      const progress = userId === null ? null : byChapter(await repository.progress(userId));
      const certified =
        userId === null
          ? new Set<number>()
          : new Set((await repository.certificates(userId)).map((row) => row.course_id));
      return matching.map((course) =>
        summaryOf(
          course,
          heads.filter((head) => head.course_id === course.id),
          learners.get(course.id) ?? 0,
          progress,
          certified.has(course.id),
        ),
      );
    },

    async chapterList(
      userId: number | null,
      courseId: number,
    ): Promise<{ course: CourseDetail; chapters: ChapterSummary[] }> {
      const course = await courseOrThrow(courseId);
      const heads = await repository.chapterHeads([courseId]);
      const member = await memberOf(userId);
      const progress = userId === null ? null : byChapter(await repository.progress(userId, courseId));
      const certified =
        userId !== null && (await repository.certificates(userId)).some((row) => row.course_id === courseId);
      const learners = (await repository.learnerCounts()).get(courseId) ?? 0;
      return {
        course: {
          ...summaryOf(course, heads, learners, progress, certified),
          intro: course.intro,
          outcomes: JSON.parse(course.outcomes) as string[],
        },
        chapters: heads.map((head) => ({
          id: head.id,
          sort: head.sort_order,
          title: head.title,
          summary: head.summary,
          readMinutes: head.read_minutes,
          questionCount: head.question_count,
          locked: isLocked(course, head.sort_order, member),
          progress: progress ? progressOf(progress.get(head.id)) : null,
        })),
      };
    },

    async chapterDetail(userId: number | null, chapterId: number): Promise<ChapterDetail> {
      const { chapter, course, member } = await openChapter(userId, chapterId);
      const heads = await repository.chapterHeads([course.id]);
      const index = heads.findIndex((head) => head.id === chapter.id);
      const prev = heads[index - 1];
      const next = heads[index + 1];
      const questions = await repository.questions(chapter.id);
      const progress = userId === null ? null : progressOf(await repository.findProgress(userId, chapter.id));
      return {
        id: chapter.id,
        courseId: course.id,
        courseTitle: course.title,
        sort: chapter.sort_order,
        chapterCount: heads.length,
        title: chapter.title,
        body: chapter.body,
        readMinutes: chapter.read_minutes,
        // The answer and explanation stay on the server until the reader submits.
        questions: questions.map((question) => ({
          id: question.id,
          kind: question.kind as ExerciseQuestion['kind'],
          stem: question.stem,
          options: parseOptions(question),
        })),
        prevChapterId: prev?.id ?? null,
        nextChapterId: next?.id ?? null,
        nextLocked: next ? isLocked(course, next.sort_order, member) : false,
        progress,
        demo: course.demo === 1,
      };
    },

    async hasBuy(userId: number | null, courseId: number) {
      const course = await courseOrThrow(courseId);
      const access = course.access as 'free' | 'vip';
      if (access === 'free') return { courseId, hasBuy: true, access, reason: 'free' as const };
      if (userId === null) return { courseId, hasBuy: false, access, reason: 'visitor' as const };
      const member = await deps.isMember(userId);
      return {
        courseId,
        hasBuy: member,
        access,
        reason: member ? ('member' as const) : ('notMember' as const),
      };
    },

    async userWatch(userId: number, chapterId: number, percent: number) {
      const { chapter, course } = await openChapter(userId, chapterId);
      await repository.raiseReadPercent(userId, chapter.id, course.id, percent, deps.clock().toISOString());
      return { chapterId, ...progressOf(await repository.findProgress(userId, chapter.id)) };
    },

    async userAnswer(
      userId: number,
      chapterId: number,
      answers: readonly { questionId: number; choices: readonly OptionKey[] }[],
    ): Promise<AnswerOutcome> {
      const { chapter, course } = await openChapter(userId, chapterId);
      const questions = await repository.questions(chapter.id);
      if (questions.length === 0) throw new AppError(Codes.notFound, '本章没有练习题', 404);
      const given = new Map<number, OptionKey[]>();
      for (const answer of answers) {
        if (!questions.some((question) => question.id === answer.questionId))
          throw new AppError(Codes.invalidParams, courseMessages.unknownQuestion, 400);
        given.set(answer.questionId, [...new Set(answer.choices)].toSorted());
      }
      if (given.size !== questions.length)
        throw new AppError(Codes.invalidParams, courseMessages.incomplete, 400);
      const results = questions.map((question) => {
        const chosen = given.get(question.id) ?? [];
        if (question.kind === 'single' && chosen.length > 1)
          throw new AppError(Codes.invalidParams, courseMessages.singleChoice, 400);
        const answer = parseAnswer(question);
        return {
          questionId: question.id,
          correct: chosen.length === answer.length && chosen.every((key, index) => key === answer[index]),
          chosen,
          answer,
          explanation: question.explanation,
        };
      });
      const score = results.filter((result) => result.correct).length;
      const passMark = coursePassMark(questions.length);
      const passed = score >= passMark;
      const stored = await repository.recordScore(
        userId,
        chapter.id,
        course.id,
        score,
        passed,
        deps.clock().toISOString(),
      );
      return {
        chapterId: chapter.id,
        score,
        total: questions.length,
        passMark,
        passed,
        bestScore: stored.best_score ?? score,
        results,
      };
    },

    async getCertified(userId: number, courseId: number): Promise<Certificate> {
      const course = await courseOrThrow(courseId);
      const heads = await repository.chapterHeads([courseId]);
      const progress = byChapter(await repository.progress(userId, courseId));
      const states = heads.map((head) => ({ head, state: progressOf(progress.get(head.id)) }));
      const unread = states.filter(({ state }) => !state.read).length;
      const unpassed = states.filter(({ head, state }) => head.question_count > 0 && !state.passed).length;
      const existing = (await repository.certificates(userId)).find((row) => row.course_id === courseId);
      if (!existing && (unread > 0 || unpassed > 0)) {
        const left = [
          unread > 0 ? `${unread} 章未读完` : null,
          unpassed > 0 ? `${unpassed} 章练习未及格` : null,
        ].filter(Boolean);
        throw new AppError(Codes.refused, `尚未结业：还有${left.join('、')}`);
      }
      const now = deps.clock();
      const row =
        existing ??
        (await repository.issueCertificate({
          user_id: userId,
          course_id: courseId,
          // ZCKT + Beijing date + 8 random hex digits: unique, and says nothing about the user.
          certificate_no: `ZCKT${beijingDate(now).replaceAll('-', '')}${randomBytes(4).toString('hex').toUpperCase()}`,
          user_name: await deps.nicknameOf(userId),
          issued_at: now.toISOString(),
        }));
      return {
        certificateNo: row.certificate_no,
        userName: row.user_name,
        courseId,
        courseTitle: course.title,
        chapterCount: heads.length,
        issuedOn: beijingDate(new Date(row.issued_at)),
        demo: course.demo === 1,
      };
    },
  };
}

export type CourseService = ReturnType<typeof createCourseService>;
