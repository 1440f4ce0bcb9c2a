import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QuerySection } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useCourseList } from '../api/course-list.ts';
import { CourseCards } from '../components/course-card.tsx';
import '../course.css';

/**
 * /course: the reader's own classroom. Courses in progress to continue, certificates earned, and
 * courses not started yet as recommendations; a visitor sees the recommendations and a login.
 */
export default function CourseHomePage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const list = useCourseList();
  const courses = list.data ?? [];
  return (
    <>
      <PageHeader
        title="课程"
        right={
          <Link className="page-header__action" to={href('CourseList')}>
            全部课程
          </Link>
        }
      />
      <PullToRefresh onRefresh={() => list.refetch()}>
        <main className="course-page">
          {signedIn ? (
            <>
              <QuerySection
                title="继续学习"
                query={list}
                isEmpty={(data) =>
                  !data.some((course) => course.progress?.startedChapters && !course.progress.certified)
                }
                emptyText="还没有在学的课程，从下面挑一门开始吧"
              >
                {(data) => (
                  <CourseCards
                    courses={data.filter(
                      (course) => course.progress?.startedChapters && !course.progress.certified,
                    )}
                  />
                )}
              </QuerySection>
              {courses.some((course) => course.progress?.certified) ? (
                <QuerySection title="我的结业证书" query={list}>
                  {(data) => (
                    <ul className="course-list">
                      {data
                        .filter((course) => course.progress?.certified)
                        .map((course) => (
                          <li key={course.id}>
                            <Link to={href('CertificateCompletion', { courseId: course.id })}>
                              《{course.title}》结业证书 ›
                            </Link>
                          </li>
                        ))}
                    </ul>
                  )}
                </QuerySection>
              ) : null}
            </>
          ) : (
            <SignInPrompt className="community-card" text="登录后记录学习进度、完成练习并领取结业证书" />
          )}
          <QuerySection
            title="推荐课程"
            query={list}
            isEmpty={(data) => data.every((course) => (course.progress?.startedChapters ?? 0) > 0)}
            emptyText="所有课程你都学过了"
          >
            {(data) => (
              <CourseCards courses={data.filter((course) => (course.progress?.startedChapters ?? 0) === 0)} />
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
