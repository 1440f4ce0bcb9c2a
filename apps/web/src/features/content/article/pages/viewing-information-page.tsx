import { useQueryClient } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText } from '../../../../ui/quote/index.ts';
import { QuerySection, QueryStates, Section } from '../../../../ui/section/index.ts';
import { useArticleList } from '../api/article-list.ts';
import { useBannerList } from '../api/banner-list.ts';
import { type ArticleColumn, useColumnList } from '../api/column-list.ts';
import { type DailyKind, type Paper, useDailyPaper } from '../api/daily-paper.ts';
import { ArticleList } from '../components/article-list.tsx';
import { BannerCarousel } from '../components/banner-carousel.tsx';
import { ColumnCover } from '../components/column-cover.tsx';
import { publishedText } from '../components/published-time.ts';
import './article-pages.css';

/** /ViewingInformation (看资讯 tab): banners, the daily papers, the columns and the latest articles. */
export default function ViewingInformationPage() {
  const queryClient = useQueryClient();
  const banners = useBannerList();
  const columns = useColumnList();
  const articles = useArticleList();
  // Everything on the page is of the content group: banners, papers, columns and articles.
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['content'] });

  return (
    <>
      <PageHeader
        title="看资讯"
        back={false}
        right={
          <Link className="article-header-link" to={href('articles_Search')} aria-label="搜索文章">
            搜索
          </Link>
        }
      />
      <PullToRefresh onRefresh={refresh}>
        <main className="article-page viewing-information">
          <QueryStates
            query={banners}
            skeletonLines={3}
            errorText="横幅加载失败"
            isEmpty={(list) => list.length === 0}
            emptyText={null}
          >
            {(list) => <BannerCarousel banners={list} />}
          </QueryStates>
          <Section title="投资日报" aside={<Link to={href('weekly')}>周报</Link>}>
            <div className="paper-cards">
              <PaperCard kind="morning" />
              <PaperCard kind="evening" />
            </div>
          </Section>
          <QuerySection
            title="专栏"
            query={columns}
            isEmpty={(list) => list.length === 0}
            emptyText="暂无专栏"
            aside={<Link to={href('ArticlesNew')}>全部</Link>}
          >
            {(list) => <ColumnRow columns={list} />}
          </QuerySection>
          <Section title="最新文章" aside={<Link to={href('ArticlesNew')}>更多</Link>}>
            <ArticleList query={articles} label="最新文章" />
          </Section>
        </main>
      </PullToRefresh>
    </>
  );
}

const kindName: Record<DailyKind, string> = { morning: '晨报', evening: '晚报' };

/** The latest 晨报 or 晚报: its date, the index and the breadth, opening the paper. */
function PaperCard({ kind }: { kind: DailyKind }) {
  const paper = useDailyPaper(kind);
  return (
    <div className="paper-card">
      <QueryStates query={paper} skeletonLines={2} errorText={`${kindName[kind]}加载失败`}>
        {(data: Paper) => (
          <Link className="paper-card__link" to={href('dailyPaper', { date: data.date, kind })}>
            <span className="paper-card__kind">{kindName[kind]}</span>
            <span className="paper-card__date">{data.date}</span>
            <span className="paper-card__figure">
              {data.figures.index.name} <ChangeText value={data.figures.index.chgPct} kind="percent" />
            </span>
            <span className="paper-card__figure">
              涨 {data.figures.rise} · 跌 {data.figures.fall}
            </span>
            <span className="paper-card__time">{publishedText(data.publishedAt)}</span>
          </Link>
        )}
      </QueryStates>
    </div>
  );
}

function ColumnRow({ columns }: { columns: readonly ArticleColumn[] }) {
  return (
    <ul className="column-row" aria-label="专栏">
      {columns.map((column) => (
        <li key={column.id}>
          <Link className="column-card" to={href('column', { id: String(column.id) })}>
            <ColumnCover column={column} />
            <span className="column-card__name">{column.name}</span>
            <span className="column-card__count">{column.articleCount} 篇</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
