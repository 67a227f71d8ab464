import { describe, expect, it } from 'vitest';
import { loadSettings } from './env';

describe('settings', () => {
  it('has local defaults', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({ APP_ENV: 'development', DATA_DIR: '.data/db', ADMIN_EMAILS: [] });
  });

  it('reads a list of admin emails, trimmed and lowercased', () => {
    expect(loadSettings({ ADMIN_EMAILS: ' Ada@Example.com, ,bo@example.com' }).ADMIN_EMAILS).toEqual([
      'ada@example.com',
      'bo@example.com',
    ]);
  });

  it('stops with a message naming each bad value', () => {
    expect(() => loadSettings({ DATABASE_URL: 'mysql://x', AUTH_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      /DATABASE_URL: must be a postgres[\s\S]*AUTH_RATE_LIMIT_PER_MINUTE/,
    );
  });

  it('never accepts emulator tokens in production or for a real project', () => {
    expect(() =>
      loadSettings({
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'quillreads-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    expect(() =>
      loadSettings({ FIREBASE_PROJECT_ID: 'quillreads-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/demo- project/);
    expect(() => loadSettings({ APP_ENV: 'production' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => loadSettings({ APP_ENV: 'production', FIREBASE_PROJECT_ID: 'quillreads-prod' })).toThrow(
      /PUBLIC_FIREBASE_API_KEY/,
    );
    expect(
      loadSettings({
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'quillreads-prod',
        PUBLIC_FIREBASE_API_KEY: 'AIza-example',
      }).APP_ENV,
    ).toBe('production');
  });
});
