import type { IndustryGroupCode } from '@zhicai/contract';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection, SectionEmpty } from '../../../../ui/section/index.ts';
import { useIndustryGroupEtfs } from '../api/industry-group-etfs.ts';
import { EtfList } from '../components/etf-list.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { groupCodeOf } from '../industry-rules.ts';
import '../components/industry.css';

/** /IndustryGroupETF?group=tech — ETFs tracking the group's industry indices (their real index links). */
export default function IndustryGroupEtfPage() {
  const [params] = useSearchParams();
  const code = groupCodeOf(params.get('group'));
  if (!code)
    return (
      <>
        <PageHeader title="行业ETF" />
        <main className="industry-page">
          <SectionEmpty>没有这个行业分组</SectionEmpty>
        </main>
      </>
    );
  return <GroupEtfs code={code} />;
}

function GroupEtfs({ code }: { code: IndustryGroupCode }) {
  const query = useIndustryGroupEtfs(code);
  const live = useLiveRows(query.data?.list);
  const name = query.data?.group.name;
  return (
    <>
      <PageHeader title={name ? `${name} · 行业ETF` : '行业ETF'} right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => Promise.all([query.refetch(), live.refresh()])}>
        <main className="industry-page">
          <QuerySection
            title="跟踪组内行业指数的 ETF"
            query={query}
            skeletonLines={6}
            skeletonTestId="group-etf-skeleton"
            errorText="ETF 加载失败，请检查网络后重试"
            isEmpty={(data) => data.list.length === 0}
            emptyText="暂无跟踪该组行业指数的 ETF"
          >
            {() => <EtfList etfs={live.rows ?? []} label="行业ETF" />}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
