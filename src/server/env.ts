import * as z from 'zod';

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
