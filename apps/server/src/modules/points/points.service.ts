import {
  Codes,
  checkInCycle,
  checkInPointsForDay,
  type ExpressInfo,
  type LedgerEntry,
  type NewUserTask,
  newUserTaskPoints,
  newUserTasks,
  type PointExchange,
  type PointGood,
  type PointInfo,
  type PointTask,
} from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import type { LogisticsPartner } from '../../platform/logistics/logistics-partner.ts';
import type { ExchangeRow, PointsRepository } from './points.repository.ts';

/** The Asia/Shanghai calendar day (UTC+8 all year), YYYY-MM-DD: check-ins reset at Beijing midnight. */
export function shanghaiDate(now: Date): string {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The calendar day `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Days in a row ending on `from`, walking back through `dates` (newest first). */
export function streakEndingOn(dates: readonly string[], from: string): number {
  const days = new Set(dates);
  let streak = 0;
  while (days.has(addDays(from, -streak))) streak += 1;
  return streak;
}

const taskText: Readonly<Record<NewUserTask, { title: string; description: string }>> = {
  bindPhone: { title: '绑定手机号', description: '绑定手机号，账号更安全' },
  addWatchlist: { title: '添加自选股', description: '把关注的股票加入自选' },
  firstCheckIn: { title: '完成首次签到', description: '在签到页完成第一次签到' },
};

/** How far back a streak is looked for: long enough for any streak a person keeps up. */
const STREAK_WINDOW_DAYS = 800;

function maskPhone(phone: string): string {
  return phone.length === 11 ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

function toExchange(row: ExchangeRow): PointExchange {
  return {
    id: row.id,
    goodId: row.good_id,
    goodName: row.good_name,
    image: row.image,
    points: row.points,
    status: row.status,
    carrier: row.carrier,
    trackingNo: row.tracking_no,
    receiverName: row.receiver_name,
    receiverPhone: maskPhone(row.receiver_phone),
    address: row.address,
    createdAt: row.created_at,
    shippedAt: row.shipped_at,
    deliveredAt: row.delivered_at,
  };
}

function toExpress(row: {
  id: number;
  name: string;
  phone: string;
  region: string;
  detail: string;
  created_at: string;
}): ExpressInfo {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    region: row.region,
    detail: row.detail,
    createdAt: row.created_at,
  };
}

export function createPointsService(options: {
  repository: PointsRepository;
  logistics: LogisticsPartner;
  clock: () => Date;
  logger: FastifyBaseLogger;
}) {
  const { repository, logistics, clock, logger } = options;

  /** Credits each new-user task that is done and not yet credited (the ledger ref makes it once). */
  async function creditDoneTasks(userId: number): Promise<Record<NewUserTask, boolean>> {
    const facts = await repository.taskFacts(userId);
    const credited = await repository.creditedRefs(
      userId,
      newUserTasks.map((task) => `task:${task}`),
    );
    const due = newUserTasks.filter((task) => facts[task] && !credited.has(`task:${task}`));
    if (due.length > 0) {
      const at = clock().toISOString();
      await repository.transaction(async (db) => {
        await repository.lockAccount(db, userId);
        for (const task of due) {
          await repository.post(db, {
            userId,
            amount: newUserTaskPoints[task],
            reason: 'task',
            title: `新人任务：${taskText[task].title}`,
            ref: `task:${task}`,
            at,
          });
        }
      });
    }
    return facts;
  }

  /** Hands an exchange to the logistics partner; a failure leaves it for the next sync (false). */
  async function handOver(row: ExchangeRow): Promise<boolean> {
    try {
      const { shipmentId } = await logistics.createShipment({
        orderNo: `PS${row.id}`,
        receiver: { name: row.receiver_name, phone: row.receiver_phone, address: row.address },
        items: [{ name: row.good_name, quantity: 1 }],
      });
      await repository.updateExchange(row.id, { shipment_id: shipmentId });
      return true;
    } catch (error) {
      logger.warn({ exchangeId: row.id, err: error }, 'logistics hand-over failed; retried by the sync');
      return false;
    }
  }

  /**
   * Brings open exchanges up to the partner's state (hand-over first when it failed before). The
   * first failure ends the pass: a partner that is down would otherwise cost its timeout per row,
   * and a page waiting on this pass would wait for all of them.
   */
  async function syncExchanges(rows: readonly ExchangeRow[]): Promise<void> {
    for (const row of rows) {
      if (row.shipment_id === null) {
        if (!(await handOver(row))) return;
        continue;
      }
      try {
        const state = await logistics.track(row.shipment_id);
        if (state.status === row.status && state.trackingNo === row.tracking_no) continue;
        await repository.updateExchange(row.id, {
          status: state.status,
          carrier: state.carrier,
          tracking_no: state.trackingNo,
          shipped_at: state.shippedAt,
          delivered_at: state.deliveredAt,
        });
      } catch (error) {
        logger.warn({ exchangeId: row.id, err: error }, 'logistics tracking failed; kept the last state');
        return;
      }
    }
  }

  return {
    /**
     * spec 1 §2: the points prompt shows when the user has not checked in today. A visitor has no
     * check-in, so the answer is false rather than a login demand that would disturb startup.
     */
    async hasCheckedInToday(userId: number | null): Promise<boolean> {
      if (userId === null) return false;
      return repository.hasCheckIn(userId, shanghaiDate(clock()));
    },

    async info(userId: number): Promise<PointInfo> {
      const facts = await creditDoneTasks(userId);
      const today = shanghaiDate(clock());
      const dates = await repository.checkInDates(userId, addDays(today, -STREAK_WINDOW_DAYS));
      const signedToday = dates[0] === today;
      const streak = streakEndingOn(dates, signedToday ? today : addDays(today, -1));
      // The calendar shows the current 7-day cycle: the days done in it, then the ones ahead.
      const done = signedToday ? ((streak - 1) % checkInCycle.length) + 1 : streak % checkInCycle.length;
      const todaySlot = signedToday ? done : done + 1;
      const calendar = checkInCycle.map((points, index) => {
        const day = index + 1;
        return {
          day,
          date: addDays(today, day - todaySlot),
          points,
          signed: day <= done,
          isToday: day === todaySlot,
        };
      });
      const tasks: PointTask[] = [
        {
          key: 'dailyCheckIn',
          title: '每日签到',
          description: `连续签到积分逐日递增，第 ${checkInCycle.length} 天 ${checkInCycle.at(-1)} 积分`,
          points: checkInPointsForDay(todaySlot),
          done: signedToday,
          once: false,
        },
        ...newUserTasks.map((task) => ({
          key: task,
          ...taskText[task],
          points: newUserTaskPoints[task],
          done: facts[task],
          once: true,
        })),
      ];
      return {
        balance: await repository.balance(userId),
        signedToday,
        streak,
        todayPoints: checkInPointsForDay(todaySlot),
        calendar,
        tasks,
      };
    },

    /** Today's check-in: once per Beijing calendar day, the check-in and its points together. */
    async receive(userId: number): Promise<{ points: number; balance: number; streak: number }> {
      const now = clock();
      const today = shanghaiDate(now);
      const result = await repository.transaction(async (db) => {
        await repository.lockAccount(db, userId);
        if (await repository.hasCheckIn(userId, today, db)) {
          throw new AppError(Codes.refused, '今天已经签到过了，明天再来吧');
        }
        const yesterday = addDays(today, -1);
        const dates = await repository.checkInDates(userId, addDays(today, -STREAK_WINDOW_DAYS), db);
        const streak = streakEndingOn(dates, yesterday) + 1;
        const points = checkInPointsForDay(streak);
        await repository.insertCheckIn(db, userId, today, now.toISOString());
        await repository.post(db, {
          userId,
          amount: points,
          reason: 'checkIn',
          title: `连续签到第 ${streak} 天`,
          ref: `checkIn:${today}`,
          at: now.toISOString(),
        });
        return { points, streak };
      });
      // The first check-in is also a new-user task.
      await creditDoneTasks(userId);
      return { ...result, balance: await repository.balance(userId) };
    },

    async pointList(userId: number, lastId: number | undefined, size: number) {
      const rows = await repository.ledgerPage(userId, lastId, size);
      const page = rows.slice(0, size);
      const list: LedgerEntry[] = page.map((row) => ({
        id: row.id,
        amount: row.amount,
        reason: row.reason,
        title: row.title,
        createdAt: row.created_at,
      }));
      return { list, lastId: rows.length > size ? (page.at(-1)?.id ?? null) : null };
    },

    async goodList(userId: number | null): Promise<{ list: PointGood[] }> {
      const [goods, counts] = await Promise.all([
        repository.activeGoods(),
        userId === null ? Promise.resolve(new Map<number, number>()) : repository.exchangedCounts(userId),
      ]);
      return {
        list: goods.map((good) => ({
          id: good.id,
          name: good.name,
          description: good.description,
          image: good.image,
          price: good.price,
          stock: good.stock,
          perUserLimit: good.per_user_limit,
          exchanged: counts.get(good.id) ?? 0,
          demo: good.demo === 1,
        })),
      };
    },

    /**
     * Exchanges one good: the stock and the points go down together or not at all, never below
     * zero. The same requestKey answers the exchange it made the first time.
     */
    async exchange(
      userId: number,
      request: { goodId: number; expressId: number; requestKey: string },
    ): Promise<{ exchange: PointExchange; balance: number }> {
      const address = await repository.address(userId, request.expressId);
      if (!address) throw new AppError(Codes.notFound, '收货地址不存在，请重新填写', 404);
      const now = clock().toISOString();
      const { row, created } = await repository.transaction(async (db) => {
        await repository.lockAccount(db, userId);
        const earlier = await repository.exchangeByKey(db, userId, request.requestKey);
        if (earlier) {
          if (earlier.good_id !== request.goodId) {
            throw new AppError(Codes.invalidParams, '请求标识已用于另一件商品的兑换', 400);
          }
          return { row: earlier, created: false };
        }
        const good = await repository.good(request.goodId, db);
        if (good?.active !== 1) throw new AppError(Codes.notFound, '商品不存在或已下架', 404);
        if (good.stock < 1) throw new AppError(Codes.refused, '该商品已兑完');
        const exchanged = (await repository.exchangedCounts(userId, db)).get(good.id) ?? 0;
        if (exchanged >= good.per_user_limit) {
          throw new AppError(
            Codes.refused,
            `该商品每人限兑 ${good.per_user_limit} 件，您已兑换 ${exchanged} 件`,
          );
        }
        const balance = await repository.balance(userId, db);
        if (balance < good.price) {
          throw new AppError(Codes.refused, `积分不足：需要 ${good.price} 积分，当前 ${balance} 积分`);
        }
        // Another user may have taken the last one since the read above: the guarded update decides.
        if (!(await repository.takeStock(db, good.id))) throw new AppError(Codes.refused, '该商品已兑完');
        const inserted = await repository.insertExchange(db, {
          user_id: userId,
          good_id: good.id,
          good_name: good.name,
          image: good.image,
          points: good.price,
          request_key: request.requestKey,
          receiver_name: address.name,
          receiver_phone: address.phone,
          address: `${address.region} ${address.detail}`,
          status: 'pending',
          shipment_id: null,
          carrier: null,
          tracking_no: null,
          created_at: now,
          shipped_at: null,
          delivered_at: null,
        });
        const spent = await repository.post(db, {
          userId,
          amount: -good.price,
          reason: 'exchange',
          title: `兑换 ${good.name}`,
          ref: `exchange:${inserted.id}`,
          at: now,
        });
        if (!spent) {
          throw new AppError(Codes.refused, `积分不足：需要 ${good.price} 积分，当前 ${balance} 积分`);
        }
        return { row: inserted, created: true };
      });
      if (created) await handOver(row);
      return { exchange: toExchange(row), balance: await repository.balance(userId) };
    },

    async exchangeList(userId: number, lastId: number | undefined, size: number) {
      // The user is looking: bring their open exchanges up to the partner's state first.
      await syncExchanges(await repository.openExchanges(userId, 20));
      const rows = await repository.exchangePage(userId, lastId, size);
      const page = rows.slice(0, size);
      return { list: page.map(toExchange), lastId: rows.length > size ? (page.at(-1)?.id ?? null) : null };
    },

    /** The background pass: every open exchange of every user, a batch at a time. */
    async syncOpenExchanges(): Promise<void> {
      await syncExchanges(await repository.openExchanges(null, 100));
    },

    async createExpress(
      userId: number,
      input: { name: string; phone: string; region: string; detail: string },
    ): Promise<ExpressInfo> {
      return toExpress(
        await repository.insertAddress({ user_id: userId, ...input, created_at: clock().toISOString() }),
      );
    },

    async lastExpress(userId: number): Promise<ExpressInfo | null> {
      const row = await repository.lastAddress(userId);
      return row ? toExpress(row) : null;
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
