import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import {
  createHttpLogisticsPartner,
  createLocalLogisticsPartner,
  type LogisticsPartner,
} from './logistics/logistics-partner.ts';
import { createGatewayNotificationSender } from './notify/gateway-notify.ts';
import { createLocalNotificationSender } from './notify/local-notify.ts';
import type { NotificationSender } from './notify/notification-sender.ts';
import {
  type BrokerPartner,
  createHttpBrokerPartner,
  createLocalBrokerPartner,
} from './partner/broker-partner.ts';
import {
  createHttpPartnerTokens,
  createLocalPartnerTokens,
  type PartnerTokens,
} from './partner/partner-tokens.ts';
import { createLocalPayment, type LocalPayment } from './payment/local-payment.ts';
import type { PaymentProvider } from './payment/payment-provider.ts';
import { createWechatPay, readWechatPayKeys } from './payment/wechatpay.ts';
import { createGatewaySmsSender } from './sms/gateway-sms.ts';
import { createLocalSmsSender } from './sms/local-sms.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import { createLocalObjectStorage } from './storage/local-storage.ts';
import type { ObjectStorage } from './storage/object-storage.ts';
import { createS3ObjectStorage } from './storage/s3-storage.ts';
import { createLocalWechat, type LocalWechat } from './wechat/local-wechat.ts';
import { createRealWechat, type RealWechat } from './wechat/real-wechat.ts';

export type WechatProvider = LocalWechat | RealWechat;
/** 会员 payments: WeChat Pay v3, or the local cashier (narrowed by `kind`). */
export type PaymentService = LocalPayment | (PaymentProvider & { kind: 'wechatpay' });

/** The external services, each real when configured and local otherwise (issue 3 §11). */
export interface PlatformServices {
  sms: SmsSender;
  /** WeChat template messages and app push of fired alerts. */
  notify: NotificationSender;
  wechat: WechatProvider;
  partner: PartnerTokens;
  broker: BrokerPartner;
  /** Ships the points shop's exchanged goods. */
  logistics: LogisticsPartner;
  /** User uploads (feedback images, videos). */
  storage: ObjectStorage;
  payment: PaymentService;
}

export function createPlatformServices(
  config: Pick<
    ServerConfig,
    | 'dataDir'
    | 'smsGateway'
    | 'notifyGateway'
    | 'wechat'
    | 'hbPartner'
    | 'brokerApi'
    | 'objectStorage'
    | 'logisticsApi'
  > &
    Partial<Pick<ServerConfig, 'wechatPay'>>,
  logger: FastifyBaseLogger,
  clock: () => Date,
): PlatformServices {
  return {
    sms: config.smsGateway
      ? createGatewaySmsSender(config.smsGateway)
      : createLocalSmsSender(config.dataDir, logger, clock),
    notify: config.notifyGateway
      ? createGatewayNotificationSender(config.notifyGateway)
      : createLocalNotificationSender(config.dataDir, logger, clock),
    wechat: config.wechat ? createRealWechat({ ...config.wechat, clock }) : createLocalWechat(clock),
    partner: config.hbPartner ? createHttpPartnerTokens(config.hbPartner) : createLocalPartnerTokens(),
    broker: config.brokerApi
      ? createHttpBrokerPartner(config.brokerApi)
      : createLocalBrokerPartner(config.dataDir, logger, clock),
    logistics: config.logisticsApi
      ? createHttpLogisticsPartner(config.logisticsApi)
      : createLocalLogisticsPartner(logger, clock),
    storage: config.objectStorage
      ? createS3ObjectStorage(config.objectStorage)
      : createLocalObjectStorage(config.dataDir, logger, clock),
    payment: config.wechatPay
      ? createWechatPay({ ...config.wechatPay, ...readWechatPayKeys(config.wechatPay) }, { clock })
      : createLocalPayment(logger, clock),
  };
}
