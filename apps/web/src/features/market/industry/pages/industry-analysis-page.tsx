import { href } from '@zhicai/contract';
import { formatAmount, formatPercent } from '@zhicai/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { MissingCode, useInstrumentRefresh } from '../../../stock/index.ts';
import { type IndustryAnalysis, useIndustryAnalysis } from '../api/industry-analysis.ts';
import { BreadthBar } from '../components/breadth-bar.tsx';
import { NotAPlate } from '../components/not-a-plate.tsx';
import { usePlateQuote } from '../components/plate-overview.tsx';
import { usePlateCode } from '../hooks/use-plate-code.ts';
import { isPlateCode } from '../industry-rules.ts';
import '../../../../ui/list-table/list-table.css';
import '../components/industry.css';

/** Sessions the share table lists, newest first. */
const shareRows = 5;

/** 18.32 → '18.32' ; null → '--'. */
function ratio(value: number | null): string {
  return value === null ? '--' : value.toFixed(2);
}

/** A 0–100 percentile as '35.2%'; '--' without one. */
function percentile(value: number | null): string {
  return value === null ? '--' : `${value.toFixed(1)}%`;
}

/** YYYYMMDD → YYYY-MM-DD. */
function dayText(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** /IndustryAnalysis?code= — 行业分析: valuation and its percentile, amount trend and share, breadth. */
export default function IndustryAnalysisPage() {
  const code = usePlateCode();
  if (!code) return <MissingCode title="行业分析" />;
  if (!isPlateCode(code)) return <NotAPlate title="行业分析" code={code} />;
  return <Analysis key={code} code={code} />;
}

function Analysis({ code }: { code: string }) {
  const query = useIndustryAnalysis(code);
  const live = usePlateQuote(code);
  const refresh = useInstrumentRefresh(code, live.refresh);
  const name = query.data?.plate.name ?? live.quotes.get(code)?.name;
  const change = live.quotes.get(code)?.chgPct ?? query.data?.plate.chgPct ?? null;
  return (
    <>
      <PageHeader title={name ? `${name} · 行业分析` : '行业分析'} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refresh}>
        <main className="industry-page">
          <QuerySection
            title="今日概况"
            query={query}
            skeletonLines={3}
            errorText="行业分析加载失败，请检查网络后重试"
            aside={<Link to={href('IndustryDetail', { code })}>行业详情</Link>}
          >
            {(data) => (
              <dl className="industry-figures">
                <div>
                  <dt>涨跌幅</dt>
                  <dd>
                    <ChangeText value={change} kind="percent" />
                  </dd>
                </div>
                <div>
                  <dt>成交额</dt>
                  <dd>{formatAmount(data.plate.amount)}</dd>
                </div>
                <div>
                  <dt>占两市成交</dt>
                  <dd>{formatPercent(data.amountShare, { sign: false })}</dd>
                </div>
                <div>
                  <dt>换手率</dt>
                  <dd>{formatPercent(data.turnoverRate, { sign: false })}</dd>
                </div>
              </dl>
            )}
          </QuerySection>
          <QuerySection
            title="估值"
            query={query}
            skeletonLines={3}
            errorText="估值加载失败，请检查网络后重试"
          >
            {(data) => <Valuation valuation={data.valuation} />}
          </QuerySection>
          <QuerySection title="涨跌家数" query={query} skeletonLines={2} errorText="涨跌家数加载失败">
            {(data) => <BreadthBar breadth={data.breadth} />}
          </QuerySection>
          <QuerySection
            title="成交额走势"
            query={query}
            skeletonLines={4}
            errorText="成交额走势加载失败"
            isEmpty={(data) => data.trend.length === 0}
            emptyText="暂无成交历史"
          >
            {(data) => <Trend trend={data.trend} />}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}

function Valuation({ valuation }: { valuation: IndustryAnalysis['valuation'] }) {
  return (
    <>
      <dl className="industry-figures">
        <div>
          <dt>市盈率 PE</dt>
          <dd>{ratio(valuation.pe)}</dd>
        </div>
        <div>
          <dt>PE 历史分位</dt>
          <dd>{percentile(valuation.pePercentile)}</dd>
        </div>
        <div>
          <dt>市净率 PB</dt>
          <dd>{ratio(valuation.pb)}</dd>
        </div>
        <div>
          <dt>PB 历史分位</dt>
          <dd>{percentile(valuation.pbPercentile)}</dd>
        </div>
      </dl>
      <p className="industry-note">
        成分股按权重加权；分位为当前值在
        {valuation.since === null ? '已有历史' : `${dayText(valuation.since)} 以来（近5年，按周）`}
        中的位置，亏损或暂无财报的成分不计入。
      </p>
    </>
  );
}

function Trend({ trend }: { trend: IndustryAnalysis['trend'] }) {
  const top = Math.max(...trend.map((point) => point.amount), 1);
  const last = trend.at(-1);
  return (
    <>
      <ol className="industry-trend" aria-label={`近${trend.length}个交易日成交额`}>
        {trend.map((point, index) => {
          const previous = trend[index - 1]?.close ?? null;
          const tone =
            previous === null || point.close === null || point.close === previous
              ? ''
              : point.close > previous
                ? 'industry-trend--up'
                : 'industry-trend--down';
          return (
            <li
              key={point.day}
              className={tone}
              style={{ height: `${Math.max(4, (point.amount / top) * 100)}%` }}
              title={`${dayText(point.day)} 成交额 ${formatAmount(point.amount)}，占比 ${formatPercent(point.share, { sign: false })}`}
            />
          );
        })}
      </ol>
      <table className="list-table" aria-label="近5日成交占比">
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col" className="list-table__number">
              成交额
            </th>
            <th scope="col" className="list-table__number">
              两市成交
            </th>
            <th scope="col" className="list-table__number">
              占比
            </th>
          </tr>
        </thead>
        <tbody>
          {trend
            .slice(-shareRows)
            .reverse()
            .map((point) => (
              <tr key={point.day}>
                <td>{dayText(point.day)}</td>
                <td className="list-table__number">{formatAmount(point.amount)}</td>
                <td className="list-table__number">{formatAmount(point.marketAmount)}</td>
                <td className="list-table__number">{formatPercent(point.share, { sign: false })}</td>
              </tr>
            ))}
        </tbody>
      </table>
      {last ? (
        <p className="industry-note">
          {dayText(trend[0]?.day ?? last.day)} 至 {dayText(last.day)}；最近一日成交{' '}
          {formatAmount(last.amount)}， 占两市 {formatPercent(last.share, { sign: false })}
          。柱色随当日指数涨跌。
        </p>
      ) : null}
    </>
  );
}
