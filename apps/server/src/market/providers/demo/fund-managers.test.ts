/**
 * Fund managers over every fund of the full universe (issue 15 item 3): a manager works for one
 * company, every fund is run by managers of the company its profile names, and a term starts no
 * earlier than the fund and the manager's career.
 */
import { describe, expect, it } from 'vitest';
import { fundManagerTables } from './demo-fund-tables.ts';
import { dayOf } from './demo-histories.ts';
import { fundTerms } from './demo-profiles.ts';
import { defaultDemoSeed, generateDemoCatalogue } from './instrument-catalogue.ts';

const seed = defaultDemoSeed;
const today = 20261120;
const funds = generateDemoCatalogue(seed, 'full').instruments.filter((item) => item.type.startsWith('fund_'));
const { managers, managerTerms } = fundManagerTables(seed, funds, today);
const managerById = new Map(managers.map((manager) => [manager.id, manager]));
const companyOf = new Map(funds.map((fund) => [fund.code, fundTerms(seed, fund).company]));

describe('fund managers of the full universe', () => {
  it('runs every fund by one or two managers of the company its profile names', () => {
    expect(funds.length).toBeGreaterThan(10_000);
    const termsOf = new Map<string, string[]>();
    for (const term of managerTerms)
      termsOf.set(term.fund_code, [...(termsOf.get(term.fund_code) ?? []), term.manager_id]);
    const wrong: string[] = [];
    for (const fund of funds) {
      const ids = termsOf.get(fund.code) ?? [];
      if (ids.length < 1 || ids.length > 2) wrong.push(`${fund.code}: ${ids.length} managers`);
      for (const id of ids)
        if (managerById.get(id)?.company !== companyOf.get(fund.code))
          wrong.push(
            `${fund.code} (${companyOf.get(fund.code)}) run by ${id} of ${managerById.get(id)?.company}`,
          );
    }
    expect(wrong).toEqual([]);
  });

  it("gives each manager funds of one company only: the manager's own", () => {
    const companies = new Map<string, Set<string>>();
    for (const term of managerTerms) {
      const set = companies.get(term.manager_id) ?? new Set<string>();
      set.add(companyOf.get(term.fund_code) ?? '?');
      companies.set(term.manager_id, set);
    }
    const several = [...companies].filter(([, set]) => set.size !== 1);
    expect(several).toEqual([]);
    for (const [id, set] of companies) expect([...set]).toEqual([managerById.get(id)?.company]);
  });

  it('starts every term on or after the fund’s inception and the manager’s career start, before today', () => {
    const fundByCode = new Map(funds.map((fund) => [fund.code, fund]));
    const wrong = managerTerms.filter((term) => {
      const fund = fundByCode.get(term.fund_code);
      const manager = managerById.get(term.manager_id);
      return (
        !fund ||
        !manager ||
        term.start_day < dayOf(fund.listingDate) ||
        term.start_day < manager.career_start ||
        term.start_day > today
      );
    });
    expect(wrong).toEqual([]);
  });
});
