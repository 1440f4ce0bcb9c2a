import { href } from '@zhicai/contract';
import type { Environment } from '../../platform/environment.ts';

/**
 * The partner-broker link-out (spec 1 §4 "Toast", §6, §7 "Broker pages open with query …") and the
 * account-creation flow (spec 1 §2 `open_HX_creatAccount=creat`). The broker's pages are not part
 * of this app yet: the in-app routes below show the honest 页面暂未开放 page until they are.
 */

/** spec 1 §7 / §9: the five trade codes. */
export const tradeCodes = {
  buy: '01',
  sell: '02',
  cancel: '03',
  holdings: '04',
  entrusts: '05',
} as const;
export type TradeCode = (typeof tradeCodes)[keyof typeof tradeCodes];

/** Where the partner broker's trading pages open (the partner aggregate page of spec 1 §2). */
export const brokerTradePath = href('hbAggP');
/** Where account opening starts. */
export const accountOpeningPath = href('openAccount');
/** spec 1 §8 "broker link inside WeChat". */
export const officialAccountMessage = '请前往公众号进行交易';
/** The same rule for account opening. */
export const officialAccountOpeningMessage = '请前往公众号开户';

export interface BrokerLinkRequest {
  tradeCode: TradeCode;
  /** code.exchange, e.g. 600519.SH; absent for holdings and entrusts. */
  stockCode?: string;
  /** The user's IP (sessionStorage userIP from the region call). */
  ip: string;
  /** Our user id, which the broker knows the user by. */
  thirdUserId: number;
  /** The broker page hides its own header inside our app. */
  hideHeader: boolean;
}

export function brokerUrl(request: BrokerLinkRequest, base: string = brokerTradePath): string {
  const query = new URLSearchParams({ tradeCode: request.tradeCode });
  if (request.stockCode) query.set('stockCode', request.stockCode);
  query.set('ip', request.ip);
  query.set('thirdUserId', String(request.thirdUserId));
  query.set('hideHeader', request.hideHeader ? '1' : '0');
  return `${base}?${query.toString()}`;
}

export type BrokerAction =
  | { kind: 'toast'; message: string }
  | { kind: 'login' }
  | { kind: 'open'; url: string; sameWindow: boolean };

export interface BrokerContext {
  environment: Environment;
  /** The signed-in user's id, or null. */
  userId: number | null;
  ip: string | null;
  /** The link's openType; 1 opens in the same window on Android (spec 1 §4). */
  openType?: number;
}

/**
 * What a tap on a broker link does: inside WeChat or the mini-program, a toast pointing to the
 * official account; without a signed-in user with an id, login first (spec 1 §6); otherwise the
 * broker page, in a new window, or the same one for openType=1 on Android.
 */
export function brokerAction(
  context: BrokerContext,
  trade: { tradeCode: TradeCode; stockCode?: string },
): BrokerAction {
  const { environment } = context;
  if (environment.inWeChat || environment.inMiniProgram)
    return { kind: 'toast', message: officialAccountMessage };
  if (context.userId === null) return { kind: 'login' };
  const url = brokerUrl({
    ...trade,
    ip: context.ip ?? '',
    thirdUserId: context.userId,
    hideHeader: environment.inNativeApp,
  });
  const sameWindow = context.openType === 1 && environment.device === 'android';
  return { kind: 'open', url, sameWindow };
}

/** The query that starts the account-creation flow (spec 1 §2). */
export const accountCreationQuery = { name: 'open_HX_creatAccount', value: 'creat' } as const;

/**
 * Where a page load with open_HX_creatAccount=creat goes: account opening for a signed-in user,
 * login first otherwise (the broker needs to know who opens the account); null without the query.
 */
export function accountCreationStep(search: string, signedIn: boolean): 'open' | 'login' | null {
  if (new URLSearchParams(search).get(accountCreationQuery.name) !== accountCreationQuery.value) return null;
  return signedIn ? 'open' : 'login';
}
