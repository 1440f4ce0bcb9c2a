import { href } from '@zhicai/contract';
import { formatAmount, formatPercent, missingValue } from '@zhicai/domain';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { LoadMore, loadMoreOf } from '../../../ui/load-more/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../ui/quote/index.ts';
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { WatchlistButton } from '../../watchlist/index.ts';
import { useLevelTree } from '../api/get-level-tree.ts';
import { type RankOrder, type RankRow, useRank } from '../api/get-rank.ts';
import { type RankName, useRankNames } from '../api/get-rank-names.ts';
import { InstrumentBadge } from '../components/instrument-badge.tsx';
import { isPlateCode } from '../industry/industry-rules.ts';
import './rank-pages.css';

/** /rankList_content?type=… — one ranking, 20 rows at a time; stocks can be narrowed to an industry. */
export default function RankContentPage() {
  const [params, setParams] = useSearchParams();
  // spec 2 §2.3 keys this page by type and name; `type` carries the ranking id, and `id` still opens
  // links of the original app.
  const id = params.get('type') ?? params.get('id') ?? '';
  const industry = params.get('industry') || null;
  const order: RankOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const names = useRankNames();
  const rankName = names.data?.find((name) => name.id === id);
  const isStock = rankName?.kind === 'stock';
  const tree = useLevelTree(isStock);
  const rank = useRank({ id, industry, order });

  // Filters live in the URL so back/forward and a shared link keep them; replace, not push.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };

  const title = rank.data?.pages[0]?.name || rankName?.name || '排行详情';
  const rows = rank.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <PageHeader title={title} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => rank.refetch()}>
        <main className="rank-page">
          <div className="rank-toolbar">
            {isStock && tree.data ? (
              <label className="rank-toolbar__filter">
                <span className="visually-hidden">行业</span>
                <select
                  aria-label="行业筛选"
                  value={industry ?? ''}
                  onChange={(event) => update({ industry: event.target.value || null })}
                >
                  <option value="">全部行业</option>
                  {tree.data
                    .filter((node) => node.level === 1)
                    .map((node) => (
                      <option key={node.code} value={node.code}>
                        {node.name}
                      </option>
                    ))}
                </select>
              </label>
            ) : null}
            {isStock && industry && isPlateCode(industry) ? (
              // The industry a ranking is narrowed to opens its plate page (行业详情).
              <Link to={href('IndustryDetail', { code: industry })} className="rank-toolbar__industry">
                行业详情
              </Link>
            ) : null}
            <button
              type="button"
              className="rank-toolbar__order"
              aria-label={order === 'desc' ? '当前从高到低，切换为从低到高' : '当前从低到高，切换为从高到低'}
              onClick={() => update({ order: order === 'desc' ? 'asc' : 'desc' })}
            >
              {rankName?.sortLabel ?? '排序'} {order === 'desc' ? '↓' : '↑'}
            </button>
          </div>
          {id === '' ? (
            <SectionEmpty>未指定排行榜</SectionEmpty>
          ) : rank.isPending ? (
            <SectionSkeleton lines={8} testId="rank-skeleton" />
          ) : rank.isError && rows.length === 0 ? (
            <SectionError
              message="排行加载失败，请检查网络后重试"
              onRetry={rank.refetch}
              retrying={rank.isRefetching}
            />
          ) : rows.length === 0 ? (
            <SectionEmpty>暂无数据</SectionEmpty>
          ) : (
            <>
              <RankTable rows={rows} rankName={rankName} />
              <LoadMore {...loadMoreOf(rank)} />
            </>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}

/** The sort figure as its ranking defines it: see the contract's `figure`. */
function FigureCell({ value, rankName }: { value: number | null; rankName: RankName | undefined }) {
  switch (rankName?.figure) {
    case 'chgPct':
    case 'gain':
      return <ChangeText value={value} kind="percent" />;
    case 'rate':
      return <>{formatPercent(value, { sign: false })}</>;
    default:
      return <>{formatAmount(value)}</>;
  }
}

function RankTable({ rows, rankName }: { rows: RankRow[]; rankName: RankName | undefined }) {
  const isManager = rankName?.kind === 'manager';
  // A ranking by 涨跌幅 shows it once, in its own column; the last column then holds the price alone.
  const priceOnly = rankName?.figure === 'chgPct';
  return (
    <table className="rank-table">
      <thead>
        <tr>
          <th scope="col">{isManager ? '基金经理' : '名称'}</th>
          <th scope="col">{rankName?.sortLabel ?? '数值'}</th>
          {isManager ? (
            <>
              <th scope="col">管理规模</th>
              <th scope="col">从业年限</th>
            </>
          ) : (
            <th scope="col">{priceOnly ? '最新价' : '最新价/涨跌幅'}</th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          // A fund manager has no type and no detail page here.
          const href = row.type ? detailHref(row.code, row.type) : null;
          return (
            <tr key={`${row.rank}-${row.code}`}>
              <td>
                <span className="rank-table__rank">{row.rank}</span>
                <span className="rank-table__who">
                  {href ? (
                    <Link to={href} className="rank-table__name">
                      {row.name}
                    </Link>
                  ) : (
                    <span className="rank-table__name">{row.name}</span>
                  )}
                  <span className="rank-table__sub">
                    {isManager ? (
                      row.subtitle
                    ) : (
                      <>
                        <InstrumentBadge code={row.code} type={row.type} /> {row.code} {row.subtitle}
                      </>
                    )}
                  </span>
                </span>
                {href && row.type ? (
                  <WatchlistButton code={row.code} name={row.name} variant="inline" />
                ) : null}
              </td>
              <td className="num">
                <FigureCell value={row.value} rankName={rankName} />
              </td>
              {isManager ? (
                <>
                  <td className="num">{formatAmount(row.manager?.scale)}</td>
                  <td className="num">
                    {row.manager ? `${row.manager.careerYears.toFixed(1)}年` : missingValue}
                  </td>
                </>
              ) : (
                <td className="num">
                  <PriceText value={row.price} type={row.type} />
                  {priceOnly ? null : (
                    <>
                      <br />
                      <ChangeText value={row.chgPct} kind="percent" />
                    </>
                  )}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
