import { href, type WatchlistColumn } from '@zhicai/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { detailHref } from '../../../platform/links.ts';
import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import type { QuoteSocket } from '../../../platform/socket/quote-socket.ts';
import { ActionSheet, Dialog } from '../../../ui/antd/index.ts';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { ChangeText } from '../../../ui/quote/index.ts';
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../ui/section/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import type { ScreenRange } from '../../../ui/windowed-list/index.ts';
import { useAverageChange } from '../api/avg-chg.ts';
import { useColumnSettings } from '../api/column-settings.ts';
import { usePopularInstruments } from '../api/popular-instruments.ts';
import {
  defaultGroupOf,
  userGroupsOf,
  useWatchlistGroups,
  type WatchlistGroup,
} from '../api/watchlist-groups.ts';
import { useWatchlistItems, type WatchlistRow } from '../api/watchlist-items.ts';
import { useBatchDelete } from '../api/watchlist-writes.ts';
import { MoveSheet } from '../components/move-sheet.tsx';
import { RemarkSheet } from '../components/remark-sheet.tsx';
import { WatchlistButton } from '../components/watchlist-button.tsx';
import { WatchlistTable } from '../components/watchlist-table.tsx';
import { useLiveRows } from '../hooks/use-live-rows.ts';
import { useSignedIn } from '../hooks/use-signed-in.ts';
import { reportFailure } from '../watchlist-errors.ts';
import {
  defaultSort,
  type ListSort,
  marketTabs,
  nextSort,
  tabKey,
  tabRequest,
  type WatchlistTab,
} from '../watchlist-rules.ts';
import './watchlist-pages.css';

/** Shown until the user's column settings arrive (and the server's defaults start the same way). */
const fallbackColumns: readonly WatchlistColumn[] = ['price', 'chgPct', 'amount'];

/**
 * /favorite (the 自选 tab, spec 2 §7.3 "Watchlist"; issue 16 item 7). `socket` is the page's socket
 * unless a test hands in its own.
 */
export default function FavoritePage({ socket }: { socket?: QuoteSocket }) {
  const signedIn = useSignedIn();
  return signedIn ? <Watchlist socket={socket} /> : <SignedOut />;
}

function SignedOut() {
  return (
    <>
      <PageHeader title="自选" back={false} />
      <main className="favorite-page">
        <section className="favorite-signed-out" aria-label="未登录">
          <p className="favorite-signed-out__title">登录后查看自选</p>
          <p className="favorite-signed-out__note">自选股随账号同步，手机、微信与电脑上都能看到</p>
          <Link to={loginUrl(href('favorite'))} className="button button--primary">
            登录
          </Link>
        </section>
      </main>
    </>
  );
}

function Watchlist({ socket }: { socket: QuoteSocket | undefined }) {
  const navigate = useNavigate();
  const groups = useWatchlistGroups();
  const userGroups = userGroupsOf(groups.data);
  const [chosenTab, setTab] = useState<WatchlistTab>({ kind: 'market', market: 'all' });
  // A group deleted elsewhere (another device, the manager page) falls back to 全部.
  const tab: WatchlistTab =
    chosenTab.kind === 'group' && groups.data && !userGroups.some((group) => group.id === chosenTab.groupId)
      ? { kind: 'market', market: 'all' }
      : chosenTab;
  const request = tabRequest(tab);
  const [sort, setSort] = useState<ListSort>(defaultSort);
  const [editing, setEditing] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [menuRow, setMenuRow] = useState<WatchlistRow | null>(null);
  const [remarkRow, setRemarkRow] = useState<WatchlistRow | null>(null);
  const [moving, setMoving] = useState<string[] | null>(null);

  const settings = useColumnSettings(tab.kind === 'market' && tab.market === 'hk' ? 'hk' : 'cn');
  const columns = useMemo(
    () =>
      settings.data?.columns.filter((column) => column.visible).map((column) => column.key) ??
      fallbackColumns,
    [settings.data],
  );
  const items = useWatchlistItems({ ...request, column: sort.column, direction: sort.direction });
  const average = useAverageChange(request.groupId, request.market);
  const listed = items.data?.items ?? noRows;
  // The rows on screen, as the list last reported them: only their codes are followed live.
  const [onScreen, setOnScreen] = useState<ScreenRange>(noRange);
  const onScreenCodes = useMemo(
    () => listed.slice(onScreen.start, onScreen.end).map((row) => row.code),
    [listed, onScreen],
  );
  const rows = useLiveRows(listed, onScreenCodes, { socket });

  const setTop = useEndpointMutation('watchlist.setTop');
  const move = useEndpointMutation('watchlist.moveOpt', { invalidates: ['market'] });
  const remove = useBatchDelete();
  const currentGroupId = request.groupId ?? defaultGroupOf(groups.data)?.id;

  const switchTab = (next: WatchlistTab) => {
    setTab(next);
    setSelected(new Set());
  };
  const refresh = () => Promise.all([items.refetch(), average.refetch(), groups.refetch()]);

  // Read through a ref so the callback stays the same while ticks move the rows: the rows are
  // memoised on their props.
  const shownRows = useRef(rows);
  shownRows.current = rows;
  const open = useCallback(
    (index: number) => {
      const list = shownRows.current.map(({ code, type }) => ({ code, type }));
      const row = list[index];
      if (!row) return;
      // spec 1 §2: the detail page's previous/next walks the list as shown here. The stock feature
      // loads with the detail page anyway; fetching it on the tap keeps it out of this tab's paint.
      void import('../../stock/index.ts').then(({ saveStockList }) => {
        saveStockList(list);
        void navigate(detailHref(row.code, row.type, index));
      });
    },
    [navigate],
  );
  const { mutate: setTopMutate } = setTop;
  const { mutate: removeMutate } = remove;
  const pin = useCallback(
    (row: WatchlistRow) =>
      setTopMutate(
        { code: row.code, groupId: request.groupId, top: row.pinned ? 'false' : 'true' },
        {
          onSuccess: (result) => void toast.success(result.pinned ? '已置顶' : '已取消置顶'),
          onError: (error) => reportFailure(error, '置顶失败'),
        },
      ),
    [setTopMutate, request.groupId],
  );
  const deleteCodes = useCallback(
    (codes: string[]) =>
      removeMutate(
        { groupId: request.groupId, codes },
        {
          onSuccess: () => {
            toast.success(request.groupId === undefined ? '已删除自选' : '已移出分组');
            setSelected(new Set());
          },
          onError: (error) => reportFailure(error, '删除失败'),
        },
      ),
    [removeMutate, request.groupId],
  );
  const deleteRow = useCallback((row: WatchlistRow) => deleteCodes([row.code]), [deleteCodes]);
  const toggle = useCallback(
    (code: string) =>
      setSelected((current) => {
        const next = new Set(current);
        if (next.has(code)) next.delete(code);
        else next.add(code);
        return next;
      }),
    [],
  );
  const sortBy = useCallback(
    (column: ListSort['column']) => setSort((current) => nextSort(current, column)),
    [],
  );
  const moveTo = (group: WatchlistGroup, codes: string[]) => {
    if (currentGroupId === undefined) return;
    move.mutate(
      { codes: codes.join(','), fromGroupId: currentGroupId, toGroupId: group.id },
      {
        onSuccess: () => {
          toast.success(`已移动到${group.name}`);
          setMoving(null);
          setSelected(new Set());
        },
        onError: (error) => reportFailure(error, '移动失败'),
      },
    );
  };
  const confirmBatchDelete = async () => {
    const codes = [...selected];
    const confirmed = await Dialog.confirm({
      content:
        request.groupId === undefined
          ? `删除选中的 ${codes.length} 只自选？`
          : `将选中的 ${codes.length} 只移出分组？`,
      confirmText: '删除',
      cancelText: '取消',
    });
    if (confirmed) deleteCodes(codes);
  };

  // The row menu is an antd-mobile Popup with its spring, rendered even while closed. It mounts on
  // the first long press (and then stays, for its closing animation), and it is the same element
  // while the menu's row stays, so a tick (which renders the page) does not render it.
  const menuMounted = useRef(false);
  if (menuRow !== null) menuMounted.current = true;
  const rowMenu = useMemo(
    () => (
      <ActionSheet
        visible={menuRow !== null}
        onClose={() => setMenuRow(null)}
        cancelText="取消"
        extra={menuRow ? `${menuRow.name} ${menuRow.code}` : undefined}
        actions={[
          {
            key: 'pin',
            text: menuRow?.pinned ? '取消置顶' : '置顶',
            onClick: () => menuRow && pin(menuRow),
          },
          { key: 'remark', text: '备注', onClick: () => setRemarkRow(menuRow) },
          { key: 'move', text: '移动分组', onClick: () => menuRow && setMoving([menuRow.code]) },
          {
            key: 'alert',
            text: '设置提醒',
            onClick: () =>
              menuRow && void navigate(href('pushSettingList', { code: menuRow.code, name: menuRow.name })),
          },
          {
            key: 'settings',
            text: '自选设置',
            onClick: () => menuRow && void navigate(href('StockSetting', { code: menuRow.code })),
          },
          { key: 'delete', text: '删除', danger: true, onClick: () => menuRow && deleteRow(menuRow) },
        ]}
        onAction={() => setMenuRow(null)}
      />
    ),
    [menuRow, pin, deleteRow, navigate],
  );

  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.code));

  return (
    <>
      <PageHeader
        title="自选"
        back={false}
        right={
          <div className="favorite-header-actions">
            <Link to={href('search')} className="favorite-header-actions__link">
              搜索
            </Link>
            <button
              type="button"
              className="favorite-header-actions__link"
              onClick={() => {
                setEditing((value) => !value);
                setSelected(new Set());
              }}
            >
              {editing ? '完成' : '编辑'}
            </button>
          </div>
        }
      />
      <PullToRefresh onRefresh={refresh}>
        <main className={`favorite-page${editing ? ' favorite-page--editing' : ''}`}>
          <div className="favorite-tabs" role="tablist" aria-label="自选分组">
            {marketTabs.map(({ market, label }) => (
              <TabButton key={market} tab={{ kind: 'market', market }} current={tab} onSelect={switchTab}>
                {label}
              </TabButton>
            ))}
            {userGroups.map((group) => (
              <TabButton
                key={group.id}
                tab={{ kind: 'group', groupId: group.id }}
                current={tab}
                onSelect={switchTab}
              >
                {group.name}
              </TabButton>
            ))}
            <Link to={href('favoriteManagerGroup')} className="favorite-tabs__manage">
              管理
            </Link>
          </div>
          <section className="favorite-summary" aria-label="分组概况">
            <span>
              平均涨跌 <ChangeText value={average.data?.avgChg} kind="percent" />
            </span>
            {average.data ? (
              <span className="favorite-summary__counts">
                <span className="quote-tone quote-tone--up">涨 {average.data.up}</span>
                <span className="quote-tone quote-tone--down">跌 {average.data.down}</span>
                <span className="quote-tone quote-tone--flat">平 {average.data.flat}</span>
              </span>
            ) : null}
            <span className="favorite-summary__links">
              <Link
                to={href('sort', {
                  groupId: request.groupId === undefined ? undefined : String(request.groupId),
                })}
              >
                排序
              </Link>
              <Link to={href('sortSetting')}>列设置</Link>
              <Link to={href('uploadImg')}>导入</Link>
            </span>
          </section>
          {items.isPending ? (
            <SectionSkeleton lines={8} testId="favorite-skeleton" />
          ) : items.isError && rows.length === 0 ? (
            <SectionError
              message="自选加载失败，请检查网络后重试"
              onRetry={items.refetch}
              retrying={items.isRefetching}
            />
          ) : rows.length === 0 ? (
            tab.kind === 'market' && tab.market === 'all' ? (
              <EmptyWatchlist />
            ) : (
              <SectionEmpty>这里还没有证券，去搜索添加吧</SectionEmpty>
            )
          ) : (
            <WatchlistTable
              rows={rows}
              columns={columns}
              sort={sort}
              onSort={sortBy}
              editing={editing}
              selected={selected}
              onToggle={toggle}
              onOpen={open}
              onMenu={setMenuRow}
              onPin={pin}
              onDelete={deleteRow}
              onScreen={setOnScreen}
            />
          )}
        </main>
      </PullToRefresh>
      {editing ? (
        <div className="favorite-edit-bar" role="toolbar" aria-label="批量操作">
          <label className="favorite-edit-bar__all">
            <input
              type="checkbox"
              checked={allSelected}
              onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.code)))}
            />
            全选
          </label>
          <button
            type="button"
            className="button"
            disabled={selected.size === 0}
            onClick={() => setMoving([...selected])}
          >
            移动到({selected.size})
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={selected.size === 0 || remove.isPending}
            onClick={() => void confirmBatchDelete()}
          >
            删除({selected.size})
          </button>
        </div>
      ) : null}
      {menuMounted.current ? rowMenu : null}
      {remarkRow ? (
        <RemarkSheet
          code={remarkRow.code}
          name={remarkRow.name}
          remark={remarkRow.remark}
          onClose={() => setRemarkRow(null)}
        />
      ) : null}
      {moving ? (
        <MoveSheet
          groups={userGroups}
          currentGroupId={request.groupId}
          count={moving.length}
          onPick={(group) => moveTo(group, moving)}
          onClose={() => setMoving(null)}
        />
      ) : null}
    </>
  );
}

const noRows: WatchlistRow[] = [];
const noRange: ScreenRange = { start: 0, end: 0 };

function TabButton({
  tab,
  current,
  onSelect,
  children,
}: {
  tab: WatchlistTab;
  current: WatchlistTab;
  onSelect: (tab: WatchlistTab) => void;
  children: string;
}) {
  const selected = tabKey(tab) === tabKey(current);
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      className={`favorite-tabs__tab${selected ? ' favorite-tabs__tab--on' : ''}`}
      onClick={() => onSelect(tab)}
    >
      {children}
    </button>
  );
}

/** An empty 全部: today's most traded instruments, each added with one tap. */
function EmptyWatchlist() {
  const popular = usePopularInstruments();
  return (
    <section className="favorite-empty" aria-label="添加自选">
      <p className="favorite-empty__title">还没有自选</p>
      <p className="favorite-empty__note">从热门股票添加，或去搜索、导入截图</p>
      <ul className="favorite-empty__list" aria-label="热门股票">
        {(popular.data ?? []).map((row) => (
          <li key={row.code} className="favorite-empty__item">
            <span>
              <span className="favorite-empty__name">{row.name}</span>
              <span className="favorite-empty__code">{row.code}</span>
            </span>
            <WatchlistButton code={row.code} name={row.name} variant="inline" />
          </li>
        ))}
      </ul>
      <div className="favorite-empty__links">
        <Link to={href('search')} className="button">
          搜索添加
        </Link>
        <Link to={href('uploadImg')} className="button">
          导入自选
        </Link>
      </div>
    </section>
  );
}
