import { type ChapterDetail, href } from '@zhicai/contract';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { RichText } from '../../content/index.ts';
import { useChapterDetail } from '../api/chapter-detail.ts';
import { useChapterList } from '../api/chapter-list.ts';
import { LockIcon } from '../components/lock-icon.tsx';
import { LockedNote } from '../components/locked-note.tsx';
import { validId } from '../course-rules.ts';
import { useReadingProgress } from '../hooks/use-reading-progress.ts';
import '../course.css';

/** /subjectSection?courseId=&chapterId=: one chapter's lesson; reading to the end marks it read. */
export default function SubjectSectionPage() {
  const [params] = useSearchParams();
  const courseId = validId(params.get('courseId'));
  const chapterId = validId(params.get('chapterId'));
  const list = useChapterList(courseId);
  const summary = list.data?.chapters.find((chapter) => chapter.id === chapterId);
  const locked = summary?.locked ?? false;
  // The lesson is asked for once the list says the chapter is open to this reader.
  const detail = useChapterDetail(chapterId, summary !== undefined && !locked);
  const missing = courseId === 0 || chapterId === 0 || (list.data !== undefined && summary === undefined);
  return (
    <>
      <PageHeader title={summary ? `第 ${summary.sort} 章` : '课程章节'} />
      <main className="course-page">
        {missing ? (
          <SectionEmpty>章节不存在</SectionEmpty>
        ) : locked ? (
          <LockedNote title={summary?.title} courseId={courseId} />
        ) : list.data === undefined ? (
          <QueryStates query={list} skeletonLines={10} errorText="章节加载失败">
            {() => null}
          </QueryStates>
        ) : (
          <QueryStates query={detail} skeletonLines={10} errorText="章节加载失败">
            {(data) => <Lesson chapter={data} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}

function Lesson({ chapter }: { chapter: ChapterDetail }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const article = useRef<HTMLElement>(null);
  const end = useRef<HTMLDivElement>(null);
  useReadingProgress({
    chapterId: chapter.id,
    enabled: signedIn,
    initialPercent: chapter.progress?.readPercent ?? 0,
    article,
    end,
  });
  const read = chapter.progress?.read ?? false;
  return (
    <>
      <article ref={article} className="course-card-box course-lesson" aria-label="课文">
        <p className="course-muted">
          <Link to={href('CourseDetails', { courseId: chapter.courseId })}>{chapter.courseTitle}</Link> · 第{' '}
          {chapter.sort}/{chapter.chapterCount} 章 · 约 {chapter.readMinutes} 分钟
        </p>
        <h2 className="course-lesson__title">{chapter.title}</h2>
        <RichText html={chapter.body} className="course-rich-text" />
        <div ref={end} className="course-lesson__end">
          {signedIn ? (read ? '✓ 本章已读完' : '读到这里，本章即记为已读') : null}
        </div>
      </article>
      {signedIn ? null : (
        <SignInPrompt className="community-card" text="登录后记录阅读进度，并可完成章节练习" />
      )}
      <nav className="course-card-box course-lesson__nav" aria-label="章节导航">
        {chapter.questions.length > 0 ? (
          <Link
            className="button button--primary"
            to={href('ChapterExercises', { courseId: chapter.courseId, chapterId: chapter.id })}
          >
            去做练习（{chapter.questions.length} 题）
          </Link>
        ) : null}
        <div className="course-lesson__steps">
          {chapter.prevChapterId ? (
            <Link
              className="button"
              to={href('subjectSection', { courseId: chapter.courseId, chapterId: chapter.prevChapterId })}
            >
              上一章
            </Link>
          ) : null}
          {chapter.nextChapterId ? (
            <Link
              className="button"
              to={href('subjectSection', { courseId: chapter.courseId, chapterId: chapter.nextChapterId })}
            >
              下一章
              {chapter.nextLocked ? <LockIcon /> : null}
            </Link>
          ) : (
            <Link className="button" to={href('CertificateCompletion', { courseId: chapter.courseId })}>
              结业证书
            </Link>
          )}
        </div>
      </nav>
    </>
  );
}
