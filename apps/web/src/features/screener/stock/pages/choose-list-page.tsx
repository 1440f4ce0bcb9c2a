import { stockConditionGroups } from '@zhicai/contract';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { useScreenPresets } from '../api/stock-screen.ts';
import { PresetList } from '../components/preset-list.tsx';
import '../stock-screen.css';

/** /ChooseList — every ready-made screen by group (估值, 财务, 技术…) with today's count. */
export default function ChooseListPage() {
  const presets = useScreenPresets();
  return (
    <>
      <PageHeader title="选股策略" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => presets.refetch()}>
        <main className="stock-screen">
          <QuerySection
            title="选股策略"
            query={presets}
            skeletonLines={6}
            isEmpty={(list) => list.length === 0}
            emptyText="暂无选股策略"
          >
            {(list) =>
              stockConditionGroups
                .map((group) => ({ group, items: list.filter((preset) => preset.group === group) }))
                .filter((entry) => entry.items.length > 0)
                .map((entry) => (
                  <Section key={entry.group} title={entry.group} variant="band">
                    <PresetList presets={entry.items} />
                  </Section>
                ))
            }
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
