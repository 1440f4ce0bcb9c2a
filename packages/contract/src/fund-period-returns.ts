import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

const nullableNumber = lazySchema(() => z.number().nullable());

/**
 * A fund's period returns as fractions: 近1周, 近1月, 近3月, 近6月, 近1年, 近2年, 近3年, 近5年, 今年来 and
 * 成立来; null where the fund is younger than the period. The server computes them from the fund's one
 * NAV series (@zhicai/domain fund-returns.ts) and the client shows them in this shape.
 */
export const periodReturns = lazySchema(() =>
  z.object({
    w1: nullableNumber,
    m1: nullableNumber,
    m3: nullableNumber,
    m6: nullableNumber,
    y1: nullableNumber,
    y2: nullableNumber,
    y3: nullableNumber,
    y5: nullableNumber,
    ytd: nullableNumber,
    sinceInception: nullableNumber,
  }),
);
export type PeriodReturns = z.infer<typeof periodReturns>;
