import { type ChapterSummary, type CourseDetail, courseTypeLabels, href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { useChapterList } from '../api/chapter-list.ts';
import { useHasBuy } from '../api/has-buy.ts';
import { LockIcon } from '../components/lock-icon.tsx';
import { chapterDone, learnersText, validId } from '../course-rules.ts';
import '../course.css';

/** /CourseDetails?courseId=: the course's introduction, its chapters with progress and locks. */
export default function CourseDetailsPage() {
  const [params] = useSearchParams();
  const courseId = validId(params.get('courseId'));
  const detail = useChapterList(courseId);
  return (
    <>
      <PageHeader title="课程详情" />
      <PullToRefresh onRefresh={() => detail.refetch()}>
        <main className="course-page">
          {courseId === 0 ? (
            <SectionEmpty>课程不存在</SectionEmpty>
          ) : (
            <QueryStates query={detail} skeletonLines={8} errorText="课程不存在或加载失败">
              {({ course, chapters }) => <CourseDetailContent course={course} chapters={chapters} />}
            </QueryStates>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}

function CourseDetailContent({ course, chapters }: { course: CourseDetail; chapters: ChapterSummary[] }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const hasBuy = useHasBuy(course.id);
  const next = chapters.find((chapter) => chapter.id === course.progress?.nextChapterId) ?? chapters[0];
  const started = (course.progress?.startedChapters ?? 0) > 0;
  const allDone = chapters.length > 0 && chapters.every(chapterDone);
  return (
    <>
      <section className="course-card-box course-intro" aria-label="课程介绍">
        <h2 className="course-intro__title">{course.title}</h2>
        <p className="course-intro__subtitle">{course.subtitle}</p>
        <p className="course-card__meta">
          <span>{courseTypeLabels[course.type]}</span>
          <span>图文 · {course.chapterCount} 章</span>
          <span>{learnersText(course.learnerCount)}</span>
          {course.access === 'vip' ? <span className="course-tag course-tag--vip">会员专享</span> : null}
          {course.demo ? <span className="course-tag">演示课程</span> : null}
        </p>
        {course.intro.split(/\n\s*\n/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {course.outcomes.length > 0 ? (
          <>
            <h2>学完你将能够</h2>
            <ul className="course-outcomes">
              {course.outcomes.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      {course.access === 'vip' && hasBuy.data ? (
        <section className="course-card-box course-access" aria-label="会员权益">
          {hasBuy.data.hasBuy ? (
            <p>你是会员，本课全部章节已解锁。</p>
          ) : (
            <>
              <p>第 1 章免费试读，开通会员后解锁全部章节与练习。</p>
              <Link className="button button--primary" to={href('app_userPrice')}>
                开通会员解锁
              </Link>
            </>
          )}
        </section>
      ) : null}

      <section className="course-card-box" aria-label="章节">
        <h2>章节</h2>
        <ol className="course-chapters">
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              <Link
                className="course-chapter"
                to={href('subjectSection', { courseId: course.id, chapterId: chapter.id })}
              >
                <span className="course-chapter__sort">{String(chapter.sort).padStart(2, '0')}</span>
                <span className="course-chapter__body">
                  <span className="course-chapter__title">{chapter.title}</span>
                  <span className="course-muted">
                    {chapter.summary} · 约 {chapter.readMinutes} 分钟
                  </span>
                </span>
                <ChapterState chapter={chapter} />
              </Link>
            </li>
          ))}
        </ol>
      </section>

      {signedIn ? (
        <Link className="course-entry" to={href('CertificateCompletion', { courseId: course.id })}>
          <span>结业证书</span>
          <span className="course-muted">{allDone ? '已可领取 ›' : '读完全部章节并通过练习后领取 ›'}</span>
        </Link>
      ) : null}

      {next ? (
        <div className="course-bar">
          <Link
            className="button button--primary course-bar__button"
            to={href('subjectSection', { courseId: course.id, chapterId: next.id })}
          >
            {allDone ? '复习课程' : started ? `继续学习 · 第 ${next.sort} 章` : '开始学习'}
          </Link>
        </div>
      ) : null}
    </>
  );
}

function ChapterState({ chapter }: { chapter: ChapterSummary }) {
  if (chapter.locked)
    return (
      <span className="course-chapter__state course-chapter__state--locked">
        <LockIcon /> 会员解锁
      </span>
    );
  const progress = chapter.progress;
  if (!progress) return null;
  if (chapterDone(chapter))
    return <span className="course-chapter__state course-chapter__state--done">已完成</span>;
  if (progress.read) return <span className="course-chapter__state">待练习</span>;
  if (progress.readPercent > 0)
    return <span className="course-chapter__state">已读 {progress.readPercent}%</span>;
  return <span className="course-chapter__state">未学</span>;
}
