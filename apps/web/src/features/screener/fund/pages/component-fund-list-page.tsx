import { type FundCondition, href } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../../ui/section/index.ts';
import { SaveStrategy } from '../../strategy/components/save-strategy.tsx';
import { type FundScreenRow, type FundScreenSort, useFundScreen } from '../api/fund-select.ts';
import { useFundSelectInfo } from '../api/fund-select-info.ts';
import { FundTags } from '../components/fund-tags.tsx';
import {
  type DraftCondition,
  decodeConditions,
  formatConditionValue,
  fromConditionSet,
  matchReason,
} from '../fund-screen-draft.ts';
import '../screener-fund.css';
import '../../../../ui/list-table/list-table.css';

/** Return columns are coloured red up / green down with ▲▼; other figures are plain. */
function ValueCell({
  value,
  column,
}: {
  value: number | string | null;
  column: { flag: string; unit: string; decimals: number };
}) {
  if (typeof value === 'number' && column.flag.startsWith('RET_'))
    return <ChangeText value={value / 100} kind="percent" />;
  return <>{formatConditionValue(value, column.unit, column.decimals)}</>;
}

/** Why a row matched: each chosen condition's value against its bounds. */
function whyMatched(
  row: FundScreenRow,
  flags: readonly string[],
  draft: readonly DraftCondition[],
  entries: ReadonlyMap<string, FundCondition>,
): string {
  return draft
    .flatMap((condition) => {
      const entry = entries.get(condition.flag);
      const index = flags.indexOf(condition.flag);
      return entry && index >= 0 ? [matchReason(condition, entry, row.values[index] ?? null)] : [];
    })
    .join('；');
}

/** /componentFundList: the funds a condition set matches, sortable by any chosen figure. */
export default function ComponentFundListPage() {
  const [params] = useSearchParams();
  const conditionsText = params.get('conditions');
  const conditions = useMemo(() => decodeConditions(conditionsText), [conditionsText]);
  const [sort, setSort] = useState<FundScreenSort>({ order: 'desc' });
  const screen = useFundScreen(conditions, sort);
  const catalogue = useFundSelectInfo();
  const entries = useMemo(
    () =>
      new Map(
        (catalogue.data?.groups ?? [])
          .flatMap((group) => group.conditions)
          .map((entry) => [entry.flag, entry]),
      ),
    [catalogue.data],
  );
  const draft = useMemo(() => fromConditionSet(conditions, [...entries.values()]), [conditions, entries]);
  const name = params.get('name');
  const first = screen.data?.pages[0];

  // The server sorts by the first chosen range condition until a column is tapped.
  const sortFlag =
    sort.sortFlag ?? first?.columns.find((column) => entries.get(column.flag)?.kind === 'range')?.flag;
  const sortBy = (flag: string) =>
    setSort({ sortFlag: flag, order: sortFlag === flag && sort.order === 'desc' ? 'asc' : 'desc' });

  return (
    <>
      <PageHeader title="选基结果" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => screen.refetch()}>
        <main className="fund-screen">
          <Section
            title={name ?? '筛选结果'}
            busy={screen.isPending}
            aside={
              <Link to={href('chooseNewFund', { conditions: conditionsText ?? undefined })}>修改条件</Link>
            }
          >
            <QueryStates
              query={screen}
              skeletonLines={10}
              errorText="选基结果加载失败"
              isEmpty={(data) => (data.pages[0]?.total ?? 0) === 0}
              emptyText="没有符合条件的基金，试试放宽条件"
            >
              {(data) => {
                const columns = data.pages[0]?.columns ?? [];
                const flags = columns.map((column) => column.flag);
                const rows = data.pages.flatMap((page) => page.list);
                return (
                  <>
                    <p className="fund-screen__total">
                      共 <strong>{data.pages[0]?.total ?? 0}</strong> 只基金符合条件
                    </p>
                    <SaveStrategy kind="fund" request={conditions} />
                    <div className="fund-results">
                      <table className="list-table" aria-label="选基结果">
                        <thead>
                          <tr>
                            <th scope="col">基金</th>
                            {columns.map((column) => {
                              const sortable = entries.get(column.flag)?.kind !== 'options';
                              const sorted = column.flag === sortFlag;
                              return (
                                <th
                                  key={column.flag}
                                  scope="col"
                                  className="list-table__number"
                                  aria-sort={
                                    sorted ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined
                                  }
                                >
                                  {sortable ? (
                                    <button
                                      type="button"
                                      className="fund-results__sort"
                                      onClick={() => sortBy(column.flag)}
                                    >
                                      {column.name}
                                      {sorted ? (sort.order === 'asc' ? '↑' : '↓') : ''}
                                    </button>
                                  ) : (
                                    column.name
                                  )}
                                </th>
                              );
                            })}
                          </tr>
                        </thead>
                        <tbody>
                          {rows.map((row) => (
                            <tr key={row.code}>
                              <td>
                                <Link to={detailHref(row.code, row.type)}>{row.name}</Link>
                                <span className="list-table__sub">
                                  {row.code} {row.category} · {row.company}
                                </span>
                                <FundTags tags={row.tags} />
                                <Link
                                  className="fund-results__why"
                                  to={href('componentChildList', {
                                    code: row.code,
                                    conditions: conditionsText ?? undefined,
                                  })}
                                  aria-label={`${row.name}入选明细`}
                                >
                                  {whyMatched(row, flags, draft, entries) || '入选明细'}
                                </Link>
                              </td>
                              {columns.map((column, index) => (
                                <td key={column.flag} className="list-table__number">
                                  <ValueCell value={row.values[index] ?? null} column={column} />
                                </td>
                              ))}
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    {screen.hasNextPage ? (
                      <button
                        type="button"
                        className="fund-screen__more"
                        disabled={screen.isFetchingNextPage}
                        onClick={() => screen.fetchNextPage()}
                      >
                        {screen.isFetchingNextPage ? '加载中…' : '加载更多'}
                      </button>
                    ) : null}
                  </>
                );
              }}
            </QueryStates>
          </Section>
        </main>
      </PullToRefresh>
    </>
  );
}
