import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { useGoods } from '../api/goods.ts';
import { useMembershipStatus } from '../api/membership-status.ts';
import { Benefits } from '../components/benefits.tsx';
import { beijingDate, yuan } from '../member-rules.ts';
import '../member.css';

/** /app_userIndex: 会员首页, what membership gives and from what price, leading to 会员价格. */
export default function AppUserIndexPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const goods = useGoods();
  const status = useMembershipStatus(signedIn);
  const cheapestDaily = goods.data?.reduce<number | null>(
    (lowest, good) => (lowest === null || good.dailyPrice < lowest ? good.dailyPrice : lowest),
    null,
  );

  return (
    <>
      <PageHeader title="会员首页" />
      <main className="member-page member-page--plain">
        <section className="member-hero" aria-label="知财会员">
          <h2 className="member-hero__title">知财会员</h2>
          <p className="member-hero__text">
            {status.data && status.data.vipType > 0
              ? status.data.vipExpiresAt
                ? `您的会员有效期至 ${beijingDate(status.data.vipExpiresAt)}`
                : '您的会员长期有效'
              : cheapestDaily != null
                ? `低至 ${yuan(cheapestDaily)}/天，解锁全部会员权益`
                : '解锁全部会员权益'}
          </p>
          <Link className="button button--primary" to={href('app_userPrice')}>
            {status.data && status.data.vipType > 0 ? '续费会员' : '查看会员价格'}
          </Link>
        </section>
        <section className="member-card" aria-labelledby="index-benefits">
          <h2 id="index-benefits" className="member-section-title">
            会员权益
          </h2>
          <QueryStates
            query={goods}
            skeletonLines={4}
            errorText="会员权益加载失败"
            isEmpty={(list) => list.length === 0}
            emptyText="暂无会员权益"
          >
            {(list) => <Benefits benefits={list[0]?.benefits ?? []} />}
          </QueryStates>
        </section>
        <p className="member-links">
          {signedIn ? <Link to={href('app_userPage')}>会员中心</Link> : null}
          {status.data && !status.data.trialClaimed ? (
            <Link to={href('receiveVip')}>免费领取 {status.data.trialDays} 天体验会员</Link>
          ) : null}
        </p>
      </main>
    </>
  );
}
