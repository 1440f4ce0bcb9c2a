import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { useCourseList } from '../api/course-list.ts';
import { CourseCards } from '../components/course-card.tsx';
import '../course.css';

/** /courseSearch?keyword=: courses whose title, introduction or chapters mention the keyword. */
export default function CourseSearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').trim().slice(0, 30);
  const [text, setText] = useState(keyword);
  const results = useCourseList({ keyword }, keyword !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { keyword: next } : {}, { replace: true });
  };
  return (
    <>
      <PageHeader title="课程搜索" />
      <main className="course-page">
        <form className="course-search" aria-label="课程搜索" onSubmit={submit}>
          <input
            type="search"
            aria-label="搜索课程"
            placeholder="搜索课程，如 市盈率、定投、K线"
            maxLength={30}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={text.trim() === ''}>
            搜索
          </button>
        </form>
        {keyword === '' ? (
          <SectionEmpty>输入关键词，查找课程与章节</SectionEmpty>
        ) : (
          <QueryStates
            query={results}
            errorText="搜索失败"
            isEmpty={(courses) => courses.length === 0}
            emptyText={`没有找到与“${keyword}”相关的课程`}
          >
            {(courses) => <CourseCards courses={courses} />}
          </QueryStates>
        )}
      </main>
    </>
  );
}
