import { shiftToBeijing } from '@zhicai/domain';

const weekdays = ['星期日', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六'];

/** A flash's Beijing date and time: the timeline groups by `day` and shows `clock`. */
export function flashTime(time: number): { day: string; dayLabel: string; clock: string; full: string } {
  const text = shiftToBeijing(time) ?? '';
  const day = text.slice(0, 10);
  const [year, month, date] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1)).getUTCDay();
  return {
    day,
    dayLabel: `${month}月${date}日 ${weekdays[weekday] ?? ''}`,
    clock: text.slice(11, 16),
    full: text.slice(0, 16),
  };
}
