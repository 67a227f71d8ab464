import { Body, Container, Head, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { siteUrl } from '../publicConfig';
import { pagePath } from '../routes';

/**
 * Every message's frame, in the site's look: the wordmark, the message, and a footer saying who
 * writes and why. Mail programs drop most CSS, so the look is inline styles; the dark-mode rules
 * in <style> are for the programs that read them, and the light colours read well where they don't.
 * One column, at most 560px wide, so it reads at 320px as well as on a desk.
 */
export function EmailLayout(props: {
  preview: string;
  unsubscribeUrl?: string | undefined;
  children: ReactNode;
}) {
  const home = new URL(pagePath('/'), siteUrl).href;
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE}</style>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body className="qr-body" style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Link href={home} style={styles.wordmark}>
              Quill Reads
            </Link>
          </Section>
          <Section className="qr-card" style={styles.card}>
            {props.children}
          </Section>
          <Section style={styles.footer}>
            <Text className="qr-soft" style={styles.footerText}>
              Quill Reads: reading programs for children and the parents who read with them.
              {props.unsubscribeUrl ? (
                <>
                  {' '}
                  You get this because you asked for it.{' '}
                  <Link href={props.unsubscribeUrl} style={styles.footerLink}>
                    Unsubscribe
                  </Link>
                </>
              ) : (
                ' You get this message because of something on your family’s account.'
              )}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

const DARK_MODE = `
@media (prefers-color-scheme: dark) {
  .qr-body { background-color: #14171f !important; color: #f3efe6 !important; }
  .qr-card { background-color: #1d2233 !important; border-color: #454c5f !important; }
  .qr-card p, .qr-card td, .qr-card h1, .qr-card h2 { color: #f3efe6 !important; }
  .qr-soft { color: #c9c3b6 !important; }
  .qr-card a { color: #9fd8d1 !important; }
}`;

const FONT = "'Nunito', system-ui, -apple-system, 'Segoe UI', Arial, sans-serif";

const styles = {
  body: { backgroundColor: '#fffaf3', color: '#1d2233', fontFamily: FONT, margin: 0, padding: '24px 0' },
  container: { maxWidth: '560px', width: '100%', margin: '0 auto', padding: '0 12px' },
  header: { padding: '8px 4px 16px' },
  wordmark: {
    color: '#08474d',
    fontFamily: "'Fraunces', Georgia, 'Times New Roman', serif",
    fontSize: '24px',
    fontWeight: 700,
    textDecoration: 'none',
  },
  card: {
    backgroundColor: '#ffffff',
    border: '1px solid #e6dac4',
    borderRadius: '12px',
    padding: '24px 20px',
  },
  footer: { padding: '16px 4px' },
  footerText: { color: '#454c5f', fontSize: '13px', lineHeight: '20px', margin: 0 },
  footerLink: { color: '#08474d', textDecoration: 'underline' },
} as const;

/** The styles messages share for their own parts: headings, paragraphs, buttons, tables of figures. */
export const emailStyles = {
  heading: {
    color: '#1d2233',
    fontFamily: "'Fraunces', Georgia, 'Times New Roman', serif",
    fontSize: '22px',
    lineHeight: '28px',
    margin: '0 0 12px',
  },
  text: { color: '#1d2233', fontSize: '16px', lineHeight: '24px', margin: '0 0 12px' },
  soft: { color: '#454c5f', fontSize: '14px', lineHeight: '22px', margin: '0 0 12px' },
  /** Someone's own words, quoted as they wrote them (line breaks kept). */
  quote: {
    color: '#1d2233',
    fontSize: '16px',
    lineHeight: '24px',
    margin: '0 0 16px',
    whiteSpace: 'pre-line',
    borderLeft: '4px solid #e6dac4',
    paddingLeft: '12px',
  },
  button: {
    backgroundColor: '#08474d',
    borderRadius: '8px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 700,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  cell: { color: '#1d2233', fontSize: '15px', lineHeight: '22px', padding: '6px 0', verticalAlign: 'top' },
  cellRight: { color: '#1d2233', fontSize: '15px', lineHeight: '22px', padding: '6px 0', textAlign: 'right' },
} as const;
