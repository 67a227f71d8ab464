import { describe, expect, it } from 'vitest';
import { safeErrorFields } from './errorLog';

/** Drizzle's wrapper as a bundle may name it: the query and its parameters in the message. */
function queryError(cause: object) {
  const error = new Error('Failed query: select * from users where email = $1\nparams: maya@example.com');
  return Object.assign(error, {
    query: 'select * from users where email = $1',
    params: ['maya@example.com'],
    cause,
  });
}

describe('what an unexpected error leaves in the log', () => {
  it('keeps a database error’s code and constraint, never its message, stack or parameters', () => {
    const fields = safeErrorFields(
      queryError({ code: '23505', constraint: 'users_email_key', message: 'dup' }),
    );
    expect(fields).toEqual({ errorName: 'Error', dbCode: '23505', constraint: 'users_email_key' });
    expect(JSON.stringify(fields)).not.toContain('maya@example.com');
  });

  it('says why a query never reached the database (a timeout, a dropped connection)', () => {
    const fields = safeErrorFields(queryError(new Error('timeout exceeded when trying to connect')));
    expect(fields).toEqual({ errorName: 'Error', cause: 'Error: timeout exceeded when trying to connect' });
    expect(JSON.stringify(fields)).not.toContain('maya@example.com');
  });

  it('keeps the stack of any other error', () => {
    expect(safeErrorFields(new TypeError('x is not a function'))).toMatchObject({
      errorName: 'TypeError',
      stack: expect.stringContaining('x is not a function'),
    });
  });
});
