import {
  type AlertDraft,
  type AlertFrequency,
  type AlertKind,
  type AlertMessage,
  type AlertQuote,
  alertKindInfo,
  alertKinds,
  Codes,
  type InstrumentAlerts,
  maxAlertsPerUser,
  messageRetentionDays,
  type PriceAlert,
  type PushSettingKey,
  type PushSettings,
  pushSettingKeys,
  type QuietHours,
  type UserSwitch,
  type UserSwitchKey,
  userSwitchKeys,
} from '@zhicai/contract';
import { priceTargetProblem } from '@zhicai/domain';
import { AppError } from '../../http/app-error.ts';
import type { Instrument } from '../../market/instrument-directory.ts';
import type { Market } from '../../market/market.ts';
import type { AlertRepository, AlertRow, MessageRow } from './alert.repository.ts';
import type { AlertEvaluator, ArmedAlert } from './alert-evaluator.ts';

/** Everything is pushed until the user says otherwise. */
const DEFAULT_TOPICS: Record<PushSettingKey, boolean> = {
  priceAlert: true,
  hkPriceAlert: true,
  announcement: true,
  news: true,
  strategy: true,
};

/** 免打扰 is off until set; 22:00–08:00 is what the settings page offers first. */
const DEFAULT_QUIET_HOURS: QuietHours = { enabled: false, start: '22:00', end: '08:00' };

const SWITCHES: Record<UserSwitchKey, { name: string; enabledByDefault: boolean }> = {
  appPush: { name: 'App 推送', enabledByDefault: true },
  wechatNotify: { name: '微信提醒', enabledByDefault: true },
  inAppBanner: { name: '应用内横幅', enabledByDefault: true },
  showVolume: { name: '显示成交量', enabledByDefault: true },
  redUpGreenDown: { name: '红涨绿跌', enabledByDefault: true },
  autoRefresh: { name: '自动刷新行情', enabledByDefault: true },
  // Personalised advertising is opt-in (PIPL requires separate consent).
  personalizedAds: { name: '个性化推荐', enabledByDefault: false },
};

const DAY_MS = 24 * 60 * 60 * 1000;

const navKindList: readonly AlertKind[] = ['navChangeAbove', 'navChangeBelow'];
const limitKinds: readonly AlertKind[] = ['limitUp', 'limitDown'];

/**
 * The kinds an instrument can have: a fund priced once a day (off-exchange, LOF) its NAV change;
 * anything listed its price, change, speed and 成交额, 换手率 unless an index, 涨停/跌停 when it has
 * daily limits.
 */
export function alertKindsFor(instrument: Instrument, limitUp: number | null): AlertKind[] {
  if (instrument.series === 'nav') return [...navKindList];
  return alertKinds.filter((kind) => {
    if (navKindList.includes(kind)) return false;
    if (limitKinds.includes(kind)) return limitUp !== null;
    if (kind === 'turnoverAbove') return !instrument.type.startsWith('index_');
    return true;
  });
}

export function toPriceAlert(row: AlertRow): PriceAlert {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as AlertKind,
    value: row.value,
    frequency: row.frequency as AlertFrequency,
    enabled: row.enabled === 1,
    lastFiredAt: row.last_fired_at,
    createdAt: row.created_at,
  };
}

export function armedOf(row: AlertRow): ArmedAlert {
  return {
    id: row.id,
    userId: row.user_id,
    code: row.code,
    kind: row.kind as AlertKind,
    value: row.value,
    frequency: row.frequency as AlertFrequency,
    fireCount: row.fire_count,
    updatedAt: row.updated_at,
    lastFiredAt: row.last_fired_at === null ? null : Date.parse(row.last_fired_at),
  };
}

/** Whether `now` falls in the quiet hours (Beijing wall clock; a window may span midnight). */
export function inQuietHours(hours: QuietHours, now: Date): boolean {
  if (!hours.enabled || hours.start === hours.end) return false;
  const beijing = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  const minute = beijing.getUTCHours() * 60 + beijing.getUTCMinutes();
  const toMinute = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  const start = toMinute(hours.start);
  const end = toMinute(hours.end);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

export interface AlertServiceDeps {
  repository: AlertRepository;
  market: Pick<Market, 'directory' | 'engine'>;
  evaluator: AlertEvaluator;
  clock: () => Date;
}

export function createAlertService({ repository, market, evaluator, clock }: AlertServiceDeps) {
  const instrumentOf = (code: string): Instrument => {
    const instrument = market.directory.get(code);
    if (!instrument) throw new AppError(Codes.notFound, '没有找到这个品种', 404);
    return instrument;
  };

  function quoteOf(instrument: Instrument): AlertQuote {
    const quote = market.engine.quote(instrument.code);
    return {
      code: instrument.code,
      name: instrument.name,
      type: instrument.type,
      status: quote?.status ?? 'closed',
      price: quote?.price ?? null,
      prevClose: quote?.prevClose ?? null,
      chgPct: quote?.chgPct ?? null,
      limitUp: quote?.limitUp ?? null,
      limitDown: quote?.limitDown ?? null,
    };
  }

  /** Keeps the evaluator's index equal to the rows: enabled alerts armed, the rest removed. */
  function sync(rows: readonly AlertRow[]): void {
    for (const row of rows) {
      if (row.enabled === 1) evaluator.upsert(armedOf(row));
      else evaluator.remove(row.id);
    }
  }

  /** Refuses a draft the instrument cannot have, in the words the editor shows. */
  function checkDraft(instrument: Instrument, quote: AlertQuote, draft: AlertDraft): void {
    const kinds = alertKindsFor(instrument, quote.limitUp);
    if (!kinds.includes(draft.kind)) {
      throw new AppError(Codes.invalidParams, `该品种不支持“${alertKindInfo[draft.kind].label}”提醒`, 400);
    }
    checkValue(instrument, quote, draft.kind, draft.value);
  }

  function checkValue(instrument: Instrument, quote: AlertQuote, kind: AlertKind, value: number): void {
    const unit = alertKindInfo[kind].unit;
    if (unit === 'none') return;
    if (!(value > 0)) throw new AppError(Codes.invalidParams, '请输入大于 0 的提醒数值', 400);
    if (unit === 'price') {
      const problem = priceTargetProblem(
        value,
        { type: instrument.type, limitUp: quote.limitUp, limitDown: quote.limitDown, price: quote.price },
        kind === 'priceAbove' ? 'above' : 'below',
      );
      if (problem) throw new AppError(Codes.invalidParams, problem, 400);
    }
    // A fall is at most 100%; a rise, 换手率 or speed beyond 1000% cannot happen in a day.
    if (unit === 'ratio' && value > (kind.endsWith('Below') || kind === 'speedDown' ? 1 : 10)) {
      throw new AppError(Codes.invalidParams, '提醒幅度超出范围', 400);
    }
  }

  async function ownedAlert(userId: number, id: number): Promise<AlertRow> {
    const row = await repository.findAlert(id);
    // Another user's alert answers as a missing one: its existence is not ours to tell.
    if (!row || row.user_id !== userId) throw new AppError(Codes.notFound, '提醒不存在', 404);
    return row;
  }

  async function instrumentAlerts(userId: number, code: string): Promise<InstrumentAlerts> {
    const instrument = instrumentOf(code);
    const quote = quoteOf(instrument);
    const rows = await repository.listAlerts(userId, instrument.code);
    return {
      quote,
      alerts: rows.map(toPriceAlert),
      kinds: alertKindsFor(instrument, quote.limitUp),
    };
  }

  async function setDrafts(userId: number, code: string, drafts: readonly AlertDraft[]): Promise<AlertRow[]> {
    const instrument = instrumentOf(code);
    const quote = quoteOf(instrument);
    for (const draft of drafts) checkDraft(instrument, quote, draft);
    const existing = new Set((await repository.listAlerts(userId, instrument.code)).map((row) => row.kind));
    const added = drafts.filter((draft) => !existing.has(draft.kind)).length;
    if (added > 0 && (await repository.countAlerts(userId)) + added > maxAlertsPerUser) {
      throw new AppError(Codes.refused, `价格提醒最多 ${maxAlertsPerUser} 条，请先删除不需要的提醒`);
    }
    const at = clock().toISOString();
    const rows: AlertRow[] = [];
    for (const draft of drafts) {
      rows.push(
        await repository.upsertAlert({
          userId,
          code: instrument.code,
          kind: draft.kind,
          value: alertKindInfo[draft.kind].unit === 'none' ? 0 : draft.value,
          frequency: draft.frequency,
          at,
        }),
      );
    }
    sync(rows);
    return rows;
  }

  function retentionStart(): string {
    return new Date(clock().getTime() - messageRetentionDays * DAY_MS).toISOString();
  }

  async function topics(userId: number): Promise<Record<PushSettingKey, boolean>> {
    const settings = { ...DEFAULT_TOPICS };
    for (const row of await repository.listFlags('push_settings', userId)) {
      if ((pushSettingKeys as readonly string[]).includes(row.key)) {
        settings[row.key as PushSettingKey] = row.enabled === 1;
      }
    }
    return settings;
  }

  async function quietHours(userId: number): Promise<QuietHours> {
    const row = await repository.findQuietHours(userId);
    return row
      ? { enabled: row.enabled === 1, start: row.start_time, end: row.end_time }
      : DEFAULT_QUIET_HOURS;
  }

  async function pushSettings(userId: number): Promise<PushSettings> {
    return { topics: await topics(userId), quietHours: await quietHours(userId) };
  }

  async function switches(userId: number): Promise<UserSwitch[]> {
    const stored = new Map(
      (await repository.listFlags('user_switches', userId)).map((row) => [row.key, row.enabled === 1]),
    );
    return userSwitchKeys.map((key) => ({
      key,
      name: SWITCHES[key].name,
      enabled: stored.get(key) ?? SWITCHES[key].enabledByDefault,
    }));
  }

  return {
    /** Loads every enabled alert into the evaluator (at start). */
    async loadEvaluator(): Promise<number> {
      const rows = await repository.listEnabledAlerts();
      sync(rows);
      return rows.length;
    },

    async list(userId: number): Promise<InstrumentAlerts[]> {
      const rows = await repository.listAlerts(userId);
      const byCode = new Map<string, AlertRow[]>();
      for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row]);
      const answer: InstrumentAlerts[] = [];
      for (const [code, alerts] of byCode) {
        const instrument = market.directory.get(code);
        if (!instrument) continue;
        const quote = quoteOf(instrument);
        answer.push({
          quote,
          alerts: alerts.map(toPriceAlert),
          kinds: alertKindsFor(instrument, quote.limitUp),
        });
      }
      return answer;
    },

    async listFlat(userId: number) {
      const rows = await repository.listAlerts(userId);
      return rows.flatMap((row) => {
        const instrument = market.directory.get(row.code);
        return instrument
          ? [{ ...toPriceAlert(row), name: instrument.name, instrumentType: instrument.type }]
          : [];
      });
    },

    instrumentAlerts,

    async add(userId: number, code: string, draft: AlertDraft): Promise<PriceAlert> {
      const [row] = await setDrafts(userId, code, [draft]);
      return toPriceAlert(row as AlertRow);
    },

    async batchAdd(userId: number, code: string, drafts: readonly AlertDraft[]): Promise<InstrumentAlerts> {
      const kinds = drafts.map((draft) => draft.kind);
      if (new Set(kinds).size !== kinds.length) {
        throw new AppError(Codes.invalidParams, '同一类型的提醒只能设置一条', 400);
      }
      await setDrafts(userId, code, drafts);
      return instrumentAlerts(userId, code);
    },

    async change(
      userId: number,
      id: number,
      changes: {
        value?: number | undefined;
        frequency?: AlertFrequency | undefined;
        enabled?: boolean | undefined;
      },
    ): Promise<PriceAlert> {
      const row = await ownedAlert(userId, id);
      if (changes.value !== undefined) {
        const instrument = instrumentOf(row.code);
        checkValue(instrument, quoteOf(instrument), row.kind as AlertKind, changes.value);
      }
      await repository.updateAlerts(userId, [id], {
        ...(changes.value !== undefined ? { value: changes.value } : {}),
        ...(changes.frequency !== undefined ? { frequency: changes.frequency } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
        at: clock().toISOString(),
      });
      const updated = await ownedAlert(userId, id);
      sync([updated]);
      return toPriceAlert(updated);
    },

    async batchUpdate(
      userId: number,
      ids: readonly number[],
      changes: { frequency?: AlertFrequency | undefined; enabled?: boolean | undefined },
    ): Promise<PriceAlert[]> {
      const rows = await repository.findAlerts(ids);
      // All or nothing: one id that is not the caller's refuses the whole batch.
      if (rows.length !== new Set(ids).size || rows.some((row) => row.user_id !== userId)) {
        throw new AppError(Codes.notFound, '提醒不存在', 404);
      }
      await repository.updateAlerts(userId, ids, {
        ...(changes.frequency !== undefined ? { frequency: changes.frequency } : {}),
        ...(changes.enabled !== undefined ? { enabled: changes.enabled ? 1 : 0 } : {}),
        at: clock().toISOString(),
      });
      const updated = await repository.findAlerts(ids);
      sync(updated);
      return updated.map(toPriceAlert);
    },

    async deleteByCode(userId: number, code: string): Promise<{ deleted: number }> {
      const deleted = await repository.deleteAlertsOf(userId, code);
      for (const id of deleted) evaluator.remove(id);
      return { deleted: deleted.length };
    },

    async deleteMany(userId: number, ids: readonly number[]): Promise<{ deleted: number }> {
      const rows = await repository.findAlerts(ids);
      if (rows.length !== new Set(ids).size || rows.some((row) => row.user_id !== userId)) {
        throw new AppError(Codes.notFound, '提醒不存在', 404);
      }
      const deleted = await repository.deleteAlerts(userId, ids);
      for (const id of deleted) evaluator.remove(id);
      return { deleted: deleted.length };
    },

    async messages(
      userId: number,
      query: { category?: 'alert' | 'notice' | undefined; page: number; size: number },
    ): Promise<{ list: AlertMessage[]; total: number; unread: number }> {
      const since = retentionStart();
      await repository.pruneMessages(since, userId);
      const rows = await repository.listMessages(userId, {
        ...(query.category ? { category: query.category } : {}),
        since,
        offset: (query.page - 1) * query.size,
        limit: query.size,
      });
      const counts = (await repository.countMessages(userId, since)).filter(
        (count) => !query.category || count.category === query.category,
      );
      return {
        list: rows.map((row) => toMessage(row, market)),
        total: counts.reduce((sum, count) => sum + count.total, 0),
        unread: counts.reduce((sum, count) => sum + count.unread, 0),
      };
    },

    async unreadCount(userId: number) {
      const counts = await repository.countMessages(userId, retentionStart());
      const of = (category: string) => counts.find((count) => count.category === category)?.unread ?? 0;
      return { alert: of('alert'), notice: of('notice'), total: of('alert') + of('notice') };
    },

    async readMessages(
      userId: number,
      target: { ids?: readonly number[] | undefined; category?: 'alert' | 'notice' | 'all' | undefined },
    ): Promise<{ updated: number }> {
      if (!target.ids && !target.category) throw new AppError(Codes.invalidParams, '请指定要标记的消息', 400);
      if (target.ids) {
        const owners = await repository.listMessageOwners(target.ids);
        if (owners.length !== new Set(target.ids).size || owners.some((row) => row.user_id !== userId)) {
          throw new AppError(Codes.notFound, '消息不存在', 404);
        }
      }
      const updated = await repository.markRead(
        userId,
        {
          ...(target.ids ? { ids: target.ids } : {}),
          ...(target.category && target.category !== 'all' ? { category: target.category } : {}),
        },
        clock().toISOString(),
      );
      return { updated };
    },

    pushSettings,

    async setPush(
      userId: number,
      change: {
        key?: PushSettingKey | undefined;
        enabled?: boolean | undefined;
        quietHours?: QuietHours | undefined;
      },
    ): Promise<PushSettings> {
      const topic = change.key !== undefined && change.enabled !== undefined;
      if (!topic && !change.quietHours) {
        throw new AppError(Codes.invalidParams, '请给出要修改的推送开关或免打扰时段', 400);
      }
      if (change.key !== undefined && change.enabled !== undefined) {
        await repository.setFlag('push_settings', userId, change.key, change.enabled);
      }
      if (change.quietHours) await repository.setQuietHours(userId, change.quietHours);
      return pushSettings(userId);
    },

    switches,

    async setSwitch(userId: number, key: UserSwitchKey, enabled: boolean): Promise<UserSwitch[]> {
      await repository.setFlag('user_switches', userId, key, enabled);
      return switches(userId);
    },

    /** What delivery needs to know of a user's wishes. */
    async deliveryPreferences(userId: number) {
      const [topicFlags, hours, switchList] = await Promise.all([
        topics(userId),
        quietHours(userId),
        switches(userId),
      ]);
      const on = (key: UserSwitchKey) => switchList.find((item) => item.key === key)?.enabled ?? false;
      return {
        topics: topicFlags,
        quietHours: hours,
        appPush: on('appPush'),
        wechatNotify: on('wechatNotify'),
        inAppBanner: on('inAppBanner'),
      };
    },

    retentionStart,
  };
}

export type AlertService = ReturnType<typeof createAlertService>;

export function toMessage(row: MessageRow, market: Pick<Market, 'directory'>): AlertMessage {
  const instrument = row.code ? market.directory.get(row.code) : undefined;
  return {
    id: row.id,
    category: row.category === 'notice' ? 'notice' : 'alert',
    alertId: row.alert_id,
    code: row.code,
    name: instrument?.name ?? null,
    instrumentType: instrument?.type ?? null,
    kind: (row.kind as AlertKind | null) ?? null,
    title: row.title,
    body: row.body,
    price: row.price,
    firedAt: row.fired_at,
    read: row.read_at !== null,
    path: row.path,
  };
}
