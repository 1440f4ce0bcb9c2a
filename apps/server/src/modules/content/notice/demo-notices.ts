import type { NoticeType } from '@zhicai/contract';
import { addCalendarDays, type DayBarRow, type DayNumber } from '@zhicai/domain';
import { hashString, mulberry32 } from '../../../market/providers/demo/prng.ts';
import type { StatementDocument } from '../../../market/statements/statement-layout.ts';
import { amountText, changeOf, changePhrase, periodTitle } from '../../report/report-text.ts';
import type { ExDividend } from '../../stock/handicap.ts';

/**
 * The demo market's announcements of one company, written from what the database already holds
 * (issue 17 Data 2): its stored statements (定期报告 and 业绩预告 quote their figures), the ex-dates in
 * its bars (分红派息 gives the cash the price dropped by), its dated events (股东大会, 解禁 and the
 * quarterly report day of `stock_events`) and its price path (增减持 after big moves). Pure and
 * causal: an announcement uses nothing dated after it, so writing them again on a later day gives
 * the same earlier ones.
 */

export interface DemoStock {
  code: string;
  name: string;
  totalShares: number | null;
}

export interface CompanyFacts {
  stock: DemoStock;
  /** Stored statements by period (YYYYMMDD), any order. */
  statements: ReadonlyMap<number, StatementDocument>;
  /** Unadjusted day bars [day, prevClose, open, high, low, close, volume, amount], oldest first. */
  bars: readonly DayBarRow[];
  exDividends: readonly ExDividend[];
  /** The `stock_events` rows (name 季报披露 / 股东大会 / 限售解禁). */
  events: readonly { day: number; name: string; tag: string; content: string }[];
  /** The market's latest day: nothing is published after it. */
  today: DayNumber;
}

export interface DemoNotice {
  dedupeKey: string;
  code: string;
  type: NoticeType;
  day: DayNumber;
  title: string;
  summary: string;
  /** Paragraphs of the full text the PDF sets. */
  body: string[];
  reportPeriod: number | null;
}

/** Periods older than this many years get no announcement: the lists show recent years. */
const yearsShown = 3;

/** The usual publication day of a period's report (the legal deadlines are Apr 30, Aug 31, Oct 31). */
function publicationDay(period: number, random: () => number): DayNumber {
  const year = Math.floor(period / 10000);
  const monthDay = period % 10000;
  const jitter = Math.floor(random() * 10);
  if (monthDay === 331) return year * 10000 + 420 + jitter;
  if (monthDay === 630) return year * 10000 + 818 + jitter;
  if (monthDay === 930) return year * 10000 + 1020 + jitter;
  return (year + 1) * 10000 + 320 + jitter;
}

/** 归属于上市公司股东的净利润 and 营业总收入 of a statement, in yuan. */
export function headlineFigures(document: StatementDocument): { revenue?: number; netProfit?: number } {
  const income = document.income ?? {};
  const netProfit = income.NET_PROFIT_EXCL_MIN_INT_INC ?? income.NET_PROFIT_INCL_MIN_INT_INC;
  return {
    ...(income.TOT_OPER_REV !== undefined ? { revenue: income.TOT_OPER_REV } : {}),
    ...(netProfit !== undefined ? { netProfit } : {}),
  };
}

function periodicNotices(facts: CompanyFacts): DemoNotice[] {
  const { stock, statements, today, events } = facts;
  const notices: DemoNotice[] = [];
  const from = (Math.floor(today / 10000) - yearsShown) * 10000;
  for (const [period, document] of [...statements].sort(([a], [b]) => a - b)) {
    if (period < from) continue;
    const random = randomFor(`${stock.code}|${period}`);
    const title = periodTitle(period);
    // The quarterly report day of the event table, when it names this period, is the day it came out.
    const event = events.find(
      (item) => item.name === '季报披露' && item.tag === `${Math.floor(period / 10000)}年三季报`,
    );
    // A disclosure day on or before the period's end (the event table is written apart from the
    // statements) cannot be the report's, so the usual publication day is taken then.
    const planned =
      event && period % 10000 === 930 && event.day > period ? event.day : publicationDay(period, random);
    const day = Math.min(planned, today);
    const { revenue, netProfit } = headlineFigures(document);
    const prior = statements.get(period - 10000);
    const priorFigures = prior ? headlineFigures(prior) : {};
    const revenueText =
      revenue === undefined
        ? ''
        : `实现营业总收入${amountText(revenue)}，${changePhrase(changeOf(revenue, priorFigures.revenue))}`;
    const profitText =
      netProfit === undefined
        ? ''
        : `归属于上市公司股东的净利润${amountText(netProfit)}，${changePhrase(changeOf(netProfit, priorFigures.netProfit))}`;
    const summary = `${title}期内，公司${[revenueText, profitText].filter(Boolean).join('；')}。`;
    notices.push({
      dedupeKey: `demo|${stock.code}|periodic|${period}`,
      code: stock.code,
      type: '定期报告',
      day,
      title: `${stock.name}：${title}`,
      summary,
      body: [
        `${stock.name}董事会及全体董事保证本报告内容的真实、准确、完整。`,
        summary,
        `报告期末为${String(period).slice(0, 4)}年${Number(String(period).slice(4, 6))}月${Number(String(period).slice(6))}日，财务报表未经审计${period % 10000 === 1231 ? '（年度报告经会计师事务所审计）' : ''}。完整的合并利润表、现金流量表与资产负债表见财报速览。`,
      ],
      reportPeriod: period,
    });

    // A forecast before annual and half-year reports whose profit moved by half or more (the rule
    // that makes a 业绩预告 mandatory on the main boards); the range holds the reported figure.
    const change = changeOf(netProfit, priorFigures.netProfit);
    const monthDay = period % 10000;
    if (
      (monthDay === 1231 || monthDay === 630) &&
      netProfit !== undefined &&
      change !== null &&
      Math.abs(change) >= 0.5
    ) {
      const forecastDay = Math.min(
        monthDay === 1231
          ? (Math.floor(period / 10000) + 1) * 10000 + 115 + Math.floor(random() * 15)
          : Math.floor(period / 10000) * 10000 + 705 + Math.floor(random() * 8),
        day,
      );
      const low = netProfit * (netProfit >= 0 ? 0.92 : 1.08);
      const high = netProfit * (netProfit >= 0 ? 1.08 : 0.92);
      const direction = netProfit < 0 ? '预亏' : change > 0 ? '预增' : '预减';
      const forecast = `预计${title.replace('报告', '')}归属于上市公司股东的净利润为${amountText(low)}至${amountText(high)}，上年同期为${amountText(priorFigures.netProfit ?? 0)}。`;
      notices.push({
        dedupeKey: `demo|${stock.code}|forecast|${period}`,
        code: stock.code,
        type: '业绩预告',
        day: forecastDay,
        title: `${stock.name}：${title.replace('报告', '')}业绩${direction}公告`,
        summary: forecast,
        body: [
          forecast,
          '本次业绩预告是公司财务部门初步测算的结果，具体财务数据以公司正式披露的定期报告为准。',
        ],
        reportPeriod: period,
      });
    }
  }
  return notices;
}

/** 每10股派X元: cash per share × 10, as the implementation notice states it. */
function perTenShares(cashPerShare: number): string {
  return (cashPerShare * 10).toFixed(2);
}

function dividendNotices(facts: CompanyFacts): DemoNotice[] {
  const { stock, exDividends, today } = facts;
  const from = (Math.floor(today / 10000) - yearsShown) * 10000;
  return exDividends
    .filter((payout) => payout.day >= from)
    .flatMap((payout) => {
      // Published a week before the ex-date; the record day is the trading day before it.
      const day = addCalendarDays(payout.day, -7);
      if (day > today) return [];
      const year = Math.floor(payout.day / 10000) - 1;
      const parts = [
        payout.cashPerShare > 0 ? `每10股派发现金红利${perTenShares(payout.cashPerShare)}元（含税）` : '',
        payout.bonus > 0 ? `每10股送红股${(payout.bonus * 10).toFixed(1)}股` : '',
      ].filter(Boolean);
      const summary = `以权益分派股权登记日的总股本为基数，${parts.join('，')}。除权除息日为${isoText(payout.day)}。`;
      return [
        {
          dedupeKey: `demo|${stock.code}|dividend|${payout.day}`,
          code: stock.code,
          type: '分红派息' as const,
          day,
          title: `${stock.name}：${year}年年度权益分派实施公告`,
          summary,
          body: [
            `${stock.name}${year}年年度利润分配方案已经股东大会审议通过，现将权益分派事宜公告如下。`,
            summary,
            '除权除息日起，公司股票的前收盘价按除权除息参考价计算。',
          ],
          reportPeriod: year * 10000 + 1231,
        },
      ];
    });
}

function eventNotices(facts: CompanyFacts): DemoNotice[] {
  const { stock, events, today } = facts;
  return events.flatMap((event): DemoNotice[] => {
    if (event.name === '股东大会') {
      // The meeting is called 15 days ahead (公司法 for extraordinary meetings).
      const day = addCalendarDays(event.day, -15);
      if (day > today) return [];
      return [
        {
          dedupeKey: `demo|${stock.code}|meeting|${event.day}`,
          code: stock.code,
          type: '股东大会' as const,
          day,
          title: `${stock.name}：关于召开临时股东大会的通知`,
          summary: `公司定于${isoText(event.day)}召开临时股东大会。${event.content}`,
          body: [
            `会议时间：${isoText(event.day)}。`,
            event.content,
            '股权登记日登记在册的股东均有权出席股东大会。',
          ],
          reportPeriod: null,
        },
      ];
    }
    if (event.name === '限售解禁') {
      const day = addCalendarDays(event.day, -5);
      if (day > today) return [];
      return [
        {
          dedupeKey: `demo|${stock.code}|unlock|${event.day}`,
          code: stock.code,
          type: '解禁' as const,
          day,
          title: `${stock.name}：限售股上市流通提示性公告`,
          summary: `${event.content}上市流通日为${isoText(event.day)}。`,
          body: [
            event.content,
            `本次限售股上市流通日为${isoText(event.day)}。`,
            '保荐机构对本次限售股上市流通无异议。',
          ],
          reportPeriod: null,
        },
      ];
    }
    return [];
  });
}

/**
 * 增减持: after the price fell by a fifth within twenty sessions the controlling holder announces a
 * purchase; after it rose by two fifths a large holder announces a sale. At most one per quarter.
 */
function holdingNotices(facts: CompanyFacts): DemoNotice[] {
  const { stock, bars, today } = facts;
  const notices: DemoNotice[] = [];
  const from = (Math.floor(today / 10000) - yearsShown) * 10000;
  let quietUntil = 0;
  for (let i = 20; i < bars.length; i += 1) {
    const row = bars[i];
    const before = bars[i - 20];
    const close = row?.[5];
    const base = before?.[5];
    if (!row || row[0] < from || row[0] > today || row[0] < quietUntil || !close || !base) continue;
    const move = close / base - 1;
    if (move > -0.2 && move < 0.4) continue;
    const buying = move <= -0.2;
    const share = 0.5 + Math.floor(randomFor(`${stock.code}|${row[0]}`)() * 15) / 10;
    const shares = stock.totalShares ? `${((stock.totalShares * share) / 100 / 1e4).toFixed(0)}万股` : '';
    const summary = buying
      ? `公司控股股东计划自本公告日起6个月内增持公司股份，增持数量不低于总股本的${share.toFixed(1)}%（约${shares}）。`
      : `持股5%以上股东计划自本公告日起15个交易日后的3个月内减持公司股份不超过总股本的${share.toFixed(1)}%（约${shares}）。`;
    notices.push({
      dedupeKey: `demo|${stock.code}|holding|${row[0]}`,
      code: stock.code,
      type: '增减持',
      day: row[0],
      title: `${stock.name}：${buying ? '关于控股股东增持公司股份计划的公告' : '关于持股5%以上股东减持股份计划的预披露公告'}`,
      summary,
      body: [
        summary,
        `公告日收盘价${close.toFixed(2)}元，近20个交易日${buying ? '下跌' : '上涨'}${(Math.abs(move) * 100).toFixed(1)}%。`,
        buying ? '控股股东基于对公司长期价值的认可实施本次增持。' : '本次减持系股东自身资金需要。',
      ],
      reportPeriod: null,
    });
    quietUntil = addCalendarDays(row[0], 90);
  }
  return notices;
}

/** A random stream of its own per item, so adding a later item never changes an earlier one. */
function randomFor(key: string): () => number {
  return mulberry32(hashString(`notices|${key}`));
}

export function isoText(day: number): string {
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/** Every demo announcement of one company, oldest first. */
export function demoNotices(facts: CompanyFacts): DemoNotice[] {
  return [
    ...periodicNotices(facts),
    ...dividendNotices(facts),
    ...eventNotices(facts),
    ...holdingNotices(facts),
  ].sort((a, b) => a.day - b.day || a.dedupeKey.localeCompare(b.dedupeKey));
}
