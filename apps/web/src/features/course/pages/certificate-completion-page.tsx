import { type Certificate, type ChapterSummary, type CourseDetail, href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useCertificate } from '../api/certificate.ts';
import { useChapterList } from '../api/chapter-list.ts';
import { chapterDone, leftToDo, validId } from '../course-rules.ts';
import '../course.css';

/**
 * /CertificateCompletion?courseId=: the certificate once every chapter is read and passed; before
 * that, what is left, chapter by chapter, with the way to each.
 */
export default function CertificateCompletionPage() {
  const [params] = useSearchParams();
  const courseId = validId(params.get('courseId'));
  const signedIn = useLocalState((state) => state.token !== null);
  const list = useChapterList(signedIn ? courseId : 0);
  return (
    <>
      <PageHeader title="结业证书" />
      <main className="course-page">
        {courseId === 0 ? (
          <SectionEmpty>课程不存在</SectionEmpty>
        ) : !signedIn ? (
          <SignInPrompt className="community-card" text="登录后查看你的结业证书" />
        ) : (
          <QueryStates query={list} skeletonLines={6} errorText="课程不存在或加载失败">
            {({ course, chapters }) => <CertificateContent course={course} chapters={chapters} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}

function CertificateContent({ course, chapters }: { course: CourseDetail; chapters: ChapterSummary[] }) {
  const complete =
    course.progress?.certified === true || (chapters.length > 0 && chapters.every(chapterDone));
  const certificate = useCertificate(course.id, complete);
  if (!complete) return <NotYet course={course} chapters={chapters} />;
  return (
    <QueryStates query={certificate} skeletonLines={6} errorText="证书领取失败">
      {(data) => <CertificateCard certificate={data} />}
    </QueryStates>
  );
}

function NotYet({ course, chapters }: { course: CourseDetail; chapters: ChapterSummary[] }) {
  const left = leftToDo(chapters);
  return (
    <section className="course-card-box course-not-yet" aria-label="尚未结业">
      <h2>尚未结业</h2>
      <p>
        读完《{course.title}》全部 {chapters.length} 章并通过每章练习，即可领取结业证书。还差 {left.length}{' '}
        章：
      </p>
      <ul className="course-list">
        {left.map(({ chapter, needs }) => (
          <li key={chapter.id}>
            <Link
              to={
                chapter.progress?.read
                  ? href('ChapterExercises', { courseId: course.id, chapterId: chapter.id })
                  : href('subjectSection', { courseId: course.id, chapterId: chapter.id })
              }
            >
              第 {chapter.sort} 章 {chapter.title}
              <span className="course-muted"> · {chapter.locked ? '会员解锁后学习' : needs} ›</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link className="button button--primary" to={href('CourseDetails', { courseId: course.id })}>
        返回课程
      </Link>
    </section>
  );
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  return (
    <article className="course-certificate" aria-label="结业证书">
      <p className="course-certificate__brand">知财 · 投资课堂</p>
      <h2 className="course-certificate__title">结业证书</h2>
      <p className="course-certificate__en" aria-hidden="true">
        CERTIFICATE OF COMPLETION
      </p>
      <p className="course-certificate__text">
        兹证明 <strong className="course-certificate__name">{certificate.userName}</strong>
      </p>
      <p className="course-certificate__text">
        已完成《{certificate.courseTitle}》全部 {certificate.chapterCount}{' '}
        章的学习，并通过各章练习，特发此证。
      </p>
      <div className="course-certificate__foot">
        <dl className="course-certificate__meta">
          <div>
            <dt>证书编号</dt>
            <dd>{certificate.certificateNo}</dd>
          </div>
          <div>
            <dt>颁发日期</dt>
            <dd>{certificate.issuedOn}</dd>
          </div>
        </dl>
        <div className="course-certificate__seal" aria-hidden="true">
          知财
          <br />
          投资课堂
        </div>
      </div>
      {certificate.demo ? (
        <p className="course-muted">本课程为演示课程，证书仅作学习记录，不代表任何资质。</p>
      ) : null}
    </article>
  );
}
