import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import type { WatchlistGroup } from '../api/watchlist-groups.ts';
import { reportFailure } from '../watchlist-errors.ts';

export interface GroupPickerProps {
  /** The user's groups (not 全部, which holds every followed instrument anyway). */
  groups: readonly WatchlistGroup[];
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
  /** The groups that are greyed: some of several instruments are in them (selectAdd). */
  partial?: ReadonlySet<number>;
}

/**
 * The group picker of 加自选, 自选设置 and 添加自选: a tick per user group, and 新建分组 in place,
 * which ticks the new group at once.
 */
export function GroupPicker({ groups, selected, onChange, partial }: GroupPickerProps) {
  const [name, setName] = useState('');
  const addGroup = useEndpointMutation('watchlist.addOptGroup');
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  const create = () => {
    const trimmed = name.trim();
    if (trimmed === '') return;
    addGroup.mutate(
      { name: trimmed, optType: 'normal' },
      {
        onSuccess: (group) => {
          setName('');
          onChange(new Set([...selected, group.id]));
        },
        onError: (error) => reportFailure(error, '新建分组失败'),
      },
    );
  };
  return (
    <div className="group-picker">
      {groups.length === 0 ? <p className="group-picker__empty">还没有分组，可在下方新建</p> : null}
      <ul className="group-picker__list" aria-label="分组">
        {groups.map((group) => (
          <li key={group.id}>
            <label className="group-picker__item">
              <input
                type="checkbox"
                checked={selected.has(group.id)}
                data-partial={partial?.has(group.id) && !selected.has(group.id) ? 'true' : undefined}
                onChange={() => toggle(group.id)}
              />
              <span className="group-picker__name">{group.name}</span>
              <span className="group-picker__count">{group.count}</span>
            </label>
          </li>
        ))}
      </ul>
      <form
        className="group-picker__new"
        onSubmit={(event) => {
          event.preventDefault();
          create();
        }}
      >
        <input
          aria-label="新分组名称"
          placeholder="新建分组（最多12个字）"
          maxLength={12}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" className="button" disabled={name.trim() === '' || addGroup.isPending}>
          新建分组
        </button>
      </form>
    </div>
  );
}
