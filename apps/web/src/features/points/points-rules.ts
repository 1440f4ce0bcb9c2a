import { expressInput, type PointGood } from '@zhicai/contract';
import { ApiError } from '../../platform/request/api-error.ts';

/** Beijing wall-clock time of a ledger entry or an exchange: 2026-03-02 07:30. */
export function beijingTime(iso: string): string {
  const beijing = new Date(Date.parse(iso) + 8 * 60 * 60 * 1000).toISOString();
  return `${beijing.slice(0, 10)} ${beijing.slice(11, 16)}`;
}

/** A calendar day as the check-in calendar labels it: 3月2日. */
export function calendarDayLabel(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(month)}月${Number(day)}日`;
}

/** +5 for points earned, -300 for points spent. */
export function signedPoints(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

export interface AddressDraft {
  name: string;
  phone: string;
  region: string;
  detail: string;
}

export const emptyAddress: AddressDraft = { name: '', phone: '', region: '', detail: '' };

/** The first thing wrong with an address, in the contract's Chinese words; null when it is fine. */
export function addressProblem(draft: AddressDraft): string | null {
  const parsed = expressInput.safeParse(draft);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? '请检查收货地址');
}

/** Whether two addresses are the same once trimmed (then the saved one is used again). */
export function sameAddress(a: AddressDraft, b: AddressDraft): boolean {
  return (['name', 'phone', 'region', 'detail'] as const).every((key) => a[key].trim() === b[key].trim());
}

export type GoodState =
  | { kind: 'exchange'; label: '立即兑换' }
  | { kind: 'signIn'; label: '登录兑换' }
  | { kind: 'blocked'; label: '已兑完' | '已达限兑' | '积分不足' };

/** What a good's button does for this user: exchange, ask to sign in, or why it cannot. */
export function goodState(good: PointGood, balance: number | undefined, signedIn: boolean): GoodState {
  if (good.stock < 1) return { kind: 'blocked', label: '已兑完' };
  if (!signedIn) return { kind: 'signIn', label: '登录兑换' };
  if (good.exchanged >= good.perUserLimit) return { kind: 'blocked', label: '已达限兑' };
  if (balance !== undefined && balance < good.price) return { kind: 'blocked', label: '积分不足' };
  return { kind: 'exchange', label: '立即兑换' };
}

/** One key per opened exchange sheet: a retried submit of the same sheet exchanges once. */
export function newRequestKey(): string {
  return crypto.randomUUID();
}

/**
 * The message to toast for a failed write, or null when the user has been told already (a 037
 * refusal is shown as a notice by the request wrapper).
 */
export function failureToast(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && error.handled) return null;
  return error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : fallback;
}
