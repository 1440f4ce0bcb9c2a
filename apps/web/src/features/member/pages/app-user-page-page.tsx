import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useCouponCheckStatus } from '../api/coupon-check-status.ts';
import { useGoods } from '../api/goods.ts';
import { useMembershipStatus } from '../api/membership-status.ts';
import { Benefits } from '../components/benefits.tsx';
import { beijingDate, levelName } from '../member-rules.ts';
import '../member.css';

/** /app_userPage: 会员中心, the user's level and its end, renewal, benefits, orders and coupons. */
export default function AppUserPagePage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const status = useMembershipStatus(signedIn);
  const coupons = useCouponCheckStatus(signedIn);
  const goods = useGoods();

  return (
    <>
      <PageHeader title="会员中心" />
      {!signedIn ? (
        <main className="member-page member-page--plain">
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看会员状态" />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => Promise.all([status.refetch(), coupons.refetch(), goods.refetch()])}>
          <main className="member-page member-page--plain">
            <QueryStates query={status} skeletonLines={3} errorText="会员状态加载失败">
              {(membership) => (
                <section className="member-hero" aria-label="会员状态">
                  <h2 className="member-hero__title">
                    {membership.vipType > 0 ? `${levelName(membership.vipType)} 会员` : '您还不是会员'}
                  </h2>
                  <p className="member-hero__text">
                    {membership.vipType === 0
                      ? '开通会员，解锁全部权益'
                      : membership.vipExpiresAt
                        ? `有效期至 ${beijingDate(membership.vipExpiresAt)}`
                        : '长期有效'}
                  </p>
                  {membership.vipType > 0 && membership.vipExpiresAt === null ? null : (
                    <Link className="button button--primary" to={href('app_userPrice')}>
                      {membership.vipType > 0 ? '立即续费' : '立即开通'}
                    </Link>
                  )}
                </section>
              )}
            </QueryStates>
            <nav className="member-card" aria-label="会员服务">
              <Link className="member-row member-row--link" to={href('orderList')}>
                <span>我的订单</span>
              </Link>
              <Link className="member-row member-row--link" to={href('pay_coupon')}>
                <span>
                  我的优惠券
                  {coupons.data?.hasNew ? (
                    <span className="member-dot" role="img" aria-label="有新优惠券" />
                  ) : null}
                </span>
                <span className="member-muted">
                  {coupons.data ? `${coupons.data.usableCount} 张可用` : ''}
                </span>
              </Link>
              {status.data && !status.data.trialClaimed ? (
                <Link className="member-row member-row--link" to={href('receiveVip')}>
                  <span>免费领取 {status.data.trialDays} 天体验会员</span>
                </Link>
              ) : null}
            </nav>
            <section className="member-card" aria-labelledby="center-benefits">
              <h2 id="center-benefits" className="member-section-title">
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
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
