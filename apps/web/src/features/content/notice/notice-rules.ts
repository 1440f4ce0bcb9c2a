import type { ResearchRating } from '@zhicai/contract';

/** Ratings read like prices: 买入/增持 red (bullish), 减持 green, 中性 grey. */
export function ratingTone(rating: ResearchRating): 'up' | 'down' | 'flat' {
  if (rating === '买入' || rating === '增持') return 'up';
  if (rating === '减持') return 'down';
  return 'flat';
}
