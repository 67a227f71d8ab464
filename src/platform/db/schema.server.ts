import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ROLES } from '~/platform/access';
import {
  AGE_BANDS,
  BLOG_STATUSES,
  BOOKING_STATUSES,
  EMAIL_STATUSES,
  EVENT_STATUSES,
  INQUIRY_STATUSES,
  MEMBERSHIP_END_REASONS,
  MEMBERSHIP_STATUSES,
  ORDER_PURPOSES,
  ORDER_STATUSES,
  PLACEMENT_BASES,
  PLAN_BILLINGS,
  PROGRAM_START_REASONS,
  READING_LEVELS,
  REPORT_KINDS,
  SUBSCRIPTION_STATUSES,
  TEST_PAYMENT_STATUSES,
  UPLOAD_KINDS,
} from '~/platform/domain';
import type { TextTimes } from '~/platform/time';
import type { SlotWindow } from '~/platform/weeklySlots';

// Value lists are text columns with CHECK constraints rather than Postgres enum types: adding a
// value is a one-line migration, and the migrations stay free of schema-qualified types.
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A parent or an administrator. Children never have accounts of their own. */
export const users = pgTable(
  'users',
  {
    id: id(),
    firebaseUid: text('firebase_uid').notNull(),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role', { enum: ROLES }).notNull().default('parent'),
    disabled: boolean('disabled').notNull().default(false),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }).notNull(),
    /** The family's time zone as their browser last said it (IANA), to write days in email as they live them. */
    timeZone: text('time_zone'),
    /** The family's Customer at Stripe (cus_...), made at their first renewing purchase. */
    stripeCustomerId: text('stripe_customer_id'),
    /** The parent asked for each child's weekly plan by email (never sent without it). */
    weeklyPlanEmail: boolean('weekly_plan_email').notNull().default(false),
    /** The parent asked for their reading guide's scores and weekly notes by email (never sent without it). */
    guideEmail: boolean('guide_email').notNull().default(false),
    /** A random token for the one-click unsubscribe link of the messages they opted into. */
    emailToken: text('email_token'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_firebase_uid_key').on(t.firebaseUid),
    uniqueIndex('users_email_token_key').on(t.emailToken),
    // Not unique: the identity service holds each address once, and an account's row may still name
    // an address its sign-in has since given up (until that sign-in is next used). Decision 29.
    index('users_email_idx').on(sql`lower(${t.email})`),
    check('users_role_check', oneOf('role', ROLES)),
  ],
);

/** A child profile: only what the child's reading needs (see the privacy policy). */
export const children = pgTable(
  'children',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    birthYear: smallint('birth_year'),
    ageBand: text('age_band', { enum: AGE_BANDS }),
    /**
     * The school grade the family gave (0: kindergarten), in the school year `school_grade_year`
     * (platform/days.ts schoolYearOf): it moves up a grade each August on its own. Optional: it places
     * read-aloud scores against the norms for the grade.
     */
    schoolGrade: smallint('school_grade'),
    schoolGradeYear: smallint('school_grade_year'),
    readingLevel: text('reading_level', { enum: READING_LEVELS }).notNull(),
    interests: text('interests').array().notNull().default(sql`'{}'::text[]`),
    /**
     * How the level was last set by placement (issue 15): the parent's answers, a read-aloud's
     * words per minute, or the weekly plans' review of the child's ratings. Null while the level is
     * the one the parent chose on the child's form.
     */
    placementBasis: text('placement_basis', { enum: PLACEMENT_BASES }),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('children_user_id_idx').on(t.userId, t.createdAt),
    check(
      'children_placement_basis_check',
      sql`placement_basis is null or ${oneOf('placement_basis', PLACEMENT_BASES)}`,
    ),
    check('children_age_band_check', sql`age_band is null or ${oneOf('age_band', AGE_BANDS)}`),
    check('children_reading_level_check', oneOf('reading_level', READING_LEVELS)),
    check('children_birth_or_band_check', sql`birth_year is not null or age_band is not null`),
    check(
      'children_school_grade_check',
      sql`(school_grade is null and school_grade_year is null) or (school_grade between 0 and 12 and school_grade_year is not null)`,
    ),
  ],
);

export const plans = pgTable(
  'plans',
  {
    id: id(),
    name: text('name').notNull(),
    /** Months; 1.25 is five weeks. */
    durationMonths: numeric('duration_months', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Whole cents, never a float amount. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull().default(''),
    /**
     * A seasonal program's first day (the Summer Reading Quest's June start): bought earlier, it
     * starts then; null for a program that starts on purchase.
     */
    startsOn: date('starts_on', { mode: 'string' }),
    /** Paid once for its duration, or renewed every `durationMonths` (whole months) until cancelled. */
    billing: text('billing', { enum: PLAN_BILLINGS }).notNull().default('once'),
    /** A recurring plan's Price at Stripe, and what it was made for ("1999 usd 1"): a change makes a new one. */
    stripePriceId: text('stripe_price_id'),
    stripePriceKey: text('stripe_price_key'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plans_active_idx').on(t.active, t.priceCents),
    check('plans_price_check', sql`price_cents >= 0`),
    check('plans_duration_check', sql`duration_months > 0`),
    check('plans_billing_check', oneOf('billing', PLAN_BILLINGS)),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** The family confirmed at check-out that this program starts after the child's current one. */
    startAfterCurrent: boolean('start_after_current').notNull().default(false),
    /**
     * When check-out said the program would start, and why ('now', 'season', 'after_current'): the
     * payment is refused if the child's programs have changed that since (issue 24). Null on orders
     * made before it was kept.
     */
    promisedStartsAt: timestamp('promised_starts_at', { withTimezone: true }),
    promisedReason: text('promised_reason', { enum: PROGRAM_START_REASONS }),
    note: text('note'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When an administrator (or a refund made in Stripe's dashboard) refunded or cancelled it. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The administrator who did; null when Stripe reported a refund made elsewhere. */
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The team's reason, kept for the record; in the family's data export, not in their notification. */
    closeReason: text('close_reason'),
    /** The provider's refund id (re_...), so a refund can be found in Stripe. */
    refundRef: text('refund_ref'),
    /** What was refunded, in cents: the whole amount, or the unused part of a period. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The renewing program this order paid a period of; null for a program paid once. */
    membershipId: uuid('membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'set null',
    }),
    purpose: text('purpose', { enum: ORDER_PURPOSES }).notNull().default('purchase'),
    /** The period a membership's payment covers (an invoice's), for its receipt. */
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    /** The PaymentIntent that paid an invoice (pi_...), which a refund names. */
    paymentRef: text('payment_ref'),
    /** Where the family confirms a payment their bank holds back (Stripe's page for the invoice). */
    actionUrl: text('action_url'),
  },
  (t) => [
    index('orders_user_id_idx').on(t.userId, t.createdAt),
    // Abandoned check-outs, oldest first, for the sweep that expires them.
    index('orders_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
    uniqueIndex('orders_provider_ref_key').on(t.provider, t.providerRef),
    check('orders_status_check', oneOf('status', ORDER_STATUSES)),
    check('orders_promised_reason_check', oneOf('promised_reason', PROGRAM_START_REASONS)),
    check('orders_purpose_check', oneOf('purpose', ORDER_PURPOSES)),
    index('orders_membership_idx').on(t.membershipId),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The renewing program this period belongs to (each paid period, and the rest after a pause). */
    membershipId: uuid('membership_id').references((): AnyPgColumn => memberships.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: SUBSCRIPTION_STATUSES }).notNull().default('active'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_child_id_idx').on(t.childId, t.endsAt),
    uniqueIndex('subscriptions_order_id_key').on(t.orderId),
    check('subscriptions_status_check', oneOf('status', SUBSCRIPTION_STATUSES)),
  ],
);

/**
 * A renewing program of one child: one provider subscription (Stripe's sub_...), billed every
 * `intervalMonths` at `amountCents` until cancelled. Its periods, once paid, are programs
 * (subscriptions rows) like any other. `providerStateAt` is the time of the newest subscription
 * event applied, so an older one arriving late changes nothing.
 */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'set null' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull().default('incomplete'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    intervalMonths: smallint('interval_months').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Why the family cancelled, in their words (optional). */
    cancelReason: text('cancel_reason'),
    cancelRequestedAt: timestamp('cancel_requested_at', { withTimezone: true }),
    pausedFrom: timestamp('paused_from', { withTimezone: true }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    /** When the provider tries an unpaid renewal again (null when none is due). */
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: MEMBERSHIP_END_REASONS }),
    providerStateAt: timestamp('provider_state_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('memberships_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('memberships_provider_ref_key').on(t.provider, t.providerRef),
    // One renewing program per child at a time (check-outs not paid yet aside).
    uniqueIndex('memberships_live_child_key')
      .on(t.childId)
      .where(sql`status in ('active', 'past_due', 'paused')`),
    check('memberships_status_check', oneOf('status', MEMBERSHIP_STATUSES)),
    check(
      'memberships_end_reason_check',
      sql`end_reason is null or ${oneOf('end_reason', MEMBERSHIP_END_REASONS)}`,
    ),
    check('memberships_interval_check', sql`interval_months between 1 and 12`),
  ],
);

/**
 * The sandbox's stand-in for Stripe Billing (never used with Stripe): each sandbox subscription's
 * state as Stripe would hold it, and each family's test clock and test card. Development and tests only.
 */
export const sandboxSubscriptions = pgTable('sandbox_subscriptions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
});

export const sandboxCustomers = pgTable('sandbox_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The family's test clock: the sandbox's "now" for their subscriptions (null: the real time). */
  clockAt: timestamp('clock_at', { withTimezone: true }),
  /** The test card declines every charge from now on. */
  cardDeclines: boolean('card_declines').notNull().default(false),
});

/**
 * Payment provider events already applied, keyed by the provider's event id: a webhook delivered
 * twice (providers retry) finds its id here and changes nothing.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const books = pgTable(
  'books',
  {
    id: id(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    isbn: text('isbn'),
    ageMin: smallint('age_min'),
    ageMax: smallint('age_max'),
    readingLevel: text('reading_level', { enum: READING_LEVELS }),
    coverPath: text('cover_path'),
    summary: text('summary').notNull().default(''),
    /** Lower-case topics ("space", "animals"): weekly plans match them to a child's interests. */
    topics: text('topics').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('books_isbn_key').on(t.isbn),
    index('books_title_idx').on(sql`lower(${t.title})`),
    check('books_level_check', sql`reading_level is null or ${oneOf('reading_level', READING_LEVELS)}`),
  ],
);

/** One reading session in a child's log ("rated reads" when it carries stars). */
export const readingLogs = pgTable(
  'reading_logs',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    author: text('author'),
    readOn: date('read_on', { mode: 'string' }).notNull(),
    minutes: smallint('minutes').notNull(),
    pages: smallint('pages'),
    rating: smallint('rating'),
    /** The family said the child finished the book with this session (issue 24): one session is not a book. */
    finished: boolean('finished').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('reading_logs_child_date_idx').on(t.childId, t.readOn),
    index('reading_logs_book_idx').on(t.bookId),
    check('reading_logs_minutes_check', sql`minutes between 1 and 1440`),
    check('reading_logs_pages_check', sql`pages is null or pages between 1 and 5000`),
    check('reading_logs_rating_check', sql`rating is null or rating between 1 and 5`),
  ],
);

/**
 * The reading milestones a child has reached ('streak-7', 'books-10'...). Each is announced once
 * in a child's life: the key makes a second announcement impossible, even when an entry is
 * deleted and logged again, or two entries arrive at the same moment.
 */
export const readingMilestones = pgTable(
  'reading_milestones',
  {
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    milestone: text('milestone').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'reading_milestones_pkey', columns: [t.childId, t.milestone] })],
);

/** Read-aloud passages ("readonance"). */
export const passages = pgTable(
  'passages',
  {
    id: id(),
    title: text('title').notNull(),
    readingLevel: text('reading_level', { enum: READING_LEVELS }).notNull(),
    text: text('text').notNull(),
    wordCount: integer('word_count').notNull(),
    audioPath: text('audio_path'),
    /**
     * A voice-portfolio passage (issue 30): kept out of practice and plans, and read once every four
     * weeks, so that it stays unpracticed and the readings can be set side by side.
     */
    portfolio: boolean('portfolio').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('passages_level_idx').on(t.readingLevel),
    check('passages_level_check', oneOf('reading_level', READING_LEVELS)),
  ],
);

/**
 * One week of a child's program (issue 15): made at the start of the program week, once. The
 * subscription and the week's number are its key, so two jobs or two servers making the same week
 * insert one row (the second finds it there).
 */
export const weeklyPlans = pgTable(
  'weekly_plans',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** 0 for the program's first week. */
    weekIndex: smallint('week_index').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    readingLevel: text('reading_level', { enum: READING_LEVELS }).notNull(),
    goalMinutes: smallint('goal_minutes').notNull(),
    /** One session a reading day, Monday first. */
    sessionMinutes: smallint('session_minutes').array().notNull(),
    passageId: uuid('passage_id').references(() => passages.id, { onDelete: 'set null' }),
    /** When the family was reminded, mid-week, that the goal was still far off (at most once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('weekly_plans_subscription_week_key').on(t.subscriptionId, t.weekIndex),
    index('weekly_plans_child_idx').on(t.childId, t.startsAt),
    // The reminder scan reads the weeks still under way: those ending later than now.
    index('weekly_plans_ends_idx').on(t.endsAt),
    check('weekly_plans_level_check', oneOf('reading_level', READING_LEVELS)),
    check('weekly_plans_week_check', sql`week_index >= 0`),
    check('weekly_plans_goal_check', sql`goal_minutes between 5 and 1440`),
  ],
);

/** The books of a weekly plan, in order, with why each was chosen and what to borrow instead. */
export const weeklyPlanBooks = pgTable(
  'weekly_plan_books',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => weeklyPlans.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** Kept with the plan: a book later removed from the catalogue still reads right here. */
    title: text('title').notNull(),
    author: text('author').notNull(),
    /** The recommender's reasons (src/features/program/recommender.ts), strongest first. */
    reasons: jsonb('reasons').notNull(),
    alternativeBookId: uuid('alternative_book_id').references(() => books.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'weekly_plan_books_pkey', columns: [t.planId, t.position] }),
    index('weekly_plan_books_book_idx').on(t.bookId),
  ],
);

/**
 * A family's calendar subscription of its children's weekly plans (issue 15): calendar apps fetch
 * /api/calendar/{token}/plans.ics without signing in, so the token is the secret. A parent can
 * replace it (the old address stops working at once); deleting the account deletes it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique('calendar_feeds_token_key'),
  createdAt: createdAt(),
});

/** A child's read-aloud attempt, with its recording when the parent allowed the microphone. */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    passageId: uuid('passage_id').references(() => passages.id, { onDelete: 'set null' }),
    durationMs: integer('duration_ms').notNull(),
    /** Null when the attempt was not recorded, or its rate was not one a child reads at. */
    wordsPerMinute: integer('words_per_minute'),
    audioPath: text('audio_path'),
    audioType: text('audio_type'),
    /** A reading for the child's voice portfolio (of a portfolio passage, when it was due). */
    portfolio: boolean('portfolio').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('recordings_child_idx').on(t.childId, t.createdAt)],
);

/**
 * What listening on the family's device heard in an attempt (issue 30): the pre-scored running
 * record (omissions, as the family left them after correcting), and the figures it gives. Only the
 * figures and marks come here; the audio never does unless the family kept the recording.
 */
export const recordingHeard = pgTable(
  'recording_heard',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    marks: jsonb('marks').notNull(),
    lastWord: smallint('last_word'),
    readingMs: integer('reading_ms').notNull(),
    /** 0 to 1: how sure listening was. */
    confidence: real('confidence').notNull(),
    /** How many words' marks the family changed before saving. */
    corrected: smallint('corrected').notNull().default(0),
    words: smallint('words').notNull(),
    errors: smallint('errors').notNull(),
    wordsCorrect: smallint('words_correct').notNull(),
    wordsCorrectPerMinute: smallint('words_correct_per_minute').notNull(),
    createdAt: createdAt(),
  },
  () => [check('recording_heard_confidence_check', sql`confidence between 0 and 1`)],
);

/**
 * A reading guide (issue 27): a staff account (role 'guide') that follows the children assigned to
 * it, up to its capacity.
 */
export const guides = pgTable(
  'guides',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    capacity: smallint('capacity').notNull().default(15),
    /**
     * The weekly windows in which the guide holds introductory interviews, on `time_zone`'s clock;
     * null: the team's template (INTERVIEW_SLOTS, in INTERVIEW_TIME_ZONE).
     */
    interviewWindows: jsonb('interview_windows').$type<SlotWindow[]>(),
    /** The guide's own IANA time zone for those windows; null: the team's. */
    timeZone: text('time_zone'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  () => [check('guides_capacity_check', sql`capacity between 1 and 60`)],
);

/** Which guide follows a child: at most one. Unassigning removes the row; notes and scores stay. */
export const guideAssignments = pgTable(
  'guide_assignments',
  {
    childId: uuid('child_id')
      .primaryKey()
      .references(() => children.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id')
      .notNull()
      .references(() => guides.userId, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guide_assignments_guide_idx').on(t.guideId)],
);

/**
 * A guide's running record of one read-aloud recording (features/guides/runningRecord.ts): the
 * marks, the rating and the note, with the figures worked out from them when saved. The guide's
 * name is kept so the score still says who heard it once they no longer follow the child.
 * `version` rises with each save: a save made from an older version is refused (one wins).
 */
export const recordingScores = pgTable(
  'recording_scores',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id').references(() => users.id, { onDelete: 'set null' }),
    guideName: text('guide_name').notNull(),
    marks: jsonb('marks').notNull(),
    lastWord: smallint('last_word'),
    readingMs: integer('reading_ms').notNull(),
    fluency: smallint('fluency').notNull(),
    note: text('note').notNull().default(''),
    words: smallint('words').notNull(),
    errors: smallint('errors').notNull(),
    selfCorrections: smallint('self_corrections').notNull(),
    wordsCorrect: smallint('words_correct').notNull(),
    wordsCorrectPerMinute: smallint('words_correct_per_minute').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recording_scores_child_idx').on(t.childId),
    check('recording_scores_fluency_check', sql`fluency between 1 and 4`),
  ],
);

/**
 * A reading guide's note to the family about one week of a child's plan (issue 27): one per week,
 * kept with the family when the guide moves on. `version` rises with each save, so of two saves
 * made from the same version one wins and the other is told.
 */
export const guideNotes = pgTable(
  'guide_notes',
  {
    planId: uuid('plan_id')
      .primaryKey()
      .references(() => weeklyPlans.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    guideId: uuid('guide_id').references(() => users.id, { onDelete: 'set null' }),
    guideName: text('guide_name').notNull(),
    body: text('body').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('guide_notes_child_idx').on(t.childId)],
);

/**
 * A book a reading guide chose for the child's next weekly plan, with the reason the family reads
 * (issue 27). One waits per child; the plan job puts it in the next plan it makes, in place of the
 * recommender's last pick, and removes it in the same statement.
 */
export const guideSwaps = pgTable('guide_swaps', {
  childId: uuid('child_id')
    .primaryKey()
    .references(() => children.id, { onDelete: 'cascade' }),
  bookId: uuid('book_id')
    .notNull()
    .references(() => books.id, { onDelete: 'cascade' }),
  guideId: uuid('guide_id').references(() => users.id, { onDelete: 'set null' }),
  guideName: text('guide_name').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * A child's progress report (issue 27): every four weeks of a renewing program and at the end of a
 * program, made by a job. `data` is what the report says, fixed when it was made; the PDF (and, at
 * the end, the certificate) are in storage under the child's prefix. One per program and period end.
 */
export const progressReports = pgTable(
  'progress_reports',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    /** The program (fixed) or renewing program whose period it covers. */
    programKey: text('program_key').notNull(),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    data: jsonb('data').notNull(),
    pdfPath: text('pdf_path').notNull(),
    certificatePath: text('certificate_path'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('progress_reports_period_key').on(t.programKey, t.periodEnd),
    index('progress_reports_child_idx').on(t.childId, t.periodEnd),
    check('progress_reports_kind_check', oneOf('kind', REPORT_KINDS)),
  ],
);

export const blogs = pgTable(
  'blogs',
  {
    id: id(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The child whose family wrote the post; told when it is reviewed. */
    childId: uuid('child_id').references(() => children.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    title: text('title').notNull(),
    contentHtml: text('content_html').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    /** Words of the text, counted when the post is saved: the reading time without parsing HTML. */
    wordCount: integer('word_count').notNull().default(0),
    coverPath: text('cover_path'),
    coverAlt: text('cover_alt').notNull().default(''),
    status: text('status', { enum: BLOG_STATUSES }).notNull().default('draft'),
    reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewNote: text('review_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('blogs_published_idx').on(t.status, t.publishedAt, t.id),
    index('blogs_submitted_idx').on(t.status, t.submittedAt),
    index('blogs_author_idx').on(t.authorId, t.updatedAt),
    check('blogs_status_check', oneOf('status', BLOG_STATUSES)),
    // Page cursors carry milliseconds: a finer time would make a post its own neighbour.
    check('blogs_published_ms_check', sql`published_at = date_trunc('milliseconds', published_at)`),
  ],
);

/**
 * A picture uploaded for a blog post (`blog/{uuid}.webp` in storage), recorded before its file is
 * written. Kept while a post's text or cover (any status) shows it; a picture no post shows a day
 * after its upload is removed, file and row, by the blog's clean-up job (blogImages.server.ts).
 */
export const blogImages = pgTable(
  'blog_images',
  {
    key: text('key').primaryKey(),
    /** Who uploaded it; kept (as null) when the account goes, so the clean-up still finds it. */
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('blog_images_created_idx').on(t.createdAt)],
);

export const events = pgTable(
  'events',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The venue's name, for an event in a place; its postal address is in the columns below. */
    location: text('location'),
    streetAddress: text('street_address'),
    addressLocality: text('address_locality'),
    addressRegion: text('address_region'),
    postalCode: text('postal_code'),
    /** ISO 3166-1 alpha-2, upper case: GB, US, IE. */
    addressCountry: text('address_country'),
    onlineUrl: text('online_url'),
    ageMin: smallint('age_min'),
    ageMax: smallint('age_max'),
    capacity: integer('capacity').notNull(),
    /** Kept with the registrations in one transaction; the CHECK makes overbooking impossible. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    /** RFC 5545 SEQUENCE: raised on every change so calendars replace their copy. */
    sequence: integer('sequence').notNull().default(0),
    status: text('status', { enum: EVENT_STATUSES }).notNull().default('scheduled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_starts_at_idx').on(t.startsAt),
    check('events_status_check', oneOf('status', EVENT_STATUSES)),
    check('events_capacity_check', sql`capacity >= 0`),
    check('events_seats_check', sql`seats_taken >= 0 and seats_taken <= capacity`),
    check('events_times_check', sql`ends_at > starts_at`),
    check('events_country_check', sql`address_country is null or address_country ~ '^[A-Z]{2}$'`),
  ],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_registrations_event_child_key').on(t.eventId, t.childId),
    index('event_registrations_child_idx').on(t.childId),
  ],
);

export const podcastEpisodes = pgTable(
  'podcast_episodes',
  {
    id: id(),
    /** Never changes once published, so podcast apps never list an episode twice. */
    guid: text('guid').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    showNotes: text('show_notes').notNull().default(''),
    transcript: text('transcript').notNull().default(''),
    audioPath: text('audio_path'),
    audioUrl: text('audio_url'),
    audioBytes: integer('audio_bytes'),
    audioType: text('audio_type'),
    durationSeconds: integer('duration_seconds'),
    episodeNumber: integer('episode_number'),
    explicit: boolean('explicit').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('podcast_episodes_guid_key').on(t.guid),
    index('podcast_published_idx').on(t.publishedAt),
  ],
);

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: INQUIRY_STATUSES }).notNull().default('new'),
    internalNote: text('internal_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('inquiries_status_idx').on(t.status, t.createdAt),
    check('inquiries_status_check', oneOf('status', INQUIRY_STATUSES)),
  ],
);

/** Notifications are kept per child and counted per user. */
/** The team's replies to a contact message, written in the console and sent by email (the outbox). */
export const inquiryReplies = pgTable(
  'inquiry_replies',
  {
    id: id(),
    inquiryId: uuid('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inquiry_replies_inquiry_idx').on(t.inquiryId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    childId: uuid('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** The instants `{name}` in the title or body stands for, written for each reader (platform/time). */
    times: jsonb('times').$type<TextTimes>().notNull().default({}),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_child_idx').on(t.childId, t.createdAt),
    index('notifications_unread_idx').on(t.childId).where(sql`read_at is null`),
  ],
);

export const interviewBookings = pgTable(
  'interview_bookings',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    childId: uuid('child_id').references(() => children.id, { onDelete: 'set null' }),
    /** The reading guide who holds the interview; null with no name: the team's own calendar. */
    guideId: uuid('guide_id').references(() => users.id, { onDelete: 'set null' }),
    /** The guide's name when booked, kept so the booking still says who once the account is gone. */
    guideName: text('guide_name'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('booked'),
    /** The calendar file's SEQUENCE: raised by each reschedule and the cancellation. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two parents can never hold the same time of one guide (or of the team's calendar), even when
    // they book at the same moment; booking.server.ts also refuses overlapping times of a guide.
    uniqueIndex('interview_bookings_slot_key')
      .on(t.startsAt)
      .where(sql`status = 'booked' and guide_id is null and guide_name is null`),
    uniqueIndex('interview_bookings_guide_slot_key')
      .on(t.guideId, t.startsAt)
      .where(sql`status = 'booked' and guide_id is not null`),
    index('interview_bookings_user_idx').on(t.userId),
    check('interview_bookings_status_check', oneOf('status', BOOKING_STATUSES)),
  ],
);

/** Who changed what, and when: every administrative change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
  ],
);

/**
 * Payments an administrator runs from /admin/test-payment to check an environment's payment
 * setup. Kept apart from orders: they buy nothing, enrol nobody and never count as revenue.
 */
export const testPayments = pgTable(
  'test_payments',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: TEST_PAYMENT_STATUSES }).notNull().default('created'),
    /** What the provider said when it answered (its status, or its error), for the page. */
    providerMessage: text('provider_message'),
    /** When the signed event about this payment came through the webhook. */
    webhookAt: timestamp('webhook_at', { withTimezone: true }),
    webhookEventType: text('webhook_event_type'),
    createdAt: createdAt(),
  },
  (t) => [
    index('test_payments_created_idx').on(t.createdAt),
    check('test_payments_status_check', oneOf('status', TEST_PAYMENT_STATUSES)),
  ],
);

/**
 * Each file an account uploaded (a blog picture, a recording), counted against its daily quota
 * (src/platform/storage/quotas.server.ts). A row outlives the file: deleting an upload does not give
 * its place back. Rows older than two days count for nothing and are pruned.
 */
export const uploadLog = pgTable(
  'upload_log',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    /** The bytes received, before any re-encoding. */
    bytes: integer('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('upload_log_user_kind_idx').on(t.userId, t.kind, t.createdAt),
    index('upload_log_created_idx').on(t.createdAt),
    check('upload_log_kind_check', oneOf('kind', UPLOAD_KINDS)),
    check('upload_log_bytes_check', sql`bytes >= 0`),
  ],
);

/** Fixed-window counters shared by every server process when the database is Postgres. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * What a create answered, by the key the browser sent with it (Idempotency-Key): a second send of
 * the same request (a double-click, a retry after a lost answer) gets the same answer, not a
 * second record. Kept a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    key: text('key').notNull(),
    /** The method, the path and (hashed) who sent it: a key names one request of one caller. */
    route: text('route').notNull(),
    /** The body's hash: the same key with another body is refused. */
    fingerprint: text('fingerprint').notNull(),
    /** The claim of the request running it: only that request keeps or gives back the answer. */
    owner: text('owner').notNull(),
    /** Null while the first request is still being handled. */
    status: integer('status'),
    body: text('body'),
    contentType: text('content_type'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.key, t.route] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * Stored files whose rows are gone and that must go too (a deleted family's recordings and
 * pictures, a removed child's recordings). Written in the same transaction as the deletion, so a
 * file is never forgotten; removed once its file is (storage/fileDeletions.server.ts), retried with
 * a growing wait by a job while the storage refuses.
 */
export const fileDeletions = pgTable(
  'file_deletions',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('file_deletions_next_idx').on(t.nextAttemptAt)],
);

/**
 * The outbox of email (platform/email/outbox.server.ts): each message a feature asks for, written
 * in the transaction of what it tells (a payment, a booking), sent afterwards by a job. `key` says
 * what the message is about, so the same message is never queued twice; `template` and `data` are
 * rendered when it is sent. A message sent at last, or failed for good, keeps its row for the team.
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    key: text('key').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    subject: text('subject'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('emails_key_key').on(t.key),
    index('emails_due_idx').on(t.nextAttemptAt).where(sql`status in ('queued', 'sending')`),
    index('emails_user_idx').on(t.userId),
    check('emails_status_check', oneOf('status', EMAIL_STATUSES)),
  ],
);
