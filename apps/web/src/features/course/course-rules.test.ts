import type { ChapterSummary, CourseSummary } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { chapterDone, coursePercent, leftToDo, progressText, validId } from './course-rules.ts';
import { readShare } from './hooks/use-reading-progress.ts';

function chapter(sort: number, progress: ChapterSummary['progress'], questionCount = 2): ChapterSummary {
  return {
    id: sort,
    sort,
    title: `第${sort}章`,
    summary: '',
    readMinutes: 5,
    questionCount,
    locked: false,
    progress,
  };
}

const course: CourseSummary = {
  id: 1,
  title: '课程',
  subtitle: '',
  type: 'beginner',
  access: 'free',
  chapterCount: 4,
  learnerCount: 0,
  progress: null,
  demo: true,
};

describe('course rules', () => {
  it('counts a chapter done only when read and passed, or read when it has no questions', () => {
    expect(chapterDone(chapter(1, { readPercent: 100, read: true, bestScore: 2, passed: true }))).toBe(true);
    expect(chapterDone(chapter(1, { readPercent: 100, read: true, bestScore: 0, passed: false }))).toBe(
      false,
    );
    expect(chapterDone(chapter(1, { readPercent: 90, read: false, bestScore: 2, passed: true }))).toBe(false);
    expect(chapterDone(chapter(1, { readPercent: 100, read: true, bestScore: null, passed: false }, 0))).toBe(
      true,
    );
    expect(chapterDone(chapter(1, null))).toBe(false);
  });

  it('weighs reading and the exercise as halves of a chapter', () => {
    const progress = {
      readChapters: 2,
      passedChapters: 1,
      startedChapters: 2,
      nextChapterId: 2,
      certified: false,
    };
    expect(coursePercent({ ...course, progress })).toBe(38);
    expect(progressText({ ...course, progress })).toBe('已学 2/4 章');
    expect(progressText({ ...course, progress: { ...progress, startedChapters: 0 } })).toBe('未开始');
    expect(progressText({ ...course, progress: { ...progress, certified: true } })).toBe('已结业');
    expect(progressText(course)).toBeNull();
  });

  it('lists what each unfinished chapter still needs', () => {
    const left = leftToDo([
      chapter(1, { readPercent: 100, read: true, bestScore: 2, passed: true }),
      chapter(2, { readPercent: 100, read: true, bestScore: 0, passed: false }),
      chapter(3, { readPercent: 40, read: false, bestScore: 2, passed: true }),
      chapter(4, null),
    ]);
    expect(left.map(({ chapter, needs }) => [chapter.sort, needs])).toEqual([
      [2, '练习未及格'],
      [3, '未读完'],
      [4, '未读完、练习未及格'],
    ]);
  });

  it('takes only a positive integer id from a link', () => {
    expect(validId('12')).toBe(12);
    expect(validId('0')).toBe(0);
    expect(validId('1.5')).toBe(0);
    expect(validId(null)).toBe(0);
    expect(validId('99999999999')).toBe(0);
  });
});

describe('reading share', () => {
  const element = (top: number, height: number) =>
    ({ getBoundingClientRect: () => ({ top, height }) }) as unknown as Element;

  it('is the share of the lesson above the bottom of the viewport', () => {
    expect(readShare(element(100, 1000), 600)).toBe(50);
    expect(readShare(element(700, 1000), 600)).toBe(0);
    expect(readShare(element(-900, 1000), 600)).toBe(100);
  });

  it('is unknown while nothing is laid out', () => {
    expect(readShare(element(0, 0), 600)).toBeNull();
  });
});
