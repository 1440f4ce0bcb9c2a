import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { useStrategyList } from '../../strategy/api/strategy-list.ts';
import { StrategySections } from '../../strategy/components/strategy-sections.tsx';
import { useRecommendedScreens, useScreenCatalogue } from '../api/stock-screen.ts';
import { PresetList } from '../components/preset-list.tsx';
import '../stock-screen.css';

/**
 * /stock-picker (tab), /choose and /chooseindexold — the screening home: a new screen, the user's
 * and the house strategies with their red points, the recommended screens with today's counts, and
 * the condition groups, each opening the editor there.
 */
export default function StockPickerPage() {
  const routeTitle = useRouteTitle('选股器');
  const recommended = useRecommendedScreens();
  const catalogue = useScreenCatalogue();
  const strategies = useStrategyList();
  return (
    <>
      <PageHeader title={routeTitle} back={false} right={<DemoDataBadge />} />
      <PullToRefresh
        onRefresh={() => Promise.all([recommended.refetch(), catalogue.refetch(), strategies.refetch()])}
      >
        <main className="stock-screen">
          <Section title="条件选股">
            <div className="stock-screen__entries">
              <Link to={href('choose-stock-picker')} className="button button--primary">
                新建选股
              </Link>
              <Link to={href('ChooseList')} className="button">
                全部策略
              </Link>
              <Link to={href('dashboard')} className="button">
                数据看板
              </Link>
            </div>
          </Section>
          <StrategySections />
          <QuerySection
            title="推荐策略"
            query={recommended}
            skeletonLines={4}
            isEmpty={(list) => list.length === 0}
            emptyText="暂无推荐策略"
          >
            {(list) => <PresetList presets={list} />}
          </QuerySection>
          <QuerySection
            title="条件分组"
            query={catalogue}
            skeletonLines={5}
            isEmpty={(data) => data.groups.length === 0}
            emptyText="暂无可用条件"
          >
            {(data) => (
              <ul className="group-list">
                {data.groups.map((entry) => (
                  <li key={entry.group}>
                    <Link
                      to={href('choose-stock-picker', { group: entry.group })}
                      className="group-list__item"
                    >
                      <span className="group-list__name">{entry.group}</span>
                      <span className="group-list__conditions">
                        {entry.conditions
                          .slice(0, 5)
                          .map((condition) => condition.name)
                          .join('、')}
                        {entry.conditions.length > 5 ? ` 等 ${entry.conditions.length} 项` : ''}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
