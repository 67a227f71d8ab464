import { Button, Heading, Text } from '@react-email/components';
import * as z from 'zod';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { formatTimeRange } from '~/platform/time';
import { interviewIcs, SCHEDULE_PATH } from '../interviews';
import { interviewSchema } from '../interviews.schema';

const CHANGES = ['booked', 'moved', 'cancelled'] as const;

const interviewEmailData = z.object({
  change: z.enum(CHANGES),
  interview: interviewSchema,
  /** The time it had before a move. */
  was: z.object({ startsAt: z.string(), endsAt: z.string() }).optional(),
  parentName: z.string(),
  /** The family's zone, else the team's: the times are written on the clock the family reads. */
  timeZone: z.string(),
});
export type InterviewEmailData = z.infer<typeof interviewEmailData>;

const SUBJECTS = {
  booked: 'Your introductory interview is booked',
  moved: 'Your introductory interview has moved',
  cancelled: 'Your introductory interview is cancelled',
} as const;

/**
 * The interview's confirmation, sent when it is booked, moved or cancelled, with its calendar file
 * attached: the same UID each time and a higher SEQUENCE, so a calendar replaces its copy.
 */
export const interviewEmail = defineEmail({
  name: 'interview',
  label: 'Interview confirmation',
  schema: interviewEmailData,
  compose(d) {
    const i = d.interview;
    const when = (range: { startsAt: string; endsAt: string }) =>
      formatTimeRange(range.startsAt, range.endsAt, 'appointment', { locale: 'en-US', timeZone: d.timeZone });
    const page = new URL(SCHEDULE_PATH, siteUrl).href;
    return {
      subject: SUBJECTS[d.change],
      preview: d.change === 'cancelled' ? `${when(i)} is cancelled.` : `${when(i)}, by video or phone.`,
      attachments: [
        {
          filename: 'quill-reads-interview.ics',
          contentType: 'text/calendar',
          content: interviewIcs(i, siteUrl),
        },
      ],
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            {SUBJECTS[d.change]}
          </Heading>
          <Text style={s.text}>Hello {d.parentName},</Text>
          {d.change === 'cancelled' ? (
            <Text style={s.text}>
              The interview on {when(i)} is cancelled. Book another time whenever suits you.
            </Text>
          ) : (
            <>
              <Text style={s.text}>
                {d.change === 'moved' && d.was
                  ? `It is now ${when(i)} (it was ${when(d.was)}).`
                  : `${when(i)}.`}{' '}
                {i.guideName ? `With ${i.guideName}, a Quill Reads reading guide: a` : 'A'} chat
                {i.childName ? ` with ${i.childName}` : ''} about favourite books, and your questions.
              </Text>
              <Text style={s.text}>
                Join the video call at {i.joinUrl}, or ring {i.phone} at that time.
              </Text>
              <Text style={s.soft}>
                The calendar file attached puts it in your calendar, and keeps it up to date.
              </Text>
            </>
          )}
          <Button href={page} style={s.button}>
            {d.change === 'cancelled' ? 'Book another time' : 'Reschedule or cancel'}
          </Button>
        </>
      ),
    };
  },
});
