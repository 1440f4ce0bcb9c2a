import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { SectionEmpty } from '../../../../ui/section/index.ts';
import { useArticleSearch } from '../api/article-search.ts';
import { ArticleList } from '../components/article-list.tsx';
import './article-pages.css';

/** /articles_Search?keyword=: articles whose title, summary or tag holds the keyword. */
export default function ArticlesSearchPage() {
  const [params, setParams] = useSearchParams();
  const keyword = params.get('keyword')?.trim() ?? '';
  const [draft, setDraft] = useState(keyword);
  const results = useArticleSearch(keyword);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = draft.trim();
    // The keyword lives in the URL, so back returns to the results; replace, not push.
    setParams(next ? { keyword: next } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title="文章搜索" />
      <main className="article-page">
        <form className="article-search" aria-label="搜索文章" onSubmit={submit}>
          <input
            type="search"
            aria-label="搜索文章"
            placeholder="输入标题、标签关键词"
            maxLength={40}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button">
            搜索
          </button>
        </form>
        {keyword === '' ? (
          <SectionEmpty>输入关键词搜索文章</SectionEmpty>
        ) : (
          <ArticleList query={results} emptyText={`没有找到与「${keyword}」相关的文章`} label="搜索结果" />
        )}
      </main>
    </>
  );
}
