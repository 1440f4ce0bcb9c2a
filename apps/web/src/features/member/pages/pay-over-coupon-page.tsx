import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useUsedCoupons } from '../api/used-coupons.ts';
import { CouponCard } from '../components/coupon-card.tsx';
import '../member.css';

/** /Pay_overCoupon: 已失效优惠券, the used and the expired ones, most recent first. */
export default function PayOverCouponPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const coupons = useUsedCoupons(signedIn);
  return (
    <>
      <PageHeader title="已失效优惠券" />
      {!signedIn ? (
        <main className="member-page member-page--plain">
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看优惠券" />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => coupons.refetch()}>
          <main className="member-page member-page--plain">
            <QueryStates
              query={coupons}
              skeletonLines={4}
              errorText="优惠券加载失败"
              isEmpty={(list) => list.length === 0}
              emptyText="暂无已失效的优惠券"
            >
              {(list) => (
                <ul className="member-coupons" aria-label="已失效优惠券">
                  {list.map((coupon) => (
                    <li key={coupon.id}>
                      <CouponCard coupon={coupon} />
                    </li>
                  ))}
                </ul>
              )}
            </QueryStates>
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
