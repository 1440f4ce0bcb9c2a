import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QuerySection } from '../../../../ui/section/index.ts';
import { StrategySections } from '../../strategy/components/strategy-sections.tsx';
import { useFundRecommend } from '../api/fund-recommend.ts';
import { encodeConditions } from '../fund-screen-draft.ts';
import '../screener-fund.css';

/**
 * /chooseFund: the fund screen's start: a new screen, the user's and the house fund strategies
 * (选基策略), and the presets with today's counts.
 */
export default function ChooseFundPage() {
  const presets = useFundRecommend();
  return (
    <>
      <PageHeader title="基金筛选" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={() => presets.refetch()}>
        <main className="fund-screen">
          <Link className="fund-screen__new" to={href('chooseNewFund')}>
            <strong>自定义选基</strong>
            <span>按类型、收益、回撤、夏普、费率等条件筛选全部基金</span>
          </Link>
          <StrategySections kind="fund" />
          <QuerySection
            title="推荐方案"
            query={presets}
            skeletonLines={5}
            isEmpty={(data) => data.list.length === 0}
            emptyText="暂无推荐方案"
          >
            {(data) => (
              <ul className="fund-preset-list">
                {data.list.map((preset) => {
                  const conditions = encodeConditions(preset.conditions);
                  return (
                    <li key={preset.id} className="fund-preset">
                      <Link
                        className="fund-preset__main"
                        to={href('componentFundList', { conditions, name: preset.name })}
                      >
                        <span className="fund-preset__name">{preset.name}</span>
                        <span className="fund-preset__description">{preset.description}</span>
                        <span className="fund-preset__num">
                          今日 <strong>{preset.num}</strong> 只
                        </span>
                      </Link>
                      <Link className="fund-preset__edit" to={href('chooseNewFund', { conditions })}>
                        修改条件
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
          </QuerySection>
        </main>
      </PullToRefresh>
    </>
  );
}
