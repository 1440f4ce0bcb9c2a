import type { DayNumber, InstrumentType } from '@zhicai/domain';
import type { KnownInstruments, ParsedFile } from './import-context.ts';
import { type ImportProblem, inLineOrder } from './import-problem.ts';
import { codeCell, dateCell, fractionCell, readTable } from './table.ts';

/**
 * Who belongs to what: index constituents (members.csv) and fund holdings (holdings.csv). Each file
 * holds the complete list of every index or fund it names: importing it replaces their stored lists.
 */

// Weights are rounded by vendors; a list may add up to slightly more than the whole.
const weightTolerance = 0.001;

interface Membership {
  owner: string;
  member: string;
  weight: number;
  reportDay?: DayNumber;
}

function checkMemberships(
  file: string,
  rows: readonly { line: number; value: Membership }[],
  known: KnownInstruments,
  problems: ImportProblem[],
  owner: { column: string; accepts: (type: InstrumentType) => boolean; what: string },
): Map<string, Membership[]> {
  const byOwner = new Map<string, Membership[]>();
  const seen = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const { line, value } of rows) {
    const problem = (field: string, message: string) => problems.push({ file, line, field, message });
    const ownerType = known.get(value.owner)?.type;
    if (ownerType === undefined) {
      problem(
        owner.column,
        `${value.owner} is not an imported instrument (list it in instruments.csv first)`,
      );
      continue;
    }
    if (!owner.accepts(ownerType)) {
      problem(owner.column, `${value.owner} is ${ownerType}, not ${owner.what}`);
      continue;
    }
    if (!known.has(value.member)) {
      problem(
        'member_code',
        `${value.member} is not an imported instrument (list it in instruments.csv first)`,
      );
      continue;
    }
    const key = `${value.owner}|${value.member}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problem('member_code', `${value.member} is already listed for ${value.owner} on line ${earlier}`);
      continue;
    }
    seen.set(key, line);
    const total = (totals.get(value.owner) ?? 0) + value.weight;
    totals.set(value.owner, total);
    if (total > 1 + weightTolerance)
      problem(
        'weight',
        `the weights of ${value.owner} add up to ${Number(total.toFixed(6))} here, more than 1`,
      );
    const list = byOwner.get(value.owner);
    if (list) list.push(value);
    else byOwner.set(value.owner, [value]);
  }
  return byOwner;
}

export const memberColumns = { index_code: codeCell, member_code: codeCell, weight: fractionCell };

/** Index constituents with weights as fractions (0.052 is 5.2 %): broad, SW industry and concept indices. */
export function parseMembers(
  file: string,
  text: string,
  known: KnownInstruments,
): ParsedFile<Map<string, { member: string; weight: number }[]>> & { problems: ImportProblem[] } {
  const table = readTable(file, text, memberColumns);
  const problems = [...table.problems];
  const rows = table.rows.map(({ line, value }) => ({
    line,
    value: { owner: value.index_code, member: value.member_code, weight: value.weight },
  }));
  const byIndex = checkMemberships(file, rows, known, problems, {
    column: 'index_code',
    accepts: (type) => type.startsWith('index_'),
    what: 'an index',
  });
  const result = new Map(
    [...byIndex].map(([index, list]) => [
      index,
      list.map((item) => ({ member: item.member, weight: item.weight })),
    ]),
  );
  return { rows: result, count: rows.length, codes: result.size, notes: [], problems: inLineOrder(problems) };
}

export const holdingColumns = {
  fund_code: codeCell,
  member_code: codeCell,
  weight: fractionCell,
  report_date: dateCell,
};

/** Fund and ETF holdings as of a report date, weights as fractions of net assets. */
export function parseHoldings(
  file: string,
  text: string,
  known: KnownInstruments,
): ParsedFile<Map<string, { member: string; weight: number; reportDay: DayNumber }[]>> & {
  problems: ImportProblem[];
} {
  const table = readTable(file, text, holdingColumns);
  const problems = [...table.problems];
  const rows = table.rows.map(({ line, value }) => ({
    line,
    value: {
      owner: value.fund_code,
      member: value.member_code,
      weight: value.weight,
      reportDay: value.report_date,
    },
  }));
  const byFund = checkMemberships(file, rows, known, problems, {
    column: 'fund_code',
    accepts: (type) => type.startsWith('fund_'),
    what: 'a fund',
  });
  const result = new Map(
    [...byFund].map(([fund, list]) => [
      fund,
      list.map((item) => ({ member: item.member, weight: item.weight, reportDay: item.reportDay ?? 0 })),
    ]),
  );
  return { rows: result, count: rows.length, codes: result.size, notes: [], problems: inLineOrder(problems) };
}
