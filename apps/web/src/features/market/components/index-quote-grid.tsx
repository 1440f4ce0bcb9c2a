import type { Quote } from '@zhicai/contract';
import { indexType } from '@zhicai/domain';
import { Link } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import type { LiveQuotes } from '../../../platform/quotes/index.ts';
import { ChangeText, PriceText, toneOfChange } from '../../../ui/quote/index.ts';
import { QuoteFreshness } from '../../../ui/quote-freshness/index.ts';
import { SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import '../../../ui/quote/quote-tile.css';
import './index-quote-grid.css';

/**
 * Index cards with live price, change and percent, each leading to its index page. `layout`
 * 'strip' scrolls sideways (home page), 'list' stacks rows (the 指数 tab).
 */
export function IndexQuoteGrid({
  indices,
  live,
  layout,
  label,
}: {
  indices: readonly { code: string; name: string }[];
  live: LiveQuotes;
  layout: 'strip' | 'list';
  label: string;
}) {
  if (live.status === 'loading' && live.quotes.size === 0) {
    return <SectionSkeleton lines={layout === 'strip' ? 2 : 6} testId="index-skeleton" />;
  }
  if (live.status === 'error' && live.quotes.size === 0) {
    return <SectionError message="指数行情加载失败，请检查网络后重试" onRetry={live.refresh} />;
  }
  return (
    <QuoteFreshness lastTickAt={live.lastTickAt}>
      <ul className={`index-quotes index-quotes--${layout}`} aria-label={label}>
        {indices.map((index) => (
          <li key={index.code} className="index-quotes__item">
            <IndexCard code={index.code} name={index.name} quote={live.quotes.get(index.code)} />
          </li>
        ))}
      </ul>
    </QuoteFreshness>
  );
}

function IndexCard({ code, name, quote }: { code: string; name: string; quote: Quote | undefined }) {
  const tone = toneOfChange(quote?.chg, 'change');
  return (
    <Link to={detailHref(code, indexType(code))} className={`quote-tile quote-tile--${tone} index-card`}>
      <span className="index-card__name">{quote?.name || name}</span>
      <span className="index-card__price">
        <PriceText value={quote?.price ?? null} prevClose={quote?.prevClose ?? null} compact />
      </span>
      <span className="index-card__change">
        <ChangeText value={quote?.chg ?? null} kind="change" compact />
        <ChangeText value={quote?.chgPct ?? null} kind="percent" />
      </span>
    </Link>
  );
}
