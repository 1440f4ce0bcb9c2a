import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useAnswer, useQuestionDetail } from '../api/questions.ts';
import { beijingTime, failureText, validId } from '../community-rules.ts';
import '../community.css';

/** /SeekAdviceDetail?id=: a question, its answers, and a box to answer. */
export default function SeekAdviceDetailPage() {
  const [params] = useSearchParams();
  const id = validId(params.get('id'));
  const detail = useQuestionDetail(id);
  return (
    <>
      <PageHeader title="问答详情" />
      <main className="community-page">
        {id === 0 ? (
          <SectionEmpty>问题不存在</SectionEmpty>
        ) : (
          <QueryStates query={detail} skeletonLines={5} errorText="问题不存在或加载失败">
            {({ question, answers }) => (
              <>
                <article className="community-card" aria-label="问题">
                  <h2>
                    {question.title}
                    {question.demo ? <span className="community-demo">演示数据</span> : null}
                  </h2>
                  {question.content ? <p>{question.content}</p> : null}
                  {/* Only the demo questions name an instrument, and they name A-shares. */}
                  {question.code && question.stockName ? (
                    <Link to={detailHref(question.code, 'capital')}>
                      {question.stockName}（{question.code}）
                    </Link>
                  ) : null}
                  <p className="community-muted">
                    {question.author.nickname} · {beijingTime(question.createdAt)}
                  </p>
                </article>
                <section className="community-card" aria-label="回答">
                  <h2>{answers.length} 个回答</h2>
                  {answers.length === 0 ? <p className="community-muted">还没有回答</p> : null}
                  <ul className="community-list">
                    {answers.map((answer) => (
                      <li key={answer.id}>
                        <strong>{answer.author.nickname}</strong>
                        <p>{answer.content}</p>
                        <span className="community-muted">{beijingTime(answer.createdAt)}</span>
                      </li>
                    ))}
                  </ul>
                </section>
                <AnswerBox questionId={question.id} />
              </>
            )}
          </QueryStates>
        )}
      </main>
    </>
  );
}

function AnswerBox({ questionId }: { questionId: number }) {
  const signedIn = useLocalState((state) => state.token !== null);
  const [text, setText] = useState('');
  const answer = useAnswer();
  if (!signedIn) return <SignInPrompt className="community-card" text="登录后回答问题" />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(
      { questionId, content: text.trim() },
      {
        onSuccess: () => {
          setText('');
          toast.success('回答成功');
        },
        onError: (error) => toast.error(failureText(error, '回答失败，请稍后再试')),
      },
    );
  };
  return (
    <form className="community-card community-form" onSubmit={submit}>
      <textarea
        aria-label="我来回答"
        placeholder="分享你的看法（不构成投资建议）"
        maxLength={500}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={answer.isPending || text.trim() === ''}
      >
        提交回答
      </button>
    </form>
  );
}
