import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import {
  createHttpPartnerTokens,
  createLocalPartnerTokens,
  type PartnerTokens,
} from './partner/partner-tokens.ts';
import { createGatewaySmsSender } from './sms/gateway-sms.ts';
import { createLocalSmsSender } from './sms/local-sms.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import { createLocalWechat, type LocalWechat } from './wechat/local-wechat.ts';
import { createRealWechat, type RealWechat } from './wechat/real-wechat.ts';

export type WechatProvider = LocalWechat | RealWechat;

/** The external services, each real when configured and local otherwise (issue 3 §11). */
export interface PlatformServices {
  sms: SmsSender;
  wechat: WechatProvider;
  partner: PartnerTokens;
}

export function createPlatformServices(
  config: Pick<ServerConfig, 'dataDir' | 'smsGateway' | 'wechat' | 'hbPartner'>,
  logger: FastifyBaseLogger,
  clock: () => Date,
): PlatformServices {
  return {
    sms: config.smsGateway
      ? createGatewaySmsSender(config.smsGateway)
      : createLocalSmsSender(config.dataDir, logger, clock),
    wechat: config.wechat ? createRealWechat({ ...config.wechat, clock }) : createLocalWechat(clock),
    partner: config.hbPartner ? createHttpPartnerTokens(config.hbPartner) : createLocalPartnerTokens(),
  };
}
