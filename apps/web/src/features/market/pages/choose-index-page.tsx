import { headlineIndices } from '@zhicai/domain';
import { useMemo } from 'react';
import { useLiveQuotes } from '../../../platform/quotes/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../ui/section/index.ts';
import { StockScreenEntries } from '../../screener/index.ts';
import { usePlateStat } from '../api/plate-stat.ts';
import { IndexQuoteGrid } from '../components/index-quote-grid.tsx';
import { mainIndexCodes } from '../market-rules.ts';
import './choose-index-page.css';

/** SW level 1 has 31 industries; one page holds them all. */
const industryPageSize = 40;

/** /chooseindex — the 指数 tab: the main indices and the SW industry indices, live. */
export default function ChooseIndexPage() {
  const main = useLiveQuotes(mainIndexCodes);
  const plates = usePlateStat('-1', industryPageSize);
  const industries = useMemo(
    () => (plates.data?.list ?? []).map((plate) => ({ code: plate.code, name: plate.name })),
    [plates.data],
  );
  const industryCodes = useMemo(() => industries.map((industry) => industry.code), [industries]);
  const industryQuotes = useLiveQuotes(industryCodes, { enabled: industryCodes.length > 0 });

  const refresh = () => Promise.all([main.refresh(), plates.refetch().then(() => industryQuotes.refresh())]);

  return (
    <>
      <PageHeader title="选股" back={false} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={refresh}>
        <main className="choose-index">
          <Section title="条件选股">
            <StockScreenEntries />
          </Section>
          <Section title="大盘指数" busy={main.status === 'loading'}>
            <IndexQuoteGrid indices={headlineIndices} live={main} layout="list" label="大盘指数列表" />
          </Section>
          <Section title="申万行业指数" busy={plates.isPending}>
            <QueryStates
              query={plates}
              skeletonLines={6}
              skeletonTestId="industry-skeleton"
              errorText="行业指数加载失败，请检查网络后重试"
              isEmpty={() => industries.length === 0}
              emptyText="暂无行业指数"
            >
              {() => (
                <IndexQuoteGrid
                  indices={industries}
                  live={industryQuotes}
                  layout="list"
                  label="行业指数列表"
                />
              )}
            </QueryStates>
          </Section>
        </main>
      </PullToRefresh>
    </>
  );
}
