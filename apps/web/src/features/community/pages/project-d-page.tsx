import { href, questionTopics } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { type QuestionTopic, useQuestions, useTopics } from '../api/questions.ts';
import { topicThread } from '../community-rules.ts';
import { CommentThread } from '../components/comment-thread.tsx';
import { QuestionFeed } from '../components/question-list.tsx';
import '../community.css';

function isTopic(value: string | null): value is QuestionTopic {
  return (questionTopics as readonly string[]).includes(value ?? '');
}

/**
 * /projectD?topic= (专题): the topics with how many questions and comments each holds; a topic
 * opens its questions and its own discussion thread.
 */
export default function ProjectDPage() {
  const [params] = useSearchParams();
  const topicParam = params.get('topic');
  const topic = isTopic(topicParam) ? topicParam : null;
  const topics = useTopics();
  const current = topics.data?.find((item) => item.id === topic);
  return (
    <>
      <PageHeader title={current ? current.title : '专题'} />
      <PullToRefresh onRefresh={() => topics.refetch()}>
        <main className="community-page">
          {topic ? (
            <TopicDetail topic={topic} description={current?.description} />
          ) : (
            <QueryStates
              query={topics}
              skeletonLines={6}
              errorText="专题加载失败"
              isEmpty={(data) => data.length === 0}
              emptyText="暂无专题"
            >
              {(data) => (
                <ul className="community-list" aria-label="专题列表">
                  {data.map((item) => (
                    <li key={item.id} className="community-card">
                      <Link to={href('projectD', { topic: item.id })}>
                        <h3>{item.title}</h3>
                        <p>{item.description}</p>
                        <span className="community-muted">
                          {item.questionCount} 个问题 · {item.commentCount} 条讨论
                        </span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </QueryStates>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}

function TopicDetail({ topic, description }: { topic: QuestionTopic; description: string | undefined }) {
  const questions = useQuestions(topic);
  return (
    <>
      {description ? <p className="community-muted">{description}</p> : null}
      <QuestionFeed questions={questions} />
      <Link className="community-muted" to={href('articles_AllQuestion', { topic })}>
        去全部问答提问 ›
      </Link>
      <CommentThread threadKey={topicThread(topic)} title="专题讨论" />
    </>
  );
}
