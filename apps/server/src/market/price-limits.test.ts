import { addCalendarDays, type DayBarRow, limitPrices, priceLimitRatio } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { useMarketSession, WEDNESDAY_AFTER_CLOSE } from '../test/market-session.ts';

const session = useMarketSession(WEDNESDAY_AFTER_CLOSE, { apiLock: false });

/**
 * Issue 15 item 4 over the whole generated market: every A-share and exchange fund bar of the last
 * year stays within the limits the exchange rule gives for that day (ST, board, new listing), and
 * every live quote carries exactly those limits.
 */
describe('price limits over the generated market', () => {
  it('keeps every bar of the last year within its day’s limits', async () => {
    const { directory, repositories } = session.context.market;
    const listed = directory.ofType('capital', 'fund_onside');
    expect(listed.length).toBeGreaterThan(100);
    let checked = 0;
    const outside: string[] = [];
    for (const instrument of listed) {
      const bars = (await repositories.series.readSeries(instrument.code, 'day')) as DayBarRow[];
      const from = addCalendarDays(bars.at(-1)?.[0] ?? 0, -365);
      for (const [day, prevClose, , high, low] of bars) {
        if (day < from || prevClose === null || high === null || low === null) continue;
        const ratio = priceLimitRatio(instrument.board, instrument.isSt, {
          onDay: day,
          listingDay: instrument.listingDay,
        });
        if (ratio === null) continue;
        const limits = limitPrices(prevClose, ratio, instrument.type === 'fund_onside' ? 0.001 : 0.01);
        if (high > limits.up || low < limits.down)
          outside.push(`${instrument.code} ${day}: ${low}–${high} outside ${limits.down}–${limits.up}`);
        checked += 1;
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(10_000);
  }, 60_000);

  it('gives every live quote the limits of its board, ST status and listing day', () => {
    const { directory, engine } = session.context.market;
    let st = 0;
    for (const instrument of directory.ofType('capital')) {
      const quote = engine.quote(instrument.code);
      if (!quote?.prevClose) continue;
      const ratio = priceLimitRatio(instrument.board, instrument.isSt, {
        onDay: quote.tradingDay,
        listingDay: instrument.listingDay,
      });
      const limits = ratio === null ? null : limitPrices(quote.prevClose, ratio);
      expect([quote.limitUp, quote.limitDown], instrument.code).toEqual([
        limits?.up ?? null,
        limits?.down ?? null,
      ]);
      if (instrument.isSt) st += 1;
    }
    expect(st).toBeGreaterThan(0);
  });
});
