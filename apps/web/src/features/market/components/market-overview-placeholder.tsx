import { MarketSection, SectionSkeleton } from './section-state.tsx';

/**
 * What the market overview sections show while their data loads, drawn while their chunk loads: the
 * same cards, titles and skeleton lines, so nothing moves when the sections take over. Hidden from
 * assistive technology, which meets the real regions (busy until their data arrives) a moment later.
 */
export function MarketOverviewPlaceholder() {
  return (
    <div aria-hidden="true" data-testid="market-overview-placeholder">
      <PlaceholderSection title="涨跌分布" rows={4} />
      <PlaceholderSection title="北向资金" rows={1} />
      <PlaceholderSection title="行业板块 · 领涨" rows={3} />
      <PlaceholderSection title="行业板块 · 领跌" rows={3} />
      <PlaceholderSection title="个股排行" rows={5} tabs />
    </div>
  );
}

function PlaceholderSection({ title, rows, tabs = false }: { title: string; rows: number; tabs?: boolean }) {
  return (
    <MarketSection title={title} busy>
      {/* The ranking's four tabs render before its data; a bar of their height stands in for them. */}
      {tabs ? <span className="market-overview-placeholder__tabs" /> : null}
      <SectionSkeleton rows={rows} testId="overview-skeleton" />
    </MarketSection>
  );
}
