import type { Coupon } from '@zhicai/contract';
import type { ReactNode } from 'react';
import { beijingDate, couponThreshold, yuan } from '../member-rules.ts';

const stateText: Record<Coupon['status'], string> = { unused: '', used: '已使用', expired: '已过期' };

function CouponFace({ coupon, state }: { coupon: Coupon; state: ReactNode }) {
  return (
    <>
      <span className="member-coupon__amount">
        <strong>{yuan(coupon.amount)}</strong>
        <span>{couponThreshold(coupon)}</span>
      </span>
      <span className="member-coupon__body">
        <span className="member-coupon__name">{coupon.name}</span>
        <span className="member-muted">
          {coupon.goodIds === null ? '全部会员套餐可用' : '指定会员套餐可用'} · 有效期至{' '}
          {beijingDate(coupon.validUntil)}
        </span>
      </span>
      {state ? <span className="member-coupon__state">{state}</span> : null}
    </>
  );
}

/** A coupon; a button when it can be chosen, a plain card otherwise. */
export function CouponCard({
  coupon,
  chosen,
  onChoose,
}: {
  coupon: Coupon;
  chosen?: boolean;
  onChoose?: () => void;
}) {
  if (onChoose)
    return (
      <button type="button" className="member-coupon" aria-pressed={chosen ?? false} onClick={onChoose}>
        <CouponFace coupon={coupon} state={chosen ? '已选' : '使用'} />
      </button>
    );
  return (
    <div className={`member-coupon${coupon.status === 'unused' ? '' : ' member-coupon--over'}`}>
      <CouponFace coupon={coupon} state={stateText[coupon.status]} />
    </div>
  );
}
