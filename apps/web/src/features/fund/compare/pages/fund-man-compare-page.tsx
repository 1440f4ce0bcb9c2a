import { useQueries } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { beijingDay, formatAmount } from '@zhicai/domain';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { CompareTable, maxCompared, minCompared, NeedCodes } from '../../../../ui/compare-table/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { ChangeText } from '../../../../ui/quote/index.ts';
import { QueryStates, Section, type SectionQuery } from '../../../../ui/section/index.ts';
import { type FundManager, fundManagerQueryOptions } from '../../api/fund-manager.ts';
import { formatDay, tenureText } from '../../fund-rules.ts';
import '../../../../ui/list-table/list-table.css';
import '../components/fund-compare.css';

const daysBetween = (from: number, to: number) => {
  const utc = (day: number) =>
    Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
  return Math.round((utc(to) - utc(from)) / 86_400_000);
};

/** The best 任职回报 among a manager's funds. */
const bestTenureReturn = (manager: FundManager) =>
  manager.funds.reduce<number | null>(
    (best, fund) =>
      fund.tenureReturn !== null && (best === null || fund.tenureReturn > best) ? fund.tenureReturn : best,
    null,
  );

function ManagersTable({ managers, today }: { managers: readonly FundManager[]; today: number }) {
  return (
    <>
      <CompareTable
        caption="基金经理对比"
        items={managers}
        itemKey={(manager) => manager.id}
        head={(manager) => <Link to={href('fundManager', { managerId: manager.id })}>{manager.name}</Link>}
        rows={[
          { key: 'company', label: '基金公司', value: () => null, render: (m) => m.company },
          {
            key: 'tenure',
            label: '从业时间',
            value: (m) => daysBetween(m.careerStart, today),
            better: 'high',
            render: (m) => tenureText(m.careerStart, today),
          },
          {
            key: 'assets',
            label: '在管规模',
            value: (m) => m.assets,
            better: 'high',
            render: (m) => `${formatAmount(m.assets)}元`,
          },
          {
            key: 'funds',
            label: '在管基金',
            value: (m) => m.funds.length,
            render: (m) => `${m.funds.length} 只`,
          },
          {
            key: 'annualReturn',
            label: '年化回报',
            value: (m) => m.annualReturn,
            better: 'high',
            render: (m) => <ChangeText value={m.annualReturn} kind="percent" />,
          },
          {
            key: 'bestReturn',
            label: '最佳任职回报',
            value: bestTenureReturn,
            better: 'high',
            render: (m) => <ChangeText value={bestTenureReturn(m)} kind="percent" />,
          },
        ]}
      />
      {managers.map((manager) => (
        <Section key={manager.id} title={`${manager.name}的在管基金`}>
          <table className="list-table">
            <thead>
              <tr>
                <th scope="col">基金</th>
                <th scope="col">任职起始</th>
                <th scope="col">规模</th>
                <th scope="col">任职回报</th>
              </tr>
            </thead>
            <tbody>
              {manager.funds.map((fund) => (
                <tr key={fund.code}>
                  <td>
                    <Link to={detailHref(fund.code, 'fund_outside')}>{fund.name}</Link>
                  </td>
                  <td className="list-table__number">{formatDay(fund.since)}</td>
                  <td className="list-table__number">{formatAmount(fund.size)}</td>
                  <td className="list-table__number">
                    <ChangeText value={fund.tenureReturn} kind="percent" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      ))}
      <p className="fund-compare__note">任职回报为经理接管以来基金累计净值的增长，分红计入。</p>
    </>
  );
}

/** The ids of the link: trimmed, distinct, at most five (ids keep their case, unlike codes). */
function managerIds(text: string | null): string[] {
  const ids = (text ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, maxCompared);
}

/** /fundManCompare?ids=M001,M002: 基金经理对比 — 2–5 managers side by side with their funds. */
export default function FundManComparePage() {
  const [params] = useSearchParams();
  const ids = managerIds(params.get('ids'));
  // One id compares with nobody: nothing is asked until there are two.
  const compared = ids.length >= minCompared ? ids : [];
  const queries = useQueries({ queries: compared.map((id) => fundManagerQueryOptions(id)) });
  const loaded = queries.every((query) => query.data !== undefined);
  const combined: SectionQuery<FundManager[]> = {
    data: loaded ? queries.map((query) => query.data as FundManager) : undefined,
    isPending: !loaded,
    isError: queries.some((query) => query.isError),
    isRefetching: queries.some((query) => query.isRefetching),
    // One 重新加载 reloads every manager that failed.
    refetch: (() => Promise.all(queries.map((query) => query.refetch()))) as unknown as SectionQuery<
      FundManager[]
    >['refetch'],
  };
  return (
    <>
      <PageHeader title="基金经理对比" />
      <main className="fund-compare-page">
        {ids.length < minCompared ? (
          <NeedCodes type="fund" codes={[]} text="请先对比基金，再从基金对比进入基金经理对比" />
        ) : (
          <Section title="基金经理对比">
            <QueryStates query={combined} skeletonLines={6} errorText="基金经理信息加载失败">
              {(managers) => <ManagersTable managers={managers} today={beijingDay(Date.now())} />}
            </QueryStates>
          </Section>
        )}
      </main>
    </>
  );
}
