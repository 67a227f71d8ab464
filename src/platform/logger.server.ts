import pino from 'pino';

/** Structured JSON logs. Secrets are redacted even if a caller logs a header by mistake. */
export function createLogger(level: pino.Level | 'silent' = 'info') {
  return pino({
    level,
    base: { service: 'quillreads' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'token',
        'idToken',
        'password',
      ],
      censor: '[redacted]',
    },
  });
}
