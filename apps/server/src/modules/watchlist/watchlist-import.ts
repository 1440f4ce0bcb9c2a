import type { ImportResult, InstrumentRef } from '@zhicai/contract';
import type { InstrumentType } from '@zhicai/domain';
import type { Instrument, InstrumentDirectory } from '../../market/instrument-directory.ts';

/**
 * Reading a watchlist another app shows (issue 16 item 5): pasted text, one instrument a line, or
 * the lines an OCR made of a screenshot. Each line becomes a candidate the user confirms: a code
 * in any usual spelling (600519, 600519.SH, SH600519, 600519SH, 00700, 700.HK), a name, or its
 * pinyin (gzmt, guizhoumaotai), matched against the instrument master.
 */

/** Lines read from one import; a longer paste is cut here (the item limit of a group is 500). */
export const IMPORT_LINE_LIMIT = 500;
const MATCHES_SHOWN = 5;

/** Suffixes a bare six-digit code may take, the likeliest first. */
const sixDigitSuffixes = ['SH', 'SZ', 'BJ', 'OF'] as const;
/** When a bare code names several instruments, the one people follow most comes first. */
const typeRank: Readonly<Record<InstrumentType, number>> = {
  capital: 0,
  fund_onside: 1,
  fund_lof: 2,
  fund_outside: 3,
  hk: 4,
  index_hs: 5,
  index_hy: 6,
  index_gn: 7,
  index_hk_hs: 8,
};

function ref(instrument: Instrument): InstrumentRef {
  return { code: instrument.code, name: instrument.name, type: instrument.type };
}

/** The instruments a token spelling a code can mean, best first; empty when it is no code. */
export function codeMatches(directory: InstrumentDirectory, token: string): Instrument[] {
  const text = token.trim().toUpperCase();
  const dotted = /^([0-9A-Z]{1,10})\.(SH|SZ|BJ|HK|ZSI|WI|HI|CSI|OF)$/.exec(text);
  if (dotted) {
    const [, digits = '', suffix] = dotted;
    const code = suffix === 'HK' ? `${digits.padStart(5, '0')}.HK` : text;
    const found = directory.get(code);
    return found ? [found] : [];
  }
  const prefixed = /^(SH|SZ|BJ)(\d{6})$/.exec(text) ?? /^(\d{6})(SH|SZ|BJ)$/.exec(text);
  if (prefixed) {
    const [digits, suffix] = /^\d/.test(prefixed[1] ?? '')
      ? [prefixed[1], prefixed[2]]
      : [prefixed[2], prefixed[1]];
    const found = directory.get(`${digits}.${suffix}`);
    return found ? [found] : [];
  }
  if (/^\d{6}$/.test(text)) {
    return sixDigitSuffixes
      .flatMap((suffix) => directory.get(`${text}.${suffix}`) ?? [])
      .sort((a, b) => typeRank[a.type] - typeRank[b.type]);
  }
  if (/^\d{1,5}$/.test(text) || /^HK\d{1,5}$/.test(text)) {
    const found = directory.get(`${text.replace('HK', '').padStart(5, '0')}.HK`);
    return found ? [found] : [];
  }
  return [];
}

function isIndex(instrument: Instrument): boolean {
  return instrument.type.startsWith('index_');
}

/**
 * The name in a line: OCR spaces Chinese characters apart (贵 州 茅 台) and a copied row carries
 * figures after the name, so the longest run of Han characters (with letters: *ST, ETF, XD) is
 * taken; a line without Han characters is taken whole (pinyin).
 */
function nameIn(line: string): string {
  const compact = line.replace(/(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu, '').trim();
  const runs = compact.match(/[*A-Za-z]*\p{Script=Han}[\p{Script=Han}A-Za-z0-9*]*/gu) ?? [];
  const longest = runs.reduce((best, run) => (run.length > best.length ? run : best), '');
  return longest === '' ? compact.replace(/\s+/g, '') : longest;
}

/** One line: a code anywhere in it wins (a copied row often reads "600519 贵州茅台 1480.00"). */
export function matchLine(
  directory: InstrumentDirectory,
  line: string,
): { status: 'matched' | 'ambiguous' | 'unmatched'; matches: Instrument[] } {
  for (const token of line.split(/\s+/)) {
    const byCode = codeMatches(directory, token);
    if (byCode.length === 0) continue;
    // A bare six-digit code names a stock and an index at once (000001): the stock is meant
    // unless there are two stocks or funds.
    const tradable = byCode.filter((instrument) => !isIndex(instrument));
    return {
      status: tradable.length === 1 || byCode.length === 1 ? 'matched' : 'ambiguous',
      matches: byCode,
    };
  }
  const name = nameIn(line);
  const hits = directory.search(name, MATCHES_SHOWN);
  const exact = hits.filter((hit) => hit.name === name || hit.name.replace(/\s+/g, '') === name);
  if (exact.length === 1)
    return {
      status: 'matched',
      matches: [exact[0] as Instrument, ...hits.filter((hit) => hit !== exact[0])],
    };
  if (hits.length === 1) return { status: 'matched', matches: hits };
  return { status: hits.length === 0 ? 'unmatched' : 'ambiguous', matches: hits };
}

/** Splits a paste into lines: newlines, and the commas, semicolons and tabs of a copied list. */
export function importLines(text: string): string[] {
  return text
    .split(/[\r\n,，;；\t、]+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .slice(0, IMPORT_LINE_LIMIT);
}

export function importCandidates(
  directory: InstrumentDirectory,
  lines: readonly string[],
  followed: ReadonlySet<string>,
  reader: ImportResult['reader'],
): ImportResult {
  return {
    reader,
    candidates: lines.flatMap((text) => {
      const { status, matches } = matchLine(directory, text);
      // A screenshot's headers, prices and tab names match nothing: only pasted lines are worth
      // showing as 未识别, since the user typed them.
      if (status === 'unmatched' && reader !== 'text') return [];
      const shown = matches.slice(0, MATCHES_SHOWN).map(ref);
      return {
        text,
        status,
        matches: shown,
        followed: status === 'matched' && shown[0] !== undefined && followed.has(shown[0].code),
      };
    }),
  };
}
