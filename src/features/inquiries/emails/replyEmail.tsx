import { Heading, Hr, Text } from '@react-email/components';
import * as z from 'zod';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { formatTime } from '~/platform/time';

const replyData = z.object({
  name: z.string(),
  subject: z.string(),
  reply: z.string(),
  /** The visitor's own message, quoted below the reply, and when it came. */
  original: z.string(),
  receivedAt: z.iso.datetime(),
});

/** The team's reply to a message sent through the contact form, written in the console. */
export const inquiryReplyEmail = defineEmail({
  name: 'inquiry-reply',
  label: 'Reply to a contact message',
  schema: replyData,
  compose(d) {
    const paragraphs = d.reply.split(/\n{2,}/);
    const day = formatTime(d.receivedAt, 'date', { locale: 'en-US', timeZone: 'UTC' });
    return {
      subject: `Re: ${d.subject}`,
      preview: paragraphs[0]?.slice(0, 120) ?? '',
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            Re: {d.subject}
          </Heading>
          <Text style={s.text}>Hello {d.name},</Text>
          {paragraphs.map((paragraph, i) => (
            // The reply as the team wrote it: its paragraphs, and its line breaks within them.
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text never move.
            <Text key={i} style={{ ...s.text, whiteSpace: 'pre-line' }}>
              {paragraph}
            </Text>
          ))}
          <Text style={s.text}>The Quill Reads team</Text>
          <Hr style={{ borderColor: '#e6dac4', margin: '20px 0' }} />
          <Text style={s.soft}>On {day} you wrote:</Text>
          <Text
            style={{
              ...s.soft,
              whiteSpace: 'pre-line',
              borderLeft: '4px solid #e6dac4',
              paddingLeft: '12px',
            }}
          >
            {d.original}
          </Text>
        </>
      ),
    };
  },
});
