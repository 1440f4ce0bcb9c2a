import { fireEvent, screen, waitFor } from '@testing-library/react';
import type {
  AnswerOutcome,
  Certificate,
  ChapterDetail,
  ChapterSummary,
  CourseDetail,
  CourseSummary,
} from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import CertificateCompletionPage from './certificate-completion-page.tsx';
import ChapterExercisesPage from './chapter-exercises-page.tsx';
import CourseDetailsPage from './course-details-page.tsx';
import CourseHomePage from './course-home-page.tsx';
import CourseListPage from './course-list-page.tsx';
import CourseSearchPage from './course-search-page.tsx';
import SubjectSectionPage from './subject-section-page.tsx';

const freeCourse: CourseSummary = {
  id: 1,
  title: 'A股交易规则入门',
  subtitle: '交易时间、T+1、交易费用与涨跌幅',
  type: 'beginner',
  access: 'free',
  chapterCount: 2,
  learnerCount: 3,
  progress: null,
  demo: true,
};

const vipCourse: CourseSummary = {
  ...freeCourse,
  id: 2,
  title: '三张财报怎么读',
  subtitle: '利润表、资产负债表、现金流量表',
  type: 'report',
  access: 'vip',
  learnerCount: 0,
};

const detail: CourseDetail = {
  ...vipCourse,
  intro: '财报是了解一家公司最直接的材料。\n\n第一章免费试读。',
  outcomes: ['看懂毛利率'],
};

function chapter(id: number, sort: number, overrides: Partial<ChapterSummary> = {}): ChapterSummary {
  return {
    id,
    sort,
    title: `第${sort}章标题`,
    summary: '摘要',
    readMinutes: 5,
    questionCount: 2,
    locked: false,
    progress: null,
    ...overrides,
  };
}

const lesson: ChapterDetail = {
  id: 11,
  courseId: 1,
  courseTitle: freeCourse.title,
  sort: 1,
  chapterCount: 2,
  title: '交易时间与集合竞价',
  body: '<h3>交易时段</h3><p>以<a href="/stock?stockCode=600519.SH">贵州茅台（600519）</a>为例。</p>',
  readMinutes: 5,
  questions: [
    {
      id: 101,
      kind: 'single',
      stem: '连续竞价几点开始？',
      options: [
        { key: 'A', text: '9:15' },
        { key: 'B', text: '9:30' },
      ],
    },
    {
      id: 102,
      kind: 'multiple',
      stem: '哪些说法正确？',
      options: [
        { key: 'A', text: '说法一' },
        { key: 'B', text: '说法二' },
        { key: 'C', text: '说法三' },
      ],
    },
  ],
  prevChapterId: null,
  nextChapterId: 12,
  nextLocked: false,
  progress: { readPercent: 0, read: false, bestScore: null, passed: false },
  demo: true,
};

const freeChapters = {
  course: { ...detail, ...freeCourse, intro: '入门课', outcomes: [] },
  chapters: [chapter(11, 1), chapter(12, 2)],
};

vi.setConfig({ testTimeout: 15_000 });

const pages = {
  '/CourseList': <CourseListPage />,
  '/course': <CourseHomePage />,
  '/courseSearch': <CourseSearchPage />,
  '/CourseDetails': <CourseDetailsPage />,
  '/subjectSection': <SubjectSectionPage />,
  '/ChapterExercises': <ChapterExercisesPage />,
  '/CertificateCompletion': <CertificateCompletionPage />,
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('投资课堂 list', () => {
  it('lists courses with chapters, learners and 会员专享, and filters by category', async () => {
    const server = stubApi({ 'course.list': ok([freeCourse, vipCourse]) });
    renderPages('/CourseList', pages);
    expect(await screen.findByText(freeCourse.title)).toBeTruthy();
    expect(screen.getByText('3 人在学')).toBeTruthy();
    expect(screen.getByText('会员专享')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '财报' }));
    await waitFor(() => expect(server.calls('course.list').at(-1)).toEqual({ type: 'report' }));
    expect(screen.getAllByRole('link', { name: /三张财报怎么读/ })[0]?.getAttribute('href')).toBe(
      '/CourseDetails?courseId=2',
    );
  });

  it('shows the reader’s progress on a card', async () => {
    stubApi({
      'course.list': ok([
        {
          ...freeCourse,
          progress: {
            readChapters: 1,
            passedChapters: 1,
            startedChapters: 1,
            nextChapterId: 12,
            certified: false,
          },
        },
      ]),
    });
    renderPages('/CourseList', pages);
    expect(await screen.findByText('已学 1/2 章')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
  });

  it('says when a category is empty, and offers 重新加载 when loading fails', async () => {
    let calls = 0;
    stubApi({ 'course.list': () => (calls++ === 0 ? failure('999') : ok([])) });
    renderPages('/CourseList?type=fund', pages);
    expect(await screen.findByText('课程加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('这个分类还没有课程')).toBeTruthy();
  });
});

describe('课程 home and search', () => {
  it('asks a visitor to log in and recommends courses', async () => {
    stubApi({ 'course.list': ok([freeCourse]) });
    renderPages('/course', pages);
    expect(await screen.findByText(freeCourse.title)).toBeTruthy();
    expect(screen.getByText('登录后记录学习进度、完成练习并领取结业证书')).toBeTruthy();
  });

  it('continues a started course and lists a certificate', async () => {
    localStore.getState().setToken('jwt-reader');
    stubApi({
      'course.list': ok([
        {
          ...freeCourse,
          progress: {
            readChapters: 1,
            passedChapters: 0,
            startedChapters: 1,
            nextChapterId: 12,
            certified: false,
          },
        },
        {
          ...vipCourse,
          progress: {
            readChapters: 2,
            passedChapters: 2,
            startedChapters: 2,
            nextChapterId: 12,
            certified: true,
          },
        },
      ]),
    });
    renderPages('/course', pages);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: '继续学习' }).textContent).toContain(freeCourse.title),
    );
    expect(screen.getByRole('link', { name: /《三张财报怎么读》结业证书/ }).getAttribute('href')).toBe(
      '/CertificateCompletion?courseId=2',
    );
  });

  it('searches by keyword and says when nothing matches', async () => {
    const server = stubApi({ 'course.list': ok([]) });
    renderPages('/courseSearch', pages);
    expect(screen.getByText('输入关键词，查找课程与章节')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索课程'), { target: { value: '期权' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    expect(await screen.findByText('没有找到与“期权”相关的课程')).toBeTruthy();
    expect(server.calls('course.list').at(-1)).toEqual({ keyword: '期权' });
  });
});

describe('course details', () => {
  it('shows locked chapters and the way to membership for a non-member', async () => {
    localStore.getState().setToken('jwt-reader');
    stubApi({
      'course.chapterList': ok({
        course: detail,
        chapters: [chapter(21, 1), chapter(22, 2, { locked: true })],
      }),
      'course.hasBuy': ok({ courseId: 2, hasBuy: false, access: 'vip', reason: 'notMember' }),
    });
    renderPages('/CourseDetails?courseId=2', pages);
    expect(await screen.findByText('第一章免费试读。')).toBeTruthy();
    expect(screen.getByText('会员解锁')).toBeTruthy();
    expect((await screen.findByRole('link', { name: '开通会员解锁' })).getAttribute('href')).toBe(
      '/app_userPrice',
    );
    expect(screen.getByRole('link', { name: '开始学习' }).getAttribute('href')).toBe(
      '/subjectSection?courseId=2&chapterId=21',
    );
  });

  it('continues from the next chapter once started', async () => {
    stubApi({
      'course.chapterList': ok({
        course: {
          ...freeChapters.course,
          progress: {
            readChapters: 1,
            passedChapters: 1,
            startedChapters: 1,
            nextChapterId: 12,
            certified: false,
          },
        },
        chapters: [
          chapter(11, 1, { progress: { readPercent: 100, read: true, bestScore: 2, passed: true } }),
          chapter(12, 2, { progress: { readPercent: 0, read: false, bestScore: null, passed: false } }),
        ],
      }),
      'course.hasBuy': ok({ courseId: 1, hasBuy: true, access: 'free', reason: 'free' }),
    });
    renderPages('/CourseDetails?courseId=1', pages);
    expect(await screen.findByText('已完成')).toBeTruthy();
    expect(screen.getByRole('link', { name: '继续学习 · 第 2 章' }).getAttribute('href')).toBe(
      '/subjectSection?courseId=1&chapterId=12',
    );
  });

  it('says a course is missing when the link has no id', async () => {
    stubApi({});
    renderPages('/CourseDetails', pages);
    expect(await screen.findByText('课程不存在')).toBeTruthy();
  });
});

describe('reading a chapter', () => {
  it('shows 开通会员解锁 for a locked chapter without asking for its lesson', async () => {
    const server = stubApi({
      'course.chapterList': ok({
        course: detail,
        chapters: [chapter(21, 1), chapter(22, 2, { locked: true })],
      }),
    });
    renderPages('/subjectSection?courseId=2&chapterId=22', pages);
    expect((await screen.findByRole('link', { name: '开通会员解锁' })).getAttribute('href')).toBe(
      '/app_userPrice',
    );
    expect(server.calls('course.chapterDetail')).toEqual([]);
  });

  it('renders the lesson with instrument links and records progress up to the end', async () => {
    localStore.getState().setToken('jwt-reader');
    const observers: IntersectionObserverCallback[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: IntersectionObserverCallback) {
          observers.push(callback);
        }
        observe() {}
        disconnect() {}
      },
    );
    const server = stubApi({
      'course.chapterList': ok(freeChapters),
      'course.chapterDetail': ok(lesson),
      'course.userWatch': (params) =>
        ok({
          chapterId: params.chapterId,
          readPercent: params.percent,
          read: params.percent === 100,
          bestScore: null,
          passed: false,
        }),
    });
    renderPages('/subjectSection?courseId=1&chapterId=11', pages);
    expect(await screen.findByRole('heading', { name: '交易时间与集合竞价' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '贵州茅台（600519）' }).getAttribute('href')).toBe(
      '/stock?stockCode=600519.SH',
    );
    await waitFor(() => expect(server.calls('course.userWatch')).toEqual([{ chapterId: 11, percent: 0 }]));
    // The end of the lesson scrolls into view.
    for (const callback of observers)
      callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() =>
      expect(server.calls('course.userWatch').at(-1)).toEqual({ chapterId: 11, percent: 100 }),
    );
    expect(screen.getByRole('link', { name: '去做练习（2 题）' }).getAttribute('href')).toBe(
      '/ChapterExercises?courseId=1&chapterId=11',
    );
    expect(screen.getByRole('link', { name: '下一章' }).getAttribute('href')).toBe(
      '/subjectSection?courseId=1&chapterId=12',
    );
  });

  it('lets a visitor read without recording progress', async () => {
    const server = stubApi({
      'course.chapterList': ok(freeChapters),
      'course.chapterDetail': ok({ ...lesson, progress: null }),
    });
    renderPages('/subjectSection?courseId=1&chapterId=11', pages);
    expect(await screen.findByText('登录后记录阅读进度，并可完成章节练习')).toBeTruthy();
    expect(server.calls('course.userWatch')).toEqual([]);
  });
});

describe('exercises', () => {
  const outcome: AnswerOutcome = {
    chapterId: 11,
    score: 1,
    total: 2,
    passMark: 2,
    passed: false,
    bestScore: 1,
    results: [
      { questionId: 101, correct: true, chosen: ['B'], answer: ['B'], explanation: '9:30 开始连续竞价。' },
      {
        questionId: 102,
        correct: false,
        chosen: ['A'],
        answer: ['A', 'C'],
        explanation: '说法一和说法三正确。',
      },
    ],
  };

  it('submits the answers and shows each result with its explanation', async () => {
    localStore.getState().setToken('jwt-reader');
    const server = stubApi({
      'course.chapterList': ok(freeChapters),
      'course.chapterDetail': ok(lesson),
      'course.userAnswer': ok(outcome),
    });
    renderPages('/ChapterExercises?courseId=1&chapterId=11', pages);
    expect(await screen.findByText('共 2 题，答对 2 题及格。')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '还有 2 题未答' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('B. 9:30'));
    fireEvent.click(screen.getByLabelText('A. 说法一'));
    fireEvent.click(screen.getByRole('button', { name: '提交答案' }));
    expect(await screen.findByText('说法一和说法三正确。')).toBeTruthy();
    expect(server.calls('course.userAnswer')).toEqual([
      {
        chapterId: 11,
        answers: [
          { questionId: 101, choices: ['B'] },
          { questionId: 102, choices: ['A'] },
        ],
      },
    ]);
    expect(screen.getByText('未及格，答对 2 题即可及格，再试一次吧。')).toBeTruthy();
    expect(screen.getByText('✓ 回答正确')).toBeTruthy();
    expect(screen.getByText('✗ 回答错误')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再做一次' }));
    expect(screen.getByRole('button', { name: '还有 2 题未答' })).toBeTruthy();
  });

  it('asks a visitor to log in before submitting', async () => {
    stubApi({
      'course.chapterList': ok(freeChapters),
      'course.chapterDetail': ok({ ...lesson, progress: null }),
    });
    renderPages('/ChapterExercises?courseId=1&chapterId=11', pages);
    expect(await screen.findByText('登录后提交答案，查看解析并记录成绩')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提交答案|未答/ })).toBeNull();
  });
});

describe('certificate', () => {
  it('lists what is left before the certificate, without asking for it', async () => {
    localStore.getState().setToken('jwt-reader');
    const server = stubApi({
      'course.chapterList': ok({
        ...freeChapters,
        chapters: [
          chapter(11, 1, { progress: { readPercent: 100, read: true, bestScore: 2, passed: true } }),
          chapter(12, 2, { progress: { readPercent: 100, read: true, bestScore: 0, passed: false } }),
        ],
      }),
    });
    renderPages('/CertificateCompletion?courseId=1', pages);
    expect(await screen.findByText('尚未结业')).toBeTruthy();
    expect(screen.getByRole('link', { name: /第 2 章 第2章标题/ }).getAttribute('href')).toBe(
      '/ChapterExercises?courseId=1&chapterId=12',
    );
    expect(screen.getByText(/练习未及格/)).toBeTruthy();
    expect(server.calls('course.getCertified')).toEqual([]);
  });

  it('shows the certificate once every chapter is done', async () => {
    localStore.getState().setToken('jwt-reader');
    const certificate: Certificate = {
      certificateNo: 'ZCKT20261127ABCDEF01',
      userName: '知财体验用户',
      courseId: 1,
      courseTitle: freeCourse.title,
      chapterCount: 2,
      issuedOn: '2026-11-27',
      demo: true,
    };
    stubApi({
      'course.chapterList': ok({
        ...freeChapters,
        chapters: [11, 12].map((id, index) =>
          chapter(id, index + 1, { progress: { readPercent: 100, read: true, bestScore: 2, passed: true } }),
        ),
      }),
      'course.getCertified': ok(certificate),
    });
    renderPages('/CertificateCompletion?courseId=1', pages);
    expect(await screen.findByText(certificate.certificateNo)).toBeTruthy();
    expect(screen.getByText(certificate.userName)).toBeTruthy();
    expect(screen.getByRole('article', { name: '结业证书' }).textContent).toContain(freeCourse.title);
  });

  it('asks a visitor to log in', async () => {
    stubApi({});
    renderPages('/CertificateCompletion?courseId=1', pages);
    expect(await screen.findByText('登录后查看你的结业证书')).toBeTruthy();
  });
});
