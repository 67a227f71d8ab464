import { Button, Heading, Text } from '@react-email/components';
import * as z from 'zod';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';

const reviewData = z.object({
  decision: z.enum(['approve', 'reject']),
  postId: z.string(),
  title: z.string(),
  /** What the reviewer wrote to the family (a post sent back always has one). */
  note: z.string().nullable(),
  parentName: z.string(),
});
export type ReviewEmailData = z.infer<typeof reviewData>;

/** The team's review of a post the family sent: published, or sent back with the reviewer's note. */
export const blogReviewEmail = defineEmail({
  name: 'blog-review',
  label: 'Blog post reviewed',
  schema: reviewData,
  compose(d) {
    const approved = d.decision === 'approve';
    const link = new URL(
      approved ? pagePath('/blogs/{id}', d.postId) : pagePath('/user/myblogs/{id}', d.postId),
      siteUrl,
    ).href;
    return {
      subject: approved
        ? `Your post “${d.title}” is published`
        : `Your post “${d.title}” needs a few changes`,
      preview: approved ? 'It is on the Quill Reads blog now.' : 'Our reviewer wrote you a note.',
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            {approved ? 'Your post is published' : 'Your post needs a few changes'}
          </Heading>
          <Text style={s.text}>Hello {d.parentName},</Text>
          <Text style={s.text}>
            {approved
              ? `“${d.title}” is on the Quill Reads blog now, for every family to read. Thank you for writing it.`
              : `We have not published “${d.title}” yet. Our reviewer wrote:`}
          </Text>
          {d.note && (
            <Text style={{ ...s.text, borderLeft: '4px solid #f4b13e', paddingLeft: '12px' }}>{d.note}</Text>
          )}
          {!approved && <Text style={s.soft}>Change what the note asks, then send it for review again.</Text>}
          <Button href={link} style={s.button}>
            {approved ? 'Read it on the blog' : 'Edit your post'}
          </Button>
        </>
      ),
    };
  },
});
