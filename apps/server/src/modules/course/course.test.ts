import { api, Codes, type ExerciseQuestion } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { courseMessages } from './course.service.ts';
import { demoCourseRows } from './demo-courses.ts';

let context: TestContext;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
let member: { token: string; id: number };

async function signIn(phone: string) {
  const login = await loginByPhone(context, phone);
  return { token: login.token, id: login.user.id };
}

async function courses() {
  return (await call(context, api.course.list, { query: {} })).datas;
}

async function courseIdOf(access: 'free' | 'vip') {
  const course = (await courses()).find((item) => item.access === access);
  if (!course) throw new Error(`no ${access} course`);
  return course.id;
}

async function chaptersOf(courseId: number, token?: string) {
  return (await call(context, api.course.chapterList, { query: { courseId } }, token ? { token } : {})).datas;
}

async function questionsOf(chapterId: number, token: string): Promise<ExerciseQuestion[]> {
  return (await call(context, api.course.chapterDetail, { query: { chapterId } }, { token })).datas.questions;
}

/** Every question answered with option A only: wrong wherever A is not exactly the answer. */
const allA = (questions: readonly ExerciseQuestion[]) =>
  questions.map((question) => ({ questionId: question.id, choices: ['A' as const] }));

async function submit(
  chapterId: number,
  answers: { questionId: number; choices: ('A' | 'B' | 'C' | 'D' | 'E')[] }[],
  token: string,
) {
  return (await call(context, api.course.userAnswer, { body: { chapterId, answers } }, { token })).datas;
}

/** The right answers of a chapter, as the server reveals them after a first submission. */
async function rightAnswers(chapterId: number, token: string) {
  const outcome = await submit(chapterId, allA(await questionsOf(chapterId, token)), token);
  return outcome.results.map((result) => ({ questionId: result.questionId, choices: result.answer }));
}

beforeAll(async () => {
  context = await createTestApp();
  alice = await signIn('13800138401');
  bob = await signIn('13800138402');
  member = await signIn('13800138403');
  await context.database.db.updateTable('users').set({ vip_type: 1 }).where('id', '=', member.id).execute();
}, 60_000);

afterAll(async () => {
  await context.close();
});

describe('demo courses', () => {
  it('hold 3–6 chapters each, 2–4 questions a chapter, and answers among each question’s options', () => {
    const rows = demoCourseRows(new Date('2026-11-27T00:00:00Z'));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { course, chapters } of rows) {
      expect(course.demo).toBe(1);
      expect(chapters.length, course.title).toBeGreaterThanOrEqual(3);
      expect(chapters.length, course.title).toBeLessThanOrEqual(6);
      for (const { chapter, questions } of chapters) {
        expect(questions.length, chapter.title).toBeGreaterThanOrEqual(2);
        expect(questions.length, chapter.title).toBeLessThanOrEqual(4);
        for (const question of questions) {
          const keys = (JSON.parse(question.options) as { key: string }[]).map((option) => option.key);
          const answer = JSON.parse(question.answer) as string[];
          expect(
            answer.every((key) => keys.includes(key)),
            question.stem,
          ).toBe(true);
          if (question.kind === 'single') expect(answer, question.stem).toHaveLength(1);
          expect(question.explanation.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('course list', () => {
  it('serves a visitor the demo courses with chapter counts and no progress', async () => {
    const list = await courses();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(list.every((course) => course.demo && course.progress === null && course.chapterCount >= 3)).toBe(
      true,
    );
    expect(list.some((course) => course.access === 'vip')).toBe(true);
    expect(list.some((course) => course.access === 'free')).toBe(true);
  });

  it('filters by category and by keyword', async () => {
    const funds = (await call(context, api.course.list, { query: { type: 'fund' } })).datas;
    expect(funds.length).toBeGreaterThan(0);
    expect(funds.every((course) => course.type === 'fund')).toBe(true);
    const found = (await call(context, api.course.list, { query: { keyword: '市盈率' } })).datas;
    expect(found.map((course) => course.title)).toEqual(['估值指标 PE/PB/ROE']);
    expect((await call(context, api.course.list, { query: { keyword: '不存在的课程名' } })).datas).toEqual(
      [],
    );
  });

  it('answers an unknown course with 404', async () => {
    const { code } = await callRefused(context, api.course.chapterList, { query: { courseId: 999_999 } });
    expect(code).toBe(Codes.notFound);
  });
});

describe('access to 会员专享 chapters', () => {
  it('locks the chapters after the first for visitors and non-members, opens them for members', async () => {
    const courseId = await courseIdOf('vip');
    const visitor = await chaptersOf(courseId);
    expect(visitor.chapters.map((chapter) => chapter.locked)).toEqual(
      visitor.chapters.map((_, index) => index > 0),
    );
    const forMember = await chaptersOf(courseId, member.token);
    expect(forMember.chapters.every((chapter) => !chapter.locked)).toBe(true);
  });

  it('refuses a locked chapter to a non-member with a catalogue notice, and opens it for a member', async () => {
    const courseId = await courseIdOf('vip');
    const { chapters } = await chaptersOf(courseId);
    const [first, second] = chapters;
    if (!first || !second) throw new Error('course too short');
    await call(context, api.course.chapterDetail, { query: { chapterId: first.id } }, { token: alice.token });
    const refused = await callRefused(
      context,
      api.course.chapterDetail,
      { query: { chapterId: second.id } },
      { token: alice.token },
    );
    expect(refused).toMatchObject({ code: Codes.refused, message: courseMessages.locked });
    const visitorRefused = await callRefused(context, api.course.chapterDetail, {
      query: { chapterId: second.id },
    });
    expect(visitorRefused.code).toBe(Codes.refused);
    const { datas } = await call(
      context,
      api.course.chapterDetail,
      { query: { chapterId: second.id } },
      { token: member.token },
    );
    expect(datas.body.length).toBeGreaterThan(100);
    // Nor can a non-member record progress or answer it.
    const watch = await callRefused(
      context,
      api.course.userWatch,
      { body: { chapterId: second.id, percent: 100 } },
      { token: alice.token },
    );
    expect(watch.code).toBe(Codes.refused);
  });

  it('answers hasBuy with the reason', async () => {
    const vip = await courseIdOf('vip');
    const free = await courseIdOf('free');
    const hasBuy = async (courseId: number, token?: string) =>
      (await call(context, api.course.hasBuy, { query: { courseId } }, token ? { token } : {})).datas;
    expect(await hasBuy(free)).toMatchObject({ hasBuy: true, reason: 'free' });
    expect(await hasBuy(vip)).toMatchObject({ hasBuy: false, reason: 'visitor' });
    expect(await hasBuy(vip, alice.token)).toMatchObject({ hasBuy: false, reason: 'notMember' });
    expect(await hasBuy(vip, member.token)).toMatchObject({ hasBuy: true, reason: 'member' });
  });
});

describe('chapter content', () => {
  it('serves the lesson as sanitised rich text with instrument links, and the questions without answers', async () => {
    const courseId = await courseIdOf('free');
    const [first] = (await chaptersOf(courseId)).chapters;
    if (!first) throw new Error('no chapter');
    const { datas, response } = await call(context, api.course.chapterDetail, {
      query: { chapterId: first.id },
    });
    expect(datas.body).toContain('<h3>');
    expect(datas.body).not.toMatch(/<script|onerror|style=/i);
    expect(datas.questions.length).toBeGreaterThanOrEqual(2);
    expect(response.body).not.toContain('explanation');
    expect(datas.prevChapterId).toBeNull();
    expect(datas.nextChapterId).not.toBeNull();
    const rules = (await chaptersOf(courseId)).chapters[1];
    if (!rules) throw new Error('no second chapter');
    const second = await call(context, api.course.chapterDetail, { query: { chapterId: rules.id } });
    expect(second.datas.body).toContain('href="/stock?stockCode=600519.SH"');
  });
});

describe('reading progress', () => {
  it('requires a signed-in user', async () => {
    const { code } = await callRefused(context, api.course.userWatch, {
      body: { chapterId: 1, percent: 50 },
    });
    expect(code).toBe(Codes.notLoggedIn);
  });

  it('only moves forward, and a repeated call changes nothing', async () => {
    const courseId = await courseIdOf('free');
    const [chapter] = (await chaptersOf(courseId)).chapters;
    if (!chapter) throw new Error('no chapter');
    const watch = async (percent: number) =>
      (
        await call(
          context,
          api.course.userWatch,
          { body: { chapterId: chapter.id, percent } },
          { token: bob.token },
        )
      ).datas;
    expect(await watch(60)).toMatchObject({ readPercent: 60, read: false });
    expect(await watch(30)).toMatchObject({ readPercent: 60, read: false });
    expect(await watch(100)).toMatchObject({ readPercent: 100, read: true });
    expect(await watch(100)).toMatchObject({ readPercent: 100, read: true });
    expect(await watch(10)).toMatchObject({ readPercent: 100, read: true });
    const listed = (await chaptersOf(courseId, bob.token)).chapters[0];
    expect(listed?.progress).toMatchObject({ readPercent: 100, read: true });
  });

  it('refuses a percent above 100 with 400', async () => {
    const { code } = await callRefused(
      context,
      api.course.userWatch,
      { body: { chapterId: 1, percent: 120 } },
      { token: bob.token },
    );
    expect(code).toBe(Codes.invalidParams);
  });
});

describe('exercises', () => {
  it('grades right and wrong answers with explanations, and keeps the best score', async () => {
    const courseId = await courseIdOf('free');
    const [chapter] = (await chaptersOf(courseId)).chapters;
    if (!chapter) throw new Error('no chapter');
    const questions = await questionsOf(chapter.id, alice.token);
    const wrong = await submit(chapter.id, allA(questions), alice.token);
    expect(wrong.total).toBe(questions.length);
    expect(wrong.results.every((result) => result.explanation.length > 0)).toBe(true);
    expect(wrong.results.filter((result) => result.correct)).toHaveLength(wrong.score);
    expect(wrong.score).toBeLessThan(wrong.total);

    const right = wrong.results.map((result) => ({ questionId: result.questionId, choices: result.answer }));
    const full = await submit(chapter.id, right, alice.token);
    expect(full).toMatchObject({ score: questions.length, passed: true, bestScore: questions.length });
    expect(full.results.every((result) => result.correct)).toBe(true);

    const again = await submit(chapter.id, allA(questions), alice.token);
    expect(again.score).toBe(wrong.score);
    expect(again.bestScore).toBe(questions.length);
    const listed = (await chaptersOf(courseId, alice.token)).chapters[0];
    expect(listed?.progress).toMatchObject({ bestScore: questions.length, passed: true });
  });

  it('refuses an incomplete sheet, a question of another chapter, and a second choice on a single question', async () => {
    const courseId = await courseIdOf('free');
    const [first, second] = (await chaptersOf(courseId)).chapters;
    if (!first || !second) throw new Error('course too short');
    const questions = await questionsOf(first.id, alice.token);
    const incomplete = await callRefused(
      context,
      api.course.userAnswer,
      { body: { chapterId: first.id, answers: allA(questions).slice(1) } },
      { token: alice.token },
    );
    expect(incomplete).toMatchObject({ code: Codes.invalidParams, message: courseMessages.incomplete });
    const other = await questionsOf(second.id, alice.token);
    const foreign = await callRefused(
      context,
      api.course.userAnswer,
      { body: { chapterId: first.id, answers: [...allA(questions).slice(1), ...allA(other).slice(0, 1)] } },
      { token: alice.token },
    );
    expect(foreign.code).toBe(Codes.invalidParams);
    const single = questions.find((question) => question.kind === 'single');
    if (!single) throw new Error('no single-choice question');
    const twice = await callRefused(
      context,
      api.course.userAnswer,
      {
        body: {
          chapterId: first.id,
          answers: questions.map((question) => ({
            questionId: question.id,
            choices: question.id === single.id ? ['A', 'B'] : ['A'],
          })),
        },
      },
      { token: alice.token },
    );
    expect(twice).toMatchObject({ code: Codes.invalidParams, message: courseMessages.singleChoice });
  });
});

describe('certificate', () => {
  it('is refused until every chapter is read and passed, then issued once with a stable number', async () => {
    const courseId = await courseIdOf('free');
    const { chapters } = await chaptersOf(courseId, alice.token);
    const refused = await callRefused(
      context,
      api.course.getCertified,
      { query: { courseId } },
      { token: alice.token },
    );
    expect(refused.code).toBe(Codes.refused);
    expect(refused.message).toMatch(/尚未结业：还有\d+ 章未读完/);

    for (const chapter of chapters) {
      await call(
        context,
        api.course.userWatch,
        { body: { chapterId: chapter.id, percent: 100 } },
        { token: alice.token },
      );
    }
    const [, ...rest] = chapters;
    const [last] = rest.slice(-1);
    for (const chapter of rest.slice(0, -1))
      await submit(chapter.id, await rightAnswers(chapter.id, alice.token), alice.token);
    if (!last) throw new Error('course too short');
    // Everything read, one exercise not passed yet.
    const stillOne = await callRefused(
      context,
      api.course.getCertified,
      { query: { courseId } },
      { token: alice.token },
    );
    expect(stillOne.message).toBe('尚未结业：还有1 章练习未及格');
    await submit(last.id, await rightAnswers(last.id, alice.token), alice.token);

    const first = (
      await call(context, api.course.getCertified, { query: { courseId } }, { token: alice.token })
    ).datas;
    expect(first).toMatchObject({ courseId, chapterCount: chapters.length, demo: true });
    expect(first.certificateNo).toMatch(/^ZCKT\d{8}[0-9A-F]{8}$/);
    expect(first.userName.length).toBeGreaterThan(0);
    const second = (
      await call(context, api.course.getCertified, { query: { courseId } }, { token: alice.token })
    ).datas;
    expect(second).toEqual(first);

    const summary = (await call(context, api.course.list, { query: {} }, { token: alice.token })).datas.find(
      (course) => course.id === courseId,
    );
    expect(summary?.progress).toMatchObject({ readChapters: chapters.length, certified: true });
    expect(summary?.learnerCount).toBeGreaterThanOrEqual(2);
  });

  it('keeps one user’s progress and certificate from another', async () => {
    const courseId = await courseIdOf('free');
    // Bob read only the first chapter; Alice finished the course above.
    const refused = await callRefused(
      context,
      api.course.getCertified,
      { query: { courseId } },
      { token: bob.token },
    );
    expect(refused.code).toBe(Codes.refused);
    const bobs = await chaptersOf(courseId, bob.token);
    expect(bobs.course.progress?.certified).toBe(false);
    expect(
      bobs.chapters
        .slice(1)
        .every((chapter) => chapter.progress?.readPercent === 0 && chapter.progress.bestScore === null),
    ).toBe(true);
    const { code } = await callRefused(context, api.course.getCertified, { query: { courseId } });
    expect(code).toBe(Codes.notLoggedIn);
  });
});
