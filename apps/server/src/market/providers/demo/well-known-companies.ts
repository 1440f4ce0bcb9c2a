/**
 * The real identities of the demo market's well-known stocks (well-known-companies.json): full name,
 * region, main business, share counts and the price level each trades around. The table is data
 * rather than code: its shape is checked by the tests (parseWellKnownCompanies on the bundled file),
 * and what spans rows (unique codes, float within the total) also when this module loads, so a
 * broken edit fails the tests instead of showing a wrong company.
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

/**
 * The file's shape. Checked by parseWellKnownCompanies, which the tests run on the bundled file; a
 * start reads the file as checked (issue 15 item 8: a restart answers within 1 s), so the schema is
 * built only when asked.
 */
function companyFile() {
  return z.object({
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
}

/** Parses and checks the table: well-formed rows, unique codes, float no larger than the total. */
export function parseWellKnownCompanies(raw: unknown): Map<string, WellKnownCompany> {
  return companiesOf(companyFile().parse(raw));
}

/** The companies of a well-formed file, with the checks that span rows (cheap: they run at every start). */
function companiesOf(file: z.infer<ReturnType<typeof companyFile>>): Map<string, WellKnownCompany> {
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

// The bundled file, well-formed as its test checks (parseWellKnownCompanies).
export const wellKnownCompanies: ReadonlyMap<string, WellKnownCompany> = companiesOf(table);
