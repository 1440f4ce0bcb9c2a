import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  CourseCertificatesTable,
  CourseChaptersTable,
  CourseProgressTable,
  CourseQuestionsTable,
  CoursesTable,
  Database,
} from '../../db/schema.ts';

export type CourseRow = Selectable<CoursesTable>;
export type ChapterRow = Selectable<CourseChaptersTable>;
export type QuestionRow = Selectable<CourseQuestionsTable>;
export type ProgressRow = Selectable<CourseProgressTable>;
export type CertificateRow = Selectable<CourseCertificatesTable>;

/** A chapter without its body, for lists. */
export type ChapterHead = Omit<ChapterRow, 'body'> & { question_count: number };

export interface NewCourse {
  course: Insertable<CoursesTable>;
  chapters: {
    chapter: Omit<Insertable<CourseChaptersTable>, 'course_id'>;
    questions: Omit<Insertable<CourseQuestionsTable>, 'chapter_id'>[];
  }[];
}

const count = (value: number | string | bigint | undefined) => Number(value ?? 0);

export function createCourseRepository(db: Kysely<Database>) {
  return {
    async isEmpty(): Promise<boolean> {
      const row = await db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return count(row.n) === 0;
    },

    /** Writes courses with their chapters and questions in one transaction. */
    async insertCourses(courses: readonly NewCourse[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        for (const { course, chapters } of courses) {
          const { id: courseId } = await trx
            .insertInto('courses')
            .values(course)
            .returning('id')
            .executeTakeFirstOrThrow();
          for (const { chapter, questions } of chapters) {
            const { id: chapterId } = await trx
              .insertInto('course_chapters')
              .values({ ...chapter, course_id: courseId })
              .returning('id')
              .executeTakeFirstOrThrow();
            if (questions.length > 0)
              await trx
                .insertInto('course_questions')
                .values(questions.map((question) => ({ ...question, chapter_id: chapterId })))
                .execute();
          }
        }
      });
    },

    listCourses(): Promise<CourseRow[]> {
      return db.selectFrom('courses').selectAll().orderBy('sort_order').orderBy('id').execute();
    },

    findCourse(id: number): Promise<CourseRow | undefined> {
      return db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every course's chapters, without bodies, in course order. */
    async chapterHeads(courseIds?: readonly number[]): Promise<ChapterHead[]> {
      if (courseIds && courseIds.length === 0) return [];
      let query = db
        .selectFrom('course_chapters')
        .leftJoin('course_questions', 'course_questions.chapter_id', 'course_chapters.id')
        .select([
          'course_chapters.id',
          'course_chapters.course_id',
          'course_chapters.sort_order',
          'course_chapters.title',
          'course_chapters.summary',
          'course_chapters.read_minutes',
        ])
        .select((eb) => eb.fn.count<number>('course_questions.id').as('question_count'))
        .groupBy([
          'course_chapters.id',
          'course_chapters.course_id',
          'course_chapters.sort_order',
          'course_chapters.title',
          'course_chapters.summary',
          'course_chapters.read_minutes',
        ])
        .orderBy('course_chapters.course_id')
        .orderBy('course_chapters.sort_order');
      if (courseIds) query = query.where('course_chapters.course_id', 'in', courseIds);
      const rows = await query.execute();
      return rows.map((row) => ({ ...row, question_count: count(row.question_count) }));
    },

    findChapter(id: number): Promise<ChapterRow | undefined> {
      return db.selectFrom('course_chapters').selectAll().where('id', '=', id).executeTakeFirst();
    },

    questions(chapterId: number): Promise<QuestionRow[]> {
      return db
        .selectFrom('course_questions')
        .selectAll()
        .where('chapter_id', '=', chapterId)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    /** Distinct readers per course. */
    async learnerCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('course_progress')
        .select('course_id')
        .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
        .groupBy('course_id')
        .execute();
      return new Map(rows.map((row) => [row.course_id, count(row.n)]));
    },

    /** One reader's progress rows, of one course or of all. */
    progress(userId: number, courseId?: number): Promise<ProgressRow[]> {
      let query = db.selectFrom('course_progress').selectAll().where('user_id', '=', userId);
      if (courseId !== undefined) query = query.where('course_id', '=', courseId);
      return query.execute();
    },

    findProgress(userId: number, chapterId: number): Promise<ProgressRow | undefined> {
      return db
        .selectFrom('course_progress')
        .selectAll()
        .where('user_id', '=', userId)
        .where('chapter_id', '=', chapterId)
        .executeTakeFirst();
    },

    /**
     * Raises the reading progress to `percent` unless it is already there: one upsert whose update
     * keeps the larger value, so concurrent or repeated calls never move it back.
     */
    async raiseReadPercent(
      userId: number,
      chapterId: number,
      courseId: number,
      percent: number,
      now: string,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('course_progress')
          .values({ user_id: userId, chapter_id: chapterId, course_id: courseId, updated_at: now })
          .onConflict((conflict) => conflict.columns(['user_id', 'chapter_id']).doNothing())
          .execute();
        await trx
          .updateTable('course_progress')
          .set({ read_percent: percent, updated_at: now })
          .where('user_id', '=', userId)
          .where('chapter_id', '=', chapterId)
          .where('read_percent', '<', percent)
          .execute();
      });
    },

    /** Keeps the better of the stored and the new score; `passed` once set stays set. */
    async recordScore(
      userId: number,
      chapterId: number,
      courseId: number,
      score: number,
      passed: boolean,
      now: string,
    ): Promise<ProgressRow> {
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('course_progress')
          .values({ user_id: userId, chapter_id: chapterId, course_id: courseId, updated_at: now })
          .onConflict((conflict) => conflict.columns(['user_id', 'chapter_id']).doNothing())
          .execute();
        await trx
          .updateTable('course_progress')
          .set({ best_score: score, updated_at: now })
          .where('user_id', '=', userId)
          .where('chapter_id', '=', chapterId)
          .where((eb) => eb.or([eb('best_score', 'is', null), eb('best_score', '<', score)]))
          .execute();
        if (passed)
          await trx
            .updateTable('course_progress')
            .set({ passed: 1 })
            .where('user_id', '=', userId)
            .where('chapter_id', '=', chapterId)
            .execute();
        return trx
          .selectFrom('course_progress')
          .selectAll()
          .where('user_id', '=', userId)
          .where('chapter_id', '=', chapterId)
          .executeTakeFirstOrThrow();
      });
    },

    certificates(userId: number): Promise<CertificateRow[]> {
      return db.selectFrom('course_certificates').selectAll().where('user_id', '=', userId).execute();
    },

    /**
     * The reader's certificate of a course, issued now if there is none: the insert does nothing
     * when one exists, so a second call (or two at once) reads back the first number.
     */
    async issueCertificate(row: CertificateRow): Promise<CertificateRow> {
      await db
        .insertInto('course_certificates')
        .values(row)
        .onConflict((conflict) => conflict.columns(['user_id', 'course_id']).doNothing())
        .execute();
      return db
        .selectFrom('course_certificates')
        .selectAll()
        .where('user_id', '=', row.user_id)
        .where('course_id', '=', row.course_id)
        .executeTakeFirstOrThrow();
    },
  };
}

export type CourseRepository = ReturnType<typeof createCourseRepository>;
