/**
 * The fund side of the demo market's reference tables (issue 15 §3): what each off-exchange fund
 * holds, and who manages which fund. Pure and seeded, like the rest of the demo provider.
 *
 * - An index fund holds its index's members at the index weights; an active fund holds ten names
 *   of its mandate (fundStockPool), each under the 10% single-stock limit (《公开募集证券投资基金
 *   运作管理办法》 §32), all of them within its stock share.
 * - A manager works for one fund company and manages only that company's funds, so a fund's
 *   company, its managers' company and the manager page always agree.
 */
import { addCalendarDays, type DayNumber } from '@zhicai/domain';
import type { Insertable } from 'kysely';
import type { FundHoldingsTable, FundManagersTable, FundManagerTermsTable } from '../../../db/schema.ts';
import { fundCompanies, fundMandate, fundStockPool, fundTerms } from './demo-profiles.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { hashString, mulberry32, pick, type Random } from './prng.ts';

/** The most an active fund holds of one stock, a notch under the 10% limit the rules set. */
export const singleStockLimit = 0.1;
const singleStockCap = 0.095;

/** How many holdings a fund's quarterly report lists (前十大重仓股). */
const reportedHoldings = 10;

/** How many of the largest stocks of its mandate an active fund picks its holdings from. */
const activeCandidates = 30;

function randomFor(seed: number, ...keys: string[]): Random {
  return mulberry32(hashString(`${seed}|${keys.join('|')}`));
}

function dayOf(date: string): DayNumber {
  return Number(date.replaceAll('-', ''));
}

/** Weights rounded down to 1e-5, so rounding never lifts a sum past its bound. */
function floor5(value: number): number {
  return Math.floor(value * 100_000) / 100_000;
}

/**
 * The top holdings of each off-exchange fund and LOF at the report day. `indexWeights` holds each
 * index's members and weights (fractions summing to 1), as the index tables store them.
 */
export function fundHoldingRows(
  seed: number,
  funds: readonly DemoInstrument[],
  stocks: readonly DemoInstrument[],
  indexWeights: ReadonlyMap<string, readonly (readonly [code: string, weight: number])[]>,
  marketValue: (instrument: DemoInstrument) => number,
  reportDay: DayNumber,
): Insertable<FundHoldingsTable>[] {
  const rows: Insertable<FundHoldingsTable>[] = [];
  // Ranked once for all funds (the full market has 10,000 funds over 5,000 stocks): each fund's pool
  // is a filter of this list, so it comes out ranked too.
  const ranked = [...stocks].sort((a, b) => marketValue(b) - marketValue(a) || a.code.localeCompare(b.code));
  const topOfIndex = new Map<string, (readonly [string, number])[]>();
  const indexTop = (code: string, members: readonly (readonly [string, number])[]) => {
    let top = topOfIndex.get(code);
    if (!top) {
      top = [...members].sort((a, b) => b[1] - a[1]).slice(0, reportedHoldings);
      topOfIndex.set(code, top);
    }
    return top;
  };
  // The 30 largest of each mandate's pool, found once per mandate rather than once per fund (a
  // filter of 5,000 stocks for each of 10,000 funds).
  const pools = new Map<ReturnType<typeof fundMandate>, DemoInstrument[]>();
  const poolOf = (fund: DemoInstrument) => {
    const mandate = fundMandate(fund);
    let pool = pools.get(mandate);
    if (!pool) {
      pool = fundStockPool(fund, ranked).slice(0, activeCandidates);
      pools.set(mandate, pool);
    }
    return pool;
  };
  for (const fund of funds) {
    const terms = fundTerms(seed, fund);
    const index = terms.trackedIndex ? indexWeights.get(terms.trackedIndex) : undefined;
    const held =
      terms.trackedIndex && index && index.length > 0
        ? // An index fund replicates its index with its stock share.
          indexTop(terms.trackedIndex, index).map(
            ([code, weight]) => [code, floor5(weight * terms.equityShare)] as const,
          )
        : activeHoldings(seed, fund, poolOf(fund), marketValue, terms.equityShare);
    for (const [code, weight] of held)
      rows.push({ fund_code: fund.code, member_code: code, weight, report_day: reportDay });
  }
  return rows;
}

/**
 * Ten names an active fund picks from `pool`, the larger companies of its mandate (largest first):
 * the top ten carry 45–75% of its stock share, bigger companies a little more, none over the
 * single-stock cap.
 */
function activeHoldings(
  seed: number,
  fund: DemoInstrument,
  pool: readonly DemoInstrument[],
  marketValue: (instrument: DemoInstrument) => number,
  equityShare: number,
): (readonly [string, number])[] {
  const random = randomFor(seed, 'holdings', fund.code);
  // A seeded shuffle of the candidates, then the first ten.
  const shuffled = pool
    .map((stock) => ({ stock, key: random() }))
    .sort((a, b) => a.key - b.key)
    .slice(0, reportedHoldings)
    .map(({ stock }) => stock);
  const raw = shuffled.map((stock) => Math.sqrt(Math.max(marketValue(stock), 1)) * (0.6 + random() * 0.8));
  const rawTotal = raw.reduce((sum, value) => sum + value, 0) || 1;
  const topShare = equityShare * (0.45 + random() * 0.3);
  return shuffled
    .map(
      (stock, i) =>
        [stock.code, floor5(Math.min(singleStockCap, ((raw[i] ?? 0) / rawTotal) * topShare))] as const,
    )
    .sort((a, b) => b[1] - a[1]);
}

const surnames = '张王李赵刘陈杨黄周吴徐孙胡朱高林何郭马罗梁宋郑谢韩唐冯于董萧程曹袁邓许傅沈曾彭吕';
const givenNames = [
  '伟',
  '芳',
  '磊',
  '敏',
  '静',
  '强',
  '洋',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀',
  '霞',
  '平',
  '刚',
  '桂',
  '晨',
  '航',
  '宇',
  '博',
  '坤',
  '晓',
  '峰',
  '蕾',
  '琳',
  '鹏',
  '昊',
  '旭',
];

export interface DemoManager {
  id: string;
  name: string;
  company: string;
  careerStart: DayNumber;
  education: string;
  bio: string;
}

/**
 * The managers of every fund and their terms. Each company gets a team sized to its funds (about
 * one manager per two or three funds); each fund is run by one or two managers of its own company.
 * A term starts no earlier than the fund's inception and the manager's career.
 */
export function fundManagerTables(
  seed: number,
  funds: readonly DemoInstrument[],
  today: DayNumber,
): {
  managers: Insertable<FundManagersTable>[];
  managerTerms: Insertable<FundManagerTermsTable>[];
} {
  const byCompany = new Map<string, DemoInstrument[]>();
  for (const fund of funds) {
    const company = fundTerms(seed, fund).company;
    const list = byCompany.get(company);
    if (list) list.push(fund);
    else byCompany.set(company, [fund]);
  }
  const random = randomFor(seed, 'managers');
  const used = new Set<string>();
  const managers: DemoManager[] = [];
  const managerTerms: Insertable<FundManagerTermsTable>[] = [];
  for (const company of fundCompanies) {
    const companyFunds = byCompany.get(company);
    if (!companyFunds) continue;
    const team: DemoManager[] = [];
    const size = Math.max(1, Math.ceil(companyFunds.length / 2.5));
    while (team.length < size) {
      const manager = newManager(random, used, company, managers.length);
      managers.push(manager);
      team.push(manager);
    }
    companyFunds.forEach((fund, index) => {
      const termRandom = randomFor(seed, 'terms', fund.code);
      const count = team.length > 1 && termRandom() < 0.3 ? 2 : 1;
      for (let k = 0; k < count; k += 1) {
        const manager = team[(index + k) % team.length];
        if (!manager) continue;
        const start = Math.max(
          dayOf(fund.listingDate),
          manager.careerStart,
          addCalendarDays(today, -Math.floor(termRandom() * 3000) - 200),
        );
        managerTerms.push({ manager_id: manager.id, fund_code: fund.code, start_day: start });
      }
    });
  }
  return {
    managers: managers.map((manager) => ({
      id: manager.id,
      name: manager.name,
      company: manager.company,
      career_start: manager.careerStart,
      education: manager.education,
      bio: manager.bio,
    })),
    managerTerms,
  };
}

function newManager(random: Random, used: Set<string>, company: string, ordinal: number): DemoManager {
  let name = '';
  do {
    name = `${surnames[Math.floor(random() * surnames.length)]}${pick(random, givenNames)}${random() < 0.5 ? pick(random, givenNames) : ''}`;
  } while (used.has(name));
  used.add(name);
  const startYear = 2008 + Math.floor(random() * 14);
  const education = pick(random, [
    '北京大学硕士',
    '清华大学硕士',
    '复旦大学硕士',
    '上海财经大学硕士',
    '中国人民大学博士',
    '香港大学硕士',
    '哥伦比亚大学硕士',
  ]);
  return {
    id: `M${String(1000 + ordinal)}`,
    name,
    company,
    careerStart: startYear * 10000 + 101 + Math.floor(random() * 11) * 100,
    education,
    bio: `${name}，${education}，CFA。${startYear}年加入${company}基金，历任行业研究员、投资经理，擅长${pick(random, ['消费', '科技成长', '医药', '高端制造', '价值投资', '均衡配置'])}领域的深度研究，注重企业长期竞争力与估值的匹配。`,
  };
}
