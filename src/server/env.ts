import * as z from 'zod';
import {
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_INTERVIEW_SLOTS,
  DEFAULT_INTERVIEW_TIME_ZONE,
  isTimeZone,
  parseSlotTemplate,
  type SlotWindow,
} from '~/lib/interviewSlots';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
  );

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
    /** Requests per minute and address on the sign-in routes. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
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
  })
  .superRefine((env, ctx) => {
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
  });

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
