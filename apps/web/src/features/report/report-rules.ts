/**
 * Rules of the financial report preview (spec 2 §2.1, §5, §9) as pure functions, so the page,
 * its hooks and the tests share one reading of the spec.
 */
import { href, type KeyIndicator } from '@zhicai/contract';
import { formatAmount, formatPercent, missingValue, reportPeriodTitle } from '@zhicai/domain';

/** spec 2 §2.1 and §9: the period shown when the route gives none. */
export const defaultReportPeriod = '20240630';

const periodPattern = /^\d{4}(0331|0630|0930|1231)$/;

/** spec 2 §2.1: the route spells 600519.SH as 600519_SH; the screen turns it back into a dot. */
export function stockCodeFromParam(param: string | undefined): string {
  return (param ?? '').trim().replace(/_/g, '.').toUpperCase();
}

export function stockParamFromCode(code: string): string {
  return code.replace(/\./g, '_');
}

/** The period of the route, or the default when the route has none. */
export function periodFromParam(param: string | undefined): string {
  const period = (param ?? '').trim();
  return period === '' ? defaultReportPeriod : period;
}

export function isReportPeriod(period: string): boolean {
  return periodPattern.test(period);
}

/** The route of one stock and period: /financialReportPreview/600519_SH/20231231. */
export function reportHref(code: string, period: string): string {
  return href('financialReportPreview', { stock: stockParamFromCode(code), reportPeriod: period });
}

/** '20240630' → '2024中报'; anything unexpected is shown as sent. */
export function periodTitle(period: string): string {
  return reportPeriodTitle(period) ?? period;
}

export type IndicatorKind = 'percent' | 'days' | 'amount';

/**
 * spec 2 §5: a key indicator whose name ends in 率 (rate) or 比 (ratio) is a fraction shown as a
 * percent, one ending in 天数 (days) is a count of days, anything else an amount in yuan.
 */
export function indicatorKind(name: string): IndicatorKind {
  const trimmed = name.trim();
  if (/[率比]$/.test(trimmed)) return 'percent';
  if (/天数$/.test(trimmed)) return 'days';
  return 'amount';
}

/** The value of a key indicator as shown: '45.21%', '36.5天', '1476.94亿', or '--'. */
export function indicatorValueText(key: Pick<KeyIndicator, 'name' | 'value'>): string {
  if (key.value === null || !Number.isFinite(key.value)) return missingValue;
  switch (indicatorKind(key.name)) {
    case 'percent':
      return formatPercent(key.value, { sign: false });
    case 'days':
      return `${formatAmount(key.value)}天`;
    case 'amount':
      return formatAmount(key.value);
  }
}

/**
 * Report periods to offer when the catalogue has none to give (the requested period failed):
 * the `count` most recent period ends up to `today`, newest first.
 */
export function recentPeriods(today: Date, count = 12): string[] {
  const ends = ['1231', '0930', '0630', '0331'];
  const periods: string[] = [];
  let year = today.getFullYear();
  const stamp = Number(
    `${year}${String(today.getMonth() + 1).padStart(2, '0')}${String(today.getDate()).padStart(2, '0')}`,
  );
  while (periods.length < count) {
    for (const end of ends) {
      const period = `${year}${end}`;
      if (Number(period) <= stamp && periods.length < count) periods.push(period);
    }
    year -= 1;
  }
  return periods;
}

/** spec 2 §2.1: a tablet app newer than this opens the PDF natively (padTo). */
export const padPdfMinVersion = 2022061500;

export type PdfOpening =
  | { kind: 'viewer'; href: string }
  | { kind: 'padTo'; pdf: string }
  | { kind: 'newWindow'; url: string };

export interface PdfContext {
  inNativeApp: boolean;
  /** The device of the user agent (platform/environment.ts). */
  device: 'ios' | 'ipad' | 'android' | 'other';
  /** What appInfo answered inside the app; null when it failed or outside the app. */
  appInfo: { isPad: boolean; version: string } | null;
}

/** The in-app PDF viewer's address for a file (issue 5 item 10). */
export function pdfViewerHref(pdf: string): string {
  return href('pdf', { file: pdf });
}

/**
 * spec 2 §2.1 "PDF entry": on the web → /pdf?file=; inside the app → ask appInfo: a tablet whose
 * version is above 2022061500 gets padTo; otherwise an iPhone opens the PDF in a new window and
 * every other device navigates to the viewer.
 */
export function pdfOpening(pdf: string, context: PdfContext): PdfOpening {
  if (!context.inNativeApp) return { kind: 'viewer', href: pdfViewerHref(pdf) };
  const info = context.appInfo;
  if (info?.isPad && /^\d+$/.test(info.version) && Number(info.version) > padPdfMinVersion)
    return { kind: 'padTo', pdf };
  if (context.device === 'ios') return { kind: 'newWindow', url: pdf };
  return { kind: 'viewer', href: pdfViewerHref(pdf) };
}

export type PdfSource = { ok: true; url: string } | { ok: false; message: string };

/**
 * issue 5 item 10: the viewer opens only files of our own origin (relative paths included) or of
 * an origin on the configured allow-list; http(s) only.
 */
export function pdfSource(
  file: string | null,
  pageOrigin: string,
  allowedOrigins: readonly string[],
): PdfSource {
  const raw = (file ?? '').trim();
  if (raw === '') return { ok: false, message: '缺少文件地址' };
  let url: URL;
  try {
    url = new URL(raw, pageOrigin);
  } catch {
    return { ok: false, message: '文件地址无效' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: '文件地址无效' };
  const allowed = new Set([pageOrigin, ...allowedOrigins.map((origin) => originOf(origin))]);
  if (!allowed.has(url.origin)) return { ok: false, message: '出于安全考虑，仅能打开本站提供的文件' };
  return { ok: true, url: url.href };
}

function originOf(text: string): string {
  try {
    return new URL(text).origin;
  } catch {
    return text;
  }
}
