import './Logo.css';

/**
 * The sizes and weights the logo comes in. Each is a class in Logo.css rather than an inline style:
 * a page then needs no style attribute, which a strict Content-Security-Policy would refuse.
 */
const SIZES = {
  '1rem': 'qr-logo-size-100',
  '1.35rem': 'qr-logo-size-135',
  '1.5rem': 'qr-logo-size-150',
  '1.6rem': 'qr-logo-size-160',
  '2rem': 'qr-logo-size-200',
  '2.25rem': 'qr-logo-size-225',
  '3rem': 'qr-logo-size-300',
  '3.5rem': 'qr-logo-size-350',
} as const;
const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 750, 800, 900] as const;

export type LogoFontSize = keyof typeof SIZES;
export type LogoFontWeight = (typeof WEIGHTS)[number];

export interface LogoProps {
  /** The font size, from the logo's scale: '1rem' to '3.5rem'. */
  fontSize?: LogoFontSize;
  /** The font weight, 100 to 900 (and 750: the display font is variable). */
  fontWeight?: LogoFontWeight;
  /** Text for assistive technology; leave empty when a visible name sits beside the logo. */
  label?: string;
}

/** The small Quill Reads logo: the letter Q in a round badge. */
export function Logo({ fontSize = '1.6rem', fontWeight = 700, label = '' }: LogoProps) {
  const className = `qr-logo ${SIZES[fontSize]} qr-logo-weight-${fontWeight}`;
  if (!label) {
    return (
      <span className={className} aria-hidden="true">
        Q
      </span>
    );
  }
  return (
    <span className={className} role="img" aria-label={label}>
      Q
    </span>
  );
}
