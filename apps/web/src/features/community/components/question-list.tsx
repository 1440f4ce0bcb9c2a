import { href, type Question } from '@zhicai/contract';
import { Link } from 'react-router';
import { beijingTime } from '../community-rules.ts';

/** Questions as cards that open /SeekAdviceDetail. */
export function QuestionList({ questions }: { questions: readonly Question[] }) {
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
