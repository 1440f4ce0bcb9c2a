import { href } from '@zhicai/contract';
import { formatAmount, formatPercent, missingValue, stockType } from '@zhicai/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { ChangeText } from '../../../ui/quote/index.ts';
import { QuerySection, QueryStates, Section, SectionEmpty } from '../../../ui/section/index.ts';
import type { FundBaseInfo } from '../api/fund-base-info.ts';
import { useFundFees } from '../api/fund-fees.ts';
import { useFundHoldings } from '../api/fund-holdings.ts';
import { useFundNavHistory } from '../api/fund-nav-history.ts';
import {
  formatDay,
  type NavChartMode,
  type NavRange,
  navRangeLabels,
  navRanges,
  navSeries,
  riskLabel,
} from '../fund-rules.ts';
import { NavChart } from './nav-chart.tsx';
import '../../../ui/list-table/list-table.css';

const ratio = (value: number) => formatPercent(value, { sign: false });

/** 近1月 … 成立来 as a grid of signed, coloured returns. */
export function ReturnsGrid({ cells }: { cells: { label: string; value: number | null }[] }) {
  return (
    <ul className="fund-returns" aria-label="阶段收益">
      {cells.map((cell) => (
        <li key={cell.label} className="fund-returns__cell">
          <span className="fund-returns__label">{cell.label}</span>
          <ChangeText value={cell.value} kind="percent" />
        </li>
      ))}
    </ul>
  );
}

/** 净值走势: range tabs, return/NAV toggle and the line. */
export function NavSection({ code }: { code: string }) {
  const [range, setRange] = useState<NavRange>('1Y');
  const [mode, setMode] = useState<NavChartMode>('return');
  const query = useFundNavHistory(code, range);
  return (
    <Section
      title="净值走势"
      busy={query.isPending}
      aside={
        <fieldset className="fund-toggle">
          <legend className="visually-hidden">图表类型</legend>
          {(
            [
              ['return', '收益率'],
              ['nav', '单位净值'],
            ] as const
          ).map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="fund-toggle__item"
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
            >
              {label}
            </button>
          ))}
        </fieldset>
      }
    >
      <QueryStates query={query} skeletonLines={5} errorText="净值走势加载失败">
        {(data) => <NavChart points={navSeries(data.list, mode)} mode={mode} />}
      </QueryStates>
      <div className="fund-ranges" role="tablist" aria-label="时间范围">
        {navRanges.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={range === value}
            className="fund-ranges__item"
            onClick={() => setRange(value)}
          >
            {navRangeLabels[value].replace('近', '')}
          </button>
        ))}
      </div>
    </Section>
  );
}

/** 基金经理: one card per manager, linking to the manager page. */
export function ManagersSection({ managers }: { managers: FundBaseInfo['managers'] }) {
  return (
    <Section title="基金经理">
      {managers.length === 0 ? (
        <SectionEmpty>暂无基金经理信息</SectionEmpty>
      ) : (
        <ul className="fund-managers">
          {managers.map((manager) => (
            <li key={manager.id}>
              <Link to={href('fundManager', { managerId: manager.id })} className="fund-managers__card">
                <span className="fund-managers__avatar" aria-hidden="true">
                  {manager.name.slice(0, 1)}
                </span>
                <span className="fund-managers__name">{manager.name}</span>
                <span className="fund-managers__since">{formatDay(manager.since)} 起任职</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** 持仓: top stocks by weight and the asset allocation of the latest report. */
export function HoldingsSection({ code }: { code: string }) {
  const query = useFundHoldings(code);
  return (
    <QuerySection
      title="持仓"
      query={query}
      skeletonLines={6}
      aside={query.data ? `报告期 ${formatDay(query.data.reportDate)}` : null}
      isEmpty={(data) => data.stocks.length === 0 && data.assetAllocation.length === 0}
      emptyText="暂无持仓数据"
    >
      {(data) => (
        <>
          {data.stocks.length > 0 ? (
            <table className="list-table">
              <caption className="list-table__caption">重仓股票</caption>
              <thead>
                <tr>
                  <th scope="col">股票名称</th>
                  <th scope="col">代码</th>
                  <th scope="col">占净值比</th>
                </tr>
              </thead>
              <tbody>
                {data.stocks.map((stock) => (
                  <tr key={stock.code}>
                    <td>
                      <Link to={detailHref(stock.code, stockType(stock.code))}>{stock.name}</Link>
                    </td>
                    <td className="list-table__muted">{stock.code}</td>
                    <td className="list-table__number">{ratio(stock.weight)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {data.assetAllocation.length > 0 ? (
            <ul className="fund-bars" aria-label="资产配置">
              {data.assetAllocation.map((asset) => (
                <li key={asset.name} className="fund-bars__row">
                  <span className="fund-bars__name">{asset.name}</span>
                  <span className="fund-bars__track" aria-hidden="true">
                    <span
                      className="fund-bars__fill"
                      style={{ width: `${Math.min(100, Math.max(0, asset.weight * 100))}%` }}
                    />
                  </span>
                  <span className="fund-bars__value">{ratio(asset.weight)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </QuerySection>
  );
}

function TierTable({
  caption,
  head,
  tiers,
}: {
  caption: string;
  head: string;
  tiers: { range: string; rate: number }[];
}) {
  return (
    <table className="list-table">
      <caption className="list-table__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{head}</th>
          <th scope="col">费率</th>
        </tr>
      </thead>
      <tbody>
        {tiers.length === 0 ? (
          <tr>
            <td colSpan={2}>{missingValue}</td>
          </tr>
        ) : (
          tiers.map((tier) => (
            <tr key={tier.range}>
              <td>{tier.range}</td>
              <td className="list-table__number">{ratio(tier.rate)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** 费率: yearly operating fees, purchase and redemption tiers. */
export function FeesSection({ code }: { code: string }) {
  const query = useFundFees(code);
  return (
    <QuerySection title="费率" query={query} skeletonLines={5}>
      {(fees) => (
        <>
          <dl className="fund-facts fund-facts--three" aria-label="运作费用">
            <div>
              <dt>管理费</dt>
              <dd>{ratio(fees.management)}/年</dd>
            </div>
            <div>
              <dt>托管费</dt>
              <dd>{ratio(fees.custody)}/年</dd>
            </div>
            <div>
              <dt>销售服务费</dt>
              <dd>{ratio(fees.salesService)}/年</dd>
            </div>
          </dl>
          <TierTable caption="买入费率" head="买入金额" tiers={fees.purchase} />
          <TierTable caption="卖出费率" head="持有期限" tiers={fees.redemption} />
        </>
      )}
    </QuerySection>
  );
}

/** 基金概况: company, inception, size, benchmark, risk level. */
export function ProfileSection({ info }: { info: FundBaseInfo }) {
  const rows: [string, string][] = [
    ['基金类型', info.category || missingValue],
    ['基金公司', info.company || missingValue],
    ['成立日期', formatDay(info.inceptionDate)],
    ['基金规模', `${formatAmount(info.size)}元`],
    ['业绩比较基准', info.benchmark || missingValue],
    ['风险等级', riskLabel(info.riskLevel)],
  ];
  return (
    <Section title="基金概况">
      <dl className="fund-profile">
        {rows.map(([term, value]) => (
          <div key={term} className="fund-profile__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}
