import { Button, Heading, Section, Text } from '@react-email/components';
import * as z from 'zod';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';

const planData = z.object({
  planId: z.string(),
  parentName: z.string(),
  childFirstName: z.string(),
  weekNumber: z.int(),
  startsAt: z.iso.datetime(),
  goalMinutes: z.int(),
  sessionMinutes: z.array(z.int()),
  books: z.array(z.object({ title: z.string(), author: z.string(), why: z.string() })),
  timeZone: z.string(),
  /** The parent's unsubscribe token: this message is one they opted into. */
  unsubscribeToken: z.string(),
});
export type WeeklyPlanEmailData = z.infer<typeof planData>;

/** A reason as the plan gives it ("about animals, …"), as a sentence of its own. */
const sentence = (why: string) => `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;

/**
 * A child's weekly plan, for the parents who asked for it: the week's books and why each was
 * chosen, the goal and the sessions, and the plan's page. Not transactional: it carries a one-click
 * unsubscribe (RFC 8058) and is never sent without the parent's opt-in.
 */
export const weeklyPlanEmail = defineEmail({
  name: 'weekly-plan',
  label: 'Weekly plan',
  schema: planData,
  compose(d) {
    const week = formatTime(d.startsAt, 'date', { locale: 'en-US', timeZone: d.timeZone });
    const plan = new URL(pagePath('/reading-plan/{id}', d.planId), siteUrl).href;
    const unsubscribe = new URL(
      pagePath('/email-preferences', { query: { token: d.unsubscribeToken } }),
      siteUrl,
    ).href;
    const sessions = d.sessionMinutes.map((m) => `${m} min`).join(' · ');
    return {
      subject: `${d.childFirstName}’s reading plan for the week of ${week}`,
      preview: `${d.books.length} books, ${d.goalMinutes} minutes over ${d.sessionMinutes.length} short sessions.`,
      unsubscribeUrl: unsubscribe,
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            Week {d.weekNumber} for {d.childFirstName}
          </Heading>
          <Text style={s.text}>
            Hello {d.parentName}, here is {d.childFirstName}’s plan for the week of {week}: a goal of{' '}
            {d.goalMinutes} minutes, in {d.sessionMinutes.length} short sessions ({sessions}).
          </Text>
          <Section>
            {d.books.map((book) => (
              <Text key={book.title} style={s.text}>
                <strong>{book.title}</strong> by {book.author}
                <br />
                <span style={s.soft}>{sentence(book.why)}</span>
              </Text>
            ))}
          </Section>
          <Button href={plan} style={s.button}>
            Open the plan
          </Button>
          <Text style={s.soft}>
            You get this because you asked for the weekly plans by email. One click on “Unsubscribe” below
            stops them.
          </Text>
        </>
      ),
    };
  },
});
