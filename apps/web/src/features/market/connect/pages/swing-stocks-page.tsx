import { formatAmount, formatPercent } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type SwingEvent, type SwingStocks, useSwingStocks } from '../api/swing-stocks.ts';
import {
  formatDay,
  formatMinute,
  matchesSwingFilter,
  type SwingFilter,
  swingFilters,
  swingKindLabels,
  swingTone,
} from '../connect-format.ts';
import '../components/connect.css';

/** /swingStocks — 异动个股: today's unusual moves, newest first, growing while the market is open. */
export default function SwingStocksPage() {
  const swings = useSwingStocks();
  const [filter, setFilter] = useState<SwingFilter>('all');
  const shown = (data: SwingStocks) => data.list.filter((event) => matchesSwingFilter(event.kind, filter));
  return (
    <>
      <PageHeader title="异动个股" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => swings.refetch()}>
        <main className="connect-page">
          <QuerySection
            title={swings.data ? `${formatDay(swings.data.tradingDay)} 异动` : '异动个股'}
            label="异动个股"
            query={swings}
            skeletonLines={8}
            skeletonTestId="swing-skeleton"
            errorText="异动个股加载失败，请检查网络后重试"
            aside={swings.data ? (swings.data.live ? '盘中实时更新' : '已收盘') : null}
            controls={
              <Segmented label="异动类型" options={swingFilters} value={filter} onChange={setFilter} />
            }
            isEmpty={(data) => shown(data).length === 0}
            emptyText={
              swings.data?.live === false ? '该交易日没有此类异动' : '暂无此类异动，出现后会自动显示'
            }
          >
            {(data) => (
              <>
                <table className="connect-table">
                  <thead>
                    <tr>
                      <th scope="col">时间</th>
                      <th scope="col">名称</th>
                      <th scope="col">异动</th>
                      <th scope="col">价格/涨跌</th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown(data).map((event) => (
                      <SwingRow key={`${event.minute}-${event.code}-${event.kind}`} event={event} />
                    ))}
                  </tbody>
                </table>
                <p className="connect-note">
                  快速拉升/下跌：5 分钟内涨跌 3% 以上；大笔成交：单分钟成交 3000 万元以上且为此前平均的 6
                  倍以上。
                </p>
              </>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}

function SwingRow({ event }: { event: SwingEvent }) {
  const detail =
    event.kind === 'rise' || event.kind === 'fall'
      ? formatPercent(event.value, { sign: true })
      : event.kind === 'bigDeal'
        ? formatAmount(event.value)
        : null;
  return (
    <tr>
      <td>{formatMinute(event.minute)}</td>
      <td className="connect-table__name">
        <Link to={detailHref(event.code, event.type)} className="connect-name">
          <span>{event.name}</span>
          <small>{event.code}</small>
        </Link>
      </td>
      <td className={`connect-kind--${swingTone(event.kind)}`}>
        {swingKindLabels[event.kind]}
        {detail ? (
          <>
            <br />
            <small>{detail}</small>
          </>
        ) : null}
      </td>
      <td>
        <PriceText value={event.price} type={event.type} />
        <br />
        <ChangeText value={event.chgPct} kind="percent" />
      </td>
    </tr>
  );
}
