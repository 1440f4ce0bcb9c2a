import { checkInCycle, href, type PointInfo } from '@zhicai/contract';
import { Link } from 'react-router';
import { CheckInCalendar } from './check-in-calendar.tsx';

/**
 * The check-in card both check-in layouts draw: balance, streak, the calendar and the 签到 button.
 * `compact` is the card of /userIntegralPopTwo (no shop link row, smaller heading).
 */
export function CheckInCard({
  info,
  onCheckIn,
  checkingIn,
  compact = false,
}: {
  info: PointInfo;
  onCheckIn: () => void;
  checkingIn: boolean;
  compact?: boolean;
}) {
  return (
    <section className={`check-in-card${compact ? ' check-in-card--compact' : ''}`} aria-label="每日签到">
      <div className="check-in-card__head">
        <div>
          <p className="check-in-card__label">我的积分</p>
          <p className="check-in-card__balance" data-testid="points-balance">
            {info.balance}
          </p>
        </div>
        {compact ? null : (
          <Link className="check-in-card__shop" to={href('userIntegralData')}>
            积分商城 ›
          </Link>
        )}
      </div>
      <p className="check-in-card__streak">
        {info.streak > 0 ? `已连续签到 ${info.streak} 天` : '今天开始连续签到'}
        {info.signedToday ? '' : `，今日签到可得 ${info.todayPoints} 积分`}
      </p>
      <CheckInCalendar calendar={info.calendar} />
      <button
        type="button"
        className="button button--primary check-in-card__button"
        onClick={onCheckIn}
        disabled={info.signedToday || checkingIn}
      >
        {info.signedToday ? '今日已签到' : checkingIn ? '签到中…' : `签到 +${info.todayPoints}`}
      </button>
      <p className="check-in-card__rule">
        连续签到第 1–{checkInCycle.length} 天分别得 {checkInCycle.join('、')} 积分，断签从第 1 天重新开始
      </p>
    </section>
  );
}
