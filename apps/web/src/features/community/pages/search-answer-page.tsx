import { href } from '@zhicai/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { useSearchAnswers } from '../api/questions.ts';
import { beijingTime } from '../community-rules.ts';
import { MoreButton } from '../components/more-button.tsx';
import '../community.css';

/** /articles_SearchAnswer?keyword=: answers whose question or text holds the keyword. */
export default function SearchAnswerPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const [text, setText] = useState(keyword);
  const answers = useSearchAnswers(keyword);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() ? { keyword: text.trim() } : {}, { replace: true });
  };
  return (
    <>
      <PageHeader title="问答搜索" />
      <main className="community-page">
        <form className="community-form" onSubmit={submit}>
          <input
            type="search"
            aria-label="搜索问答"
            placeholder="输入关键词，如 分红、估值"
            maxLength={30}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </form>
        {keyword === '' ? (
          <p className="community-muted">输入关键词后搜索问题和回答</p>
        ) : (
          <>
            <QueryStates
              query={answers}
              skeletonLines={5}
              errorText="搜索失败"
              isEmpty={(data) => (data.pages[0]?.list.length ?? 0) === 0}
              emptyText={`没有找到与「${keyword}」相关的回答`}
            >
              {(data) => (
                <ul className="community-list" aria-label="搜索结果">
                  {data.pages
                    .flatMap((page) => page.list)
                    .map((answer) => (
                      <li key={answer.id} className="community-card">
                        <Link to={href('SeekAdviceDetail', { id: String(answer.questionId) })}>
                          <h3>{answer.questionTitle}</h3>
                          <p>{answer.content}</p>
                          <span className="community-muted">
                            {answer.author.nickname} · {beijingTime(answer.createdAt)}
                          </span>
                        </Link>
                      </li>
                    ))}
                </ul>
              )}
            </QueryStates>
            <MoreButton
              hasMore={answers.hasNextPage}
              loading={answers.isFetchingNextPage}
              onMore={() => answers.fetchNextPage()}
            />
          </>
        )}
      </main>
    </>
  );
}
