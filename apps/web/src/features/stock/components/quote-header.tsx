import type { Quote } from '@zhicai/contract';
import { toneOf } from '@zhicai/domain';
import { ChangeText, PriceText, toneClassName } from '../../../ui/quote/index.ts';
import { QuoteFreshness } from '../../../ui/quote-freshness/index.ts';
import { SectionError } from '../../../ui/section/index.ts';
import type { Handicap } from '../api/handicap.ts';
import { type QuoteKind, quoteFields } from '../stock-rules.ts';
import { OrderBook } from './order-book.tsx';
import './quote-header.css';

export interface QuoteHeaderProps {
  quote: Quote | undefined;
  kind: QuoteKind;
  /** From useLiveQuotes: greys the numbers when ticks stop. */
  lastTickAt: number | null;
  /** The 盘口 of the same quote (order book, 量比, 委比…); shares and exchange funds only. */
  handicap?: Handicap | undefined;
}

/**
 * The big price with its change, the grid of the day's figures and the 五档 book, from the live quote
 * (prices at the instrument's tick: docs/price-formatting.md).
 */
export function QuoteHeader({ quote, kind, lastTickAt, handicap }: QuoteHeaderProps) {
  const fields = quoteFields(quote, kind, handicap);
  return (
    <QuoteFreshness lastTickAt={lastTickAt} active={quote?.status === 'trading'}>
      <section className="quote-header" aria-label="行情" data-tone={toneOf(quote?.chg)}>
        <dl className="quote-header__main">
          <dt className="visually-hidden">最新价</dt>
          <dd>
            <PriceText
              className="quote-header__price"
              value={quote?.price}
              prevClose={quote?.prevClose}
              type={quote?.type}
            />
            {kind === 'hk' ? <span className="quote-header__unit">港元</span> : null}
            {quote?.status === 'delisted' ? <span className="quote-header__delisted">已退市</span> : null}
            {handicap?.delayed ? (
              <span className="quote-header__delayed" title="行情延时">
                延时
              </span>
            ) : null}
          </dd>
          <dt className="visually-hidden">涨跌额</dt>
          <dd>
            <ChangeText
              className="quote-header__change"
              value={quote?.chg}
              kind="change"
              type={quote?.type}
              price={quote?.price}
            />
          </dd>
          <dt className="visually-hidden">涨跌幅</dt>
          <dd>
            <ChangeText className="quote-header__change" value={quote?.chgPct} kind="percent" />
          </dd>
        </dl>
        <dl className="quote-header__grid">
          {fields.map((field) => (
            <div key={field.label} className="quote-header__cell">
              <dt className="quote-header__label">{field.label}</dt>
              <dd className={`quote-header__value ${toneClassName(field.tone)}`} data-tone={field.tone}>
                {field.text}
              </dd>
            </div>
          ))}
        </dl>
        {handicap && kind !== 'index' ? (
          <OrderBook
            handicap={handicap}
            prevClose={quote?.prevClose}
            type={quote?.type}
            unit={kind === 'hk' ? '股' : '手'}
          />
        ) : null}
      </section>
    </QuoteFreshness>
  );
}

/** In place of the header when the first quote could not be loaded: 行情加载失败 and 重新加载. */
export function QuoteHeaderError({ onRetry }: { onRetry: () => unknown }) {
  return <SectionError className="quote-header-error" message="行情加载失败" onRetry={onRetry} />;
}
