import { type AlertKind, type AlertMessage, type AlertQuote, alertKindInfo } from '@zhicai/contract';
import { formatAmount, formatQuotePrice, type InstrumentType, priceTargetProblem } from '@zhicai/domain';
import { detailHref } from '../../platform/links.ts';

/**
 * How the editor reads and shows an alert's value: a price as typed, a ratio in % (stored as a
 * fraction), an amount in 亿 (stored in yuan), nothing for 涨停/跌停.
 */
export function unitSuffix(kind: AlertKind): string {
  switch (alertKindInfo[kind].unit) {
    case 'price':
      return '元';
    case 'ratio':
      return '%';
    case 'amount':
      return '亿';
    case 'none':
      return '';
  }
}

/** The stored value as the editor's input shows it ('1490.00', '5', '10'). */
export function inputOf(kind: AlertKind, value: number, type: InstrumentType): string {
  switch (alertKindInfo[kind].unit) {
    case 'price':
      return formatQuotePrice(value, type);
    case 'ratio':
      return String(Math.round(value * 100 * 100) / 100);
    case 'amount':
      return String(Math.round((value / 1e8) * 100) / 100);
    case 'none':
      return '';
  }
}

/** The value as a list shows it: '股价跌到 1490.00', '日涨幅超过 5%', '成交额超过 10.00亿', '触及涨停'. */
export function alertText(kind: AlertKind, value: number, type: InstrumentType): string {
  const { label, unit } = alertKindInfo[kind];
  if (unit === 'none') return label;
  if (unit === 'price') return `${label} ${formatQuotePrice(value, type)}`;
  if (unit === 'amount') return `${label} ${formatAmount(value)}`;
  return `${label} ${inputOf(kind, value, type)}%`;
}

/**
 * Reads what the user typed for a kind: the stored value, or why it cannot be one (Chinese, shown
 * under the field). Price lines follow the instrument's tick, limits and the side of the price
 * (domain priceTargetProblem, the rule the server applies too).
 */
export function readDraftValue(
  kind: AlertKind,
  input: string,
  quote: Pick<AlertQuote, 'type' | 'price' | 'limitUp' | 'limitDown'>,
): { value: number } | { problem: string } {
  const unit = alertKindInfo[kind].unit;
  if (unit === 'none') return { value: 0 };
  const text = input.trim();
  if (text === '') return { problem: '请输入提醒数值' };
  const number = Number(text);
  if (!Number.isFinite(number) || number <= 0) return { problem: '请输入大于 0 的数值' };
  if (unit === 'price') {
    const problem = priceTargetProblem(
      number,
      { type: quote.type, limitUp: quote.limitUp, limitDown: quote.limitDown, price: quote.price },
      kind === 'priceAbove' ? 'above' : 'below',
    );
    return problem ? { problem } : { value: number };
  }
  if (unit === 'amount') return { value: number * 1e8 };
  const falls = kind === 'changeBelow' || kind === 'speedDown' || kind === 'navChangeBelow';
  if (falls && number >= 100) return { problem: '跌幅须小于 100%' };
  if (number > 1000) return { problem: '幅度超出范围' };
  return { value: Math.round(number * 100) / 10_000 };
}

/** What a failed call says to the user: the server's Chinese message, or a fallback. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : fallback;
}

/**
 * Where a message of the box (or its banner) opens: the app path stored with it (a strategy notice's
 * `/chooseSuper?id=`, an alert's instrument), else the instrument it names, else nothing. Only a
 * path inside the app is followed: a message never sends the user to another site.
 */
export function messageTarget(
  message: Pick<AlertMessage, 'path' | 'code' | 'instrumentType'>,
): string | null {
  const { path } = message;
  if (path?.startsWith('/') && !path.startsWith('//') && !path.includes('\\')) return path;
  if (message.code && message.instrumentType) return detailHref(message.code, message.instrumentType);
  return null;
}
