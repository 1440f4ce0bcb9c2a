import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * Fulfilment of the points shop's physical goods (spec 2 §2.2 积分商城): an exchange is handed to a
 * logistics partner, which ships it and reports a carrier and tracking number, then delivery.
 * Real: a generic express/fulfilment HTTP API (LOGISTICS_API_URL, bearer LOGISTICS_API_KEY); local:
 * a stand-in that behaves like one, so the whole flow can be walked without the partner.
 */
export interface LogisticsPartner {
  kind: 'local' | 'express';
  description: string;
  /** Hands one exchange over for shipping; answers the partner's shipment id. */
  createShipment(order: ShipmentOrder): Promise<{ shipmentId: string }>;
  /** Where a shipment is now. */
  track(shipmentId: string): Promise<ShipmentState>;
}

export interface ShipmentOrder {
  /** Our exchange id, for the partner's records (`PS` + id). */
  orderNo: string;
  receiver: { name: string; phone: string; address: string };
  items: { name: string; quantity: number }[];
}

export interface ShipmentState {
  status: 'pending' | 'shipped' | 'delivered';
  carrier: string | null;
  trackingNo: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
}

/** Thrown when the partner cannot be asked or answers nonsense; the exchange waits for a retry. */
export class LogisticsUnavailableError extends Error {}

export interface LocalLogisticsTiming {
  /** From hand-over to 已发货. */
  shipAfterMs: number;
  /** From hand-over to 已签收. */
  deliverAfterMs: number;
}

export const defaultLocalLogisticsTiming: LocalLogisticsTiming = {
  shipAfterMs: 2 * 60 * 1000,
  deliverAfterMs: 30 * 60 * 1000,
};

const LOCAL_CARRIER = '知财演示快递';

/**
 * The local partner keeps no state: the shipment id carries the hand-over time, so a shipment's
 * state follows from the clock alone and survives restarts. It ships `shipAfterMs` after hand-over
 * with a tracking number made from the id (ZC + 12 digits, plainly not a real carrier's), and marks
 * it delivered `deliverAfterMs` after.
 */
export function createLocalLogisticsPartner(
  logger: FastifyBaseLogger,
  clock: () => Date,
  timing: LocalLogisticsTiming = defaultLocalLogisticsTiming,
): LogisticsPartner {
  return {
    kind: 'local',
    description: `local stand-in: ships after ${timing.shipAfterMs / 1000} s, delivers after ${timing.deliverAfterMs / 1000} s`,
    async createShipment(order) {
      const shipmentId = `local-${clock().getTime().toString(36)}-${order.orderNo}`;
      logger.info({ orderNo: order.orderNo, shipmentId }, 'local logistics took a shipment');
      return { shipmentId };
    },
    async track(shipmentId) {
      const match = /^local-([0-9a-z]+)-/.exec(shipmentId);
      if (!match?.[1]) throw new LogisticsUnavailableError(`unknown local shipment ${shipmentId}`);
      const handedOver = Number.parseInt(match[1], 36);
      const elapsed = clock().getTime() - handedOver;
      if (elapsed < timing.shipAfterMs) {
        return { status: 'pending', carrier: null, trackingNo: null, shippedAt: null, deliveredAt: null };
      }
      const digits = BigInt(`0x${createHash('sha256').update(shipmentId).digest('hex').slice(0, 15)}`);
      const trackingNo = `ZC${(digits % 10n ** 12n).toString().padStart(12, '0')}`;
      const shippedAt = new Date(handedOver + timing.shipAfterMs).toISOString();
      const delivered = elapsed >= timing.deliverAfterMs;
      return {
        status: delivered ? 'delivered' : 'shipped',
        carrier: LOCAL_CARRIER,
        trackingNo,
        shippedAt,
        deliveredAt: delivered ? new Date(handedOver + timing.deliverAfterMs).toISOString() : null,
      };
    },
  };
}

const createdAnswer = z.object({ shipmentId: z.string().min(1).max(64) });
const stateAnswer = z.object({
  status: z.enum(['pending', 'shipped', 'delivered']),
  carrier: z.string().max(32).nullable().default(null),
  trackingNo: z.string().max(64).nullable().default(null),
  shippedAt: z.string().max(32).nullable().default(null),
  deliveredAt: z.string().max(32).nullable().default(null),
});

/**
 * A fulfilment partner's HTTP API: POST `{base}/shipments` with the order answers `{shipmentId}`;
 * GET `{base}/shipments/{shipmentId}` answers `{status, carrier, trackingNo, shippedAt,
 * deliveredAt}` (status pending, shipped or delivered).
 */
export function createHttpLogisticsPartner(options: {
  url: string;
  key: string | undefined;
  fetch?: typeof fetch;
}): LogisticsPartner {
  const send = options.fetch ?? fetch;
  const base = options.url.replace(/\/+$/, '');
  async function request(route: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await send(`${base}${route}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.key ? { authorization: `Bearer ${options.key}` } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      throw new LogisticsUnavailableError(`logistics unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new LogisticsUnavailableError(`logistics answered HTTP ${response.status}`);
    return response.json().catch(() => null);
  }
  return {
    kind: 'express',
    description: `express API ${new URL(options.url).origin}`,
    async createShipment(order) {
      const answer = createdAnswer.safeParse(await request('/shipments', order));
      if (!answer.success) throw new LogisticsUnavailableError('logistics answered in an unknown shape');
      return answer.data;
    },
    async track(shipmentId) {
      const answer = stateAnswer.safeParse(await request(`/shipments/${encodeURIComponent(shipmentId)}`));
      if (!answer.success) throw new LogisticsUnavailableError('logistics answered in an unknown shape');
      return answer.data;
    },
  };
}
