import { href } from '@zhicai/contract';
import { formatAmount } from '@zhicai/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText, DemoDataBadge, toneClassName } from '../../../../ui/quote/index.ts';
import { QueryStates, Section } from '../../../../ui/section/index.ts';
import { useIndustryGroups } from '../api/industry-groups.ts';
import '../components/industry.css';

/** /IndustryGroup — 行业分组: the SW industries grouped into sectors, each with its day and leader. */
export default function IndustryGroupPage() {
  const query = useIndustryGroups();
  return (
    <>
      <PageHeader title="行业分组" right={<DemoDataBadge />} />
      <PullToRefresh onRefresh={query.refetch}>
        <main className="industry-page">
          <QueryStates
            query={query}
            skeletonLines={8}
            skeletonTestId="groups-skeleton"
            errorText="行业分组加载失败，请检查网络后重试"
            isEmpty={(data) => data.list.length === 0}
            emptyText="暂无行业分组"
          >
            {(data) =>
              data.list.map((group) => (
                <Section
                  key={group.code}
                  title={group.name}
                  aside={<ChangeText value={group.chgPct} kind="percent" />}
                >
                  <Link
                    to={href('IndustryGroupDetail', { group: group.code })}
                    className="industry-group-card"
                    aria-label={`${group.name}分组详情`}
                  >
                    <p className="industry-note">{group.note}</p>
                    <p className="breadth__figures">
                      <span>{group.industries.length} 个行业</span>
                      <span className={toneClassName('up')}>上涨 {group.riseCount}</span>
                      <span className={toneClassName('down')}>下跌 {group.fallCount}</span>
                      <span>成交 {formatAmount(group.amount)}</span>
                    </p>
                    <p className="breadth__figures">
                      <span>
                        领涨行业 {group.industries[0]?.name ?? '--'}{' '}
                        <ChangeText value={group.industries[0]?.chgPct} kind="percent" />
                      </span>
                      <span>
                        领涨股 {group.leader?.name ?? '--'}{' '}
                        <ChangeText value={group.leader?.chgPct} kind="percent" />
                      </span>
                    </p>
                  </Link>
                </Section>
              ))
            }
          </QueryStates>
          <p className="industry-note">分组涨跌幅为组内各行业指数涨跌幅的等权平均。</p>
        </main>
      </PullToRefresh>
    </>
  );
}
