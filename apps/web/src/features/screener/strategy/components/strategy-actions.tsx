import { useState } from 'react';
import { Dialog } from '../../../../ui/antd/index.ts';
import { toast } from '../../../../ui/toast/toast.ts';
import { useStrategyCopy } from '../api/strategy-copy.ts';
import { useStrategyDelete } from '../api/strategy-delete.ts';
import type { StrategySummary } from '../api/strategy-list.ts';
import { useStrategyRename } from '../api/strategy-rename.ts';
import { EditConditionsLink } from './edit-conditions-link.tsx';

const failed = (error: Error) => toast.error(error.message || '操作失败，请稍后再试');

/** 修改条件 / 重命名 / 复制 / 删除 of one of the user's strategies; 复制到我的 of a house one. */
export function StrategyActions({ strategy }: { strategy: StrategySummary }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(strategy.name);
  const rename = useStrategyRename(strategy.kind, { onSuccess: () => setRenaming(false), onError: failed });
  const copy = useStrategyCopy(strategy.kind, {
    onSuccess: () => toast.success('已复制到我的策略'),
    onError: failed,
  });
  const remove = useStrategyDelete(strategy.kind, { onError: failed });

  if (renaming) {
    return (
      <form
        className="strategy-rename"
        onSubmit={(event) => {
          event.preventDefault();
          rename.mutate({ id: strategy.id, name });
        }}
      >
        <input
          aria-label="策略名称"
          value={name}
          maxLength={16}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={rename.isPending}>
          保存
        </button>
        <button type="button" onClick={() => setRenaming(false)}>
          取消
        </button>
      </form>
    );
  }
  if (strategy.house) {
    return (
      <button type="button" onClick={() => copy.mutate({ id: strategy.id })} disabled={copy.isPending}>
        复制到我的策略
      </button>
    );
  }
  return (
    <>
      <EditConditionsLink id={strategy.id} conditions={strategy.conditions} kind={strategy.kind} />
      <button type="button" onClick={() => setRenaming(true)}>
        重命名
      </button>
      <button type="button" onClick={() => copy.mutate({ id: strategy.id })} disabled={copy.isPending}>
        复制
      </button>
      <button
        type="button"
        onClick={async () => {
          if (await Dialog.confirm({ content: `删除策略「${strategy.name}」？` }))
            remove.mutate({ id: strategy.id });
        }}
      >
        删除
      </button>
    </>
  );
}
