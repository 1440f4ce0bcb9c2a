import type { ChapterSummary, CourseSummary, CourseType } from '@zhicai/contract';
import { courseTypes } from '@zhicai/contract';

/** A record id from a link, or 0 when the link holds none (the page then says it is not there). */
export function validId(text: string | null | undefined): number {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : 0;
}

export function isCourseType(value: string | null): value is CourseType {
  return (courseTypes as readonly string[]).includes(value ?? '');
}

/** Read to the end and, when the chapter has questions, its exercise passed. */
export function chapterDone(chapter: ChapterSummary): boolean {
  const progress = chapter.progress;
  if (!progress) return false;
  return progress.read && (chapter.questionCount === 0 || progress.passed);
}

/** The share of a course finished, 0–100, counting reading and exercises as halves of a chapter. */
export function coursePercent(course: CourseSummary): number {
  const progress = course.progress;
  if (!progress || course.chapterCount === 0) return 0;
  const steps = progress.readChapters + progress.passedChapters;
  return Math.min(100, Math.round((steps / (course.chapterCount * 2)) * 100));
}

/** What a course card says about the reader's progress. */
export function progressText(course: CourseSummary): string | null {
  const progress = course.progress;
  if (!progress) return null;
  if (progress.certified) return '已结业';
  if (progress.startedChapters === 0) return '未开始';
  return `已学 ${progress.readChapters}/${course.chapterCount} 章`;
}

/** What is still needed before the certificate, per chapter. */
export function leftToDo(chapters: readonly ChapterSummary[]): { chapter: ChapterSummary; needs: string }[] {
  return chapters
    .filter((chapter) => !chapterDone(chapter))
    .map((chapter) => {
      const read = chapter.progress?.read ?? false;
      const passed = chapter.questionCount === 0 || (chapter.progress?.passed ?? false);
      const needs = !read && !passed ? '未读完、练习未及格' : !read ? '未读完' : '练习未及格';
      return { chapter, needs };
    });
}

/** 12 人在学 / 暂无学员: learners are real counts, never padded. */
export function learnersText(count: number): string {
  return count > 0 ? `${count} 人在学` : '等你来学';
}
