import * as z from 'zod';
import { myBlogSchema } from '~/features/blogs/blogs.schema';
import { childSchema } from '~/features/family/children.schema';
import { registrationSchema, userSchema } from '~/features/family/user.schema';
import { adminInquiryRowSchema } from '~/features/inquiries/admin.schema';
import { adminOrderSchema } from '~/features/payments/admin.schema';
import { ROLES } from '~/platform/access';
import { adminListQuery } from '~/platform/admin/list.schema';
import { instant, requiredText } from '~/platform/http/common.schema';

export const ROLE_LABELS = { parent: 'Parent', admin: 'Administrator', guide: 'Reading guide' } as const;

/** One account in the admin list: the family's own account fields, and the team's. */
export const adminUserSchema = userSchema
  .pick({ id: true, email: true, displayName: true, role: true })
  .extend({
    disabled: z.boolean(),
    childCount: z.int(),
    createdAt: instant,
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

const USER_SORTS = ['createdAt', 'email', 'displayName', 'role'] as const;
const USER_STATUSES = ['enabled', 'disabled'] as const;
export const adminUserQuerySchema = adminListQuery(USER_SORTS, { sort: 'createdAt', dir: 'desc' }).extend({
  role: z.enum(['', ...ROLES], { error: 'Filter by parent, admin or guide.' }).default(''),
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
    displayName: requiredText('Enter their name.', 80, 'Keep the name to 80 characters or fewer.').refine(
      (name) => registrationSchema.shape.displayName.safeParse(name).success,
      'Use letters, spaces and punctuation only.',
    ),
    role: z.enum(ROLES, { error: 'Choose parent, administrator or reading guide.' }),
    privacyConsent: z.literal(true, {
      error: 'Confirm that they agreed to the privacy policy.',
    }),
  })
  .strict()
  .meta({ id: 'CreateAccount' });
export type AccountInput = z.output<typeof createAccountSchema>;

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
    role: z.enum(ROLES, { error: 'Choose parent, administrator or reading guide.' }).optional(),
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
      updatedAt: instant,
      privacyConsentAt: instant,
      /** The administrator asking is looking at their own account. */
      isSelf: z.boolean(),
    }),
    /** The family's profile of each child, with its id (the family's answers call it `_id`). */
    children: z.array(
      z.object({
        id: z.string(),
        ...childSchema.pick({ name: true, birthYear: true, ageBand: true, readingLevel: true }).shape,
        createdAt: instant,
        subscription: childSchema.shape.subscription,
        queued: childSchema.shape.queued,
      }),
    ),
    orders: z.array(adminOrderSchema),
    /** The family's posts as they see them, but the review note. */
    blogs: z.array(myBlogSchema.omit({ reviewNote: true }).extend({ createdAt: instant })),
    inquiries: z.array(
      adminInquiryRowSchema.pick({ id: true, subject: true, status: true, createdAt: true }),
    ),
    /** How many of each there are in all: the lists above hold the newest VIEW_LIST_LIMIT. */
    totals: z.object({ orders: z.int(), blogs: z.int(), inquiries: z.int() }),
  })
  .meta({ id: 'AdminUserView' });
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

/** The newest this many orders, posts and inquiries are listed in full on the view page. */
export const VIEW_LIST_LIMIT = 100;
