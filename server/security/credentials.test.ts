import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isCredentialKey } from '@contract/connector.constants';
import { createCredentialBox, parseAppKey, resolveAppKey } from './credentials';

const MASK = '••••••••';
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'app-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the app key', () => {
  it('takes APP_KEY as the base64 of 32 bytes and refuses anything else at startup', () => {
    const key = Buffer.alloc(32, 3);
    expect(loadConfig({ APP_KEY: key.toString('base64') }).appKey).toEqual(key);
    expect(loadConfig({}).appKey).toBeNull();
    for (const wrong of ['corta', Buffer.alloc(16).toString('base64'), `${key.toString('base64')}!`]) {
      expect(() => parseAppKey(wrong), wrong).toThrow(/APP_KEY debe ser la codificación base64 de 32 bytes/);
    }
  });

  it('without APP_KEY, generates DATA_DIR/app.key once, readable by its owner only, and reuses it', () => {
    const dataDir = path.join(tempDir(), 'data');
    const first = resolveAppKey({ appKey: null, dataDir });
    expect(first).toHaveLength(32);
    const file = path.join(dataDir, 'app.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(resolveAppKey({ appKey: null, dataDir })).toEqual(first);
    const configured = Buffer.alloc(32, 9);
    expect(resolveAppKey({ appKey: configured, dataDir })).toEqual(configured);
  });
});

describe('credentials in a JSON tree', () => {
  const box = createCredentialBox(Buffer.alloc(32, 1));

  it('knows credential keys whatever their case or separator', () => {
    for (const key of ['password', 'PASS', 'db_password', 'x-api-key', 'ApiKey', 'client_secret', 'Authorization', 'access_token', 'private_key', 'aws_secret_key']) {
      expect(isCredentialKey(key), key).toBe(true);
    }
    for (const key of ['host', 'port', 'user', 'token_type', 'endpoint', 'bypass_cache']) expect(isCredentialKey(key), key).toBe(false);
  });

  it('encrypts with a fresh nonce each time, opens only with its key, and refuses a tampered value', () => {
    const first = box.seal({ password: 'abc' });
    const second = box.seal({ password: 'abc' });
    expect(first.password).not.toBe(second.password);
    expect(box.open(first)).toEqual({ password: 'abc' });
    expect(() => createCredentialBox(Buffer.alloc(32, 2)).open(first)).toThrow();
    const tampered = { password: `${first.password.slice(0, -2)}AA` };
    expect(() => box.open(tampered)).toThrow();
  });

  it('masks stored credentials, keeps one sent back as the mask, and leaves empty ones as they are', () => {
    const stored = box.seal({ host: 'h', password: 'uno', token: null, items: [{ secret: 's1' }] });
    expect(box.mask(stored)).toEqual({ host: 'h', password: MASK, token: null, items: [{ secret: MASK }] });
    const next = box.seal({ host: 'h', password: MASK, items: [{ secret: 'dos' }] }, stored);
    expect(next.password).toBe(stored.password);
    expect(box.open(next)).toEqual({ host: 'h', password: 'uno', items: [{ secret: 'dos' }] });
  });

  it('tells which credentials changed by their fingerprints, whatever the nonce', () => {
    const before = box.fingerprints(box.seal({ password: 'uno', api_key: 'k' }), 'settings');
    const after = box.fingerprints(box.seal({ password: 'uno', api_key: 'otra' }), 'settings');
    expect(Object.keys(before)).toEqual(['settings.password', 'settings.api_key']);
    expect(after['settings.password']).toBe(before['settings.password']);
    expect(after['settings.api_key']).not.toBe(before['settings.api_key']);
  });
});
