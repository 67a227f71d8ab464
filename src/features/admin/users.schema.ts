import * as z from 'zod';
import { registrationSchema } from '~/features/family/user.schema';
import { adminOrderSchema } from '~/features/payments/admin.schema';
import { ROLES } from '~/platform/access';
import { adminListQuery } from '~/platform/admin/list.schema';
import { AGE_BANDS, BLOG_STATUSES, INQUIRY_STATUSES, READING_LEVELS } from '~/platform/domain';

export const ROLE_LABELS = { parent: 'Parent', admin: 'Administrator' } as const;

/** One account in the admin list. */
export const adminUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    childCount: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USER_SORTS = ['createdAt', 'email', 'displayName', 'role'] as const;
export const USER_STATUSES = ['enabled', 'disabled'] as const;
export const adminUserQuerySchema = adminListQuery(USER_SORTS, { sort: 'createdAt', dir: 'desc' }).extend({
  role: z.enum(['', ...ROLES], { error: 'Filter by parent or admin.' }).default(''),
  status: z.enum(['', ...USER_STATUSES], { error: 'Filter by enabled or disabled.' }).default(''),
});
export type AdminUserQuery = z.infer<typeof adminUserQuerySchema>;

/**
 * A new account made by the team. The person sets their own password from an emailed link, so
 * no password is ever typed here. The consent box records that the person agreed to the privacy
 * policy (for example on the phone): the account stores when consent was given.
 */
export const createAccountSchema = z
  .object({
    email: z
      .string({ error: 'Enter their email address.' })
      .trim()
      .toLowerCase()
      .min(1, 'Enter their email address.')
      .max(254, 'Keep it to 254 characters or fewer.')
      .pipe(z.email({ error: 'Enter a full email address, like name@example.com.' })),
    // The same rules as a parent's own sign-up, worded for someone typing another person's name.
    displayName: z
      .string({ error: 'Enter their name.' })
      .trim()
      .min(1, 'Enter their name.')
      .max(80, 'Keep the name to 80 characters or fewer.')
      .refine(
        (name) => registrationSchema.shape.displayName.safeParse(name).success,
        'Use letters, spaces and punctuation only.',
      ),
    role: z.enum(ROLES, { error: 'Choose parent or administrator.' }),
    privacyConsent: z.literal(true, {
      error: 'Confirm that they agreed to the privacy policy.',
    }),
  })
  .strict()
  .meta({ id: 'CreateAccount' });
export type CreateAccountInput = z.input<typeof createAccountSchema>;

export const createAccountResultSchema = z
  .object({
    user: adminUserSchema,
    /** False when the account exists but the set-password email could not be sent: send it again. */
    passwordLinkSent: z.boolean(),
  })
  .meta({ id: 'CreateAccountResult' });
export type CreateAccountResult = z.infer<typeof createAccountResultSchema>;

/** What the team may change about an account: its role and whether it may use the site. */
export const userChangeSchema = z
  .object({
    role: z.enum(ROLES, { error: 'Choose parent or administrator.' }).optional(),
    disabled: z.boolean({ error: 'Say true to disable, false to enable.' }).optional(),
  })
  .strict()
  .refine((c) => c.role !== undefined || c.disabled !== undefined, {
    error: 'Send a role, disabled, or both.',
    path: ['body'],
  })
  .meta({ id: 'UserChange' });
export type UserChange = z.input<typeof userChangeSchema>;

export const passwordLinkResultSchema = z.object({ sent: z.literal(true) }).meta({ id: 'PasswordLinkSent' });

/** Everything the team sees about one account, in one answer (/view-user-page/{id}, /admin/users/{id}). */
export const adminUserViewSchema = z
  .object({
    user: adminUserSchema.omit({ childCount: true }).extend({
      updatedAt: z.string(),
      privacyConsentAt: z.string(),
      /** The administrator asking is looking at their own account. */
      isSelf: z.boolean(),
    }),
    children: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        birthYear: z.int().nullable(),
        ageBand: z.enum(AGE_BANDS).nullable(),
        readingLevel: z.enum(READING_LEVELS),
        createdAt: z.string(),
        subscription: z.object({ planName: z.string(), endsAt: z.string() }).nullable(),
      }),
    ),
    orders: z.array(adminOrderSchema),
    blogs: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        status: z.enum(BLOG_STATUSES),
        createdAt: z.string(),
        updatedAt: z.string(),
        submittedAt: z.string().nullable(),
        publishedAt: z.string().nullable(),
      }),
    ),
    inquiries: z.array(
      z.object({
        id: z.string(),
        subject: z.string(),
        status: z.enum(INQUIRY_STATUSES),
        createdAt: z.string(),
      }),
    ),
    /** How many of each there are in all: the lists above hold the newest VIEW_LIST_LIMIT. */
    totals: z.object({ orders: z.int(), blogs: z.int(), inquiries: z.int() }),
  })
  .meta({ id: 'AdminUserView' });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/** The newest this many orders, posts and inquiries are listed in full on the view page. */
export const VIEW_LIST_LIMIT = 100;
