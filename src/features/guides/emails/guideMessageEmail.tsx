import { Button, Heading, Section, Text } from '@react-email/components';
import * as z from 'zod';
import { emailStyles as s } from '~/platform/email/EmailLayout';
import { defineEmail } from '~/platform/email/templates.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';

const common = {
  parentName: z.string(),
  childFirstName: z.string(),
  guideName: z.string(),
  /** The guide's words to the family (a running record's note may be empty). */
  note: z.string(),
  /** The parent's unsubscribe token: this message is one they opted into. */
  unsubscribeToken: z.string(),
};

const messageData = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('score'),
    ...common,
    passageTitle: z.string(),
    /** The figures as the family's page writes them ("96%", 84, "3 of 4"). */
    accuracy: z.string(),
    wordsCorrectPerMinute: z.int(),
    fluency: z.int(),
  }),
  z.object({ kind: z.literal('note'), ...common, childId: z.string(), weekNumber: z.int() }),
]);
export type GuideMessageData = z.infer<typeof messageData>;

/** Where the message leads: the running records on the practice page, or the week's plan. */
const pageOf = (d: GuideMessageData) =>
  new URL(
    d.kind === 'score' ? pagePath('/readonance/oration') : pagePath('/reading-plan/{id}', d.childId),
    siteUrl,
  ).href;

function Figures({ d }: { d: Extract<GuideMessageData, { kind: 'score' }> }) {
  return (
    <Section>
      <Text style={s.text}>
        <strong>{d.accuracy}</strong> of the words read right
        <br />
        <strong>{d.wordsCorrectPerMinute}</strong> words correct a minute
        <br />
        Fluency <strong>{d.fluency} of 4</strong> on NAEP’s oral reading fluency scale
      </Text>
    </Section>
  );
}

/**
 * A reading guide's first running record of a recording, or their note about a week, for the parents
 * who asked for them by email. Not transactional: it carries a one-click unsubscribe (RFC 8058) from
 * the guide's messages only, and is never sent without the parent's opt-in.
 */
export const guideMessageEmail = defineEmail({
  name: 'guide-message',
  label: 'Reading guide’s score or note',
  schema: messageData,
  compose(d) {
    const unsubscribe = new URL(
      pagePath('/email-preferences', { query: { token: d.unsubscribeToken, list: 'guide' } }),
      siteUrl,
    ).href;
    const score = d.kind === 'score';
    return {
      subject: score
        ? `${d.guideName} listened to ${d.childFirstName}’s reading`
        : `A note from ${d.guideName} about ${d.childFirstName}’s week ${d.weekNumber}`,
      preview: score
        ? `${d.passageTitle}: ${d.accuracy} of words right, ${d.wordsCorrectPerMinute} words correct a minute.`
        : d.note.slice(0, 120),
      unsubscribeUrl: unsubscribe,
      body: (
        <>
          <Heading as="h1" style={s.heading}>
            {score ? `${d.childFirstName}’s running record` : `${d.childFirstName}’s week ${d.weekNumber}`}
          </Heading>
          <Text style={s.text}>
            Hello {d.parentName},{' '}
            {score
              ? `${d.guideName}, ${d.childFirstName}’s reading guide, listened to ${d.childFirstName} reading “${d.passageTitle}” and marked it word by word.`
              : `${d.guideName}, ${d.childFirstName}’s reading guide, wrote about the week:`}
          </Text>
          {score && <Figures d={d} />}
          {d.note && <Text style={s.quote}>{d.note}</Text>}
          <Button href={pageOf(d)} style={s.button}>
            {score ? 'See the running record' : 'Open the week’s plan'}
          </Button>
          <Text style={s.soft}>
            You get this because you asked for your reading guide’s scores and notes by email. One click on
            “Unsubscribe” below stops them (and only them).
          </Text>
        </>
      ),
    };
  },
});
