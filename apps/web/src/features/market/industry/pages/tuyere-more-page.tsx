import { formatPercent } from '@zhicai/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { useTuyereList } from '../api/tuyere-list.ts';
import { momentumPoints } from '../components/momentum-figures.tsx';
import { plateHref } from '../components/plate-links.ts';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import '../../../../ui/list-table/list-table.css';
import '../components/industry.css';

/** /tuyereMore — 风口板块: concept plates ranked by momentum (5-day change and amount growth). */
export default function TuyereMorePage() {
  const query = useTuyereList();
  const live = useLiveRows(query.data?.list);
  return (
    <>
      <PageHeader title="风口板块" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
        <main className="industry-page">
          <QuerySection
            title="动量排行"
            query={query}
            skeletonLines={6}
            skeletonTestId="tuyere-skeleton"
            errorText="风口板块加载失败，请检查网络后重试"
            isEmpty={(data) => data.list.length === 0}
            emptyText="暂无概念板块"
          >
            {() => (
              <>
                <table className="list-table industry-table" aria-label="风口板块">
                  <thead>
                    <tr>
                      <th scope="col">板块 / 领涨股</th>
                      <th scope="col" className="list-table__number">
                        今日
                      </th>
                      <th scope="col" className="list-table__number">
                        5日 / 放量
                      </th>
                      <th scope="col" className="list-table__number">
                        动量分
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(live.rows ?? []).map((plate, index) => (
                      <tr key={plate.code}>
                        <td>
                          <Link to={plateHref(plate.code, 'tuyere')} className="industry-table__name">
                            <span className="industry-table__rank">{index + 1}</span>
                            {plate.name}
                          </Link>
                          <span className="list-table__sub">
                            {plate.leader ? (
                              <>
                                {plate.leader.name} <ChangeText value={plate.leader.chgPct} kind="percent" />
                              </>
                            ) : (
                              '--'
                            )}
                          </span>
                        </td>
                        <td className="list-table__number">
                          <ChangeText value={plate.chgPct} kind="percent" />
                        </td>
                        <td className="list-table__number">
                          <ChangeText value={plate.momentum.fiveDayChange} kind="percent" />
                          <span className="list-table__sub">
                            {formatPercent(plate.momentum.amountGrowth)}
                          </span>
                        </td>
                        <td className="list-table__number">{momentumPoints(plate.momentum.score)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="industry-note">
                  按动量分排序：动量分 = 5日涨幅 + 成交放大 ÷
                  10，成交放大为近5个完整交易日平均成交额较之前5日的增幅。
                </p>
              </>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
