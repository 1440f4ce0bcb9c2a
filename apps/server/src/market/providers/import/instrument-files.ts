import {
  type BadgeMarket,
  codeSuffix,
  type InstrumentType,
  instrumentTypes,
  marketBadge,
} from '@zhicai/domain';
import { z } from 'zod';
import type { InstrumentProfile } from '../../instrument-profile.ts';
import { toPinyin } from '../demo/pinyin.ts';
import type { InstrumentRow, KnownInstruments, ParsedFile } from './import-context.ts';
import { type ImportProblem, inLineOrder } from './import-problem.ts';
import { codeCell, dateCell, flagCell, positiveCell, readTable, text } from './table.ts';

const badgeMarkets = ['sh', 'sz', 'star', 'chinext', 'bj', 'hk', 'index', 'etf', 'lof', 'fund'] as const;
const pinyinCell = z
  .string()
  .transform((value) => value.toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]+$/, 'must be Latin letters and digits only'));

/** instruments.csv columns (docs/import-format.md). */
export const instrumentColumns = {
  code: codeCell,
  name: text(64),
  type: z.enum(instrumentTypes, { error: `must be one of ${instrumentTypes.join(', ')}` }),
  board: z.enum(badgeMarkets, { error: `must be one of ${badgeMarkets.join(', ')}` }).optional(),
  listing_date: dateCell,
  total_shares: positiveCell.optional(),
  float_shares: positiveCell.optional(),
  industry: codeCell.optional(),
  is_st: flagCell.optional(),
  pinyin_initials: pinyinCell.optional(),
  pinyin: pinyinCell.optional(),
};

/**
 * instruments.csv: the master. Rows are upserted by code (an existing instrument's profile is kept).
 * `known` holds the instruments already stored, so `industry` may name an SW index of an earlier import.
 */
export function parseInstruments(
  file: string,
  text: string,
  known: KnownInstruments,
): ParsedFile<InstrumentRow[]> & { problems: ImportProblem[] } {
  const table = readTable(file, text, instrumentColumns);
  const problems = [...table.problems];
  const notes: string[] = [];
  const firstLine = new Map<string, number>();
  const typeInFile = new Map<string, InstrumentType>();
  for (const { line, value } of table.rows) {
    const earlier = firstLine.get(value.code);
    if (earlier !== undefined)
      problems.push({ file, line, field: 'code', message: `${value.code} is already on line ${earlier}` });
    else firstLine.set(value.code, line);
    typeInFile.set(value.code, value.type);
  }
  const typeOf = (code: string) => typeInFile.get(code) ?? known.get(code)?.type;

  const rows: InstrumentRow[] = [];
  const withoutPinyin: string[] = [];
  for (const { line, value } of table.rows) {
    const problem = (field: string, message: string) => problems.push({ file, line, field, message });
    const suffix = codeSuffix(value.code);
    if ((value.type === 'hk') !== (suffix === 'HK'))
      problem(
        'type',
        value.type === 'hk'
          ? 'a Hong Kong stock needs a .HK code'
          : `a .HK code must have type hk, not ${value.type}`,
      );
    if (value.type === 'index_hk_hs' && suffix !== 'HI')
      problem('type', 'a Hong Kong index needs a .HI code');
    if (value.type === 'fund_outside' && suffix !== 'OF')
      problem('type', 'an off-exchange fund needs a .OF code');
    const board: BadgeMarket | undefined = value.board ?? marketBadge(value.code, value.type)?.market;
    if (!board)
      problem('board', `cannot be told from the code ${value.code}; give one of ${badgeMarkets.join(', ')}`);
    if (
      value.total_shares !== undefined &&
      value.float_shares !== undefined &&
      value.float_shares > value.total_shares
    )
      problem('float_shares', `${value.float_shares} is more than total_shares ${value.total_shares}`);
    if (value.industry !== undefined) {
      const industryType = typeOf(value.industry);
      if (industryType === undefined)
        problem('industry', `${value.industry} is not in this file nor already imported`);
      else if (industryType !== 'index_hy')
        problem('industry', `${value.industry} is ${industryType}, not an industry index (index_hy)`);
    }
    const reading = toPinyin(value.name);
    if ((value.pinyin_initials === undefined || value.pinyin === undefined) && reading.unknown.length > 0)
      withoutPinyin.push(value.code);
    rows.push({
      code: value.code,
      name: value.name,
      type: value.type,
      board: board ?? 'index',
      industry: value.industry ?? null,
      listing_day: value.listing_date,
      total_shares: value.total_shares ?? null,
      float_shares: value.float_shares ?? null,
      pinyin_initials: value.pinyin_initials ?? reading.initials,
      pinyin: value.pinyin ?? reading.full,
      // The ST mark (±5 % limits) follows the name when the column is left out: ST茅台, *ST海润.
      is_st: (value.is_st ?? /^\*?ST/.test(value.name)) ? 1 : 0,
    });
  }
  if (withoutPinyin.length > 0)
    notes.push(
      `${withoutPinyin.length} names have characters without a built-in pinyin reading (${withoutPinyin.slice(0, 5).join(', ')}${withoutPinyin.length > 5 ? ', …' : ''}); give pinyin_initials and pinyin so pinyin search finds them`,
    );
  return { rows, count: table.rows.length, codes: firstLine.size, notes, problems: inLineOrder(problems) };
}

const fraction = z.number().min(0).max(1);
const companyProfile = z.strictObject({
  code: z.string(),
  kind: z.literal('company'),
  fullName: z.string().min(1),
  area: z.string().default(''),
  chairman: z.string().default(''),
  holder: z.string().default(''),
  holderTop1Pct: fraction,
  employees: z.number().int().min(0),
  website: z.string().default(''),
  mainBusiness: z.string().default(''),
  briefing: z.string().default(''),
  dividendYield: fraction.default(0),
});
const fundProfile = z.strictObject({
  code: z.string(),
  kind: z.literal('fund'),
  company: z.string().min(1),
  category: z.string().min(1),
  benchmark: z.string().default(''),
  riskLevel: z.number().int().min(1).max(5),
  management: fraction,
  custody: fraction,
  salesService: fraction.default(0),
  equityShare: fraction,
  distributed: z.number().min(0).default(0),
  trackedIndex: z.string().nullable().optional(),
});
const indexProfile = z.strictObject({
  code: z.string(),
  kind: z.literal('index'),
  publisher: z.string().min(1),
});
const profileLine = z.discriminatedUnion('kind', [companyProfile, fundProfile, indexProfile], {
  error: 'kind must be company, fund or index',
});

const profileKindOf = (type: InstrumentType): InstrumentProfile['kind'] =>
  type === 'capital' || type === 'hk' ? 'company' : type.startsWith('fund_') ? 'fund' : 'index';

/**
 * profiles.jsonl: one JSON object per line, `{"code": "600519.SH", "kind": "company", …}`, the
 * descriptive document of an instrument already in the master (company, fund terms, index publisher).
 */
export function parseProfiles(
  file: string,
  text: string,
  known: KnownInstruments,
): ParsedFile<{ code: string; profile: InstrumentProfile }[]> & { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const rows: { code: string; profile: InstrumentProfile }[] = [];
  const firstLine = new Map<string, number>();
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/);
  lines.forEach((source, index) => {
    const line = index + 1;
    if (source.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(source);
    } catch (error) {
      problems.push({ file, line, message: `not valid JSON (${(error as Error).message})` });
      return;
    }
    const parsed = profileLine.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.push({
          file,
          line,
          ...(issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
          message: issue.message,
        });
      return;
    }
    const { code: rawCode, ...profile } = parsed.data;
    const code = rawCode.trim().toUpperCase();
    const instrument = known.get(code);
    if (!instrument) {
      problems.push({
        file,
        line,
        field: 'code',
        message: `${code} is not an imported instrument (list it in instruments.csv)`,
      });
      return;
    }
    const expected = profileKindOf(instrument.type);
    if (profile.kind !== expected) {
      problems.push({
        file,
        line,
        field: 'kind',
        message: `${code} is ${instrument.type}, so its profile kind is ${expected}`,
      });
      return;
    }
    const earlier = firstLine.get(code);
    if (earlier !== undefined) {
      problems.push({ file, line, field: 'code', message: `${code} is already on line ${earlier}` });
      return;
    }
    firstLine.set(code, line);
    rows.push({ code, profile });
  });
  return { rows, count: rows.length, codes: rows.length, notes: [], problems: inLineOrder(problems) };
}
