import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const webDist = '/srv/web';

describe('loadConfig', () => {
  it('uses port 8080, ./data and the zhicai brand when nothing is set', () => {
    const config = loadConfig({}, webDist);
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.brandMode).toBe('zhicai');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.webDist).toBe(webDist);
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and BRAND_MODE', () => {
    const config = loadConfig(
      {
        PORT: '9090',
        DATA_DIR: '/tmp/zc',
        DATABASE_URL: 'postgres://u:p@localhost/zc',
        BRAND_MODE: 'zhicaiPro',
      },
      webDist,
    );
    expect(config).toMatchObject({
      port: 9090,
      dataDir: '/tmp/zc',
      databaseUrl: 'postgres://u:p@localhost/zc',
      brandMode: 'zhicaiPro',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, webDist)).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
    });
  });

  it.each([
    ['a port that is not a number', { PORT: 'eighty' }, 'PORT'],
    ['a port out of range', { PORT: '70000' }, 'PORT'],
    ['a database URL that is not PostgreSQL', { DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    ['an API lock key of the wrong length', { API_LOCK_KEY: 'short' }, 'API_LOCK_KEY'],
    ['a short JWT secret', { JWT_SECRET: 'abc' }, 'JWT_SECRET'],
    ['an unknown brand', { BRAND_MODE: 'other' }, 'BRAND_MODE'],
  ])('refuses %s, naming the variable', (_case, environment, variable) => {
    expect(() => loadConfig(environment, webDist)).toThrow(ConfigError);
    expect(() => loadConfig(environment, webDist)).toThrow(variable);
  });
});
