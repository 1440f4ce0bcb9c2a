import type { ServerMessage } from '@zhicai/contract';
import { formatAmount, formatQuotePrice } from '@zhicai/domain';
import type { Page } from 'playwright-core';

/**
 * Two figures of a detail page's quote header (the region 行情) as the page writes them: 最新价, the
 * big price, and 成交额, which grows with every tick while the market trades (so a tick changes it
 * even when the price stays on the same displayed digit).
 */
export interface HeaderFigures {
  price: string;
  amount: string;
}

/** The figures of an A-share quote as the header writes them: the price at the fen. */
export function headerFiguresOf(price: number | null, amount: number | null): HeaderFigures {
  return { price: formatQuotePrice(price, 'capital'), amount: formatAmount(amount) };
}

export const sameFigures = (a: HeaderFigures, b: HeaderFigures) =>
  a.price === b.price && a.amount === b.amount;

export const describeFigures = ({ price, amount }: HeaderFigures) => `最新价 ${price}, 成交额 ${amount}`;

/** What the quote header shows for `term` (最新价 is a visually hidden term beside the big price). */
async function headerFigure(page: Page, term: string): Promise<string> {
  const definition = page
    .getByRole('region', { name: '行情' })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
  return (await definition.textContent()) ?? '';
}

export async function shownFigures(page: Page): Promise<HeaderFigures> {
  return { price: await headerFigure(page, '最新价'), amount: await headerFigure(page, '成交额') };
}

/** The figures the last tick among `messages` carried for `code`, null before one did. */
export function lastTickFigures(messages: readonly ServerMessage[], code: string): HeaderFigures | null {
  for (const message of messages.toReversed()) {
    if (message.type !== 'tick') continue;
    const row = message.rows.find(([rowCode]) => rowCode === code);
    if (row) return headerFiguresOf(row[1], row[6]);
  }
  return null;
}

/** The figures of every snapshot among `messages` that holds `code`. */
export function snapshotFigures(messages: readonly ServerMessage[], code: string): HeaderFigures[] {
  return messages.flatMap((message) =>
    message.type === 'snapshot'
      ? message.quotes
          .filter((quote) => quote.code === code)
          .map((quote) => headerFiguresOf(quote.price, quote.amount))
      : [],
  );
}

/**
 * For `expect.poll(...).toBe(showsTheTick)`: whether the header shows the figures of the last tick
 * for `code` among `messages`, a tick that moved them away from every figure in `before` (what the
 * page was told before the ticks). Otherwise says what it waits for or what differs.
 */
export async function headerShowsLastTick(
  page: Page,
  messages: readonly ServerMessage[],
  code: string,
  before: readonly HeaderFigures[] = [],
): Promise<string> {
  const tick = lastTickFigures(messages, code);
  if (!tick || before.some((figures) => sameFigures(figures, tick)))
    return 'no tick that moves the figures yet';
  const shown = await shownFigures(page);
  if (sameFigures(shown, tick)) return showsTheTick;
  return `the page shows ${describeFigures(shown)}, the last tick carried ${describeFigures(tick)}`;
}

export const showsTheTick = 'the page shows the last tick';
