import './Logo.css';

export interface LogoProps {
  /** Any CSS font size: '2rem', '48px'... */
  fontSize?: string;
  /** A CSS font weight from 100 to 900. */
  fontWeight?: number;
  /** Text for assistive technology; leave empty when a visible name sits beside the logo. */
  label?: string;
}

/** The small Quill Reads logo: the letter Q in a round badge. */
export function Logo({ fontSize = '1.6rem', fontWeight = 700, label = '' }: LogoProps) {
  return (
    <span
      className="qr-logo"
      style={{ fontSize, fontWeight }}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
    >
      Q
    </span>
  );
}
