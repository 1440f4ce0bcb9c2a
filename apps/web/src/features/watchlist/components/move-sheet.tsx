import { Sheet } from '../../../ui/sheet/index.ts';
import type { WatchlistGroup } from '../api/watchlist-groups.ts';

/** 移动到: the user groups to move (or, from 全部, copy) instruments into. */
export function MoveSheet({
  groups,
  currentGroupId,
  count,
  onPick,
  onClose,
}: {
  groups: readonly WatchlistGroup[];
  currentGroupId: number | undefined;
  count: number;
  onPick: (group: WatchlistGroup) => void;
  onClose: () => void;
}) {
  const targets = groups.filter((group) => group.id !== currentGroupId);
  return (
    <Sheet open onClose={onClose} title={`移动 ${count} 只到分组`}>
      <div className="watchlist-sheet">
        {targets.length === 0 ? (
          <p className="group-picker__empty">还没有其他分组，请先在“管理分组”中新建</p>
        ) : (
          <ul className="group-picker__list" aria-label="目标分组">
            {targets.map((group) => (
              <li key={group.id}>
                <button
                  type="button"
                  className="group-picker__item watchlist-sheet__target"
                  onClick={() => onPick(group)}
                >
                  <span className="group-picker__name">{group.name}</span>
                  <span className="group-picker__count">{group.count}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Sheet>
  );
}
