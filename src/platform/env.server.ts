import * as z from 'zod';
import { checkStorageSettings, storageSettingsFields } from './storage/settings.server';
import {
  DEFAULT_INTERVIEW_CALL_URL,
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_INTERVIEW_PHONE,
  DEFAULT_INTERVIEW_SLOTS,
  DEFAULT_INTERVIEW_TIME_ZONE,
  isTimeZone,
  parseSlotTemplate,
  type SlotWindow,
} from './weeklySlots';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );

/** A key that may be left out; an empty value (KEY= in a .env file) counts as left out. */
const optionalKey = (pattern: RegExp, message: string) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || undefined)
    .pipe(z.string().regex(pattern, message).optional());

const settingsSchema = z
  .object({
    /** development (npm start, local), test (the test suites) or production. */
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** A postgres:// URL; without it the server keeps its data in PGlite under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('.data/db'),
    /** The folder that holds uploads (podcast audio, images) when they are stored on disk. */
    MEDIA_DIR: z.string().min(1).default('.data/media'),
    ...storageSettingsFields,
    MIGRATIONS_DIR: z.string().min(1).default('drizzle'),
    FIREBASE_PROJECT_ID: z.string().min(1).default('demo-quillreads'),
    /** host:port of the Firebase Auth emulator; its unsigned tokens are accepted only when this is set. */
    FIREBASE_AUTH_EMULATOR_HOST: z
      .string()
      .regex(/^[\w.-]+:\d+$/, 'must look like 127.0.0.1:9099')
      .optional(),
    /** The Firebase web API key (the browser's too); the server uses it to remove a deleted family's sign-in. */
    PUBLIC_FIREBASE_API_KEY: z.string().min(1).optional(),
    /** Emails that are administrators from their first sign-in (comma-separated). */
    ADMIN_EMAILS: list,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Sign-in's limits, each a minute: failed sign-ins (no token, or one that does not verify) per
     * client address, and valid sign-ins per account. Expired tokens count against neither.
     */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    /** Contact-form messages per address in ten minutes (through the API or the form without JavaScript). */
    INQUIRY_RATE_LIMIT_PER_TEN_MINUTES: z.coerce.number().int().min(1).max(100_000).default(5),
    /**
     * The weekly introductory-interview template on the team's clock: windows separated by
     * semicolons, each weekdays and a 24-hour range, e.g. "Tue,Thu 16:00-19:00; Sat 10:00-12:00".
     */
    INTERVIEW_SLOTS: z
      .string()
      .default(DEFAULT_INTERVIEW_SLOTS)
      .transform((text, ctx): SlotWindow[] => {
        const parsed = parseSlotTemplate(text);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.windows;
      }),
    /** The team's IANA time zone, in which INTERVIEW_SLOTS is read (e.g. Europe/London). */
    INTERVIEW_TIME_ZONE: z
      .string()
      .default(DEFAULT_INTERVIEW_TIME_ZONE)
      .refine(isTimeZone, 'must be an IANA time zone such as America/New_York or Europe/London'),
    /** How long one interview lasts, in minutes. */
    INTERVIEW_MINUTES: z.coerce.number().int().min(10).max(120).default(DEFAULT_INTERVIEW_MINUTES),
    /**
     * The interview's video call: an https address; `{room}` in it becomes each booking's own room
     * (leave it out for one fixed room). Families find it in the confirmation, notification and .ics.
     */
    INTERVIEW_CALL_URL: z
      .url({ protocol: /^https$/, error: 'must be an https address, e.g. https://meet.example.com/{room}' })
      .default(DEFAULT_INTERVIEW_CALL_URL),
    /** The number a family rings for the interview instead of the video call. */
    INTERVIEW_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,24}$/, 'must be a phone number, e.g. +1 800 555 0142')
      .default(DEFAULT_INTERVIEW_PHONE),
    /** Stripe's secret key (sk_test_… or sk_live_…); without it the sandbox provider takes payments. */
    STRIPE_SECRET_KEY: optionalKey(
      /^(sk|rk)_(test|live)_\w+$/,
      'must be a Stripe secret key: sk_test_… or sk_live_…',
    ),
    /** The signing secret of the webhook endpoint (whsec_…): events are refused without a valid signature. */
    STRIPE_WEBHOOK_SECRET: optionalKey(/^whsec_\w+$/, 'must be a webhook signing secret: whsec_…'),
    /**
     * Where email goes out (smtp:// or smtps://, with its user and password): nodemailer over SMTP.
     * Left out outside production, the local catcher that npm start and the tests run (port 1025):
     * no message leaves a developer's machine. Required in production.
     */
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// address, e.g. smtps://user:pass@smtp.example.com',
      })
      .optional(),
    /** Who messages come from, as families see it. */
    EMAIL_FROM: z.string().trim().min(3).default('Quill Reads <hello@quillreads.com>'),
    /** Read here only to check it matches the secret key's mode; the browser gets it at build time. */
    PUBLIC_STRIPE_PUBLISHABLE_KEY: optionalKey(
      /^pk_(test|live)_\w+$/,
      'must be a Stripe publishable key: pk_test_… or pk_live_…',
    ),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'must be set in production: receipts and confirmations go out by email',
      });
    }
    if (env.APP_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'must not be set in production: emulator tokens are unsigned',
      });
    }
    if (env.FIREBASE_AUTH_EMULATOR_HOST && !env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_AUTH_EMULATOR_HOST'],
        message: 'can only be used with a demo- project id: emulator tokens are unsigned',
      });
    }
    if (env.APP_ENV === 'production' && !env.PUBLIC_FIREBASE_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_FIREBASE_API_KEY'],
        message: 'must be set in production: deleting a family also removes their sign-in account',
      });
    }
    if (env.APP_ENV === 'production' && env.FIREBASE_PROJECT_ID.startsWith('demo-')) {
      ctx.addIssue({
        code: 'custom',
        path: ['FIREBASE_PROJECT_ID'],
        message: 'must be the real Firebase project id in production, not a demo- id',
      });
    }
    checkStripeSettings(env, ctx);
    checkStorageSettings(env, ctx);
  });

const modeOf = (key: string | undefined) => (key ? (key.includes('_live_') ? 'live' : 'test') : undefined);

/**
 * Payments: production always takes them through Stripe (the sandbox enrols a child without any
 * payment), the sandbox must never stand in for live keys, and Stripe's payments need verified webhooks.
 */
function checkStripeSettings(
  env: {
    APP_ENV: 'development' | 'test' | 'production';
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    PUBLIC_STRIPE_PUBLISHABLE_KEY?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  const production = env.APP_ENV === 'production';
  const secretMode = modeOf(env.STRIPE_SECRET_KEY);
  const publicMode = modeOf(env.PUBLIC_STRIPE_PUBLISHABLE_KEY);
  if (production && !env.STRIPE_SECRET_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'must be set in production: without it the sandbox would take payments and enrol children for free',
    });
  }
  if ((production || env.STRIPE_SECRET_KEY) && !env.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: `must be set ${production ? 'in production' : 'with STRIPE_SECRET_KEY'}: without it no payment could ever be confirmed`,
    });
  }
  if (publicMode === 'live' && secretMode !== 'live') {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message:
        'must be a live key (sk_live_…) when the publishable key is live: the sandbox never takes live payments',
    });
  }
  if (secretMode && publicMode && secretMode !== publicMode) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_STRIPE_PUBLISHABLE_KEY'],
      message: `must be a ${secretMode} key like STRIPE_SECRET_KEY: test and live keys cannot be mixed`,
    });
  }
}

export type Settings = z.infer<typeof settingsSchema>;

/** Reads the settings once; a bad value stops the server with a message that names it. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const result = settingsSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${problems}`);
  }
  return result.data;
}
