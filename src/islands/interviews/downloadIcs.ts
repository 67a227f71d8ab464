import { interviewIcs } from '~/features/interviews/interviews';
import type { InterviewDto } from '~/features/interviews/interviews.schema';
import { siteUrl } from '~/platform/publicConfig';

/**
 * Saves the booking as an .ics file. Built in the browser from the booking the page already
 * holds: a plain link could not carry the sign-in token, and the file says nothing more.
 */
export function downloadIcs(interview: InterviewDto): void {
  const blob = new Blob([interviewIcs(interview, siteUrl)], {
    type: 'text/calendar;charset=utf-8',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'quill-reads-interview.ics';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: free the URL a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
