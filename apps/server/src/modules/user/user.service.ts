import { createHash } from 'node:crypto';
import {
  Codes,
  type pushSettingKeys,
  type RegionInfo,
  type User,
  type UserSwitch,
  userSwitchKeys,
  type VipType,
} from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import type { RegionLookup } from './region.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

type PushSettingKey = (typeof pushSettingKeys)[number];
type UserSwitchKey = (typeof userSwitchKeys)[number];

/** Everything is pushed until the user says otherwise. */
const DEFAULT_PUSH_SETTINGS: Record<PushSettingKey, boolean> = {
  priceAlert: true,
  announcement: true,
  news: true,
  strategy: true,
};

const SWITCHES: Record<UserSwitchKey, { name: string; enabledByDefault: boolean }> = {
  showVolume: { name: '显示成交量', enabledByDefault: true },
  redUpGreenDown: { name: '红涨绿跌', enabledByDefault: true },
  autoRefresh: { name: '自动刷新行情', enabledByDefault: true },
  // Personalised advertising is opt-in (PIPL requires separate consent).
  personalizedAds: { name: '个性化推荐', enabledByDefault: false },
};

const NON_CN_MESSAGE = '根据相关规定，部分行情与资讯仅向中国大陆地区用户提供，敬请谅解。';
const NON_CN_HK_MESSAGE = '根据相关规定，港股行情仅向中国大陆地区用户提供，敬请谅解。';

/** 138****8000: the middle four digits hidden (spec 1 §7 userinfo, unless action=notMsk). */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}

/** A stable experiment batch 0–9 from the user id, unless operators pinned one. */
export function abTestBatchOf(user: Pick<UserRow, 'id' | 'ab_test_batch_no'>): string {
  if (user.ab_test_batch_no) return user.ab_test_batch_no;
  const digest = createHash('sha256').update(`zhicai-abtest:${user.id}`).digest();
  return String((digest[0] ?? 0) % 10);
}

/** Batches 0–4 see variant A, 5–9 variant B. */
export function abTestTagOf(batch: string): 'A' | 'B' {
  return Number(batch.at(-1)) >= 5 ? 'B' : 'A';
}

export function toUser(row: UserRow, options: { maskPhone: boolean }): User {
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    phone: row.phone === null ? null : options.maskPhone ? maskPhone(row.phone) : row.phone,
    vipType: (row.vip_type === 1 || row.vip_type === 2 ? row.vip_type : 0) as VipType,
    abTestBatchNo: abTestBatchOf(row),
    createdAt: row.created_at,
  };
}

/** The latest weekday on or before the day in Asia/Shanghai (UTC+8, no daylight saving). */
export function priceDateAt(now: Date): string {
  const day = new Date(now.getTime() + 8 * 60 * 60 * 1000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

export function createUserService(repository: UserRepository, region: RegionLookup, clock: () => Date) {
  async function load(userId: number): Promise<UserRow> {
    const row = await repository.findById(userId);
    // The session was valid a moment ago, so a missing row means the account was removed.
    if (!row) throw new AppError(Codes.sessionEnded);
    return row;
  }

  async function switches(userId: number): Promise<UserSwitch[]> {
    const stored = new Map(
      (await repository.listFlags('user_switches', userId)).map((row) => [row.key, row]),
    );
    return userSwitchKeys.map((key) => ({
      key,
      name: SWITCHES[key].name,
      enabled: stored.has(key) ? stored.get(key)?.enabled === 1 : SWITCHES[key].enabledByDefault,
    }));
  }

  async function pushSettings(userId: number): Promise<Record<PushSettingKey, boolean>> {
    const settings = { ...DEFAULT_PUSH_SETTINGS };
    for (const row of await repository.listFlags('push_settings', userId)) {
      if (Object.hasOwn(settings, row.key)) settings[row.key as PushSettingKey] = row.enabled === 1;
    }
    return settings;
  }

  return {
    regionOf(ip: string): RegionInfo {
      const isCN = region.isMainland(ip);
      return {
        ip,
        isCN,
        msg: isCN ? '' : NON_CN_MESSAGE,
        msgHk: isCN ? '' : NON_CN_HK_MESSAGE,
        priceDate: priceDateAt(clock()),
      };
    },

    async profile(userId: number, options: { maskPhone: boolean }): Promise<User> {
      return toUser(await load(userId), options);
    },

    async vipType(userId: number): Promise<{ vipType: VipType }> {
      return { vipType: toUser(await load(userId), { maskPhone: true }).vipType };
    },

    async abTest(userId: number): Promise<{ abTestBatchNo: string; tag: string }> {
      const batch = abTestBatchOf(await load(userId));
      return { abTestBatchNo: batch, tag: abTestTagOf(batch) };
    },

    async editProfile(userId: number, changes: { nickname?: string; avatar?: string }): Promise<User> {
      await repository.update(userId, {
        ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
        ...(changes.avatar !== undefined ? { avatar: changes.avatar } : {}),
      });
      return toUser(await load(userId), { maskPhone: true });
    },

    pushSettings,

    async setPush(userId: number, key: PushSettingKey, enabled: boolean) {
      await repository.setFlag('push_settings', userId, key, enabled);
      return pushSettings(userId);
    },

    switches,

    async setSwitch(userId: number, key: UserSwitchKey, enabled: boolean): Promise<UserSwitch[]> {
      await repository.setFlag('user_switches', userId, key, enabled);
      return switches(userId);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
