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
  const style = { fontSize, fontWeight };
  if (!label) {
    return (
      <span className="qr-logo" style={style} aria-hidden="true">
        Q
      </span>
    );
  }
  return (
    <span className="qr-logo" style={style} role="img" aria-label={label}>
      Q
    </span>
  );
}
