import { describe, expect, it } from 'vitest';
import { loadSettings } from './env.server';

describe('settings', () => {
  it('has local defaults', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({ APP_ENV: 'development', DATA_DIR: '.data/db', ADMIN_EMAILS: [] });
  });

  it('keeps uploads on disk by default, or in an S3-compatible bucket with what it needs', () => {
    expect(loadSettings({})).toMatchObject({ STORAGE: 'disk', MEDIA_DIR: '.data/media' });
    const s3 = loadSettings({
      STORAGE: 's3',
      S3_BUCKET: 'quillreads-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3).toMatchObject({ STORAGE: 's3', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(() => loadSettings({ STORAGE: 's3' })).toThrow(/S3_BUCKET: must be set when STORAGE=s3/);
    expect(() => loadSettings({ STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: must be set with/,
    );
    expect(() => loadSettings({ STORAGE: 'ftp', S3_BUCKET: 'Not A Bucket', S3_ENDPOINT: 'ftp://x' })).toThrow(
      /STORAGE[\s\S]*S3_BUCKET: must be a bucket name[\s\S]*S3_ENDPOINT/,
    );
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

  it('reads the interview template, zone and length, defaulting to the team’s week', () => {
    const defaults = loadSettings({});
    expect(defaults.INTERVIEW_SLOTS).toHaveLength(2);
    expect(defaults.INTERVIEW_TIME_ZONE).toBe('America/New_York');
    expect(defaults.INTERVIEW_MINUTES).toBe(20);
    expect(defaults.INTERVIEW_CALL_URL).toMatch(/^https:\/\/.*\{room\}$/);
    expect(defaults.INTERVIEW_PHONE).toBe('+1 800 555 0142');
    const custom = loadSettings({
      INTERVIEW_SLOTS: 'Mon 09:00-10:00',
      INTERVIEW_TIME_ZONE: 'Europe/London',
      INTERVIEW_MINUTES: '30',
    });
    expect(custom.INTERVIEW_SLOTS).toEqual([{ weekdays: [1], start: 540, end: 600 }]);
    expect(() =>
      loadSettings({
        INTERVIEW_SLOTS: 'Someday 9-10',
        INTERVIEW_TIME_ZONE: 'Nowhere',
        INTERVIEW_MINUTES: '5',
        INTERVIEW_CALL_URL: 'http://insecure.example/{room}',
        INTERVIEW_PHONE: 'call me',
      }),
    ).toThrow(
      /INTERVIEW_SLOTS: "Someday 9-10" should look like[\s\S]*INTERVIEW_TIME_ZONE: must be an IANA[\s\S]*INTERVIEW_MINUTES[\s\S]*INTERVIEW_CALL_URL: must be an https address[\s\S]*INTERVIEW_PHONE: must be a phone number/,
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
        STRIPE_SECRET_KEY: 'sk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        SMTP_URL: 'smtps://quillreads:secret@smtp.example.com',
      }).APP_ENV,
    ).toBe('production');
  });
  it('sends email through SMTP_URL, required in production, and refuses other schemes', () => {
    expect(loadSettings({}).SMTP_URL).toBeUndefined();
    expect(loadSettings({ SMTP_URL: 'smtp://127.0.0.1:2525' }).SMTP_URL).toBe('smtp://127.0.0.1:2525');
    expect(() => loadSettings({ SMTP_URL: 'https://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ address/,
    );
    expect(() =>
      loadSettings({
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'quillreads-prod',
        PUBLIC_FIREBASE_API_KEY: 'x',
      }),
    ).toThrow(/SMTP_URL: must be set in production/);
    expect(loadSettings({}).EMAIL_FROM).toBe('Quill Reads <hello@quillreads.com>');
  });

  describe('payments', () => {
    /** A complete live configuration: a live secret key, its webhook secret and a live publishable key. */
    const live = {
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    };

    it('takes no Stripe keys (the sandbox) and treats empty values as left out', () => {
      const settings = loadSettings({ STRIPE_SECRET_KEY: '', PUBLIC_STRIPE_PUBLISHABLE_KEY: ' ' });
      expect(settings.STRIPE_SECRET_KEY).toBeUndefined();
      expect(settings.PUBLIC_STRIPE_PUBLISHABLE_KEY).toBeUndefined();
    });

    it('refuses a secret key without the webhook signing secret, live or test', () => {
      expect(() => loadSettings({ STRIPE_SECRET_KEY: 'sk_live_abc123' })).toThrow(
        /STRIPE_WEBHOOK_SECRET: must be set/,
      );
      expect(() => loadSettings({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    });

    it('refuses a live publishable key without a live secret key (the sandbox never takes live payments)', () => {
      expect(() => loadSettings({ PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(
        /STRIPE_SECRET_KEY: must be a live key/,
      );
    });

    it('refuses test and live keys mixed, and values that are not keys', () => {
      expect(() => loadSettings({ ...live, PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' })).toThrow(
        /PUBLIC_STRIPE_PUBLISHABLE_KEY: must be a live key/,
      );
      expect(() => loadSettings({ STRIPE_SECRET_KEY: 'pk_live_abc' })).toThrow(
        /STRIPE_SECRET_KEY: must be a Stripe secret key/,
      );
    });

    it('accepts a complete live configuration', () => {
      expect(loadSettings(live).STRIPE_SECRET_KEY).toBe('sk_live_abc');
    });

    describe('in production', () => {
      /** Everything else production needs, so only the Stripe settings are in question. */
      const production = {
        APP_ENV: 'production',
        FIREBASE_PROJECT_ID: 'quillreads-prod',
        PUBLIC_FIREBASE_API_KEY: 'AIza-example',
        SMTP_URL: 'smtps://quillreads:secret@smtp.example.com',
      };

      it('refuses to start without Stripe’s secret key and webhook secret, naming both', () => {
        const attempt = () => loadSettings(production);
        expect(attempt).toThrow(/STRIPE_SECRET_KEY: must be set in production: without it the sandbox/);
        expect(attempt).toThrow(/STRIPE_WEBHOOK_SECRET: must be set in production/);
        // Empty values (KEY= in a .env file) are left out, not keys.
        expect(() =>
          loadSettings({ ...production, STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: ' ' }),
        ).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
      });

      it('refuses either one missing', () => {
        expect(() => loadSettings({ ...production, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(
          /STRIPE_SECRET_KEY: must be set in production/,
        );
        const noWebhook = () => loadSettings({ ...production, STRIPE_SECRET_KEY: 'sk_live_abc' });
        expect(noWebhook).toThrow(/STRIPE_WEBHOOK_SECRET: must be set in production/);
        expect(noWebhook).not.toThrow(/STRIPE_SECRET_KEY:/);
      });

      it('starts with both, live or test (a staging copy)', () => {
        for (const mode of ['live', 'test']) {
          const settings = loadSettings({
            ...production,
            STRIPE_SECRET_KEY: `sk_${mode}_abc`,
            STRIPE_WEBHOOK_SECRET: 'whsec_abc',
          });
          expect(settings.STRIPE_SECRET_KEY).toBe(`sk_${mode}_abc`);
        }
      });

      it('leaves development and the tests to the sandbox', () => {
        for (const APP_ENV of ['development', 'test']) {
          expect(loadSettings({ APP_ENV }).STRIPE_SECRET_KEY).toBeUndefined();
        }
      });
    });
  });
});
