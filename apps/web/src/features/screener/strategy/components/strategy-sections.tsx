import { href } from '@zhicai/contract';
import { Link, useLocation } from 'react-router';
import { useLocalState } from '../../../../platform/session/local-store.ts';
import { loginUrl } from '../../../../platform/session/login-redirect.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { useStrategyList } from '../api/strategy-list.ts';
import { EditConditionsLink } from './edit-conditions-link.tsx';
import { StrategyRow } from './strategy-row.tsx';
import '../strategy.css';

type StrategyListQuery = ReturnType<typeof useStrategyList>;

/** One of the tab's two lists: its strategies as rows, or what to say when it has none. */
function StrategyListSection({
  which,
  title,
  query,
  emptyText,
  more,
}: {
  which: 'mine' | 'house';
  title: string;
  query: StrategyListQuery;
  emptyText: string;
  more: React.ReactNode;
}) {
  return (
    <QuerySection
      title={title}
      query={query}
      skeletonLines={3}
      isEmpty={(data) => data[which].length === 0}
      emptyText={emptyText}
      aside={more}
    >
      {(data) => (
        <ul className="strategy-list" aria-label={title}>
          {data[which].map((strategy) => (
            <StrategyRow
              key={strategy.id}
              strategy={strategy}
              actions={
                strategy.house ? undefined : (
                  <EditConditionsLink id={strategy.id} conditions={strategy.conditions} />
                )
              }
            />
          ))}
        </ul>
      )}
    </QuerySection>
  );
}

/**
 * The strategies on the 选股器 tab (issue 18 item 8): 我的策略 and 官方策略 with today's count
 * and the latest change, a red point on a change not yet seen; each section leads to its full list,
 * and each of the user's own strategies to 修改条件.
 */
export function StrategySections() {
  const list = useStrategyList();
  const signedIn = useLocalState((state) => state.token !== null);
  const { pathname, search } = useLocation();
  return (
    <>
      {signedIn ? (
        <StrategyListSection
          which="mine"
          title="我的策略"
          query={list}
          emptyText="还没有保存的策略：新建选股后在结果页保存"
          more={<Link to={href('chooseMeList')}>管理</Link>}
        />
      ) : (
        <Section title="我的策略">
          <p className="strategy-save">
            <Link to={loginUrl(`${pathname}${search}`)}>登录后查看与保存我的策略</Link>
          </p>
        </Section>
      )}
      <StrategyListSection
        which="house"
        title="官方策略"
        query={list}
        emptyText="暂无官方策略"
        more={<Link to={href('ChooseSuperdex')}>全部</Link>}
      />
    </>
  );
}
