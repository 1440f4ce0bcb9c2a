import { type RatingChange, type ResearchRating, researchRatings } from '@zhicai/contract';
import { addCalendarDays, type DayBarRow, type DayNumber } from '@zhicai/domain';
import { hashString, mulberry32 } from '../../../market/providers/demo/prng.ts';

/**
 * The demo market's research reports on one stock or one industry (issue 17 Data 2): each covering
 * institution writes after the company's periodic reports and after a big move, at the close of
 * that day. Its rating moves one step with a move of a fifth or more since the day it set its
 * rating (上调 after a rise, 下调 after a fall; a smaller move keeps that day as the base), and a 买入 or 增持 carries a target above the day's close
 * by the rating's upside. Pure and causal, like the announcements. The institutions and analysts
 * are invented names: demo data never pretends to be a real firm's opinion.
 */

export const demoInstitutions = [
  '华岳证券',
  '东澜证券',
  '启衡证券',
  '远川证券',
  '北辰证券',
  '金穗证券',
  '澄海证券',
  '青禾证券',
] as const;

const surnames = ['林', '周', '陈', '许', '沈', '顾', '韩', '宋', '唐', '程'];
const givenNames = ['思远', '嘉宁', '若川', '明哲', '一帆', '安然', '子衿', '景行', '书言', '知微'];

/** A move since the institution set its rating that changes the rating by one step. */
export const ratingMoveThreshold = 0.2;
/** A 20-session move that makes the covering institutions write outside the report calendar. */
const bigMove = 0.15;

/** Target-price upside by rating, as a range [low, high] over the day's close. */
const upside: Record<ResearchRating, [number, number] | null> = {
  买入: [0.2, 0.35],
  增持: [0.1, 0.2],
  中性: null,
  减持: null,
};

export interface DemoResearch {
  dedupeKey: string;
  day: DayNumber;
  title: string;
  institution: string;
  analyst: string;
  rating: ResearchRating;
  ratingChange: RatingChange;
  targetPrice: number | null;
  priceAtDate: number;
  summary: string;
  body: string[];
}

export interface ResearchSubject {
  /** The stock code or the industry code: seeds and keys the reports. */
  key: string;
  name: string;
  /** Stock reports set a target price; industry reports rate the industry only. */
  withTarget: boolean;
  /** Price decimals of the subject (A-shares 2). */
  decimals: number;
}

/** Reports older than this many years are not written. */
const yearsShown = 2;

function step(rating: ResearchRating, by: number): ResearchRating {
  const index = researchRatings.indexOf(rating) - by;
  return researchRatings[Math.min(researchRatings.length - 1, Math.max(0, index))] ?? rating;
}

/**
 * Every demo report on a subject, oldest first. `triggerDays` are the days its periodic reports came
 * out (each covering institution writes within a few days after them).
 */
export function demoResearch(
  subject: ResearchSubject,
  bars: readonly DayBarRow[],
  triggerDays: readonly DayNumber[],
  today: DayNumber,
): DemoResearch[] {
  const random = mulberry32(hashString(`research|${subject.key}`));
  const coverage = 2 + Math.floor(random() * 3);
  const offset = Math.floor(random() * demoInstitutions.length);
  const from = (Math.floor(today / 10000) - yearsShown) * 10000 + (today % 10000);
  const trading = bars.filter((row) => row[0] >= from && row[0] <= today && typeof row[5] === 'number');
  if (trading.length === 0) return [];
  const closeIndex = new Map(trading.map((row, index) => [row[0], index]));

  // Days someone writes: a few days after each periodic report, and the day a big move completes.
  const writeDays = new Set<number>();
  for (const day of triggerDays) {
    const index = trading.findIndex((row) => row[0] >= addCalendarDays(day, 1));
    if (index >= 0) writeDays.add(index);
  }
  let quietUntil = 0;
  for (let index = 20; index < trading.length; index += 1) {
    const close = trading[index]?.[5] as number;
    const base = trading[index - 20]?.[5] as number;
    if (index >= quietUntil && Math.abs(close / base - 1) >= bigMove) {
      writeDays.add(index);
      quietUntil = index + 20;
    }
  }

  const reports: DemoResearch[] = [];
  for (let n = 0; n < coverage; n += 1) {
    const institution = demoInstitutions[(offset + n) % demoInstitutions.length] as string;
    const own = mulberry32(hashString(`research|${subject.key}|${institution}`));
    const analyst = `${surnames[Math.floor(own() * surnames.length)]}${givenNames[Math.floor(own() * givenNames.length)]}`;
    // The rating in force and the close of the day it was set: the base of the next move.
    let previous: { rating: ResearchRating; price: number } | null = null;
    for (const index of [...writeDays].sort((a, b) => a - b)) {
      // Each institution writes on its own day shortly after the trigger, not all on the same one.
      const lag = Math.floor(mulberry32(hashString(`${subject.key}|${institution}|${index}`))() * 4);
      const row = trading[Math.min(trading.length - 1, index + lag)];
      if (!row) continue;
      const day = row[0];
      if (reports.some((report) => report.institution === institution && report.day === day)) continue;
      const price = row[5] as number;
      let rating: ResearchRating;
      let ratingChange: RatingChange;
      if (!previous) {
        rating = own() < 0.6 ? '买入' : own() < 0.85 ? '增持' : '中性';
        ratingChange = '首次';
      } else {
        const move = price / previous.price - 1;
        rating = previous.rating;
        if (move >= ratingMoveThreshold) rating = step(previous.rating, 1);
        else if (move <= -ratingMoveThreshold) rating = step(previous.rating, -1);
        ratingChange = rating === previous.rating ? '维持' : move > 0 ? '上调' : '下调';
      }
      const range = subject.withTarget ? upside[rating] : null;
      const targetPrice = range
        ? Number((price * (1 + range[0] + own() * (range[1] - range[0]))).toFixed(subject.decimals))
        : null;
      const move = previous ? price / previous.price - 1 : null;
      const ratingText =
        ratingChange === '首次' ? `首次覆盖，给予“${rating}”评级` : `${ratingChange}至“${rating}”评级`;
      const ratingSentence = ratingChange === '维持' ? `维持“${rating}”评级` : ratingText;
      const summary = [
        `${subject.name}报告日收盘价${price.toFixed(subject.decimals)}元`,
        move === null
          ? ''
          : `，较本机构设定评级时${move >= 0 ? '上涨' : '下跌'}${(Math.abs(move) * 100).toFixed(1)}%`,
        `。${ratingSentence}`,
        targetPrice === null
          ? '。'
          : `，目标价${targetPrice.toFixed(subject.decimals)}元，较当日收盘价有${((targetPrice / price - 1) * 100).toFixed(1)}%的空间。`,
      ].join('');
      const headline =
        closeIndex.has(day) && triggerDays.some((trigger) => Math.abs(trigger - day) < 20)
          ? '业绩点评'
          : move !== null && move > 0
            ? '强势上行，关注估值消化'
            : '回调后的配置价值';
      reports.push({
        dedupeKey: `demo|${subject.key}|${institution}|${day}`,
        day,
        title: `${subject.name}：${headline}（${ratingSentence}）`,
        institution,
        analyst,
        rating,
        ratingChange,
        targetPrice,
        priceAtDate: price,
        summary,
        body: [
          summary,
          subject.withTarget
            ? '我们依据公司最新定期报告与行业景气度更新盈利预测，目标价按可比公司估值给出。'
            : '我们依据行业指数的走势与成分公司的最新定期报告更新行业观点。',
          '风险提示：宏观经济波动、行业竞争加剧、业绩不及预期。',
        ],
      });
      if (move === null || Math.abs(move) >= ratingMoveThreshold) previous = { rating, price };
    }
  }
  return reports.sort((a, b) => a.day - b.day || a.dedupeKey.localeCompare(b.dedupeKey));
}
