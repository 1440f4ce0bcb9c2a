import { href } from '@zhicai/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useCouponOffer } from '../api/coupon-offer.ts';
import { useCoupons } from '../api/coupons.ts';
import { CouponCard } from '../components/coupon-card.tsx';
import { chosenCoupon, idParam, NO_COUPON } from '../member-rules.ts';
import '../member.css';

/**
 * /pay_coupon?goodId=&couponId=&from=: 选择优惠券. With a good, its usable coupons best first;
 * choosing one (or 不使用优惠券) returns to the checkout it came from (from=pay: 开通会员, else 会员价格)
 * with the choice. Without a good (from 会员中心) it lists every usable coupon, and choosing one opens
 * 会员价格 with it.
 */
export default function PayCouponPage() {
  const [params] = useSearchParams();
  const signedIn = useLocalState((state) => state.token !== null);
  const goodId = idParam(params.get('goodId'));
  const offers = useCouponOffer(goodId, signedIn);
  const coupons = useCoupons(signedIn && goodId === null);
  const navigate = useNavigate();
  const chosen = chosenCoupon(params.get('couponId'), offers.data ?? []);

  const choose = (couponId: string) => {
    if (goodId === null) return;
    const back = { goodId: String(goodId), couponId };
    navigate(params.get('from') === 'pay' ? href('pay', back) : href('app_userPrice', back), {
      replace: true,
    });
  };

  return (
    <>
      <PageHeader title="选择优惠券" />
      <main className="member-page member-page--plain">
        {!signedIn ? (
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看优惠券" />
        ) : goodId !== null ? (
          <QueryStates
            query={offers}
            skeletonLines={4}
            errorText="优惠券加载失败"
            isEmpty={(list) => list.length === 0}
            emptyText="暂无可用于该套餐的优惠券"
          >
            {(list) => (
              <>
                <ul className="member-coupons" aria-label="可用优惠券">
                  {list.map((coupon) => (
                    <li key={coupon.id}>
                      <CouponCard
                        coupon={coupon}
                        chosen={chosen?.id === coupon.id}
                        onChoose={() => choose(String(coupon.id))}
                      />
                    </li>
                  ))}
                </ul>
                <button type="button" className="button" onClick={() => choose(NO_COUPON)}>
                  不使用优惠券
                </button>
              </>
            )}
          </QueryStates>
        ) : (
          <QueryStates
            query={coupons}
            skeletonLines={4}
            errorText="优惠券加载失败"
            isEmpty={(list) => list.length === 0}
            emptyText="暂无可用优惠券"
          >
            {(list) => (
              <ul className="member-coupons" aria-label="可用优惠券">
                {list.map((coupon) => (
                  <li key={coupon.id}>
                    <CouponCard
                      coupon={coupon}
                      onChoose={() => navigate(href('app_userPrice', { couponId: String(coupon.id) }))}
                    />
                  </li>
                ))}
              </ul>
            )}
          </QueryStates>
        )}
        {signedIn ? (
          <p className="member-links">
            <Link to={href('Pay_overCoupon')}>查看已失效优惠券</Link>
          </p>
        ) : null}
      </main>
    </>
  );
}
