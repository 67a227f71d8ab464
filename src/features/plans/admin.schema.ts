import * as z from 'zod';
import { adminListQuery } from '~/platform/admin/list.schema';
import { PLAN_BILLINGS } from '~/platform/domain';
import { patchSchema, plainLine, timestamps } from '~/platform/http/common.schema';
import { PRICE_MAX_CENTS, PRICE_MIN_CENTS, parseMoney } from './money';
import { recurringPlanRefusals } from './plans';
import { planSchema } from './plans.schema';

/** Durations in months with two decimals at most (the column is numeric(5,2)): 0.25 is a week. */
const DURATION_MIN_MONTHS = 0.25;
const DURATION_MAX_MONTHS = 60;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

const durationMonths = z
  .number({ error: 'Enter the duration in months, like 3 or 1.25.' })
  .min(DURATION_MIN_MONTHS, 'A plan lasts at least a week (0.25 months).')
  .max(DURATION_MAX_MONTHS, `A plan lasts at most ${DURATION_MAX_MONTHS} months.`)
  .refine(twoDecimals, 'Use at most two decimals, like 1.25 for five weeks.');

/** Whole cents: a float amount (19.99) is refused, never rounded. */
const priceCents = z
  .int({ error: 'Send the price as a whole number of cents, like 1999 for $19.99.' })
  .min(PRICE_MIN_CENTS, `A plan costs at least ${PRICE_MIN_CENTS} cents, the smallest card payment.`)
  .max(PRICE_MAX_CENTS, `A plan costs at most ${PRICE_MAX_CENTS} cents.`);

const description = z
  .string({ error: 'Write a description.' })
  .trim()
  .max(1000, 'Keep the description to 1,000 characters or fewer.')
  .refine((v) => !/[<>]/.test(v), 'Use letters, numbers and punctuation only.');

/** A season's first day: a real date, this century. */
const startsOn = z.iso
  .date({ error: 'Enter the first day as a date, like 2027-06-14.' })
  .refine((d) => d >= '2000-01-01' && d <= '2100-12-31', 'Choose a date between 2000 and 2100.')
  .nullable();

const planFields = {
  name: plainLine('a name', 80),
  durationMonths,
  priceCents,
  description,
  startsOn,
  billing: z.enum(PLAN_BILLINGS, {
    error: 'Choose whether the plan is paid once or renews until cancelled.',
  }),
  active: z.boolean({ error: 'Say whether families can buy the plan.' }),
};

/** What an administrator sends to create a plan. */
export const planInputSchema = z
  .object({
    ...planFields,
    description: description.default(''),
    startsOn: startsOn.default(null),
    billing: planFields.billing.default('once'),
    active: planFields.active.default(true),
  })
  .strict()
  .meta({ id: 'PlanInput' });
export type ParsedPlanInput = z.output<typeof planInputSchema>;

/** What an administrator sends to change a plan: any of its fields, at least one. */
export const planPatchSchema = patchSchema(planFields).meta({ id: 'PlanPatch' });
export type PlanPatch = z.infer<typeof planPatchSchema>;

/** A plan as the admin console sees it, with how many orders name it. */
export const adminPlanSchema = planSchema
  .extend({
    active: z.boolean(),
    /** Orders of any status: one is enough to keep the plan (it can only be retired). */
    orderCount: z.int(),
    ...timestamps,
  })
  .meta({ id: 'AdminPlan' });
export type AdminPlan = z.infer<typeof adminPlanSchema>;

const PLAN_SORTS = ['name', 'price', 'duration', 'orders', 'createdAt'] as const;
export const adminPlansQuerySchema = adminListQuery(PLAN_SORTS, { sort: 'price', dir: 'asc' }).extend({
  status: z.enum(['', 'active', 'retired'], { error: 'Show active, retired or every plan.' }).default(''),
});

/**
 * The plan form as typed: the price is a money string ("199.99") and the duration a number
 * string; both are checked here and become the API's numbers, so errors sit beside their field.
 */
export const planFormSchema = z
  .object({
    name: planFields.name,
    duration: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter the duration in months, like 3 or 1.25 (five weeks).')
      .transform(Number)
      .pipe(durationMonths),
    price: z.string().transform((text, ctx) => {
      const money = parseMoney(text);
      if (money.ok) return money.cents;
      ctx.addIssue({ code: 'custom', message: money.message });
      return z.NEVER;
    }),
    description,
    /** Empty for a program that starts on purchase. */
    startsOn: z
      .string()
      .trim()
      .transform((text, ctx) => {
        if (text === '') return null;
        const parsed = startsOn.safeParse(text);
        if (parsed.success) return parsed.data;
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'Enter a date.' });
        return z.NEVER;
      }),
    billing: planFields.billing,
    active: z.boolean(),
  })
  .superRefine((form, ctx) => {
    const refusals = recurringPlanRefusals({ ...form, durationMonths: form.duration });
    if (refusals.durationMonths)
      ctx.addIssue({ code: 'custom', path: ['duration'], message: refusals.durationMonths });
    if (refusals.startsOn) ctx.addIssue({ code: 'custom', path: ['startsOn'], message: refusals.startsOn });
  })
  .transform(
    ({ name, duration, price, description, startsOn, billing, active }): ParsedPlanInput => ({
      name,
      durationMonths: duration,
      priceCents: price,
      description,
      startsOn,
      billing,
      active,
    }),
  );
export type PlanForm = z.input<typeof planFormSchema>;
