import { href, pathOf } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { SaveStrategy } from '../../strategy/components/save-strategy.tsx';
import { type ScreenResultData, useScreenResult } from '../api/stock-screen.ts';
import { boundsText, decodeRequest, figureText } from '../screen-draft.ts';
import '../stock-screen.css';

type Criterion = ScreenResultData['criteria'][number];

/**
 * /chooseResult, /result-stock-picker and /filters-result — the stocks a screen (`q`) finds (issue 18
 * item 9): a table of the chosen conditions' columns, sortable by any of them, each column headed by
 * its bounds so every row shows why it matched; rows can be picked and added to a watchlist group
 * (/selectAdd), and the screen saved as a strategy. 修改条件 returns to the editor the screen came
 * from: /ChooseNew for /chooseResult (spec 2 §2.3 keeps /chooseResult until a new /ChooseNew), the
 * stock picker's /choose-stock-picker otherwise. /chooseResult?id= without a screen is a saved
 * strategy's link of the original app and goes to /chooseSuper, query and all.
 */
export default function ScreenResultPage() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  if (pathname === pathOf('chooseResult') && !params.has('q') && params.has('id'))
    return <Navigate replace to={`${pathOf('chooseSuper')}${search}`} />;
  return <ScreenResult editor={pathname === pathOf('chooseResult') ? 'ChooseNew' : 'choose-stock-picker'} />;
}

function ScreenResult({ editor }: { editor: 'ChooseNew' | 'choose-stock-picker' }) {
  const routeTitle = useRouteTitle('选股结果');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get('q');
  const request = useMemo(() => decodeRequest(q), [q]);
  const [sort, setSort] = useState<{ flag: string | undefined; order: 'desc' | 'asc' }>({
    flag: undefined,
    order: 'desc',
  });
  const result = useScreenResult(request, sort.flag, sort.order);
  const [picked, setPicked] = useState<string[]>([]);
  const first = result.data?.pages[0];
  const rows = useMemo(() => result.data?.pages.flatMap((page) => page.list) ?? [], [result.data]);

  const sortBy = (criterion: Criterion) =>
    setSort((current) => ({
      flag: criterion.code,
      order:
        (current.flag ?? first?.sortFlag) === criterion.code && current.order === 'desc' ? 'asc' : 'desc',
    }));
  const togglePick = (code: string) =>
    setPicked((current) =>
      current.includes(code) ? current.filter((item) => item !== code) : [...current, code],
    );

  return (
    <>
      <PageHeader title={routeTitle} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => result.refetch()}>
        <main className="stock-screen">
          <QuerySection
            title={first ? `共 ${first.total} 只` : '选股结果'}
            label="选股结果"
            query={result}
            skeletonLines={8}
            errorText="选股结果加载失败，请检查网络后重试"
            isEmpty={(data) => (data.pages[0]?.total ?? 0) === 0}
            emptyText="没有符合全部条件的股票，试试放宽条件"
            aside={q ? <Link to={href(editor, { q })}>修改条件</Link> : null}
          >
            {(data) => {
              const page = data.pages[0] as ScreenResultData;
              return (
                <>
                  <ul className="stock-screen__why" aria-label="筛选条件">
                    {page.criteria.map((criterion) => (
                      <li key={criterion.code}>
                        {criterion.name}：{boundsText(criterion)}
                      </li>
                    ))}
                  </ul>
                  <SaveStrategy request={request} />
                  <div className="screen-table__scroll">
                    <table className="screen-table">
                      <thead>
                        <tr>
                          <th scope="col">
                            <span className="visually-hidden">选择</span>
                          </th>
                          <th scope="col">名称</th>
                          <th scope="col">最新价</th>
                          <th scope="col">涨跌幅</th>
                          {page.criteria.map((criterion) => {
                            const sorted = page.sortFlag === criterion.code;
                            return (
                              <th
                                key={criterion.code}
                                scope="col"
                                aria-sort={
                                  sorted
                                    ? page.sortOrder === 'desc'
                                      ? 'descending'
                                      : 'ascending'
                                    : undefined
                                }
                              >
                                {criterion.kind === 'choice' ? (
                                  criterion.name
                                ) : (
                                  <button
                                    type="button"
                                    className="screen-table__sort"
                                    onClick={() => sortBy(criterion)}
                                  >
                                    {criterion.name}
                                    {sorted ? (page.sortOrder === 'desc' ? ' ▼' : ' ▲') : ''}
                                  </button>
                                )}
                                <small className="screen-table__bound">{boundsText(criterion)}</small>
                              </th>
                            );
                          })}
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((row) => (
                          <tr key={row.code}>
                            <td>
                              <input
                                type="checkbox"
                                aria-label={`选择${row.name}`}
                                checked={picked.includes(row.code)}
                                onChange={() => togglePick(row.code)}
                              />
                            </td>
                            <th scope="row">
                              <Link to={detailHref(row.code, 'capital')} className="screen-table__name">
                                {row.name}
                                <small>{row.code}</small>
                              </Link>
                            </th>
                            <td>
                              <PriceText
                                value={row.price}
                                prevClose={
                                  row.price !== null && row.chgPct !== null
                                    ? row.price / (1 + row.chgPct)
                                    : null
                                }
                                type="capital"
                              />
                            </td>
                            <td>
                              <ChangeText value={row.chgPct} kind="percent" />
                            </td>
                            {page.criteria.map((criterion, index) => (
                              <td key={criterion.code}>{figureText(row.values[index], criterion.unit)}</td>
                            ))}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {result.hasNextPage ? (
                    <button
                      type="button"
                      className="button stock-screen__more"
                      disabled={result.isFetchingNextPage}
                      onClick={() => void result.fetchNextPage()}
                    >
                      {result.isFetchingNextPage ? '正在加载…' : '加载更多'}
                    </button>
                  ) : null}
                </>
              );
            }}
          </QuerySection>
        </main>
      </PullToRefresh>
      {picked.length > 0 ? (
        <footer className="stock-screen__footer">
          <span className="stock-screen__count">已选 {picked.length} 只</span>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void navigate(href('selectAdd', { codes: picked.join(',') }))}
          >
            加入自选
          </button>
        </footer>
      ) : null}
    </>
  );
}
