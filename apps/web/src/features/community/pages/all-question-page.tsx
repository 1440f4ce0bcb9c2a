import { href, questionTopics } from '@zhicai/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { Segmented } from '../../../ui/segmented/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { type QuestionTopic, useAsk, useQuestions } from '../api/questions.ts';
import { failureText } from '../community-rules.ts';
import { QuestionFeed } from '../components/question-list.tsx';
import { topicLabels } from '../components/topic-labels.ts';
import '../community.css';

type Tab = 'all' | QuestionTopic;

const tabs: { value: Tab; label: string }[] = [
  { value: 'all', label: '全部' },
  ...questionTopics.map((topic) => ({ value: topic, label: topicLabels[topic] })),
];

function isTopic(value: string | null): value is QuestionTopic {
  return (questionTopics as readonly string[]).includes(value ?? '');
}

/** /articles_AllQuestion?topic=: every question, newest first, by topic; a signed-in user asks one. */
export default function AllQuestionPage() {
  const [params, setParams] = useSearchParams();
  const topicParam = params.get('topic');
  const topic = isTopic(topicParam) ? topicParam : undefined;
  const questions = useQuestions(topic);
  return (
    <>
      <PageHeader
        title="全部问答"
        right={
          <Link className="page-header__action" to={href('articles_SearchAnswer')}>
            搜索
          </Link>
        }
      />
      <PullToRefresh onRefresh={() => questions.refetch()}>
        <main className="community-page">
          <Segmented
            label="问答专题"
            options={tabs}
            value={topic ?? 'all'}
            onChange={(value) => setParams(value === 'all' ? {} : { topic: value }, { replace: true })}
          />
          <AskBox topic={topic ?? 'beginner'} />
          <QuestionFeed questions={questions} />
        </main>
      </PullToRefresh>
    </>
  );
}

function AskBox({ topic }: { topic: QuestionTopic }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const [title, setTitle] = useState('');
  const ask = useAsk();
  if (!signedIn) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    ask.mutate(
      { title: title.trim(), topic },
      {
        onSuccess: () => {
          setTitle('');
          toast.success('提问成功');
        },
        onError: (error) => toast.error(failureText(error, '提问失败，请稍后再试')),
      },
    );
  };
  return (
    <form className="community-card community-form" onSubmit={submit}>
      <input
        aria-label="我要提问"
        placeholder={`在「${topicLabels[topic]}」里提个问题`}
        maxLength={60}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={ask.isPending || title.trim().length < 4}
      >
        提问
      </button>
    </form>
  );
}
