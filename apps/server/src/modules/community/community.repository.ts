import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  AnswersTable,
  CommentMessagesTable,
  CommentsTable,
  Database,
  FeedbackTable,
  QuestionsTable,
  UploadsTable,
} from '../../db/schema.ts';

type Row<Table> = Selectable<Table>;
export type CommentRow = Row<CommentsTable> & {
  nickname: string;
  avatar: string;
  reply_to_nickname: string | null;
};
export type CommentMessageRow = Row<CommentMessagesTable> & { from_nickname: string };
export type QuestionRow = Row<QuestionsTable>;
export type AnswerRow = Row<AnswersTable> & { question_title: string };
export type FeedbackRow = Row<FeedbackTable>;
export type UploadRow = UploadsTable;

const count = (value: number | string | bigint | undefined) => Number(value ?? 0);

export function createCommunityRepository(db: Kysely<Database>) {
  const comments = (executor: Kysely<Database> | Transaction<Database> = db) =>
    executor
      .selectFrom('comments')
      .innerJoin('users as author', 'author.id', 'comments.user_id')
      .leftJoin('users as replied', 'replied.id', 'comments.reply_to_user_id')
      .selectAll('comments')
      .select([
        'author.nickname as nickname',
        'author.avatar as avatar',
        'replied.nickname as reply_to_nickname',
      ]);

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    findComment(id: number): Promise<CommentRow | undefined> {
      return comments().where('comments.id', '=', id).executeTakeFirst();
    },

    /** A page of a thread (or of a comment's replies), newest first, after the cursor. */
    listComments(input: { threadKey: string; parentId: number | null; lastId?: number; size: number }) {
      let query = comments().where('comments.thread_key', '=', input.threadKey);
      query =
        input.parentId === null
          ? query.where('comments.parent_id', 'is', null)
          : query.where('comments.parent_id', '=', input.parentId);
      if (input.lastId !== undefined) query = query.where('comments.id', '<', input.lastId);
      return query.orderBy('comments.id', 'desc').limit(input.size).execute();
    },

    async countComments(threadKey: string, parentId: number | null): Promise<number> {
      let query = db.selectFrom('comments').where('thread_key', '=', threadKey);
      query =
        parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
      const row = await query
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return count(row?.count);
    },

    async countThreadsLike(prefix: string): Promise<number> {
      const row = await db
        .selectFrom('comments')
        .where('thread_key', 'like', `${prefix}%`)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return count(row?.count);
    },

    /** Which of these comments the user has liked and reported. */
    async marksOf(
      userId: number,
      ids: readonly number[],
    ): Promise<{ liked: Set<number>; reported: Set<number> }> {
      if (ids.length === 0) return { liked: new Set(), reported: new Set() };
      const [likes, reports] = await Promise.all([
        db
          .selectFrom('comment_likes')
          .select('comment_id')
          .where('user_id', '=', userId)
          .where('comment_id', 'in', ids)
          .execute(),
        db
          .selectFrom('comment_reports')
          .select('comment_id')
          .where('user_id', '=', userId)
          .where('comment_id', 'in', ids)
          .execute(),
      ]);
      return {
        liked: new Set(likes.map((row) => row.comment_id)),
        reported: new Set(reports.map((row) => row.comment_id)),
      };
    },

    async insertComment(
      trx: Transaction<Database>,
      values: Omit<Row<CommentsTable>, 'id' | 'like_count' | 'reply_count' | 'report_count' | 'hidden'>,
    ): Promise<number> {
      const row = await trx.insertInto('comments').values(values).returning('id').executeTakeFirstOrThrow();
      if (values.parent_id !== null)
        await trx
          .updateTable('comments')
          .set((eb) => ({ reply_count: eb('reply_count', '+', 1) }))
          .where('id', '=', values.parent_id)
          .execute();
      return row.id;
    },

    /** Adds the like unless the user has one; answers whether it was new. */
    async addLike(
      trx: Transaction<Database>,
      commentId: number,
      userId: number,
      at: string,
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('comment_likes')
        .values({ comment_id: commentId, user_id: userId, created_at: at })
        .onConflict((conflict) => conflict.columns(['comment_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .updateTable('comments')
        .set((eb) => ({ like_count: eb('like_count', '+', 1) }))
        .where('id', '=', commentId)
        .execute();
      return true;
    },

    /** Adds the report unless the user made one; hides the comment at `hideAt` reports. */
    async addReport(
      trx: Transaction<Database>,
      input: { commentId: number; userId: number; reason: string; at: string; hideAt: number },
    ): Promise<boolean> {
      const inserted = await trx
        .insertInto('comment_reports')
        .values({
          comment_id: input.commentId,
          user_id: input.userId,
          reason: input.reason,
          created_at: input.at,
        })
        .onConflict((conflict) => conflict.columns(['comment_id', 'user_id']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await trx
        .updateTable('comments')
        .set((eb) => ({ report_count: eb('report_count', '+', 1) }))
        .where('id', '=', input.commentId)
        .execute();
      await trx
        .updateTable('comments')
        .set({ hidden: 1 })
        .where('id', '=', input.commentId)
        .where('report_count', '>=', input.hideAt)
        .execute();
      return true;
    },

    /** Hidden comments waiting for a reviewer, the earliest first, after the cursor. */
    listHidden(lastId: number | undefined, size: number): Promise<CommentRow[]> {
      let query = comments().where('comments.hidden', '=', 1);
      if (lastId !== undefined) query = query.where('comments.id', '>', lastId);
      return query.orderBy('comments.id', 'asc').limit(size).execute();
    },

    /** How often each reason was given for these comments' reports. */
    async reportReasons(
      ids: readonly number[],
    ): Promise<{ comment_id: number; reason: string; count: number }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('comment_reports')
        .select(['comment_id', 'reason', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('comment_id', 'in', ids)
        .groupBy(['comment_id', 'reason'])
        .orderBy('comment_id')
        .orderBy('reason')
        .execute();
      return rows.map((row) => ({ comment_id: row.comment_id, reason: row.reason, count: count(row.count) }));
    },

    /**
     * Shows a hidden comment again. Its report count starts over, so it takes as many new readers
     * to hide it again; the reports stay, so those who reported it cannot report it twice.
     */
    async restoreComment(id: number): Promise<number> {
      const result = await db
        .updateTable('comments')
        .set({ hidden: 0, report_count: 0 })
        .where('id', '=', id)
        .where('hidden', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Deletes a comment with its replies and what hangs on them (likes, reports, messages); a
     * deleted reply no longer counts in its parent's replies. Answers how many comments went.
     */
    async removeComment(trx: Transaction<Database>, target: Pick<CommentRow, 'id' | 'parent_id'>) {
      const ids = [
        target.id,
        ...(await trx.selectFrom('comments').select('id').where('parent_id', '=', target.id).execute()).map(
          (row) => row.id,
        ),
      ];
      await trx.deleteFrom('comment_likes').where('comment_id', 'in', ids).execute();
      await trx.deleteFrom('comment_reports').where('comment_id', 'in', ids).execute();
      await trx.deleteFrom('comment_messages').where('comment_id', 'in', ids).execute();
      // Replies before the comment they answer.
      await trx.deleteFrom('comments').where('parent_id', '=', target.id).execute();
      await trx.deleteFrom('comments').where('id', '=', target.id).execute();
      if (target.parent_id !== null)
        await trx
          .updateTable('comments')
          .set((eb) => ({ reply_count: eb('reply_count', '-', 1) }))
          .where('id', '=', target.parent_id)
          .execute();
      return ids.length;
    },

    async insertMessage(
      trx: Transaction<Database>,
      values: Omit<Row<CommentMessagesTable>, 'id'>,
    ): Promise<void> {
      await trx.insertInto('comment_messages').values(values).execute();
    },

    listMessages(userId: number, lastId: number | undefined, size: number): Promise<CommentMessageRow[]> {
      let query = db
        .selectFrom('comment_messages')
        .innerJoin('users', 'users.id', 'comment_messages.from_user_id')
        .selectAll('comment_messages')
        .select('users.nickname as from_nickname')
        .where('comment_messages.user_id', '=', userId);
      if (lastId !== undefined) query = query.where('comment_messages.id', '<', lastId);
      return query.orderBy('comment_messages.id', 'desc').limit(size).execute();
    },

    async unreadMessages(userId: number): Promise<number> {
      const row = await db
        .selectFrom('comment_messages')
        .where('user_id', '=', userId)
        .where('read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return count(row?.count);
    },

    /** Owners of these messages (absent ids are left out). */
    async messageOwners(ids: readonly number[]): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('comment_messages')
        .select(['id', 'user_id'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.user_id]));
    },

    async markRead(userId: number, ids: readonly number[] | undefined, at: string): Promise<number> {
      let query = db
        .updateTable('comment_messages')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids) query = query.where('id', 'in', ids);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async deleteMessage(userId: number, id: number): Promise<number> {
      const result = await db
        .deleteFrom('comment_messages')
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listQuestions(input: { topic?: string; lastId?: number; size: number }): Promise<QuestionRow[]> {
      let query = db.selectFrom('questions').selectAll();
      if (input.topic) query = query.where('topic', '=', input.topic);
      if (input.lastId !== undefined) query = query.where('id', '<', input.lastId);
      return query.orderBy('id', 'desc').limit(input.size).execute();
    },

    findQuestion(id: number): Promise<QuestionRow | undefined> {
      return db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async questionCounts(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('questions')
        .select(['topic', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('topic')
        .execute();
      return new Map(rows.map((row) => [row.topic, count(row.count)]));
    },

    answersOf(questionId: number): Promise<AnswerRow[]> {
      return db
        .selectFrom('answers')
        .innerJoin('questions', 'questions.id', 'answers.question_id')
        .selectAll('answers')
        .select('questions.title as question_title')
        .where('answers.question_id', '=', questionId)
        .orderBy('answers.id', 'asc')
        .execute();
    },

    searchAnswers(keyword: string, lastId: number | undefined, size: number): Promise<AnswerRow[]> {
      // LIKE's own wildcards are dropped from the keyword (SQLite has no default escape character).
      const pattern = `%${keyword.replace(/[%_]/g, '')}%`;
      let query = db
        .selectFrom('answers')
        .innerJoin('questions', 'questions.id', 'answers.question_id')
        .selectAll('answers')
        .select('questions.title as question_title')
        .where((eb) =>
          eb.or([eb('answers.content', 'like', pattern), eb('questions.title', 'like', pattern)]),
        );
      if (lastId !== undefined) query = query.where('answers.id', '<', lastId);
      return query.orderBy('answers.id', 'desc').limit(size).execute();
    },

    async insertQuestion(values: Omit<QuestionRow, 'id' | 'answer_count'>): Promise<QuestionRow> {
      return db.insertInto('questions').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async insertAnswer(values: Omit<Row<AnswersTable>, 'id'>): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('answers').values(values).returning('id').executeTakeFirstOrThrow();
        await trx
          .updateTable('questions')
          .set((eb) => ({ answer_count: eb('answer_count', '+', 1) }))
          .where('id', '=', values.question_id)
          .execute();
        return row.id;
      });
    },

    async hasQuestions(): Promise<boolean> {
      return (await db.selectFrom('questions').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    listFeedback(userId: number): Promise<FeedbackRow[]> {
      return db
        .selectFrom('feedback')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
    },

    findFeedback(id: number): Promise<FeedbackRow | undefined> {
      return db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Everyone's feedback, the earliest first, after the cursor; only of `status` when given. */
    listAllFeedback(input: { status?: string; lastId?: number; size: number }) {
      let query = db
        .selectFrom('feedback')
        .innerJoin('users', 'users.id', 'feedback.user_id')
        .selectAll('feedback')
        .select('users.nickname as nickname');
      if (input.status) query = query.where('feedback.status', '=', input.status);
      if (input.lastId !== undefined) query = query.where('feedback.id', '>', input.lastId);
      return query.orderBy('feedback.id', 'asc').limit(input.size).execute();
    },

    async updateFeedback(id: number, values: { status: string; reply: string | null; updated_at: string }) {
      await db.updateTable('feedback').set(values).where('id', '=', id).execute();
    },

    insertFeedback(values: Omit<FeedbackRow, 'id'>): Promise<FeedbackRow> {
      return db.insertInto('feedback').values(values).returningAll().executeTakeFirstOrThrow();
    },

    async insertUpload(values: UploadRow): Promise<void> {
      await db.insertInto('uploads').values(values).execute();
    },

    findUploads(keys: readonly string[]): Promise<UploadRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db.selectFrom('uploads').selectAll().where('key', 'in', keys).execute();
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
