import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { Sheet } from '../../../ui/sheet/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { reportFailure } from '../watchlist-errors.ts';

/** 备注: a note of up to 100 characters on one instrument, the same in every group. */
export function RemarkSheet({
  code,
  name,
  remark,
  onClose,
}: {
  code: string;
  name: string;
  remark: string;
  onClose: () => void;
}) {
  const [text, setText] = useState(remark);
  const save = useEndpointMutation('watchlist.remark');
  return (
    <Sheet open onClose={onClose} title={`${name} 备注`}>
      <form
        className="watchlist-sheet"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { code, remark: text.trim() },
            {
              onSuccess: () => {
                toast.success(text.trim() === '' ? '备注已清除' : '备注已保存');
                onClose();
              },
              onError: (error) => reportFailure(error, '保存备注失败'),
            },
          );
        }}
      >
        <textarea
          className="watchlist-sheet__text"
          aria-label="备注"
          placeholder="写点什么，最多100字"
          maxLength={100}
          rows={3}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="watchlist-sheet__actions">
          <button type="button" className="button" onClick={onClose}>
            取消
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            保存
          </button>
        </div>
      </form>
    </Sheet>
  );
}
