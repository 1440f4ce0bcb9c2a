import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { Codes } from '@zhicai/contract';
import { AppError } from '../../http/app-error.ts';
import { SmsDeliveryError, type SmsSender } from '../../platform/sms/sms-sender.ts';
import { ipGate, phoneGate, type SmsCodeQueries, type SmsCodeRepository } from './sms-code.repository.ts';

// Issue 3 §10: 6-digit code, valid 5 minutes, one send per 60 s per phone, 10 sends per hour per
// IP, and 5 wrong tries lock the phone for 15 minutes.
export const SMS_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const SMS_RESEND_INTERVAL_MS = 60 * 1000;
export const SMS_IP_WINDOW_MS = 60 * 60 * 1000;
export const SMS_IP_LIMIT = 10;
export const SMS_MAX_WRONG_ATTEMPTS = 5;
export const SMS_LOCK_MS = 15 * 60 * 1000;
/**
 * How long a sent code and a gate row are kept. Every rule above looks back at most an hour (the IP
 * window; a lock ends at most 20 minutes after its code was sent), so a day-old row decides nothing
 * and only grows the tables.
 */
export const SMS_RECORD_RETENTION_MS = 24 * 60 * 60 * 1000;

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 60 ? `${seconds} 秒` : `${Math.ceil(seconds / 60)} 分钟`;
}

function rateLimited(message: string): AppError {
  return new AppError(Codes.rateLimited, message);
}

export function createSmsCodeService(
  repository: SmsCodeRepository,
  sender: SmsSender,
  hashSecret: string,
  clock: () => Date,
) {
  // An HMAC under a server secret: a plain hash of six digits would be reversed by trying all 10^6.
  // The key is derived from the secret rather than the secret itself, so no SMS hash is ever a
  // value signed with the token key.
  const hashKey = createHmac('sha256', hashSecret).update('zhicai sms-code hash key').digest();
  const hashOf = (phone: string, code: string) =>
    createHmac('sha256', hashKey).update(`sms:${phone}:${code}`).digest('hex');

  /** The -002 refusal while a phone is locked after wrong tries, or null. */
  async function lockRefusal(queries: SmsCodeQueries, phone: string, now: Date): Promise<AppError | null> {
    const lockedUntil = await queries.findLockedUntil(phone);
    if (lockedUntil && lockedUntil > now.toISOString()) {
      const wait = Date.parse(lockedUntil) - now.getTime();
      return rateLimited(`验证码错误次数过多，请 ${waitText(wait)}后再试`);
    }
    return null;
  }

  return {
    /** Sends a new code, or refuses with -002 and how long to wait. */
    async send(phone: string, ip: string): Promise<{ resendAfterSeconds: number }> {
      const now = clock();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // The limits are checked and the code recorded under the phone's and the IP's gates, so of
      // concurrent requests only as many pass as the limits allow; the SMS goes out after that,
      // without holding them.
      const reserved = await repository.withGates(
        [phoneGate(phone), ipGate(ip)],
        now.toISOString(),
        async (queries) => {
          const locked = await lockRefusal(queries, phone, now);
          if (locked) throw locked;
          const latest = await queries.findLatest(phone);
          if (latest) {
            const nextAllowed = Date.parse(latest.sent_at) + SMS_RESEND_INTERVAL_MS;
            if (nextAllowed > now.getTime()) {
              throw rateLimited(`验证码发送过于频繁，请 ${waitText(nextAllowed - now.getTime())}后再试`);
            }
          }
          const sentFromIp = await queries.listSentFromIpSince(
            ip,
            new Date(now.getTime() - SMS_IP_WINDOW_MS).toISOString(),
          );
          const oldest = sentFromIp[0];
          if (sentFromIp.length >= SMS_IP_LIMIT && oldest) {
            const wait = Date.parse(oldest) + SMS_IP_WINDOW_MS - now.getTime();
            throw rateLimited(`当前网络获取验证码次数过多，请 ${waitText(wait)}后再试`);
          }
          return queries.insert({
            phone,
            codeHash: hashOf(phone, code),
            ip,
            sentAt: now.toISOString(),
            expiresAt: new Date(now.getTime() + SMS_CODE_LIFETIME_MS).toISOString(),
          });
        },
      );

      try {
        await sender.send({
          phone,
          code,
          text: `【知财】您的验证码是 ${code}，5 分钟内有效。如非本人操作，请忽略本短信。`,
        });
      } catch (error) {
        // Taken back, so a gateway failure does not cost the user a minute or an IP its quota.
        await repository.remove(reserved);
        if (error instanceof SmsDeliveryError)
          throw new AppError(Codes.unavailable, '短信发送失败，请稍后再试');
        throw error;
      }
      return { resendAfterSeconds: SMS_RESEND_INTERVAL_MS / 1000 };
    },

    /** Checks and uses up a code; refuses with 037 (wrong, expired) or -002 (locked). */
    async verify(phone: string, code: string): Promise<void> {
      const now = clock();
      // Under the phone's gate, so concurrent guesses are counted one after another and no more
      // than SMS_MAX_WRONG_ATTEMPTS are ever compared. The refusal is thrown after the commit: a
      // wrong try must stay counted.
      const refusal = await repository.withGates([phoneGate(phone)], now.toISOString(), async (queries) => {
        const locked = await lockRefusal(queries, phone, now);
        if (locked) return locked;
        const latest = await queries.findLatest(phone);
        if (!latest || latest.consumed_at) return new AppError(Codes.refused, '请先获取验证码');
        if (latest.expires_at <= now.toISOString())
          return new AppError(Codes.refused, '验证码已过期，请重新获取');
        if (latest.attempts >= SMS_MAX_WRONG_ATTEMPTS)
          return new AppError(Codes.refused, '验证码已失效，请重新获取');

        const given = Buffer.from(hashOf(phone, code), 'hex');
        const stored = Buffer.from(latest.code_hash, 'hex');
        if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
          const attempts = latest.attempts + 1;
          const lockedNow = attempts >= SMS_MAX_WRONG_ATTEMPTS;
          await queries.recordWrongAttempt(
            latest.id,
            attempts,
            lockedNow ? new Date(now.getTime() + SMS_LOCK_MS).toISOString() : null,
          );
          if (lockedNow) return rateLimited(`验证码错误次数过多，请 ${waitText(SMS_LOCK_MS)}后再试`);
          return new AppError(Codes.refused, `验证码错误，还可尝试 ${SMS_MAX_WRONG_ATTEMPTS - attempts} 次`);
        }
        await queries.markConsumed(latest.id, now.toISOString());
        return null;
      });
      if (refusal) throw refusal;
    },

    /** Drops codes and gate rows older than the retention; answers how many of each went. */
    prune(): Promise<{ codes: number; gates: number }> {
      return repository.pruneBefore(new Date(clock().getTime() - SMS_RECORD_RETENTION_MS).toISOString());
    },
  };
}

export type SmsCodeService = ReturnType<typeof createSmsCodeService>;
