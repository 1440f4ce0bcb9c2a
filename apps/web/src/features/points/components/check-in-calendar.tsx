import type { PointInfo } from '@zhicai/contract';
import { calendarDayLabel } from '../points-rules.ts';

/** The 7-day cycle: each day's points, the days done, today marked. */
export function CheckInCalendar({ calendar }: { calendar: PointInfo['calendar'] }) {
  return (
    <ol className="check-in-calendar" aria-label="7 天签到日历">
      {calendar.map((day) => (
        <li
          key={day.day}
          className={[
            'check-in-calendar__day',
            day.signed ? 'check-in-calendar__day--signed' : '',
            day.isToday ? 'check-in-calendar__day--today' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          aria-label={`第 ${day.day} 天 ${calendarDayLabel(day.date)} ${day.points} 积分${day.signed ? ' 已签到' : ''}`}
        >
          <span className="check-in-calendar__points">+{day.points}</span>
          <span className="check-in-calendar__mark" aria-hidden="true">
            {day.signed ? '✓' : day.day}
          </span>
          <span className="check-in-calendar__label">{day.isToday ? '今天' : `第${day.day}天`}</span>
        </li>
      ))}
    </ol>
  );
}
