import { foldLine, icsDate, icsText } from '~/platform/ics';
import { pagePath } from '~/platform/routes';
import type { InterviewDto } from './interviews.schema';

export const SCHEDULE_PATH = pagePath('/schedule-interview');
const INTERVIEW_TITLE = 'Quill Reads introductory interview';

/** The family's booking that is still ahead (at most one is ever booked and upcoming). */
export function upcomingInterview(interviews: InterviewDto[], now: Date): InterviewDto | undefined {
  return interviews.find((i) => i.status === 'booked' && Date.parse(i.endsAt) > now.getTime());
}

/**
 * The booking as an iCalendar file (RFC 5545), built where the booking is shown: a download link
 * cannot carry the sign-in token, and the browser already holds everything the file says. The
 * UID stays the same across reschedules and SEQUENCE rises, so calendars replace their copy.
 */
export function interviewIcs(i: InterviewDto, site: URL): string {
  const page = new URL(SCHEDULE_PATH, site).href;
  const who = i.childName ? ` with ${i.childName}` : '';
  const host = i.guideName ? `${i.guideName}, a Quill Reads reading guide` : 'the Quill Reads team';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Quill Reads//Interviews//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:interview-${i.id}@${site.hostname}`,
    `DTSTAMP:${icsDate(i.updatedAt)}`,
    `SEQUENCE:${i.sequence}`,
    `DTSTART:${icsDate(i.startsAt)}`,
    `DTEND:${icsDate(i.endsAt)}`,
    `SUMMARY:${icsText(INTERVIEW_TITLE)}`,
    `DESCRIPTION:${icsText(
      `A video call with ${host}: a chat${who} about favourite books, and your questions.\nJoin the video call: ${i.joinUrl}\nOr ring ${i.phone} at that time.\nReschedule or cancel: ${page}`,
    )}`,
    `LOCATION:${icsText(i.joinUrl)}`,
    `URL:${page}`,
    `STATUS:${i.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
