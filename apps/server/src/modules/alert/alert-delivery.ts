import { type AlertKind, alertKindInfo, href, type PushSettingKey } from '@zhicai/contract';
import { detailPage, formatAmount, formatPercent, formatQuotePrice } from '@zhicai/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Market } from '../../market/market.ts';
import type { UserSockets } from '../../market/user-sockets.ts';
import type { NotificationSender } from '../../platform/notify/notification-sender.ts';
import type { AlertRepository, NewMessage } from './alert.repository.ts';
import { type AlertService, armedOf, inQuietHours, toMessage } from './alert.service.ts';
import type { AlertEvaluator, Firing } from './alert-evaluator.ts';

/** The value of an alert as its message reads it: a price at its tick, a ratio in %, an amount in 亿. */
function valueText(kind: AlertKind, value: number, type: Firing['quote']['type']): string {
  switch (alertKindInfo[kind].unit) {
    case 'price':
      return ` ${formatQuotePrice(value, type)}`;
    case 'ratio':
      return ` ${formatPercent(value).replace('+', '')}`;
    case 'amount':
      return ` ${formatAmount(value)}`;
    case 'none':
      return '';
  }
}

/** The message a firing writes: "贵州茅台 股价跌到 1490.00" and the quote it fired on. */
export function messageText(firing: Firing): { title: string; body: string } {
  const { alert, quote } = firing;
  const title = `${quote.name} ${alertKindInfo[alert.kind].label}${valueText(alert.kind, alert.value, quote.type)}`;
  const priceLabel = alert.kind.startsWith('nav') ? '最新净值' : '最新价';
  const body = `${quote.name}（${quote.code}）${priceLabel} ${formatQuotePrice(quote.price, quote.type)}，涨跌幅 ${formatPercent(quote.chgPct)}`;
  return { title, body };
}

/** The app path a notification opens: the instrument's detail page. */
export function instrumentPath(code: string, type: Firing['quote']['type']): string {
  const page = detailPage(code, type);
  return page.route === 'fundDetails' || page.route === 'etfDetails'
    ? href(page.route, { code: page.code, type: page.fundType })
    : href(page.route, { stockCode: page.code });
}

/** A message of another module for the message box, under one of the user's push topics. */
export interface Notice {
  userId: number;
  topic: PushSettingKey;
  title: string;
  body: string;
  /** The app path the notification opens. */
  path: string;
}

export interface AlertDeliveryDeps {
  repository: AlertRepository;
  service: AlertService;
  evaluator: AlertEvaluator;
  market: Pick<Market, 'directory'>;
  userSockets: UserSockets;
  notify: NotificationSender;
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * Delivers fired alerts (issue 16 item 4), one after another in the order they fired: claims the
 * firing in the database (so a paused, edited or deleted alert, or one another instance fired, is
 * not delivered), stores the message (30 days), pushes it to the user's open sockets, and sends it
 * through WeChat or the app's push as the user's topic switches, channel switches and quiet hours
 * allow.
 */
export function createAlertDelivery(deps: AlertDeliveryDeps) {
  const { repository, service, evaluator, userSockets, notify, clock, logger } = deps;
  let queue: Promise<void> = Promise.resolve();

  async function deliverOne(firing: Firing): Promise<void> {
    const { alert, quote } = firing;
    const firedAt = new Date(firing.at).toISOString();
    const claimed = await repository.claimFiring(alert, firedAt, alert.frequency === 'once');
    if (!claimed) {
      // The row moved on without this instance: take it as it is now.
      const row = await repository.findAlert(alert.id);
      if (row && row.enabled === 1) evaluator.upsert(armedOf(row));
      else evaluator.remove(alert.id);
      return;
    }
    // The evaluator's copy must match the claimed row for the next claim.
    alert.fireCount += 1;
    alert.lastFiredAt = firing.at;

    const { title, body } = messageText(firing);
    const topic: PushSettingKey = quote.type === 'hk' ? 'hkPriceAlert' : 'priceAlert';
    await send(
      { userId: alert.userId, topic, title, body, path: instrumentPath(quote.code, quote.type) },
      {
        category: 'alert',
        alertId: alert.id,
        code: alert.code,
        kind: alert.kind,
        price: quote.price,
        firedAt,
      },
    );
  }

  /**
   * Stores a message, pushes it to the user's open sockets, and sends it through WeChat or the
   * app's push as the user's topic switch, channel switches and quiet hours allow.
   */
  async function send(
    notice: Notice,
    stored: Pick<NewMessage, 'category' | 'alertId' | 'code' | 'kind' | 'price' | 'firedAt'>,
  ): Promise<void> {
    const { userId, topic, title, body, path } = notice;
    const row = await repository.insertMessage({ userId, title, body, path, ...stored });
    const preferences = await service.deliveryPreferences(userId);
    const wanted = preferences.topics[topic];
    await userSockets.deliver(userId, {
      type: 'alert',
      message: toMessage(row, deps.market),
      banner: wanted && preferences.inAppBanner,
    });
    if (!wanted || inQuietHours(preferences.quietHours, clock())) return;
    const channels = [
      ...(preferences.wechatNotify ? (['wechat'] as const) : []),
      ...(preferences.appPush ? (['appPush'] as const) : []),
    ];
    for (const channel of channels) {
      await notify
        .send({ userId, channel, title, body, path, at: stored.firedAt })
        .catch((error: unknown) => logger.warn({ err: error, channel }, 'notification not sent'));
    }
  }

  return {
    /** Queues a notice after what is queued; answers when it is delivered. */
    deliverNotice(notice: Notice): Promise<void> {
      const firedAt = clock().toISOString();
      const stored = {
        category: 'notice',
        alertId: null,
        code: null,
        kind: null,
        price: null,
        firedAt,
      } as const;
      queue = queue.then(() =>
        send(notice, stored).catch((error: unknown) =>
          logger.error({ err: error, userId: notice.userId }, 'notice delivery failed'),
        ),
      );
      return queue;
    },
    /** Queues the firings of a tick; answers when they (and those before) are delivered. */
    deliver(firings: readonly Firing[]): Promise<void> {
      if (firings.length === 0) return queue;
      queue = queue.then(async () => {
        for (const firing of firings) {
          await deliverOne(firing).catch((error: unknown) =>
            logger.error({ err: error, alertId: firing.alert.id }, 'alert delivery failed'),
          );
        }
      });
      return queue;
    },
    /** Resolves when everything queued so far is delivered (tests, shutdown). */
    idle: () => queue,
  };
}

export type AlertDelivery = ReturnType<typeof createAlertDelivery>;
