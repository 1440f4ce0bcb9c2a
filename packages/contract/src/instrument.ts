import { instrumentTypes } from '@zhicai/domain';
import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/**
 * Instrument codes and the shapes every market group shares (reference/protocol.md "Envelope and
 * codes"): `code.EXCHANGE` in queries and bodies, the dot dropped in `/api/v4/` path segments.
 */

export const instrumentSuffixes = ['SH', 'SZ', 'BJ', 'HK', 'ZSI', 'WI', 'HI', 'CSI', 'OF'] as const;

const dottedCode = /^[0-9A-Z]{1,10}\.(SH|SZ|BJ|HK|ZSI|WI|HI|CSI|OF)$/;
// Three-letter suffixes first, so 801080ZSI reads as 801080.ZSI and not 801080Z.SI.
const pathCode = /^([0-9A-Z]{1,10}?)(ZSI|CSI|SH|SZ|BJ|HK|WI|HI|OF)$/;

/** A code as queries and bodies carry it; case-insensitive on the way in, upper case after. */
export const instrumentCode = lazySchema(() =>
  z.string().trim().toUpperCase().regex(dottedCode, '代码格式应为 代码.交易所，例如 600519.SH'),
);

/** A code in an `/api/v4/` path segment (510300SH), read back into its dotted form (510300.SH). */
export const pathInstrumentCode = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(pathCode, '代码格式应为 代码+交易所，例如 510300SH')
    .transform((segment) => segment.replace(pathCode, '$1.$2')),
);

/** A comma-separated list of codes (`?codes=600519.SH,000001.SZ`), at most 200. */
export const instrumentCodeList = lazySchema(() =>
  z
    .string()
    .trim()
    .toUpperCase()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((code) => code.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().regex(dottedCode, '代码格式应为 代码.交易所，例如 600519.SH')).min(1).max(200)),
);

/** The instrument types of spec 1 §3, as the domain lists them (one list, not a copy). */
export const instrumentTypeSchema = lazySchema(() => z.enum(instrumentTypes));

/** A YYYYMMDD calendar day as an integer (K-line dates, trading days). */
export const dayNumber = lazySchema(() => z.number().int().min(19000101).max(21001231));

/**
 * What the quote of an instrument is doing right now. `delisted`: the share met the face-value
 * delisting rule (面值退市) and stands at its last close for good.
 */
export const quoteStatus = lazySchema(() =>
  z.enum(['trading', 'preopen', 'lunch', 'closed', 'suspended', 'delisted']),
);

/**
 * The latest quote of one instrument. Prices in the instrument's currency (yuan; HK dollars for
 * Hong Kong), volume in shares (fund units for ETFs), amount in yuan, every ratio a fraction
 * (0.0312 = 3.12%). Null where a figure does not exist (an index has no PE, a suspended stock no
 * open).
 */
export const quote = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    /** Epoch milliseconds of the last tick. */
    time: z.number(),
    /** The trading day the figures belong to. */
    tradingDay: dayNumber,
    status: quoteStatus,
    price: z.number().nullable(),
    prevClose: z.number().nullable(),
    open: z.number().nullable(),
    high: z.number().nullable(),
    low: z.number().nullable(),
    volume: z.number(),
    amount: z.number(),
    /** Price change against the previous close. */
    chg: z.number().nullable(),
    /** Change as a fraction of the previous close. */
    chgPct: z.number().nullable(),
    /** (high − low) ÷ previous close. */
    amplitude: z.number().nullable(),
    /** Volume ÷ float shares; null for indices. */
    turnoverRate: z.number().nullable(),
    /**
     * Daily price limits at the tick (±10% main board, ±20% STAR/ChiNext, ±30% BJ, main-board ST ±5%
     * until 4 July 2025 and ±10% since); null where none: HK, indices, a new listing's first days.
     */
    limitUp: z.number().nullable(),
    limitDown: z.number().nullable(),
    /** Trailing PE and PB; null for indices, funds, and for loss-makers' PE. */
    pe: z.number().nullable(),
    pb: z.number().nullable(),
    /** Total and float market value in yuan; null for indices. */
    marketCap: z.number().nullable(),
    floatMarketCap: z.number().nullable(),
  }),
);
export type Quote = z.infer<typeof quote>;

/** One instrument as search and lists name it. */
export const instrumentRef = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
  }),
);
export type InstrumentRef = z.infer<typeof instrumentRef>;

/** Paging shared by list calls: page from 1, size up to 100. */
export const paging = lazySchema(() => ({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
}));

/** `isCN=true|false` as the original client sends it. */
export const booleanFlag = lazySchema(() =>
  z.enum(['true', 'false', '1', '0']).transform((flag) => flag === 'true' || flag === '1'),
);

/** Where the market data comes from: the generated demo market, or imported vendor files. */
export const dataSource = lazySchema(() => z.enum(['demo', 'import']));
export type DataSource = z.infer<typeof dataSource>;
