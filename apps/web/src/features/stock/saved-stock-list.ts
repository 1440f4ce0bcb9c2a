import { type InstrumentType, instrumentTypes, marketBadge } from '@zhicai/domain';
import { browserStorage, type KeyValueStorage } from '../../platform/storage/web-storage.ts';

/**
 * The saved stock list of spec 1 §2: a list page saves the instruments it shows before opening one
 * of them with query `i` (platform/links.ts `detailHref(code, type, i)`); the detail page's
 * previous/next arrows walk that list, wrapping at both ends. It lives in sessionStorage under
 * `stockList`, so it lasts as long as the tab.
 */

export const savedStockListKey = 'stockList';

export interface SavedStock {
  code: string;
  type: InstrumentType;
}

export interface Neighbour extends SavedStock {
  /** The neighbour's index in the saved list: the `i` of its detail route. */
  index: number;
}

const knownTypes: readonly string[] = instrumentTypes;

/** The type a bare code most likely has, for entries saved without one. */
export function typeFromCode(code: string): InstrumentType {
  const badge = marketBadge(code);
  const suffix = code.slice(code.lastIndexOf('.') + 1).toUpperCase();
  if (suffix === 'HK') return 'hk';
  if (suffix === 'OF') return 'fund_outside';
  if (suffix === 'ZSI') return 'index_hy';
  if (suffix === 'WI') return 'index_gn';
  if (suffix === 'HI') return 'index_hk_hs';
  if (badge?.market === 'index') return 'index_hs';
  return 'capital';
}

/**
 * One stored entry. Besides our own `{code, type}` it accepts the older shapes spec 1 §3 describes
 * ("code (or first element) and capitalOrIndex (or fourth element)"); anything without a code is null.
 */
export function readEntry(raw: unknown): SavedStock | null {
  let code: unknown;
  let type: unknown;
  if (Array.isArray(raw)) {
    code = raw[0];
    type = raw[3];
  } else if (typeof raw === 'object' && raw !== null) {
    const record = raw as Record<string, unknown>;
    code = record.code;
    type = record.type ?? record.capitalOrIndex;
  }
  if (typeof code !== 'string' || code.trim() === '') return null;
  const trimmed = code.trim().toUpperCase();
  return {
    code: trimmed,
    type:
      typeof type === 'string' && knownTypes.includes(type)
        ? (type as InstrumentType)
        : typeFromCode(trimmed),
  };
}

/** Parses the stored text; a missing or broken value is an empty list. */
export function parseSavedList(text: string | null): SavedStock[] {
  if (text === null) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(readEntry).filter((entry): entry is SavedStock => entry !== null);
  } catch {
    return [];
  }
}

/**
 * The index `step` places away from `index` in a list of `length`, wrapping at both ends; null when
 * there is nowhere else to go (fewer than two entries) or `index` is not in the list.
 */
export function neighbourIndex(length: number, index: number, step: 1 | -1): number | null {
  if (length < 2 || !Number.isInteger(index) || index < 0 || index >= length) return null;
  return (index + step + length) % length;
}

/** Reads `i` from a query string value: a non-negative integer, or null. */
export function parseIndexParam(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

let storage: KeyValueStorage | null = null;
function sessionStorageOrMemory(): KeyValueStorage {
  storage ??= browserStorage('session');
  return storage;
}

/** Saves the list a page shows, before it navigates to one entry with `i`. */
export function save(list: readonly SavedStock[], target: KeyValueStorage = sessionStorageOrMemory()): void {
  target.setItem(savedStockListKey, JSON.stringify(list.map(({ code, type }) => ({ code, type }))));
}

/** The saved list, empty when none was saved. */
export function read(target: KeyValueStorage = sessionStorageOrMemory()): SavedStock[] {
  return parseSavedList(target.getItem(savedStockListKey));
}

/** The entry before (-1) or after (+1) index `i` in the saved list, wrapping; null when there is none. */
export function neighbour(
  i: number,
  step: 1 | -1,
  target: KeyValueStorage = sessionStorageOrMemory(),
): Neighbour | null {
  const list = read(target);
  const index = neighbourIndex(list.length, i, step);
  if (index === null) return null;
  const entry = list[index];
  return entry ? { ...entry, index } : null;
}
