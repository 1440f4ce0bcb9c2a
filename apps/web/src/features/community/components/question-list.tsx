import { href, type Question } from '@zhicai/contract';
import { Link } from 'react-router';
import { QueryStates } from '../../../ui/section/index.ts';
import type { useQuestions } from '../api/questions.ts';
import { beijingTime } from '../community-rules.ts';
import { MoreButton } from './more-button.tsx';

/** Questions read by cursor, with the section states and 加载更多 (全部问答, 专题). */
export function QuestionFeed({ questions }: { questions: ReturnType<typeof useQuestions> }) {
  return (
    <>
      <QueryStates
        query={questions}
        skeletonLines={5}
        errorText="问答加载失败"
        isEmpty={(data) => (data.pages[0]?.list.length ?? 0) === 0}
        emptyText="这个专题还没有问题"
      >
        {(data) => <QuestionList questions={data.pages.flatMap((page) => page.list)} />}
      </QueryStates>
      <MoreButton
        hasMore={questions.hasNextPage}
        loading={questions.isFetchingNextPage}
        onMore={() => questions.fetchNextPage()}
      />
    </>
  );
}

/** Questions as cards that open /SeekAdviceDetail. */
function QuestionList({ questions }: { questions: readonly Question[] }) {
  return (
    <ul className="community-list" aria-label="问题列表">
      {questions.map((question) => (
        <li key={question.id} className="community-card">
          <Link to={href('SeekAdviceDetail', { id: String(question.id) })}>
            <h3>
              {question.title}
              {question.demo ? <span className="community-demo">演示数据</span> : null}
            </h3>
            {question.content ? <p>{question.content}</p> : null}
            <span className="community-muted">
              {question.author.nickname} · {beijingTime(question.createdAt)} · {question.answerCount} 个回答
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
