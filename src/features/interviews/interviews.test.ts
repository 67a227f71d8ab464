import { describe, expect, it } from 'vitest';
import { interviewIcs, upcomingInterview } from './interviews';
import type { InterviewDto } from './interviews.schema';

const booking: InterviewDto = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  startsAt: '2026-03-10T20:00:00.000Z',
  endsAt: '2026-03-10T20:20:00.000Z',
  status: 'booked',
  childId: 'c1',
  childName: 'Zoë, the bookworm',
  guideName: null,
  sequence: 2,
  joinUrl: 'https://meet.example.com/quill-reads-6f1c2d3e',
  phone: '+1 800 555 0142',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T11:30:00.000Z',
};
const site = new URL('https://quillreads.example/');

const unfold = (ics: string) => ics.replace(/\r\n /g, '');

describe('interviewIcs', () => {
  it('writes an RFC 5545 event whose UID survives reschedules and whose SEQUENCE rises', () => {
    const ics = interviewIcs(booking, site);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    const lines = unfold(ics).split('\r\n');
    // A file to import, not an iTIP message: no METHOD, which would require an ORGANIZER.
    expect(ics).not.toContain('METHOD:');
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        `UID:interview-${booking.id}@quillreads.example`,
        'DTSTAMP:20260302T113000Z',
        'SEQUENCE:2',
        'DTSTART:20260310T200000Z',
        'DTEND:20260310T202000Z',
        'SUMMARY:Quill Reads introductory interview',
        'STATUS:CONFIRMED',
        'URL:https://quillreads.example/schedule-interview',
        // Where to join: the calendar's location is the call itself.
        'LOCATION:https://meet.example.com/quill-reads-6f1c2d3e',
        'END:VCALENDAR',
      ]),
    );
    // The child's name is TEXT: its comma is escaped.
    expect(unfold(ics)).toContain('with Zoë\\, the bookworm');
    expect(unfold(ics)).toContain(
      'Join the video call: https://meet.example.com/quill-reads-6f1c2d3e\\nOr ring +1 800 555 0142 at that time.',
    );
  });

  it('marks a cancelled booking so calendars remove it', () => {
    const lines = unfold(interviewIcs({ ...booking, status: 'cancelled', sequence: 3 }, site)).split('\r\n');
    expect(lines).toEqual(expect.arrayContaining(['STATUS:CANCELLED', 'SEQUENCE:3']));
  });
});

describe('upcomingInterview', () => {
  it('is the booked one that has not ended', () => {
    const cancelled = { ...booking, id: 'x', status: 'cancelled' as const };
    expect(upcomingInterview([cancelled, booking], new Date('2026-03-10T20:10:00Z'))).toBe(booking);
    expect(upcomingInterview([booking], new Date('2026-03-10T20:20:00Z'))).toBeUndefined();
  });
});
