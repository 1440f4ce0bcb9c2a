import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type IpoCalendar, type IpoRow, useIpoCalendar } from '../api/ipo-calendar.ts';
import { formatDay } from '../connect-format.ts';
import '../components/connect.css';

type Tab = 'subscribing' | 'upcoming' | 'listed';

/** A listing within this many trading days (about three months) counts as a recent new share. */
const recentListingDays = 60;

const tabs: readonly { value: Tab; label: string }[] = [
  { value: 'subscribing', label: '今日申购' },
  { value: 'upcoming', label: '待上市' },
  { value: 'listed', label: '已上市' },
];

const emptyTexts: Record<Tab, string> = {
  subscribing: '今日没有新股申购',
  upcoming: '暂无已定上市日期的新股',
  listed: '暂无上市新股',
};

/** /newDateStock — 新股日历: today's subscriptions, coming listings and the latest listings. */
export default function NewDateStockPage() {
  const calendar = useIpoCalendar();
  const [tab, setTab] = useState<Tab>('listed');
  return (
    <>
      <PageHeader title="新股日历" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => calendar.refetch()}>
        <main className="connect-page">
          <QuerySection
            title={tabs.find((option) => option.value === tab)?.label ?? '新股'}
            query={calendar}
            skeletonLines={6}
            skeletonTestId="ipo-skeleton"
            errorText="新股日历加载失败，请检查网络后重试"
            controls={<Segmented label="新股分类" options={tabs} value={tab} onChange={setTab} />}
            isEmpty={(data: IpoCalendar) => data[tab].length === 0}
            emptyText={emptyTexts[tab]}
          >
            {(data) => (
              <>
                {tab === 'listed' && (data.listed[0]?.tradingDays ?? 0) > recentListingDays ? (
                  <p className="connect-note">
                    近期没有新股上市，以下为最近上市的 {data.listed.length} 只股票
                  </p>
                ) : null}
                <IpoTable rows={data[tab]} listed={tab === 'listed'} />
              </>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}

function IpoTable({ rows, listed }: { rows: readonly IpoRow[]; listed: boolean }) {
  return (
    <table className="connect-table">
      <thead>
        <tr>
          <th scope="col">名称</th>
          <th scope="col">上市日</th>
          <th scope="col">首日涨幅</th>
          <th scope="col">现价/涨跌</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code}>
            <td className="connect-table__name">
              <Link to={detailHref(row.code, row.type)} className="connect-name">
                <span>
                  {row.name}
                  {row.noLimit ? <span className="connect-badge">前5日无涨跌幅限制</span> : null}
                </span>
                <small>{row.code}</small>
              </Link>
            </td>
            <td>
              {formatDay(row.listingDay)}
              {listed ? (
                <>
                  <br />
                  <small>上市第{row.tradingDays}天</small>
                </>
              ) : null}
            </td>
            <td>
              <ChangeText value={row.firstDayChgPct} kind="percent" />
            </td>
            <td>
              <PriceText value={row.price} type={row.type} />
              <br />
              <ChangeText value={row.chgPct} kind="percent" />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
