import type { ColumnSettings } from '@zhicai/contract';
import { useState } from 'react';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { Segmented } from '../../../ui/segmented/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { type ColumnMarket, useColumnSettings } from '../api/column-settings.ts';
import { ReorderList } from '../components/reorder-list.tsx';
import { reportFailure } from '../watchlist-errors.ts';
import { columnLabels } from '../watchlist-rules.ts';
import './watchlist-pages.css';

type Column = ColumnSettings['columns'][number];

/** /sortSetting — which figure columns the 自选 list shows, and in which order (沪深 and 港股 apart). */
export default function SortSettingPage() {
  const [market, setMarket] = useState<ColumnMarket>('cn');
  const settings = useColumnSettings(market);
  return (
    <>
      <PageHeader title="排序设置" />
      <main className="watchlist-page">
        <div className="watchlist-form">
          <Segmented
            label="市场"
            value={market}
            onChange={setMarket}
            options={[
              { value: 'cn', label: '沪深' },
              { value: 'hk', label: '港股' },
            ]}
          />
        </div>
        <QueryStates
          query={settings}
          skeletonLines={8}
          skeletonTestId="columns-skeleton"
          errorText="列设置加载失败，请检查网络后重试"
        >
          {(data) => <ColumnList key={market} market={market} columns={data.columns} />}
        </QueryStates>
      </main>
    </>
  );
}

function ColumnList({ market, columns }: { market: ColumnMarket; columns: Column[] }) {
  const [order, setOrder] = useState(columns);
  const saveCn = useEndpointMutation('watchlist.sortSet');
  const saveHk = useEndpointMutation('watchlist.sortSetHk');
  const save = market === 'hk' ? saveHk : saveCn;
  const visibleCount = order.filter((column) => column.visible).length;
  return (
    <section className="watchlist-card" aria-label="显示的列">
      <ReorderList
        label="列顺序"
        items={order}
        keyOf={(column) => column.key}
        labelOf={(column) => columnLabels[column.key]}
        onChange={setOrder}
      >
        {(column) => (
          <label className="watchlist-column">
            <input
              type="checkbox"
              checked={column.visible}
              onChange={() =>
                setOrder((current) =>
                  current.map((entry) =>
                    entry.key === column.key ? { ...entry, visible: !entry.visible } : entry,
                  ),
                )
              }
            />
            {columnLabels[column.key]}
          </label>
        )}
      </ReorderList>
      <p className="watchlist-note">勾选的列依次显示在名称右侧，每屏三列，点表头的 › 查看其余列。</p>
      <div className="watchlist-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={visibleCount === 0 || save.isPending}
          onClick={() =>
            save.mutate(
              { columns: order },
              {
                onSuccess: () => toast.success('列设置已保存'),
                onError: (error) => reportFailure(error, '保存失败'),
              },
            )
          }
        >
          保存
        </button>
      </div>
    </section>
  );
}
