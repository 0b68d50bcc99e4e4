import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

// The shared Redis of several instances: off unless REDIS_URL is set, refused when it is not
// a redis:// address, and every key and channel under REDIS_PREFIX.

const dir = mkdtempSync(join(tmpdir(), 'brandboard-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (extra: Record<string, string> = {}) =>
  loadConfig({ DATA_DIR: dir, DEMO_PASSWORD: 'config-test-password', ...extra });

describe('REDIS_URL and REDIS_PREFIX', () => {
  it('leaves Redis out by default, under the prefix brandboard', () => {
    const config = load();
    expect(config.redisUrl).toBeUndefined();
    expect(config.redisPrefix).toBe('brandboard');
  });

  it('takes redis:// and rediss:// addresses and a prefix of its own', () => {
    expect(load({ REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl).toBe(
      'redis://cache.internal:6379/2',
    );
    expect(load({ REDIS_URL: ' rediss://user:secret@cache:6380 ' }).redisUrl).toBe(
      'rediss://user:secret@cache:6380',
    );
    expect(load({ REDIS_PREFIX: 'acme-eu' }).redisPrefix).toBe('acme-eu');
  });

  it('refuses an address that is not a Redis URL, naming the variable', () => {
    for (const url of ['cache:6379', 'http://cache:6379', 'redis://']) {
      expect(() => load({ REDIS_URL: url })).toThrow(ConfigError);
      expect(() => load({ REDIS_URL: url })).toThrow(/REDIS_URL/);
    }
  });
});

describe('JOB_LOCK_SECONDS and JOB_SHUTDOWN_SECONDS', () => {
  it('locks a running job for 30 s and waits 10 s for running jobs at shutdown by default', () => {
    expect(load().jobs).toEqual({ lockMs: 30_000, shutdownGraceMs: 10_000 });
    expect(load({ JOB_LOCK_SECONDS: '1.5', JOB_SHUTDOWN_SECONDS: '0' }).jobs).toEqual({
      lockMs: 1_500,
      shutdownGraceMs: 0,
    });
  });

  it('refuses a lock that is not a positive number, naming the variable', () => {
    expect(() => load({ JOB_LOCK_SECONDS: '0' })).toThrow(/JOB_LOCK_SECONDS must be more than 0/);
    expect(() => load({ JOB_SHUTDOWN_SECONDS: 'soon' })).toThrow(/JOB_SHUTDOWN_SECONDS/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(load().trustProxy).toEqual([]);
    expect(load({ TRUST_PROXY: ' ' }).trustProxy).toEqual([]);
  });

  it('takes the addresses, CIDR ranges and named ranges the operator lists', () => {
    expect(
      load({ TRUST_PROXY: ' 127.0.0.1, 10.0.0.0/8,::1 ,fd00::/8,Loopback' }).trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses what is not an address or a range, naming the variable', () => {
    for (const value of ['true', '*', '1', 'nginx', '10.0.0.0/33', '10.0.0.0/8/8', '::1/129']) {
      const loading = () => load({ TRUST_PROXY: `127.0.0.1,${value}` });
      expect(loading).toThrow(ConfigError);
      expect(loading).toThrow(`TRUST_PROXY must list the proxies in front of the server`);
      expect(loading).toThrow(`got "${value}".`);
    }
  });
});

describe('a bad environment', () => {
  it('names every wrong variable at once, each with what it must be', () => {
    const loading = () =>
      load({ PORT: 'eighty', QUERY_SLOTS: '0', SEED_DEMO_WAREHOUSE: 'perhaps', AI_MODEL: ' ' });
    expect(loading).toThrow(ConfigError);
    expect(loading).toThrow(
      [
        'PORT must be a non-negative integer, got "eighty".',
        'SEED_DEMO_WAREHOUSE must be true or false, got "perhaps".',
        'QUERY_SLOTS must be at least 1.',
      ].join('\n'),
    );
  });

  it('checks the rules across variables once each variable is right', () => {
    expect(() => load({ AI_MODEL: 'llama3' })).toThrow(
      'AI_BASE_URL and AI_MODEL must be set together.',
    );
    expect(() => load({ AI_MODEL: 'llama3', PORT: 'x' })).toThrow(/^PORT must be/);
  });
});
