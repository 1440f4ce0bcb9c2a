import { href } from '@zhicai/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type ConnectDirection, type FlowWindow, useConnectFlow } from '../api/connect-flow.ts';
import { formatDay, formatFlow, formatMinute, formatShortDay } from '../connect-format.ts';
import { FlowLineChart } from './flow-line-chart.tsx';
import { FlowText } from './flow-text.tsx';
import './connect.css';

const titles: Record<ConnectDirection, string> = { north: '北向资金', south: '南向资金' };

const windows: readonly { value: `${FlowWindow}`; label: string }[] = [
  { value: '30', label: '近30日' },
  { value: '90', label: '近90日' },
  { value: '250', label: '近250日' },
];

/** /northDates and /southDates: today's net inflow by minute, and the net of each day before. */
export function ConnectFlowView({ direction }: { direction: ConnectDirection }) {
  const [days, setDays] = useState<FlowWindow>(30);
  const flow = useConnectFlow(direction, days);
  const other: ConnectDirection = direction === 'north' ? 'south' : 'north';
  return (
    <>
      <PageHeader title={titles[direction]} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => flow.refetch()}>
        <main className="connect-page">
          <QuerySection
            title="今日净流入"
            query={flow}
            skeletonLines={4}
            skeletonTestId="connect-flow-skeleton"
            errorText={`${titles[direction]}加载失败，请检查网络后重试`}
            aside={
              flow.data ? (
                <Link to={href('StockConnectDetail', { day: flow.data.tradingDay })}>沪深港通详情</Link>
              ) : null
            }
          >
            {(data) => (
              <>
                <div className="connect-today">
                  <p className="connect-today__item connect-today__item--strong">
                    <span className="connect-today__label">{formatDay(data.tradingDay)} 净流入</span>
                    <FlowText value={data.netInflow} />
                  </p>
                  {data.channelNames.map((name, index) => (
                    <p key={name} className="connect-today__item">
                      <span className="connect-today__label">{name}</span>
                      <FlowText value={data.channels[index] ?? 0} />
                    </p>
                  ))}
                </div>
                {data.intraday.length > 0 ? (
                  <FlowLineChart
                    label="当日分时净流入"
                    format={formatFlow}
                    labels={[
                      formatMinute(data.intraday[0]?.[0] ?? 0),
                      formatMinute(data.intraday.at(-1)?.[0] ?? 0),
                    ]}
                    lines={[
                      { name: '合计', tone: 'total', values: data.intraday.map((row) => row[1]) },
                      {
                        name: data.channelNames[0] ?? '',
                        tone: 'first',
                        values: data.intraday.map((row) => row[2]),
                      },
                      {
                        name: data.channelNames[1] ?? '',
                        tone: 'second',
                        values: data.intraday.map((row) => row[3]),
                      },
                    ]}
                  />
                ) : (
                  <p className="connect-note">今日尚未开盘，开盘后显示分时净流入</p>
                )}
              </>
            )}
          </QuerySection>
          <QuerySection
            title="历史净流入"
            query={flow}
            skeletonLines={6}
            controls={
              <Segmented
                label="统计区间"
                options={windows}
                value={`${days}`}
                onChange={(value) => setDays(Number(value) as FlowWindow)}
              />
            }
            isEmpty={(data) => data.history.length === 0}
            emptyText="暂无历史数据"
          >
            {(data) => <FlowHistory data={data} />}
          </QuerySection>
          <p className="connect-links">
            <Link to={href(other === 'north' ? 'northDates' : 'southDates')}>查看{titles[other]}</Link>
          </p>
        </main>
      </PullToRefresh>
    </>
  );
}

function FlowHistory({ data }: { data: NonNullable<ReturnType<typeof useConnectFlow>['data']> }) {
  // The chart runs oldest to newest; the running sum is the cumulative inflow over the window.
  const oldestFirst = [...data.history].reverse();
  let running = 0;
  const cumulative = oldestFirst.map((row) => {
    running += row.netInflow;
    return running;
  });
  return (
    <>
      <p className="connect-today__item connect-today__item--strong">
        <span className="connect-today__label">近{data.history.length}个交易日累计</span>
        <FlowText value={data.cumulative} />
      </p>
      <FlowLineChart
        label="累计净流入"
        format={formatFlow}
        labels={[
          formatDay(oldestFirst[0]?.day ?? data.tradingDay),
          formatDay(oldestFirst.at(-1)?.day ?? data.tradingDay),
        ]}
        lines={[{ name: '累计净流入', tone: 'total', values: cumulative }]}
      />
      <table className="connect-table">
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">净流入</th>
            {data.channelNames.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.history.map((row) => (
            <tr key={row.day}>
              <th scope="row">{formatShortDay(row.day)}</th>
              <td>
                <FlowText value={row.netInflow} />
              </td>
              {row.channels.map((value, index) => (
                <td key={data.channelNames[index]}>
                  <FlowText value={value} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
