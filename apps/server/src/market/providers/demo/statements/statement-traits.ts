/**
 * The traits the demo statements are generated from, read from statement-traits.json: per SW
 * level-1 industry the shape of a company's statements, and for a few well-known companies the
 * margins and segments users know. The file's values are checked by the tests (parseStatementTraits
 * on the bundled file), and its industries and companies also when this module loads, so a broken
 * edit fails the tests instead of generating implausible statements.
 */
import { z } from 'zod';
import { swIndustryNode } from '../sw-industry-tree.ts';
import { wellKnownAShares } from '../well-known-instruments.ts';
import table from './statement-traits.json' with { type: 'json' };

export interface IndustryTraits {
  /** Business segments a company of the industry reports, largest first. */
  segments: readonly string[];
  /** Liabilities over assets. */
  debt: number;
  /** Selling expenses, R&D, taxes and surcharges, capital spending and contract liabilities over revenue. */
  selling: number;
  rd: number;
  surcharges: number;
  capex: number;
  contract: number;
  /** Fixed assets over annual revenue. */
  fixedAssets: number;
  /** Receivables in days of revenue, inventories in days of cost. */
  receivableDays: number;
  inventoryDays: number;
  /** Share of the year's revenue per quarter, Q1 to Q4. */
  season: readonly [number, number, number, number];
  /** The range of gross margins in the industry. */
  grossMargin: readonly [number, number];
}

/** What users know of a well-known company: its gross margin (a fraction) and its segments. */
export interface KnownCompany {
  grossMargin: number;
  segments: readonly string[];
}

/**
 * The file's shape. Checked by parseStatementTraits, which the tests run on the bundled file; a start
 * reads the file as checked (issue 15 item 8: a restart answers within 1 s, and the zod checks of
 * the bundled tables cost tens of milliseconds of it), so the schema is built only when asked.
 */
function traitsFile() {
  const fraction = z.number().min(0).max(1);
  const days = z.number().min(0).max(3650);
  const traitFields = {
    segments: z.array(z.string().min(1)).min(1),
    debt: fraction,
    selling: fraction,
    rd: fraction,
    surcharges: fraction,
    capex: fraction,
    contract: fraction,
    fixedAssets: z.number().positive().max(10),
    receivableDays: days,
    inventoryDays: days,
    season: z
      .tuple([fraction, fraction, fraction, fraction])
      .refine((weights) => Math.abs(weights.reduce((sum, weight) => sum + weight, 0) - 1) < 0.02, {
        message: 'the four quarters should sum to about 1',
      }),
    grossMargin: z.tuple([fraction, fraction]).refine(([low, high]) => low < high, {
      message: 'the range runs from low to high',
    }),
  };

  return z.object({
    about: z.array(z.string()),
    defaults: z.strictObject({ verified: z.boolean(), ...traitFields }),
    industries: z.array(
      z.strictObject({
        industry: z.string().regex(/^8\d{5}$/, 'a six-digit SW level-1 code'),
        name: z.string().min(1),
        verified: z.boolean(),
        ...z.object(traitFields).partial().shape,
      }),
    ),
    companies: z.array(
      z.strictObject({
        code: z.string().regex(/^\d{6}\.(SH|SZ)$/, 'an A-share code'),
        name: z.string().min(1),
        verified: z.boolean(),
        grossMargin: fraction,
        segments: z.array(z.string().min(1)).min(1),
      }),
    ),
  });
}

type TraitsFile = z.infer<ReturnType<typeof traitsFile>>;

export interface StatementTraitsTable {
  defaults: IndustryTraits;
  /** Keyed by level-1 index code (`801120.ZSI`); only the fields that differ from the defaults. */
  industries: Map<string, Partial<IndustryTraits>>;
  companies: Map<string, KnownCompany>;
}

const wellKnownNames = new Map(wellKnownAShares.map((stock) => [stock.code, stock.name]));

/**
 * Parses and checks the traits file: well-formed values in their ranges, industries that are SW
 * level-1 industries named as the tree names them, companies that are well-known A-shares, each
 * listed once. Throws with every problem found.
 */
export function parseStatementTraits(raw: unknown): StatementTraitsTable {
  return statementTraitsOf(traitsFile().parse(raw));
}

/** The traits of a well-formed file, with the checks against the SW tree and the well-known names. */
function statementTraitsOf(file: TraitsFile): StatementTraitsTable {
  const problems: string[] = [];
  const { verified: _defaultsVerified, ...defaults } = file.defaults;
  const industries = new Map<string, Partial<IndustryTraits>>();
  for (const { industry, name, verified: _verified, ...traits } of file.industries) {
    const code = `${industry}.ZSI`;
    const node = swIndustryNode(code);
    if (node?.level !== 1) problems.push(`${industry} is not an SW level-1 industry`);
    else if (node.name !== name) problems.push(`${industry} is ${node.name}, not ${name}`);
    if (industries.has(code)) problems.push(`${industry} is listed twice`);
    industries.set(code, traits);
  }
  const companies = new Map<string, KnownCompany>();
  for (const { code, name, grossMargin, segments } of file.companies) {
    const known = wellKnownNames.get(code);
    if (known !== name)
      problems.push(`${code} ${name} is not a well-known A-share${known ? ` (${known})` : ''}`);
    if (companies.has(code)) problems.push(`${code} is listed twice`);
    companies.set(code, { grossMargin, segments });
  }
  if (problems.length > 0) throw new Error(`statement-traits.json: ${problems.join('; ')}`);
  return { defaults, industries, companies };
}

// The bundled file, well-formed as its test checks (parseStatementTraits).
const traits = statementTraitsOf(table as TraitsFile);

/** The traits of a company of the industry: the defaults with the industry's own values over them. */
export function industryTraits(industry: string | null | undefined): IndustryTraits {
  return { ...traits.defaults, ...(traits.industries.get(industry ?? '') ?? {}) };
}

export function knownCompany(code: string): KnownCompany | undefined {
  return traits.companies.get(code);
}
