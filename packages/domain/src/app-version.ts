/**
 * Native-app version checks (spec 1 §4). The native app puts its version in the user agent, either
 * as a ten-digit build date-and-number (2022102000) or, in older builds, as a short number (75).
 * The two schemes are compared separately: a short number is never compared with a ten-digit one.
 */

type VersionInput = string | number | null | undefined;

interface ParsedVersion {
  scheme: 'dated' | 'short';
  value: number;
}

/** Null for a missing, empty, non-numeric or over-long version. */
function parseVersion(version: VersionInput): ParsedVersion | null {
  if (version === null || version === undefined) return null;
  const text = String(version).trim();
  if (/^\d{10}$/.test(text)) return { scheme: 'dated', value: Number(text) };
  if (/^\d{1,9}$/.test(text)) return { scheme: 'short', value: Number(text) };
  return null;
}

/**
 * spec 1 §4 "Live quotes": old means a ten-digit version below 2022022810, or a shorter numeric
 * version below 75. A missing or non-numeric version is not judged old: whether the page is in the
 * native app at all is the caller's question (plain web has its own rule there).
 */
export function isOldAppVersion(version: VersionInput): boolean {
  const parsed = parseVersion(version);
  if (parsed === null) return false;
  return parsed.scheme === 'dated' ? parsed.value < 2022022810 : parsed.value < 75;
}

/** The native right-nav-bar types of spec 1 §4. */
export type RightNavType = 2 | 12;

/**
 * spec 1 §4 "Right-nav type": "Type 12 applies from app version 2022102000 (ten digits) or 90 on the
 * home page; otherwise type 2." Read as: a ten-digit version of 2022102000 or later gets 12 on every
 * page; a short version of 90 or later gets 12 only on the home page; everything else (older or
 * missing versions) gets 2. The ten-digit builds handle type 12 everywhere, while the short-numbered
 * builds only support it on the home screen.
 */
export function rightNavType(version: VersionInput, isHome: boolean): RightNavType {
  const parsed = parseVersion(version);
  if (parsed === null) return 2;
  if (parsed.scheme === 'dated') return parsed.value >= 2022102000 ? 12 : 2;
  return isHome && parsed.value >= 90 ? 12 : 2;
}
