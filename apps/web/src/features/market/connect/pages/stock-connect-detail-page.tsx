import { href } from '@zhicai/contract';
import { formatAmount } from '@zhicai/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { detailHref } from '../../../../platform/links.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, PriceText } from '../../../../ui/quote/index.ts';
import { QuerySection, Section, SectionEmpty } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type ConnectChannelDay, type ConnectTopRow, useConnectDetail } from '../api/connect-detail.ts';
import { FlowText } from '../components/flow-text.tsx';
import { formatDay } from '../connect-format.ts';
import '../components/connect.css';

/** /StockConnectDetail?day= — one day of 沪深港通: each channel's trades and quota, and 十大成交股. */
export default function StockConnectDetailPage() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('day'));
  const day = Number.isInteger(asked) && asked > 19000101 ? asked : undefined;
  const detail = useConnectDetail(day);
  const [top, setTop] = useState<'north' | 'south'>('north');

  return (
    <>
      <PageHeader title="沪深港通详情" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => detail.refetch()}>
        <main className="connect-page">
          <QuerySection
            title="北向资金"
            query={detail}
            skeletonLines={5}
            skeletonTestId="connect-detail-skeleton"
            errorText={
              detail.error?.message
                ? `沪深港通详情加载失败：${detail.error.message}`
                : '沪深港通详情加载失败，请检查网络后重试'
            }
            aside={
              detail.data ? (
                <label>
                  <span className="visually-hidden">交易日</span>
                  <select
                    className="connect-select"
                    aria-label="选择交易日"
                    value={detail.data.tradingDay}
                    onChange={(event) => setParams({ day: event.target.value }, { replace: true })}
                  >
                    {detail.data.days.map((option) => (
                      <option key={option} value={option}>
                        {formatDay(option)}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null
            }
          >
            {(data) => (
              <>
                <p className="connect-today__item connect-today__item--strong">
                  <span className="connect-today__label">北向净流入</span>
                  <FlowText value={data.north.netInflow} />
                </p>
                <Channels channels={data.north.channels} />
                <p className="connect-links">
                  <Link to={href('northDates')}>北向资金走势</Link>
                </p>
              </>
            )}
          </QuerySection>
          {detail.data ? (
            <Section title="南向资金">
              {detail.data.south ? (
                <>
                  <p className="connect-today__item connect-today__item--strong">
                    <span className="connect-today__label">南向净流入</span>
                    <FlowText value={detail.data.south.netInflow} />
                  </p>
                  <Channels channels={detail.data.south.channels} />
                </>
              ) : (
                <SectionEmpty>{formatDay(detail.data.tradingDay)} 港股休市，港股通暂停交易</SectionEmpty>
              )}
              <p className="connect-links">
                <Link to={href('southDates')}>南向资金走势</Link>
              </p>
            </Section>
          ) : null}
          {detail.data ? (
            <Section
              title="十大成交股"
              controls={
                <Segmented
                  label="十大成交股方向"
                  options={[
                    { value: 'north', label: '北向' },
                    { value: 'south', label: '南向' },
                  ]}
                  value={top}
                  onChange={setTop}
                />
              }
            >
              <TopTraded rows={detail.data.topTraded[top]} />
            </Section>
          ) : null}
        </main>
      </PullToRefresh>
    </>
  );
}

function Channels({ channels }: { channels: readonly ConnectChannelDay[] }) {
  return (
    <div className="connect-channels">
      {channels.map((channel) => (
        <section key={channel.name} className="connect-channel" aria-label={channel.name}>
          <h3>{channel.name}</h3>
          <dl>
            <dt>买入</dt>
            <dd>{formatAmount(channel.buyAmount)}</dd>
            <dt>卖出</dt>
            <dd>{formatAmount(channel.sellAmount)}</dd>
            <dt>净买入</dt>
            <dd>
              <FlowText value={channel.netInflow} />
            </dd>
            <dt>每日额度</dt>
            <dd>{formatAmount(channel.quota)}</dd>
            <dt>已用额度</dt>
            <dd>{formatAmount(channel.quotaUsed)}</dd>
            <dt>剩余额度</dt>
            <dd>{formatAmount(channel.quotaLeft)}</dd>
          </dl>
          <meter
            className="connect-quota"
            aria-label={`${channel.name}额度使用`}
            min={0}
            max={channel.quota}
            value={channel.quotaUsed}
          />
        </section>
      ))}
    </div>
  );
}

function TopTraded({ rows }: { rows: readonly ConnectTopRow[] }) {
  if (rows.length === 0) return <SectionEmpty>当日无成交</SectionEmpty>;
  return (
    <table className="connect-table">
      <thead>
        <tr>
          <th scope="col">名称</th>
          <th scope="col">现价/涨跌</th>
          <th scope="col">成交额</th>
          <th scope="col">净买入</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code}>
            <td className="connect-table__name">
              <Link to={detailHref(row.code, row.type)} className="connect-name">
                <span>{row.name}</span>
                <small>
                  {row.code} · {row.channel}
                </small>
              </Link>
            </td>
            <td>
              <PriceText value={row.price} type={row.type} />
              <br />
              <ChangeText value={row.chgPct} kind="percent" />
            </td>
            <td>{formatAmount(row.buyAmount + row.sellAmount)}</td>
            <td>
              <FlowText value={row.netInflow} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
