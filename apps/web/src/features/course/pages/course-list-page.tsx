import { type CourseType, courseTypeLabels, courseTypes, href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { useCourseList } from '../api/course-list.ts';
import { CourseCards } from '../components/course-card.tsx';
import { isCourseType } from '../course-rules.ts';
import '../course.css';

type Tab = 'all' | CourseType;

const tabs: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  ...courseTypes.map((type) => ({ value: type, label: courseTypeLabels[type] })),
];

/** /CourseList?type=: 投资课堂, the courses of a category with the reader's progress. */
export default function CourseListPage() {
  const [params, setParams] = useSearchParams();
  const typeParam = params.get('type');
  const type = isCourseType(typeParam) ? typeParam : undefined;
  const list = useCourseList(type ? { type } : {});
  return (
    <>
      <PageHeader
        title="投资课堂"
        right={
          <Link className="page-header__action" to={href('courseSearch')}>
            搜索
          </Link>
        }
      />
      <PullToRefresh onRefresh={() => list.refetch()}>
        <main className="course-page">
          <Segmented
            label="课程分类"
            options={tabs}
            value={type ?? 'all'}
            onChange={(value) => setParams(value === 'all' ? {} : { type: value }, { replace: true })}
          />
          <Link className="course-entry" to={href('course')}>
            <span>我的学习</span>
            <span className="course-muted">继续学习、结业证书 ›</span>
          </Link>
          <QueryStates
            query={list}
            skeletonLines={6}
            errorText="课程加载失败"
            isEmpty={(courses) => courses.length === 0}
            emptyText="这个分类还没有课程"
          >
            {(courses) => <CourseCards courses={courses} />}
          </QueryStates>
        </main>
      </PullToRefresh>
    </>
  );
}
