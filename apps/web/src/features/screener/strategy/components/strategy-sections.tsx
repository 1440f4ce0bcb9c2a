import { href, type StrategyKind } from '@zhicai/contract';
import { Link, useLocation } from 'react-router';
import { useLocalState } from '../../../../platform/session/local-store.ts';
import { loginUrl } from '../../../../platform/session/login-redirect.ts';
import { QuerySection, Section } from '../../../../ui/section/index.ts';
import { useStrategyList } from '../api/strategy-list.ts';
import { EditConditionsLink } from './edit-conditions-link.tsx';
import { StrategyActions } from './strategy-actions.tsx';
import { StrategyRow } from './strategy-row.tsx';
import '../strategy.css';

type StrategyListQuery = ReturnType<typeof useStrategyList>;

/**
 * What each kind's sections say and where they lead. Stock strategies have list pages of their own
 * (/chooseMeList, /ChooseSuperdex) where they are managed; fund strategies are managed in their rows.
 */
const sectionsOf = {
  stock: {
    mine: '我的策略',
    house: '官方策略',
    mineEmpty: '还没有保存的策略：新建选股后在结果页保存',
    signIn: '登录后查看与保存我的策略',
    mineMore: () => <Link to={href('chooseMeList')}>管理</Link>,
    houseMore: () => <Link to={href('ChooseSuperdex')}>全部</Link>,
  },
  fund: {
    mine: '我的选基策略',
    house: '官方选基策略',
    mineEmpty: '还没有保存的选基策略：筛选基金后在结果页保存',
    signIn: '登录后查看与保存我的选基策略',
    mineMore: () => null,
    houseMore: () => null,
  },
} as const satisfies Record<StrategyKind, unknown>;

/** One of the two lists: its strategies as rows, or what to say when it has none. */
function StrategyListSection({
  kind,
  which,
  title,
  query,
  emptyText,
  more,
  signedIn,
}: {
  kind: StrategyKind;
  signedIn: boolean;
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
                kind === 'fund' ? (
                  signedIn ? (
                    <StrategyActions strategy={strategy} />
                  ) : undefined
                ) : strategy.house ? undefined : (
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
 * A kind's strategies (issue 18 items 8 and 4): 我的策略 first (spec 1 §9: the fund list's default
 * is the user's own) and 官方策略, with today's count and the latest change, a red point on a change
 * not yet seen. A visitor is asked to sign in for their own.
 */
export function StrategySections({ kind = 'stock' }: { kind?: StrategyKind }) {
  const list = useStrategyList(kind);
  const signedIn = useLocalState((state) => state.token !== null);
  const { pathname, search } = useLocation();
  const text = sectionsOf[kind];
  return (
    <>
      {signedIn ? (
        <StrategyListSection
          kind={kind}
          which="mine"
          title={text.mine}
          query={list}
          emptyText={text.mineEmpty}
          more={text.mineMore()}
          signedIn
        />
      ) : (
        <Section title={text.mine}>
          <p className="strategy-save">
            <Link to={loginUrl(`${pathname}${search}`)}>{text.signIn}</Link>
          </p>
        </Section>
      )}
      <StrategyListSection
        kind={kind}
        which="house"
        title={text.house}
        query={list}
        emptyText="暂无官方策略"
        more={text.houseMore()}
        signedIn={signedIn}
      />
    </>
  );
}
