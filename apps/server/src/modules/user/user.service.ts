import { createHash } from 'node:crypto';
import { Codes, type RegionInfo, type User, type VipType } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import { effectiveVipType } from '../member/membership-rules.ts';
import type { RegionLookup } from './region.ts';
import type { UserRepository, UserRow } from './user.repository.ts';

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

export function toUser(row: UserRow, options: { maskPhone: boolean; now?: Date }): User {
  // A membership past its end reads as 0 (the member module also writes the 0 back).
  const vipType = effectiveVipType(row.vip_type, row.vip_expires_at, options.now ?? new Date());
  return {
    id: row.id,
    nickname: row.nickname,
    avatar: row.avatar,
    phone: row.phone === null ? null : options.maskPhone ? maskPhone(row.phone) : row.phone,
    vipType: vipType as VipType,
    vipExpiresAt: vipType === 0 ? null : row.vip_expires_at,
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

/**
 * `avatarUrl` says what a user may set as their avatar: the public URL of an image they uploaded
 * (community's own-image check), answered as the address to store; anything else is refused.
 */
export function createUserService(
  repository: UserRepository,
  region: RegionLookup,
  clock: () => Date,
  avatarUrl: (userId: number, url: string) => Promise<string>,
) {
  async function load(userId: number): Promise<UserRow> {
    const row = await repository.findById(userId);
    // The session was valid a moment ago, so a missing row means the account was removed.
    if (!row) throw new AppError(Codes.sessionEnded);
    // An ended membership reads as 0 (toUser); the column is set to 0 as well, for whatever reads it.
    const now = clock();
    if (row.vip_type !== 0 && effectiveVipType(row.vip_type, row.vip_expires_at, now) === 0) {
      await repository.demoteExpiredVip(userId, now.toISOString());
      return { ...row, vip_type: 0 };
    }
    return row;
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
      return toUser(await load(userId), { ...options, now: clock() });
    },

    async vipType(userId: number): Promise<{ vipType: VipType }> {
      return { vipType: toUser(await load(userId), { maskPhone: true, now: clock() }).vipType };
    },

    async abTest(userId: number): Promise<{ abTestBatchNo: string; tag: string }> {
      const batch = abTestBatchOf(await load(userId));
      return { abTestBatchNo: batch, tag: abTestTagOf(batch) };
    },

    async editProfile(userId: number, changes: { nickname?: string; avatar?: string }): Promise<User> {
      // Other users' phones load an avatar (comments, Q&A): only the user's own upload, never an
      // address on a host we do not run.
      const avatar = changes.avatar === undefined ? undefined : await avatarUrl(userId, changes.avatar);
      await repository.update(userId, {
        ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
        ...(avatar !== undefined ? { avatar } : {}),
      });
      return toUser(await load(userId), { maskPhone: true, now: clock() });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
