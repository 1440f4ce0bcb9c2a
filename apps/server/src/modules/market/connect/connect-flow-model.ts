import type { Instrument } from '../../../market/instrument-directory.ts';

/**
 * How the demo market's Stock Connect flows are made, in one place: the home page's 北向/南向
 * summary, /northDates and /southDates (by minute and by day) and /StockConnectDetail all add up the
 * same per-share flows, so a figure shown on one page is the sum of what another page shows.
 *
 * Every share the channel admits is traded through it for a fixed share of its amount (gross); the
 * net is a part of that gross leaning with the share's change from its previous close (foreign money
 * buys what rises, as flows follow the market in life), capped at ±40% of the gross. The flows are
 * additive: a channel's flow is the sum of its shares', a direction's the sum of its channels'.
 */

export type ConnectDirection = 'north' | 'south';

/** Share of a share's amount traded through Stock Connect. */
export const connectShareOfAmount = 0.06;
/** How strongly the net leans with the change: a 2% rise makes the net 20% of the gross. */
const netLean = 10;
/** The net never exceeds this part of the gross. */
const netCap = 0.4;

/** Daily quota per channel (每日额度): 520亿 each northbound, 420亿 each southbound. */
export const dailyQuota: Record<ConnectDirection, number> = {
  north: 52_000_000_000,
  south: 42_000_000_000,
};

export const channelNames: Record<ConnectDirection, readonly [string, string]> = {
  north: ['沪股通', '深股通'],
  south: ['港股通(沪)', '港股通(深)'],
};

/**
 * The part of a share's flow each channel carries: northbound, a Shanghai share trades through
 * 沪股通 and a Shenzhen share through 深股通 (Beijing shares are not in Stock Connect); southbound,
 * every Hong Kong share is open to both channels, which carry 55% and 45% of its flow.
 */
export function channelWeights(
  direction: ConnectDirection,
  instrument: Pick<Instrument, 'code' | 'type'>,
): readonly [number, number] | null {
  if (direction === 'south') return instrument.type === 'hk' ? [0.55, 0.45] : null;
  if (instrument.type !== 'capital') return null;
  if (instrument.code.endsWith('.SH')) return [1, 0];
  if (instrument.code.endsWith('.SZ')) return [0, 1];
  return null;
}

/** The flow of one share at an amount traded and a change (fraction): gross and net, yuan, unrounded. */
export function shareFlow(amount: number, chgPct: number | null): { gross: number; net: number } {
  const gross = amount * connectShareOfAmount;
  const lean = Math.max(-netCap, Math.min(netCap, (chgPct ?? 0) * netLean));
  return { gross, net: gross * lean };
}

/** Gross and net summed over a channel's shares, unrounded until the figures are made. */
export interface ChannelSums {
  gross: number;
  net: number;
}

export function emptySums(): [ChannelSums, ChannelSums] {
  return [
    { gross: 0, net: 0 },
    { gross: 0, net: 0 },
  ];
}

/** Adds a share's flow to its channels' sums. */
export function addShare(
  sums: [ChannelSums, ChannelSums],
  weights: readonly [number, number],
  amount: number,
  chgPct: number | null,
): void {
  const flow = shareFlow(amount, chgPct);
  for (let channel = 0; channel < 2; channel += 1) {
    const weight = weights[channel] ?? 0;
    const sum = sums[channel] as ChannelSums;
    sum.gross += flow.gross * weight;
    sum.net += flow.net * weight;
  }
}

export interface ChannelFigures {
  name: string;
  buyAmount: number;
  sellAmount: number;
  netInflow: number;
  quota: number;
  quotaUsed: number;
  quotaLeft: number;
}

/**
 * A channel's figures in whole yuan: buy + sell is the gross and buy − sell the net; the quota used
 * is the net buying (a day of net selling uses none), and what is left is the quota less that.
 */
export function channelFigures(direction: ConnectDirection, index: 0 | 1, sums: ChannelSums): ChannelFigures {
  const netInflow = Math.round(sums.net);
  const buyAmount = Math.round((sums.gross + netInflow) / 2);
  const quota = dailyQuota[direction];
  const quotaUsed = Math.max(0, netInflow);
  return {
    name: channelNames[direction][index],
    buyAmount,
    sellAmount: buyAmount - netInflow,
    netInflow,
    quota,
    quotaUsed,
    quotaLeft: quota - quotaUsed,
  };
}

/** A direction's figures: both channels and their sum (the total is the sum of the rounded channels). */
export function directionFigures(direction: ConnectDirection, sums: [ChannelSums, ChannelSums]) {
  const channels = [channelFigures(direction, 0, sums[0]), channelFigures(direction, 1, sums[1])] as const;
  return { netInflow: channels[0].netInflow + channels[1].netInflow, channels };
}
