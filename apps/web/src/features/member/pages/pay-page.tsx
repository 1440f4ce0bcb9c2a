import { href } from '@zhicai/contract';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { track } from '../../../platform/analytics/analytics.ts';
import { currentEnvironment } from '../../../platform/environment.ts';
import { ApiError } from '../../../platform/request/api-error.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { useMembershipStatus } from '../api/membership-status.ts';
import { usePay } from '../api/pay.ts';
import { PriceRows } from '../components/price-rows.tsx';
import { useCheckout } from '../hooks/use-checkout.ts';
import { payChannel, startPayment } from '../member-payment.ts';
import { beijingDate, idParam, NO_COUPON, yuan } from '../member-rules.ts';
import '../member.css';

/**
 * /pay?goodId=&couponId=: 开通会员. The price detail with the coupon, and the pay button: inside
 * WeChat it opens WeChat's payment sheet (getBrandWCPayRequest), in a browser the cashier page;
 * either way the membership starts when the server hears from WeChat Pay, shown on /paySuccess.
 */
export default function PayPage() {
  const [params] = useSearchParams();
  const signedIn = useLocalState((state) => state.token !== null);
  const goodParam = params.get('goodId');
  const couponParam = params.get('couponId');
  const { goods, good, offers, coupon, total } = useCheckout(goodParam, couponParam, signedIn);
  const status = useMembershipStatus(signedIn);
  const pay = usePay();
  const navigate = useNavigate();
  const couponId = coupon ? String(coupon.id) : couponParam === NO_COUPON ? NO_COUPON : undefined;

  const submit = () => {
    if (!good) return;
    const channel = payChannel(currentEnvironment());
    // spec 2 §7.3: the pay call also sends an analytics event at payment start.
    track('member_pay_start', {
      goodId: String(good.id),
      couponId: coupon ? String(coupon.id) : '',
      channel,
    });
    pay.mutate(
      { goodId: good.id, ...(coupon ? { couponId: coupon.id } : {}), channel },
      {
        onSuccess: async ({ order, payment }) => {
          const outcome = await startPayment(payment);
          if (outcome === 'paid')
            navigate(href('paySuccess', { orderId: String(order.id) }), { replace: true });
          else if (outcome === 'cancelled') toast('已取消支付，订单 30 分钟内可继续支付');
          else if (outcome === 'failed') toast.error('支付未完成，请稍后再试');
        },
        onError: (error) => toast.error(error instanceof ApiError ? error.message : '下单失败，请稍后再试'),
      },
    );
  };

  if (!signedIn)
    return (
      <>
        <PageHeader title="开通会员" />
        <main className="member-page member-page--plain">
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后开通会员" />
        </main>
      </>
    );

  return (
    <>
      <PageHeader title="开通会员" />
      <main className="member-page">
        {idParam(goodParam) === null ? (
          <section className="member-result">
            <p className="member-muted">请先选择会员套餐</p>
            <Link className="button button--primary" to={href('app_userPrice')}>
              选择套餐
            </Link>
          </section>
        ) : (
          <QueryStates query={goods} skeletonLines={5} errorText="会员套餐加载失败">
            {() =>
              good ? (
                <>
                  <section className="member-card" aria-label="所选套餐">
                    <h2 className="member-section-title">{good.name}</h2>
                    <p className="member-muted">
                      {good.days} 天 · {yuan(good.dailyPrice)}/天
                    </p>
                    <p className="member-muted">
                      {status.data?.vipExpiresAt
                        ? `当前会员有效期至 ${beijingDate(status.data.vipExpiresAt)}，支付后顺延 ${good.days} 天`
                        : `支付后立即生效，有效期 ${good.days} 天`}
                    </p>
                  </section>
                  <section className="member-card" aria-label="优惠券">
                    <Link
                      className="member-row member-row--link"
                      to={href('pay_coupon', { goodId: String(good.id), couponId, from: 'pay' })}
                    >
                      <span>优惠券</span>
                      <span className="member-row__value member-row__value--off">
                        {offers.isPending
                          ? '查询中…'
                          : coupon
                            ? `${coupon.name} -${yuan(coupon.discount)}`
                            : (offers.data?.length ?? 0) > 0
                              ? '不使用优惠券'
                              : '暂无可用'}
                      </span>
                    </Link>
                  </section>
                  <PriceRows
                    originalPrice={good.originalPrice}
                    price={good.price}
                    discount={coupon?.discount ?? 0}
                    couponName={coupon?.name ?? null}
                  />
                  <p className="member-muted">会员为虚拟商品，开通后不支持退款。</p>
                </>
              ) : (
                <section className="member-result">
                  <p className="member-muted">该会员套餐不存在或已下架</p>
                  <Link className="button" to={href('app_userPrice')}>
                    查看其他套餐
                  </Link>
                </section>
              )
            }
          </QueryStates>
        )}
      </main>
      {good && total !== null && idParam(goodParam) !== null ? (
        <div className="member-paybar">
          <span>
            实付 <span className="member-paybar__total">{yuan(total)}</span>
          </span>
          <button
            type="button"
            className="button button--primary"
            disabled={pay.isPending || offers.isPending}
            onClick={submit}
          >
            {pay.isPending ? '正在下单…' : `确认支付 ${yuan(total)}`}
          </button>
        </div>
      ) : null}
    </>
  );
}
