import { Sheet } from '../../../ui/sheet/index.ts';
import { periodTitle } from '../report-rules.ts';

/** spec 2 §9: the period sheet's list is 400 high. */
export const periodListHeight = 400;

export interface PeriodSheetProps {
  open: boolean;
  periods: readonly string[];
  current: string;
  onPick: (period: string) => void;
  onClose: () => void;
}

/** 选择报告期 (spec 2 §2.1): the periods of the data, the current one highlighted. */
export function PeriodSheet({ open, periods, current, onPick, onClose }: PeriodSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title="选择报告期">
      <ul className="report-periods" style={{ height: periodListHeight }} aria-label="报告期">
        {periods.map((period) => (
          <li key={period}>
            <button
              type="button"
              className="report-periods__item"
              aria-current={period === current ? 'true' : undefined}
              onClick={() => onPick(period)}
            >
              {periodTitle(period)}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
