import { href } from '@zhicai/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { Benefits } from '../components/benefits.tsx';
import { GoodPicker } from '../components/good-picker.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';
import { NO_COUPON, yuan } from '../member-rules.ts';
import '../member.css';

/**
 * /app_userPrice?goodId=&couponId=: 会员价格. The goods side by side, the coupon row (the best offer
 * unless the user chose in 选择优惠券), and 立即开通 to checkout with that choice.
 */
export default function AppUserPricePage() {
  const [params, setParams] = useSearchParams();
  const signedIn = useLocalState((state) => state.token !== null);
  const couponParam = params.get('couponId');
  const { goods, good, offers, coupon, total } = useCheckout(params.get('goodId'), couponParam, signedIn);
  const navigate = useNavigate();
  const couponId = coupon ? String(coupon.id) : couponParam === NO_COUPON ? NO_COUPON : undefined;
  const checkout = good ? href('pay', { goodId: String(good.id), couponId }) : null;

  return (
    <>
      <PageHeader title="会员价格" />
      <main className="member-page">
        <QueryStates
          query={goods}
          skeletonLines={6}
          errorText="会员套餐加载失败"
          isEmpty={(list) => list.length === 0}
          emptyText="暂无可购买的会员套餐"
        >
          {(list) => (
            <>
              <GoodPicker
                goods={list}
                chosenId={good?.id ?? null}
                // Another good has other offers: the coupon choice starts over (best offer).
                onChoose={(chosen) => setParams({ goodId: String(chosen.id) }, { replace: true })}
              />
              {good ? (
                <>
                  <section className="member-card" aria-label="优惠券">
                    {!signedIn ? (
                      <p className="member-row">登录后可使用优惠券</p>
                    ) : (
                      <Link
                        className="member-row member-row--link"
                        to={href('pay_coupon', { goodId: String(good.id), couponId, from: 'price' })}
                      >
                        <span>优惠券</span>
                        <span className="member-row__value member-row__value--off">
                          {offers.isPending
                            ? '查询中…'
                            : coupon
                              ? `-${yuan(coupon.discount)}`
                              : (offers.data?.length ?? 0) > 0
                                ? '不使用优惠券'
                                : '暂无可用'}
                        </span>
                      </Link>
                    )}
                    <Link
                      className="member-row member-row--link"
                      to={href('priceDetail', { goodId: String(good.id), couponId })}
                    >
                      <span>价格详情</span>
                    </Link>
                  </section>
                  <section className="member-card" aria-labelledby="price-benefits">
                    <h2 id="price-benefits" className="member-section-title">
                      {good.name}权益
                    </h2>
                    <Benefits benefits={good.benefits} />
                  </section>
                </>
              ) : null}
            </>
          )}
        </QueryStates>
      </main>
      {good && checkout && total !== null ? (
        <div className="member-paybar">
          <span>
            实付 <span className="member-paybar__total">{yuan(total)}</span>
          </span>
          <button
            type="button"
            className="button button--primary"
            onClick={() => navigate(signedIn ? checkout : loginUrl(checkout))}
          >
            立即开通
          </button>
        </div>
      ) : null}
    </>
  );
}
