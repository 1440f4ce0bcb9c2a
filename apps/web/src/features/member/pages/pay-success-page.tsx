import { href } from '@zhicai/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useOrder } from '../api/order.ts';
import { beijingDate, idParam, yuan } from '../member-rules.ts';
import '../member.css';

/** After this long without WeChat's notification the page stops asking and offers 刷新. */
export const PAY_CONFIRM_WAIT_MS = 60_000;

/**
 * /paySuccess?orderId=: where the payer lands after paying. The payment is only confirmed when
 * WeChat Pay's notification reaches the server, so the page asks for the order every 2 s until it
 * is paid, then shows the membership's new end.
 */
export default function PaySuccessPage() {
  const [params] = useSearchParams();
  const signedIn = useLocalState((state) => state.token !== null);
  const orderId = idParam(params.get('orderId'));
  const [waiting, setWaiting] = useState(true);
  const order = useOrder(signedIn ? orderId : null, { poll: waiting });
  useEffect(() => {
    const timer = window.setTimeout(() => setWaiting(false), PAY_CONFIRM_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const status = order.data?.order.status;
  return (
    <>
      <PageHeader
        title={status === 'pending' ? '支付结果' : status === 'closed' ? '订单已关闭' : '支付成功'}
      />
      <main className="member-page member-page--plain">
        {!signedIn ? (
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看支付结果" />
        ) : orderId === null ? (
          <section className="member-result">
            <p className="member-muted">未找到订单</p>
            <Link className="button" to={href('orderList')}>
              查看我的订单
            </Link>
          </section>
        ) : (
          <QueryStates query={order} skeletonLines={4} errorText="订单查询失败">
            {({ order: paid, membership }) =>
              paid.status === 'paid' ? (
                <section className="member-result" aria-label="支付成功">
                  <h2 className="member-result__title">{paid.goodName}开通成功</h2>
                  <p>实付 {yuan(paid.amount)}</p>
                  {(paid.membershipUntil ?? membership.vipExpiresAt) ? (
                    <p className="member-muted">
                      会员有效期至 {beijingDate(paid.membershipUntil ?? membership.vipExpiresAt ?? '')}
                    </p>
                  ) : null}
                  <div className="member-result__actions">
                    <Link className="button" to={href('orderList')}>
                      查看订单
                    </Link>
                    <Link className="button button--primary" to={href('app_userPage')}>
                      会员中心
                    </Link>
                  </div>
                </section>
              ) : paid.status === 'closed' ? (
                <section className="member-result">
                  <h2 className="member-result__title">订单已关闭</h2>
                  <p className="member-muted">该订单未支付，已超时关闭，未扣款。</p>
                  <div className="member-result__actions">
                    <Link
                      className="button button--primary"
                      to={href('app_userPrice', { goodId: String(paid.goodId) })}
                    >
                      重新购买
                    </Link>
                  </div>
                </section>
              ) : (
                <section className="member-result" aria-busy={waiting}>
                  <h2 className="member-result__title">{waiting ? '正在确认支付结果…' : '支付结果确认中'}</h2>
                  <p className="member-muted">
                    {waiting
                      ? '微信支付通知到达后自动更新，请稍候'
                      : '暂未收到支付结果。若已扣款，会员将在收到通知后自动开通。'}
                  </p>
                  <div className="member-result__actions">
                    {waiting ? null : (
                      <button type="button" className="button" onClick={() => void order.refetch()}>
                        刷新
                      </button>
                    )}
                    <Link
                      className="button button--primary"
                      to={href('pay', {
                        goodId: String(paid.goodId),
                        couponId: paid.couponId ? String(paid.couponId) : undefined,
                      })}
                    >
                      继续支付
                    </Link>
                  </div>
                </section>
              )
            }
          </QueryStates>
        )}
      </main>
    </>
  );
}
