import { beijingDay, formatAmount, monthsBefore, toneOf } from '@zhicai/domain';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MultiLineChart } from '../../../../charts/line/index.ts';
import { ApiError } from '../../../../platform/request/api-error.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { ChangeText, toneClassName } from '../../../../ui/quote/index.ts';
import { QueryStates, Section, SectionError, SectionSkeleton } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { useFundBaseInfo } from '../../api/fund-base-info.ts';
import { useFundFees } from '../../api/fund-fees.ts';
import { formatDay, formatNav } from '../../fund-rules.ts';
import { useFundSearch } from '../api/fund-search.ts';
import {
  type RegularInvestmentPlan,
  type RegularInvestmentResult,
  useProfitComputer,
} from '../api/profit-computer.ts';
import { dayOfInput, inputOfDay } from '../fund-compare-rules.ts';
import '../../../../ui/list-table/list-table.css';
import '../components/fund-compare.css';

type Frequency = NonNullable<RegularInvestmentPlan['frequency']>;

const frequencies: readonly { value: Frequency; label: string }[] = [
  { value: 'weekly', label: '每周' },
  { value: 'biweekly', label: '每两周' },
  { value: 'monthly', label: '每月' },
];

const yuan = (value: number) => `${formatAmount(value)}元`;

/** A fund picked by the app's search when the page was opened without one. */
function FundPicker({ onPick }: { onPick: (code: string) => void }) {
  const [keyword, setKeyword] = useState('');
  const search = useFundSearch(keyword);
  return (
    <Section title="选择基金">
      <input
        className="fund-compare__search"
        type="search"
        aria-label="搜索基金"
        placeholder="基金代码或名称"
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
      />
      {keyword.trim() === '' ? null : (
        <QueryStates query={search} isEmpty={(data) => data.funds.length === 0} emptyText="没有找到相关基金">
          {(data) => (
            <ul className="fund-compare__hits" aria-label="搜索结果">
              {data.funds.map((fund) => (
                <li key={fund.code}>
                  <button type="button" onClick={() => onPick(fund.code)}>
                    {fund.name} {fund.code}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      )}
    </Section>
  );
}

function PlanResult({ result }: { result: RegularInvestmentResult }) {
  return (
    <>
      <dl className="fund-compare__figures" aria-label="定投结果">
        <div>
          <dt>投入本金</dt>
          <dd>{yuan(result.invested)}</dd>
        </div>
        <div>
          <dt>期末市值</dt>
          <dd>{yuan(result.value)}</dd>
        </div>
        <div>
          <dt>收益</dt>
          <dd>
            <span className={toneClassName(toneOf(result.profit))} data-tone={toneOf(result.profit)}>
              {formatAmount(result.profit, { sign: true })}元
            </span>
          </dd>
        </div>
        <div>
          <dt>收益率</dt>
          <dd>
            <ChangeText value={result.profitRate} kind="percent" />
          </dd>
        </div>
        <div>
          <dt>持有份额</dt>
          <dd>{result.shares.toFixed(2)}份</dd>
        </div>
        <div>
          <dt>定投期数</dt>
          <dd>{result.purchases.length}期</dd>
        </div>
      </dl>
      <p className="fund-compare__note">
        {formatDay(result.firstDay)} 至 {formatDay(result.lastDay)}，期末净值 {formatNav(result.finalNav)}
        ，手续费合计 {yuan(result.fees)}；分红按红利再投资计。
      </p>
      <MultiLineChart
        label="投入与市值"
        format={yuan}
        series={[
          { name: '投入本金', points: result.series.map(([date, invested]) => ({ date, value: invested })) },
          { name: '持仓市值', points: result.series.map(([date, , value]) => ({ date, value })) },
        ]}
      />
      <details>
        <summary>定投明细（{result.purchases.length}期）</summary>
        <table className="list-table">
          <thead>
            <tr>
              <th scope="col">扣款日</th>
              <th scope="col">单位净值</th>
              <th scope="col">手续费</th>
              <th scope="col">买入份额</th>
            </tr>
          </thead>
          <tbody>
            {result.purchases.map((purchase, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two purchases can share a day (a long holiday)
              <tr key={`${purchase.day}-${index}`}>
                <td>{formatDay(purchase.day)}</td>
                <td className="list-table__number">{formatNav(purchase.nav)}</td>
                <td className="list-table__number">{purchase.fee.toFixed(2)}</td>
                <td className="list-table__number">{purchase.shares.toFixed(2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}

/** The plan form for one fund; its fee rate starts at the fund page's 申购费率. */
function Calculator({ code }: { code: string }) {
  const info = useFundBaseInfo(code);
  const fees = useFundFees(code);
  // The plan ends on the fund's newest NAV by default (today's NAV is published after the close),
  // and starts a year before it.
  const newest = info.data?.navDate ?? beijingDay(Date.now());
  const [startText, setStart] = useState<string | null>(null);
  const [endText, setEnd] = useState<string | null>(null);
  const start = startText ?? inputOfDay(monthsBefore(newest, 12));
  const end = endText ?? inputOfDay(newest);
  const [amount, setAmount] = useState('1000');
  const [frequency, setFrequency] = useState<Frequency>('monthly');
  const [feeText, setFeeText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [plan, setPlan] = useState<RegularInvestmentPlan | null>(null);
  const query = useProfitComputer(plan);
  const defaultFee = fees.data?.purchase[0]?.rate;
  const fee = feeText ?? (defaultFee === undefined ? '' : String(Number((defaultFee * 100).toFixed(4))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const startDay = dayOfInput(start);
    const endDay = dayOfInput(end);
    const money = Number(amount);
    const feeRate = fee === '' ? 0 : Number(fee) / 100;
    if (startDay === null || endDay === null) return setProblem('请选择开始和结束日期');
    if (startDay >= endDay) return setProblem('开始日期应早于结束日期');
    if (!Number.isFinite(money) || money < 10) return setProblem('每期金额最少 10 元');
    if (!Number.isFinite(feeRate) || feeRate < 0 || feeRate > 0.05) return setProblem('费率应在 0%–5% 之间');
    setProblem(null);
    setPlan({ code, start: startDay, end: endDay, amount: money, frequency, feeRate });
  };

  const failure = query.error;
  return (
    <>
      <Section title={info.data ? `${info.data.name} ${info.data.code}` : code} label="定投设置">
        <form className="fund-compare__form" onSubmit={submit} noValidate>
          <label>
            开始日期
            <input type="date" value={start} onChange={(event) => setStart(event.target.value)} />
          </label>
          <label>
            结束日期
            <input type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
          </label>
          <label>
            每期金额（元）
            <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
          </label>
          <label>
            申购费率（%）
            <input inputMode="decimal" value={fee} onChange={(event) => setFeeText(event.target.value)} />
          </label>
          <div className="fund-compare__wide">
            <Segmented label="定投周期" options={frequencies} value={frequency} onChange={setFrequency} />
          </div>
          {problem ? (
            <p className="fund-compare__error fund-compare__wide" role="alert">
              {problem}
            </p>
          ) : null}
          <button type="submit" className="fund-compare__submit fund-compare__wide">
            开始计算
          </button>
        </form>
      </Section>
      {plan === null ? null : (
        <Section title="定投收益" busy={query.isFetching}>
          {query.data ? (
            <PlanResult result={query.data} />
          ) : failure ? (
            <SectionError
              message={failure instanceof ApiError ? failure.message : '计算失败'}
              onRetry={query.refetch}
              retrying={query.isRefetching}
            />
          ) : (
            <SectionSkeleton lines={5} />
          )}
        </Section>
      )}
    </>
  );
}

/**
 * /profitComputer?code=…: 定投计算器 — a fixed amount bought weekly, every two weeks or monthly at the
 * fund's real NAVs; the server does the arithmetic (regular-investment.ts), the page shows it.
 */
export default function ProfitComputerPage() {
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  return (
    <>
      <PageHeader title="定投计算器" />
      <main className="fund-compare-page">
        {code === '' ? (
          <FundPicker onPick={(picked) => setParams({ code: picked }, { replace: true })} />
        ) : (
          <Calculator key={code} code={code} />
        )}
      </main>
    </>
  );
}
