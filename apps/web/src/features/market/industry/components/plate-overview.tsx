import { useMemo } from 'react';
import { useLiveQuotes } from '../../../../platform/quotes/index.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { QuoteChart, QuoteHeader, QuoteHeaderError } from '../../../stock/index.ts';
import { usePlateDetail } from '../api/plate-detail.ts';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { sortMembers } from '../industry-rules.ts';
import { BreadthBar } from './breadth-bar.tsx';
import { EtfList } from './etf-list.tsx';
import { LeaderList } from './leader-list.tsx';
import { MemberTable } from './member-table.tsx';
import './industry.css';

/** Leaders and laggards shown side by side. */
const leaderCount = 3;

/** The plate index's live quote: the header of a plate page, and its refresh. */
export function usePlateQuote(code: string) {
  const codes = useMemo(() => [code], [code]);
  return useLiveQuotes(codes);
}

/**
 * The body every plate page shares: the index's quote header and intraday/K-line chart (the index
 * page's own components), breadth, 领涨/领跌, the constituents and the ETFs that track the index.
 */
export function PlateOverview({ code, live }: { code: string; live: ReturnType<typeof usePlateQuote> }) {
  const detail = usePlateDetail(code);
  const members = useLiveRows(detail.data?.members);
  const quote = live.quotes.get(code) ?? detail.data?.quote;
  const ranked = sortMembers(
    (members.rows ?? []).filter((member) => member.chgPct !== null),
    'chgPct',
    'desc',
  );
  return (
    <>
      {live.status === 'error' && !quote ? (
        <QuoteHeaderError onRetry={live.refresh} />
      ) : (
        <QuoteHeader quote={quote} kind="index" lastTickAt={live.lastTickAt} />
      )}
      <QuoteChart code={code} market="cn" kind="index" prevClose={quote?.prevClose ?? null} />
      <QuerySection
        title="涨跌分布"
        variant="band"
        query={detail}
        skeletonLines={2}
        errorText="板块数据加载失败，请检查网络后重试"
      >
        {(data) => <BreadthBar breadth={data.breadth} />}
      </QuerySection>
      <Section title="领涨 / 领跌" variant="band">
        {members.rows ? (
          <div className="industry-leaders-row">
            <LeaderList title="领涨股" rows={ranked.slice(0, leaderCount)} />
            <LeaderList title="领跌股" rows={ranked.slice(-leaderCount).reverse()} />
          </div>
        ) : null}
      </Section>
      <QuerySection
        title="成分股"
        variant="band"
        query={detail}
        skeletonLines={6}
        errorText="成分股加载失败，请检查网络后重试"
        isEmpty={(data) => data.members.length === 0}
        emptyText="暂无成分股"
        aside={detail.data ? `${detail.data.members.length} 只` : undefined}
      >
        {() => <MemberTable members={members.rows ?? []} label="成分股" />}
      </QuerySection>
      <QuerySection
        title="相关ETF"
        variant="band"
        query={detail}
        skeletonLines={2}
        errorText="ETF 加载失败，请检查网络后重试"
        isEmpty={(data) => data.etfs.length === 0}
        emptyText="暂无跟踪该指数的 ETF"
      >
        {(data) => <EtfList etfs={data.etfs} label="相关ETF" />}
      </QuerySection>
    </>
  );
}
