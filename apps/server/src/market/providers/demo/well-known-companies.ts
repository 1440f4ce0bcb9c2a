/**
 * The real identities of the demo market's well-known stocks (well-known-companies.json): full name,
 * region, main business, share counts and the price level each trades around. The table is data
 * rather than code, and it is validated when this module loads, so a broken edit stops the server at
 * boot (and fails the tests) instead of showing a wrong company.
 */
import { z } from 'zod';
import table from './well-known-companies.json' with { type: 'json' };

export interface WellKnownCompany {
  code: string;
  /** Full legal name in Chinese (公司名称). */
  fullName: string;
  /** Province or region (所属地域). */
  area: string;
  mainBusiness: string;
  totalShares: number;
  floatShares: number;
  /** The price level the stock trades around: yuan for A-shares, Hong Kong dollars for Hong Kong. */
  price: number;
}

const companyFile = z.object({
  about: z.array(z.string()),
  companies: z.array(
    z.strictObject({
      code: z.string().regex(/^(\d{6}\.(SH|SZ|BJ)|\d{5}\.HK)$/, 'an A-share or Hong Kong code'),
      fullName: z.string().min(2),
      area: z.string().min(2),
      mainBusiness: z.string().min(2),
      totalShares: z.number().int().positive(),
      floatShares: z.number().int().positive(),
      price: z.number().positive(),
    }),
  ),
});

/** Parses and checks the table: well-formed rows, unique codes, float no larger than the total. */
export function parseWellKnownCompanies(raw: unknown): Map<string, WellKnownCompany> {
  const file = companyFile.parse(raw);
  const companies = new Map<string, WellKnownCompany>();
  const problems: string[] = [];
  for (const row of file.companies) {
    if (companies.has(row.code)) problems.push(`${row.code} is listed twice`);
    if (row.floatShares > row.totalShares) problems.push(`${row.code} floats more shares than it has`);
    companies.set(row.code, row);
  }
  if (problems.length > 0) throw new Error(`well-known-companies.json: ${problems.join('; ')}`);
  return companies;
}

export const wellKnownCompanies: ReadonlyMap<string, WellKnownCompany> = parseWellKnownCompanies(table);
