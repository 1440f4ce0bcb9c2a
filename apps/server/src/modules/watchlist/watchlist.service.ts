import {
  Codes,
  type ColumnSettings,
  columnSettings,
  type DatasOf,
  DEFAULT_GROUP_NAME,
  type KLineSettings,
  kLineSettings,
  WATCHLIST_GROUP_LIMIT,
  WATCHLIST_ITEM_LIMIT,
  type WatchlistGroup,
  type WatchlistItem,
  type WatchlistRow,
  watchlistColumns,
  type watchlistEndpoints,
} from '@zhicai/contract';
import type { ContentEncoding } from '../../http/answer-encoding.ts';
import { AppError } from '../../http/app-error.ts';
import type { PreparedAnswer } from '../../http/register-endpoint.ts';
import type { Instrument } from '../../market/instrument-directory.ts';
import type { Market } from '../../market/market.ts';
import { createLiveList, type ItemPart, itemPart, LIST_REUSE_MS, type SortColumn } from './live-list.ts';
import type { PeriodReferences } from './period-changes.ts';
import type {
  GroupRow,
  ItemRow,
  SettingsKind,
  WatchlistQueries,
  WatchlistRepository,
} from './watchlist.repository.ts';
import { groupView, inMarket, itemView, orderItems, rowView } from './watchlist-rows.ts';

type Datas<Name extends keyof typeof watchlistEndpoints> = DatasOf<(typeof watchlistEndpoints)[Name]>;
type Market4 = 'all' | 'hs' | 'hk' | 'fund';

function groupNotFound(): AppError {
  return new AppError(Codes.notFound, '分组不存在', 404);
}

function notFollowed(code: string): AppError {
  return new AppError(Codes.notFound, `${code} 不在自选中`, 404);
}

/** spec: the default columns, every figure shown, in the order the contract lists them. */
const defaultColumns: ColumnSettings = {
  columns: watchlistColumns.map((key) => ({ key, visible: true })),
};
const defaultKLine: KLineSettings = {
  period: 'day',
  adjust: 'forward',
  mainIndicator: 'MA',
  subIndicators: ['VOL', 'MACD'],
  maDays: [5, 10, 20, 60],
};

const UPLOAD_LIFETIME_MS = 3600_000;

/**
 * The merge of a reorder sent by one device with what the group holds now: the listed items take
 * the places the listed items hold now, in the listed order; every other item keeps its place.
 * An item another device added meanwhile is therefore neither lost nor moved, and the places stay
 * distinct. Returns the (code, place) pairs that change.
 */
export function mergeOrder<Entry extends { key: string | number; position: number }>(
  current: readonly Entry[],
  wanted: readonly (string | number)[],
): { key: string | number; position: number }[] {
  const byKey = new Map(current.map((entry) => [entry.key, entry]));
  const listed = [...new Set(wanted)].filter((key) => byKey.has(key));
  const slots = listed.map((key) => (byKey.get(key) as Entry).position).sort((a, b) => a - b);
  const changes: { key: string | number; position: number }[] = [];
  listed.forEach((key, index) => {
    const position = slots[index] as number;
    if ((byKey.get(key) as Entry).position !== position) changes.push({ key, position });
  });
  return changes;
}

export function createWatchlistService(deps: {
  repository: WatchlistRepository;
  market: Market;
  references: PeriodReferences;
  clock: () => Date;
}) {
  const { repository, market, references, clock } = deps;
  const { directory, engine } = market;
  const versions = new Map<number, number>();
  const itemParts = new Map<string, { version: number; groupId: number; items: ItemPart[] }>();
  /** The stored version of each user's watchlist as last read, and when (see currentVersion). */
  const storedVersions = new Map<number, { stored: number; readAt: number }>();

  /**
   * The version of the user's watchlist this instance serves lists for. Writes made here move it at
   * once; the stored version (raised by every write on any instance) is read again after
   * LIST_REUSE_MS, so a write made through another server instance shows within that time.
   */
  async function currentVersion(userId: number): Promise<number> {
    const now = clock().getTime();
    const known = storedVersions.get(userId);
    if (!known || now - known.readAt >= LIST_REUSE_MS) {
      const stored = await repository.version(userId);
      if (known && known.stored !== stored) versions.set(userId, (versions.get(userId) ?? 0) + 1);
      storedVersions.set(userId, { stored, readAt: now });
    }
    return versions.get(userId) ?? 0;
  }
  // Staleness is judged against the market's latest tick rather than the wall clock: a quote is
  // stale when its instrument fell behind the market, and the demo market's clock may be moved.
  let latestTick = 0;
  engine.onTick((tick) => {
    latestTick = Math.max(latestTick, tick.time);
  });
  const liveList = createLiveList({ market, references, latestTick: () => latestTick });

  function requireInstrument(code: string): Instrument {
    const instrument = directory.get(code);
    if (!instrument) throw new AppError(Codes.notFound, `未找到代码 ${code} 对应的品种`, 404);
    return instrument;
  }

  /** Groups of the user, the default one made on first use. */
  async function groupsOf(userId: number): Promise<GroupRow[]> {
    const groups = await repository.groups(userId);
    if (groups.some((group) => group.kind === 'default')) return groups;
    await repository.ensureDefaultGroup(userId, DEFAULT_GROUP_NAME, clock().toISOString());
    return repository.groups(userId);
  }

  function defaultOf(groups: readonly GroupRow[]): GroupRow {
    const found = groups.find((group) => group.kind === 'default');
    if (!found) throw new Error('the default group is made before it is read');
    return found;
  }

  function findGroup(groups: readonly GroupRow[], groupId: number | undefined): GroupRow {
    if (groupId === undefined) return defaultOf(groups);
    const group = groups.find((candidate) => candidate.id === groupId);
    // Another user's group is not found either: ids do not tell whose they are.
    if (!group) throw groupNotFound();
    return group;
  }

  /**
   * One write: the default group exists, and the work runs under the user's lock. Once it has
   * committed (or failed, when it may have half-run nothing), the version this instance keeps of
   * the user's watchlist moves on, so no list answer built before it is served again.
   */
  async function write<T>(
    userId: number,
    work: (trx: WatchlistQueries, groups: GroupRow[]) => Promise<T>,
  ): Promise<T> {
    await groupsOf(userId);
    try {
      return await repository.write(userId, async (trx) => work(trx, await trx.groups(userId)));
    } finally {
      versions.set(userId, (versions.get(userId) ?? 0) + 1);
    }
  }

  /**
   * Adds codes to groups: 全部 always for a user group, the listed groups as well. A code already
   * in a group keeps its place; new ones go on top in the order given. Refuses (and adds
   * nothing) when a group would pass its limit.
   */
  async function addItems(
    trx: WatchlistQueries,
    userId: number,
    groups: readonly GroupRow[],
    codes: readonly string[],
    targets: readonly GroupRow[],
  ): Promise<number> {
    const now = clock().toISOString();
    const all = await trx.items(userId);
    const wanted = new Map<number, GroupRow>();
    for (const target of targets) {
      wanted.set(target.id, target);
      if (target.kind === 'user') wanted.set(defaultOf(groups).id, defaultOf(groups));
    }
    const plan: ItemRow[] = [];
    for (const group of wanted.values()) {
      const inGroup = all.filter((item) => item.group_id === group.id);
      const present = new Set(inGroup.map((item) => item.code));
      const fresh = codes.filter((code) => !present.has(code));
      if (inGroup.length + fresh.length > WATCHLIST_ITEM_LIMIT)
        throw new AppError(
          Codes.refused,
          `分组「${group.name}」最多 ${WATCHLIST_ITEM_LIMIT} 只，已有 ${inGroup.length} 只`,
        );
      const top = inGroup.reduce((low, item) => Math.min(low, item.position), 0);
      fresh.forEach((code, index) => {
        plan.push({
          group_id: group.id,
          user_id: userId,
          code,
          position: top - fresh.length + index,
          pinned_at: null,
        });
      });
    }
    await trx.insertInstruments(
      codes.map((code) => ({
        user_id: userId,
        code,
        added_at: now,
        added_price: engine.quote(code)?.price ?? null,
        shares: null,
        cost: null,
      })),
    );
    await trx.insertItems(plan);
    return plan.length;
  }

  /** Removes codes from every group and forgets their remark, date added and holding. */
  async function unfollow(trx: WatchlistQueries, userId: number, codes: readonly string[]): Promise<number> {
    const all = await trx.items(userId);
    const followed = new Set(all.map((item) => item.code));
    const removed = codes.filter((code) => followed.has(code));
    await trx.deleteItemsEverywhere(userId, removed);
    await trx.deleteInstruments(userId, removed);
    return removed.length;
  }

  /** Drops what belongs to instruments that are in no group any more. */
  async function forgetOrphans(trx: WatchlistQueries, userId: number, codes: readonly string[]) {
    const left = new Set((await trx.items(userId)).map((item) => item.code));
    await trx.deleteInstruments(
      userId,
      codes.filter((code) => !left.has(code)),
    );
  }

  function groupIdsOf(items: readonly ItemRow[], code: string): number[] {
    return items
      .filter((item) => item.code === code)
      .map((item) => item.group_id)
      .sort((a, b) => a - b);
  }

  function targetGroups(groups: readonly GroupRow[], ids: readonly number[] | undefined): GroupRow[] {
    if (!ids || ids.length === 0) return [defaultOf(groups)];
    return ids.map((id) => findGroup(groups, id));
  }

  async function reorderItems(trx: WatchlistQueries, group: GroupRow, codes: readonly string[]) {
    const items = await trx.itemsOfGroup(group.id);
    const changes = mergeOrder(
      items.map((item) => ({ key: item.code, position: item.position })),
      codes,
    );
    for (const change of changes) await trx.setItemPosition(group.id, String(change.key), change.position);
  }

  async function reorderGroups(
    trx: WatchlistQueries,
    groups: readonly GroupRow[],
    kind: 'user' | 'strategy',
    ids: readonly number[],
  ) {
    const ofKind = groups.filter((group) => group.kind === kind);
    for (const id of ids) if (!ofKind.some((group) => group.id === id)) throw groupNotFound();
    const changes = mergeOrder(
      ofKind.map((group) => ({ key: group.id, position: group.position })),
      ids,
    );
    for (const change of changes) await trx.setGroupPosition(Number(change.key), change.position);
  }

  async function itemsView(userId: number, group: GroupRow): Promise<WatchlistItem[]> {
    const [items, facts] = await Promise.all([
      repository.itemsOfGroup(group.id),
      repository.instruments(userId),
    ]);
    const byCode = new Map(facts.map((row) => [row.code, row]));
    return orderItems(items).map((item) => itemView(item, directory.get(item.code), byCode.get(item.code)));
  }

  async function liveRows(
    userId: number,
    groupId: number | undefined,
    market4: Market4,
  ): Promise<{
    group: GroupRow;
    rows: WatchlistRow[];
  }> {
    const group = findGroup(await groupsOf(userId), groupId);
    const items = (await itemsView(userId, group)).filter((item) => inMarket(item.type, market4));
    const wanted = items.map((item) => ({
      item,
      instrument: directory.get(item.code),
      quote: engine.quote(item.code),
    }));
    const refs = await references.current(
      wanted.flatMap((entry) =>
        entry.instrument ? [{ instrument: entry.instrument, quote: entry.quote }] : [],
      ),
    );
    const now = latestTick;
    return {
      group,
      rows: wanted.map((entry) =>
        rowView(entry.item, entry.instrument, entry.quote, refs.get(entry.item.code), now),
      ),
    };
  }

  async function readSettings<T>(
    userId: number,
    kind: SettingsKind,
    schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
    fallback: T,
  ): Promise<T> {
    const stored = await repository.settings(userId, kind);
    if (stored === undefined) return fallback;
    const parsed = schema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : fallback;
  }

  return {
    async addOptional(
      userId: number,
      code: string,
      groupIds: number[] | undefined,
    ): Promise<Datas<'addOptional'>> {
      requireInstrument(code);
      return write(userId, async (trx, groups) => {
        const targets = [defaultOf(groups), ...(groupIds ?? []).map((id) => findGroup(groups, id))];
        await addItems(trx, userId, groups, [code], targets);
        return { code, groupIds: groupIdsOf(await trx.items(userId), code) };
      });
    },

    async addOpt(userId: number, codes: string[], groupIds: number[] | undefined): Promise<Datas<'addOpt'>> {
      for (const code of codes) requireInstrument(code);
      return write(userId, async (trx, groups) => {
        const targets = targetGroups(groups, groupIds);
        const added = await addItems(trx, userId, groups, codes, targets);
        return { added, groupIds: targets.map((group) => group.id) };
      });
    },

    async unfollow(userId: number, codes: string[]): Promise<{ removed: number }> {
      return write(userId, async (trx) => ({ removed: await unfollow(trx, userId, codes) }));
    },

    /** batchDelOpt: from one user or strategy group, or (全部 or no group) from every group. */
    async batchDelete(
      userId: number,
      groupId: number | undefined,
      codes: string[],
    ): Promise<{ removed: number }> {
      return write(userId, async (trx, groups) => {
        const group = findGroup(groups, groupId);
        if (group.kind === 'default') return { removed: await unfollow(trx, userId, codes) };
        const removed = await trx.deleteItems(group.id, codes);
        await forgetOrphans(trx, userId, codes);
        return { removed };
      });
    },

    async changeOpt(userId: number, code: string, groupIds: number[]): Promise<Datas<'changeOpt'>> {
      requireInstrument(code);
      return write(userId, async (trx, groups) => {
        const targets = groupIds
          .map((id) => findGroup(groups, id))
          .filter((group) => group.kind !== 'default');
        const keep = new Set(targets.map((group) => group.id));
        for (const group of groups)
          if (group.kind !== 'default' && !keep.has(group.id)) await trx.deleteItems(group.id, [code]);
        await addItems(trx, userId, groups, [code], [defaultOf(groups), ...targets]);
        return { code, groupIds: groupIdsOf(await trx.items(userId), code) };
      });
    },

    /**
     * moveOpt: into the target group, out of the source group. From 全部 it is a copy (全部 keeps
     * every followed instrument); into 全部 it only leaves the source group.
     */
    async moveOpt(
      userId: number,
      codes: string[],
      fromGroupId: number,
      toGroupId: number,
    ): Promise<{ moved: number }> {
      return write(userId, async (trx, groups) => {
        const from = findGroup(groups, fromGroupId);
        const to = findGroup(groups, toGroupId);
        const present = new Set((await trx.itemsOfGroup(from.id)).map((item) => item.code));
        const moving = codes.filter((code) => present.has(code));
        if (moving.length === 0 || from.id === to.id) return { moved: 0 };
        await addItems(trx, userId, groups, moving, [to]);
        if (from.kind !== 'default') await trx.deleteItems(from.id, moving);
        await forgetOrphans(trx, userId, moving);
        return { moved: moving.length };
      });
    },

    async setTop(
      userId: number,
      code: string,
      groupId: number | undefined,
      top: boolean,
    ): Promise<Datas<'setTop'>> {
      return write(userId, async (trx, groups) => {
        const group = findGroup(groups, groupId);
        const item = (await trx.itemsOfGroup(group.id)).find((candidate) => candidate.code === code);
        if (!item) throw notFollowed(code);
        await trx.setPinned(group.id, code, top ? clock().toISOString() : null);
        return { code, pinned: top };
      });
    },

    async resetAddDate(userId: number, code: string): Promise<Datas<'reSetAddDate'>> {
      return write(userId, async (trx) => {
        if (!(await trx.instrument(userId, code))) throw notFollowed(code);
        const addedAt = clock().toISOString();
        const addedPrice = engine.quote(code)?.price ?? null;
        await trx.updateInstrument(userId, code, { added_at: addedAt, added_price: addedPrice });
        return { code, addedAt, addedPrice };
      });
    },

    async remark(userId: number, code: string, remark: string): Promise<Datas<'remark'>> {
      return write(userId, async (trx) => {
        if (!(await trx.instrument(userId, code))) throw notFollowed(code);
        await trx.updateInstrument(userId, code, { remark });
        return { code, remark };
      });
    },

    async holding(
      userId: number,
      code: string,
      holding: { shares: number; cost: number } | null,
    ): Promise<Datas<'holding'>> {
      return write(userId, async (trx) => {
        if (!(await trx.instrument(userId, code))) throw notFollowed(code);
        await trx.updateInstrument(userId, code, {
          shares: holding?.shares ?? null,
          cost: holding?.cost ?? null,
        });
        return { code, holding };
      });
    },

    async beginDate(userId: number, code: string): Promise<Datas<'queryBeginDate'>> {
      const row = await repository.instrument(userId, code);
      if (!row) throw notFollowed(code);
      return { code, addedAt: row.added_at, addedPrice: row.added_price };
    },

    async isOpt(userId: number | null, code: string): Promise<Datas<'isOpt'>> {
      if (userId === null) return { code, isOpt: false, groupIds: [] };
      const groupIds = groupIdsOf(await repository.items(userId), code);
      const defaultGroup = defaultOf(await groupsOf(userId));
      return { code, isOpt: groupIds.includes(defaultGroup.id), groupIds };
    },

    async groupIds(userId: number, codes: string[]): Promise<Datas<'groupIdsMultiCodes'>> {
      const items = await repository.items(userId);
      return codes.map((code) => ({ code, groupIds: groupIdsOf(items, code) }));
    },

    async followedCodes(userId: number | null): Promise<string[]> {
      if (userId === null) return [];
      const groups = await groupsOf(userId);
      return orderItems(await repository.itemsOfGroup(defaultOf(groups).id)).map((item) => item.code);
    },

    async groups(userId: number, kind: 'normal' | 'strategy'): Promise<WatchlistGroup[]> {
      const [groups, items] = await Promise.all([groupsOf(userId), repository.items(userId)]);
      return groupView(groups, items).filter((group) =>
        kind === 'strategy' ? group.kind === 'strategy' : group.kind !== 'strategy',
      );
    },

    async groupsFor(userId: number, code: string | undefined): Promise<Datas<'optGroupListV2'>> {
      const [groups, items] = await Promise.all([groupsOf(userId), repository.items(userId)]);
      const holding = new Set(code ? groupIdsOf(items, code) : []);
      return groupView(groups, items)
        .filter((group) => group.kind !== 'strategy')
        .map((group) => ({ ...group, contains: holding.has(group.id) }));
    },

    async groupsWithCodes(userId: number): Promise<Datas<'eventReminderOptGroupList'>> {
      const [groups, items] = await Promise.all([groupsOf(userId), repository.items(userId)]);
      return groupView(groups, items)
        .filter((group) => group.kind !== 'strategy')
        .map((group) => ({
          ...group,
          codes: orderItems(items.filter((item) => item.group_id === group.id)).map((item) => item.code),
        }));
    },

    async itemCount(userId: number, groupId: number): Promise<Datas<'optGroupItemNum'>> {
      const group = findGroup(await groupsOf(userId), groupId);
      const items = await repository.itemsOfGroup(group.id);
      return { groupId: group.id, count: items.length, limit: WATCHLIST_ITEM_LIMIT };
    },

    async userCount(userId: number): Promise<Datas<'userOptCount'>> {
      const [groups, items] = await Promise.all([groupsOf(userId), repository.items(userId)]);
      const defaultId = defaultOf(groups).id;
      return {
        count: items.filter((item) => item.group_id === defaultId).length,
        groups: groups.filter((group) => group.kind !== 'default').length,
        limit: WATCHLIST_ITEM_LIMIT,
      };
    },

    async addGroup(userId: number, name: string, type: 'normal' | 'strategy'): Promise<WatchlistGroup> {
      return write(userId, async (trx, groups) => {
        const kind = type === 'strategy' ? 'strategy' : 'user';
        const own = groups.filter((group) => group.kind !== 'default');
        if (own.length >= WATCHLIST_GROUP_LIMIT)
          throw new AppError(Codes.refused, `最多创建 ${WATCHLIST_GROUP_LIMIT} 个分组`);
        if (name === DEFAULT_GROUP_NAME || groups.some((group) => group.kind === kind && group.name === name))
          throw new AppError(Codes.refused, `分组「${name}」已存在`);
        const position = groups
          .filter((group) => group.kind === kind)
          .reduce((high, group) => Math.max(high, group.position + 1), 0);
        const id = await trx.insertGroup({
          user_id: userId,
          name,
          kind,
          position,
          created_at: clock().toISOString(),
        });
        const view = groupView(await trx.groups(userId), []);
        return view.find((group) => group.id === id) as WatchlistGroup;
      });
    },

    async renameGroup(userId: number, groupId: number, name: string): Promise<WatchlistGroup> {
      return write(userId, async (trx, groups) => {
        const group = findGroup(groups, groupId);
        if (group.kind === 'default') throw new AppError(Codes.refused, '默认分组不能改名');
        if (
          name === DEFAULT_GROUP_NAME ||
          groups.some((other) => other.id !== group.id && other.kind === group.kind && other.name === name)
        )
          throw new AppError(Codes.refused, `分组「${name}」已存在`);
        await trx.renameGroup(group.id, name);
        const view = groupView(await trx.groups(userId), await trx.items(userId));
        return view.find((candidate) => candidate.id === group.id) as WatchlistGroup;
      });
    },

    async deleteGroup(userId: number, groupId: number): Promise<{ ok: true }> {
      return write(userId, async (trx, groups) => {
        const group = findGroup(groups, groupId);
        if (group.kind === 'default') throw new AppError(Codes.refused, '默认分组不能删除');
        const codes = (await trx.itemsOfGroup(group.id)).map((item) => item.code);
        await trx.deleteGroup(group.id);
        await forgetOrphans(trx, userId, codes);
        return { ok: true as const };
      });
    },

    async sortItems(userId: number, groupId: number | undefined, codes: string[]): Promise<{ ok: true }> {
      return write(userId, async (trx, groups) => {
        await reorderItems(trx, findGroup(groups, groupId), codes);
        return { ok: true as const };
      });
    },

    async sortGroups(userId: number, type: 'normal' | 'strategy', ids: number[]): Promise<{ ok: true }> {
      return write(userId, async (trx, groups) => {
        await reorderGroups(trx, groups, type === 'strategy' ? 'strategy' : 'user', ids);
        return { ok: true as const };
      });
    },

    async listItems(userId: number, groupId: number | undefined): Promise<Datas<'listOptV4'>> {
      const group = findGroup(await groupsOf(userId), groupId);
      return { groupId: group.id, items: await itemsView(userId, group) };
    },

    /** listOptionalV4Items from ready parts (live-list.ts), current to currentVersion. */
    async liveList(
      userId: number,
      input: { groupId: number | undefined; market: Market4; column: SortColumn; direction: 'asc' | 'desc' },
      encoding: ContentEncoding | null,
    ): Promise<PreparedAnswer> {
      const listKey = `${userId}|${input.groupId ?? 0}|${input.market}`;
      const version = await currentVersion(userId);
      return liveList.answer(
        `${listKey}|${input.column}|${input.direction}`,
        version,
        async () => {
          const kept = itemParts.get(listKey);
          if (kept && kept.version === version) return kept;
          const group = findGroup(await groupsOf(userId), input.groupId);
          const items = (await itemsView(userId, group))
            .filter((item) => inMarket(item.type, input.market))
            .map(itemPart);
          const made = { version, groupId: group.id, items };
          if (itemParts.size >= 2000) itemParts.delete(itemParts.keys().next().value as string);
          itemParts.set(listKey, made);
          return made;
        },
        { column: input.column, direction: input.direction },
        encoding,
      );
    },

    async simpleList(userId: number, groupId: number | undefined): Promise<Datas<'listOptionalV3Items'>> {
      const { rows } = await liveRows(userId, groupId, 'all');
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        type: row.type,
        groupId: row.groupId,
        pinned: row.pinned,
        remark: row.remark,
        status: row.status,
        stale: row.stale,
        price: row.price,
        chg: row.chg,
        chgPct: row.chgPct,
      }));
    },

    async averageChange(
      userId: number,
      groupId: number | undefined,
      market4: Market4,
      column: 'chgPct' | 'chg5d' | 'chg20d' | 'chg60d' | 'chgYtd' | 'sinceAdded',
    ): Promise<Datas<'avgChg'>> {
      const { group, rows } = await liveRows(userId, groupId, market4);
      const values = rows.flatMap((row) => (row[column] === null ? [] : [row[column] as number]));
      const sum = values.reduce((total, value) => total + value, 0);
      return {
        groupId: group.id,
        avgChg: values.length === 0 ? null : Number((sum / values.length).toFixed(6)),
        up: values.filter((value) => value > 0).length,
        down: values.filter((value) => value < 0).length,
        flat: values.filter((value) => value === 0).length,
        count: rows.length,
      };
    },

    columns(userId: number, kind: 'columns' | 'columnsHk'): Promise<ColumnSettings> {
      return readSettings(userId, kind, columnSettings, defaultColumns);
    },

    kLine(userId: number): Promise<KLineSettings> {
      return readSettings(userId, 'kline', kLineSettings, defaultKLine);
    },

    async saveColumns(
      userId: number,
      kind: 'columns' | 'columnsHk',
      value: ColumnSettings,
    ): Promise<ColumnSettings> {
      // Columns left out of the list keep existing, hidden, after the listed ones.
      const listed = new Set(value.columns.map((column) => column.key));
      const complete = {
        columns: [
          ...value.columns,
          ...watchlistColumns.filter((key) => !listed.has(key)).map((key) => ({ key, visible: false })),
        ],
      };
      await repository.saveSettings(userId, kind, JSON.stringify(complete), clock().toISOString());
      return complete;
    },

    async saveKLine(userId: number, value: KLineSettings): Promise<KLineSettings> {
      await repository.saveSettings(userId, 'kline', JSON.stringify(value), clock().toISOString());
      return value;
    },

    async saveUpload(userId: number, id: string, image: string): Promise<void> {
      const now = clock();
      await repository.deleteUploadsBefore(new Date(now.getTime() - UPLOAD_LIFETIME_MS).toISOString());
      await repository.insertUpload({ id, user_id: userId, image, created_at: now.toISOString() });
    },

    async upload(userId: number, id: string): Promise<string> {
      const row = await repository.upload(id, userId);
      if (!row || Date.parse(row.created_at) < clock().getTime() - UPLOAD_LIFETIME_MS)
        throw new AppError(Codes.notFound, '截图不存在或已过期，请重新上传', 404);
      return row.image;
    },

    /** The codes the user follows (in 全部), for the import's 已自选 marks. */
    async followedSet(userId: number): Promise<Set<string>> {
      return new Set(await this.followedCodes(userId));
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
