import type { AppMenu, api, ConfigKey, DatasOf } from '@zhicai/contract';
import { randomAlphanumeric } from '../../secrets.ts';
import type { ConfigRepository } from './config.repository.ts';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** reference/protocol.md: ten 8-character chunks; the client picks chunk `ts % 10`. */
export const API_LOCK_TOKEN_LENGTH = 80;

export function createConfigService(repository: ConfigRepository, clock: () => Date) {
  let cachedApiLockToken: string | undefined;

  return {
    /** The stored JSON value of a client configuration key, or null when operators set none. */
    async getValue(key: ConfigKey): Promise<DatasOf<typeof api.config.get>> {
      const json = await repository.findValueJson(key);
      return json === undefined ? null : JSON.parse(json);
    },

    listAppMenus(): Promise<AppMenu[]> {
      return repository.listEnabledMenus();
    },

    /**
     * The API-lock token is created once and kept in the database, so signatures made by clients
     * stay valid across restarts. It is cached because every signed call needs it.
     */
    async ensureApiLockToken(): Promise<string> {
      if (cachedApiLockToken) return cachedApiLockToken;
      let token = await repository.findApiLockToken();
      if (!token) {
        token = randomAlphanumeric(API_LOCK_TOKEN_LENGTH, ALPHANUMERIC);
        await repository.insertApiLockToken(token, clock().toISOString());
      }
      cachedApiLockToken = token;
      return token;
    },
  };
}

export type ConfigService = ReturnType<typeof createConfigService>;
