import { href } from '@zhicai/contract';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useOrder } from '../api/order.ts';
import { PriceRows } from '../components/price-rows.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';
import { beijingMinute, idParam, orderStatusText } from '../member-rules.ts';
import '../member.css';

/**
 * /priceDetail?orderId= or ?goodId=&couponId=: 价格详情. An order's amounts as they were charged,
 * or a good's price with the coupon the checkout would apply.
 */
export default function PriceDetailPage() {
  const [params] = useSearchParams();
  const signedIn = useLocalState((state) => state.token !== null);
  const orderId = idParam(params.get('orderId'));
  const order = useOrder(signedIn ? orderId : null);
  const checkout = useCheckout(params.get('goodId'), params.get('couponId'), signedIn);

  return (
    <>
      <PageHeader title="价格详情" />
      <main className="member-page member-page--plain">
        {orderId !== null ? (
          !signedIn ? (
            <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看订单" />
          ) : (
            <QueryStates query={order} skeletonLines={5} errorText="订单加载失败">
              {({ order: detail }) => (
                <>
                  <section className="member-card" aria-label="订单信息">
                    <h2 className="member-section-title">{detail.goodName}</h2>
                    <p className="member-muted">订单号 {detail.orderNo}</p>
                    <p className="member-muted">
                      {orderStatusText[detail.status]} · 下单时间 {beijingMinute(detail.createdAt)}
                      {detail.paidAt ? ` · 支付时间 ${beijingMinute(detail.paidAt)}` : ''}
                    </p>
                  </section>
                  <PriceRows
                    originalPrice={detail.originalAmount}
                    price={detail.originalAmount}
                    discount={detail.discount}
                    couponName={detail.couponName}
                  />
                </>
              )}
            </QueryStates>
          )
        ) : (
          <QueryStates query={checkout.goods} skeletonLines={5} errorText="会员套餐加载失败">
            {() =>
              checkout.good ? (
                <>
                  <section className="member-card" aria-label="所选套餐">
                    <h2 className="member-section-title">{checkout.good.name}</h2>
                    <p className="member-muted">{checkout.good.days} 天</p>
                  </section>
                  <PriceRows
                    originalPrice={checkout.good.originalPrice}
                    price={checkout.good.price}
                    discount={checkout.coupon?.discount ?? 0}
                    couponName={checkout.coupon?.name ?? null}
                  />
                  {signedIn ? null : <p className="member-muted">登录后可使用优惠券。</p>}
                  <Link
                    className="button button--primary"
                    to={href('pay', {
                      goodId: String(checkout.good.id),
                      couponId: checkout.coupon
                        ? String(checkout.coupon.id)
                        : (params.get('couponId') ?? undefined),
                    })}
                  >
                    去开通
                  </Link>
                </>
              ) : (
                <section className="member-result">
                  <p className="member-muted">该会员套餐不存在或已下架</p>
                  <Link className="button" to={href('app_userPrice')}>
                    查看会员套餐
                  </Link>
                </section>
              )
            }
          </QueryStates>
        )}
      </main>
    </>
  );
}
