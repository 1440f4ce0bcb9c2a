import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { useOrders } from '../api/orders.ts';
import { beijingDate, beijingMinute, orderStatusText, yuan } from '../member-rules.ts';
import '../member.css';

/** /orderList: 我的订单, newest first: paid, pending (continue paying) and closed. */
export default function OrderListPage() {
  const signedIn = useLocalState((state) => state.token !== null);
  const orders = useOrders(signedIn);
  return (
    <>
      <PageHeader title="我的订单" />
      {!signedIn ? (
        <main className="member-page member-page--plain">
          <SignInPrompt className="member-result" textClassName="member-muted" text="登录后查看订单" />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => orders.refetch()}>
          <main className="member-page member-page--plain">
            <QueryStates
              query={orders}
              skeletonLines={6}
              errorText="订单加载失败"
              isEmpty={(list) => list.length === 0}
              emptyText={
                <>
                  暂无订单，<Link to={href('app_userPrice')}>去开通会员</Link>
                </>
              }
            >
              {(list) => (
                <ul className="member-coupons" aria-label="订单列表">
                  {list.map((order) => (
                    <li key={order.id} className="member-card" aria-label={`订单 ${order.orderNo}`}>
                      <div className="member-order__head">
                        <strong>{order.goodName}</strong>
                        <span className={`member-order__status--${order.status}`}>
                          {orderStatusText[order.status]}
                        </span>
                      </div>
                      <p className="member-muted">订单号 {order.orderNo}</p>
                      <p className="member-muted">下单时间 {beijingMinute(order.createdAt)}</p>
                      <p className="member-muted">
                        实付 {yuan(order.amount)}
                        {order.discount > 0 ? ` · 优惠券 -${yuan(order.discount)}` : ''}
                        {order.membershipUntil ? ` · 有效期至 ${beijingDate(order.membershipUntil)}` : ''}
                      </p>
                      <div className="member-order__actions">
                        <Link className="button" to={href('priceDetail', { orderId: String(order.id) })}>
                          价格详情
                        </Link>
                        {order.status === 'pending' ? (
                          <Link
                            className="button button--primary"
                            to={href('pay', {
                              goodId: String(order.goodId),
                              couponId: order.couponId ? String(order.couponId) : '0',
                            })}
                          >
                            继续支付
                          </Link>
                        ) : null}
                      </div>
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
