import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecrets, randomAlphanumeric } from './secrets.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-secrets-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const unset = { jwtSecret: undefined, apiLockKey: undefined };

describe('loadOrCreateSecrets', () => {
  it('creates both secrets on first start and keeps them private in the data folder', () => {
    const secrets = loadOrCreateSecrets(dataDir, unset);
    expect(secrets.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(secrets.apiLockKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(secrets.source).toEqual({ jwtSecret: 'data folder', apiLockKey: 'data folder' });
    expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('gives the same secrets on the next start', () => {
    const first = loadOrCreateSecrets(dataDir, unset);
    const second = loadOrCreateSecrets(dataDir, unset);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.apiLockKey).toBe(first.apiLockKey);
  });

  it('prefers configured values and says so', () => {
    const secrets = loadOrCreateSecrets(dataDir, {
      jwtSecret: 'j'.repeat(40),
      apiLockKey: 'abcdefghijklmnop',
    });
    expect(secrets).toMatchObject({ jwtSecret: 'j'.repeat(40), apiLockKey: 'abcdefghijklmnop' });
    expect(secrets.source).toEqual({ jwtSecret: 'environment', apiLockKey: 'environment' });
  });

  it('refuses a damaged secrets file instead of silently replacing it', () => {
    writeFileSync(path.join(dataDir, 'secrets.json'), '{"jwtSecret":"short"}');
    expect(() => loadOrCreateSecrets(dataDir, unset)).toThrow('damaged');
    expect(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).toBe('{"jwtSecret":"short"}');
  });
});

describe('randomAlphanumeric', () => {
  it('draws only from the alphabet, at the asked length', () => {
    expect(randomAlphanumeric(80, 'ab')).toMatch(/^[ab]{80}$/);
  });
});
