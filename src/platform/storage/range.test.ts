import { describe, expect, it } from 'vitest';
import { parseRange } from './range';

const whole = { kind: 'whole' };
const unsatisfiable = { kind: 'unsatisfiable' };
const partial = (start: number, end: number) => ({ kind: 'partial', start, end });

describe('parseRange', () => {
  it('answers the whole file without a header', () => {
    expect(parseRange(null, 100)).toEqual(whole);
    expect(parseRange(undefined, 100)).toEqual(whole);
    expect(parseRange('', 100)).toEqual(whole);
  });

  it('reads a closed range, inclusive at both ends', () => {
    expect(parseRange('bytes=0-0', 100)).toEqual(partial(0, 0));
    expect(parseRange('bytes=10-19', 100)).toEqual(partial(10, 19));
    expect(parseRange('bytes=0-99', 100)).toEqual(partial(0, 99));
    expect(parseRange(' Bytes = 5-6 ', 100)).toEqual(partial(5, 6));
  });

  it('reads an open range to the end of the file', () => {
    expect(parseRange('bytes=0-', 100)).toEqual(partial(0, 99));
    expect(parseRange('bytes=99-', 100)).toEqual(partial(99, 99));
  });

  it('reads a suffix range as the last bytes, all of them when the file is shorter', () => {
    expect(parseRange('bytes=-10', 100)).toEqual(partial(90, 99));
    expect(parseRange('bytes=-100', 100)).toEqual(partial(0, 99));
    expect(parseRange('bytes=-500', 100)).toEqual(partial(0, 99));
  });

  it('shortens a range that runs past the end', () => {
    expect(parseRange('bytes=50-1000', 100)).toEqual(partial(50, 99));
  });

  it('refuses a range that starts past the end or asks for no bytes', () => {
    expect(parseRange('bytes=100-', 100)).toEqual(unsatisfiable);
    expect(parseRange('bytes=100-200', 100)).toEqual(unsatisfiable);
    expect(parseRange('bytes=-0', 100)).toEqual(unsatisfiable);
  });

  it('has nothing to give from a zero-length file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual(unsatisfiable);
    expect(parseRange('bytes=0-0', 0)).toEqual(unsatisfiable);
    expect(parseRange('bytes=-5', 0)).toEqual(unsatisfiable);
    expect(parseRange(null, 0)).toEqual(whole);
  });

  it('answers several ranges with the whole file', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual(whole);
    expect(parseRange('bytes=0-1, -5', 100)).toEqual(whole);
  });

  it.each([
    'bytes=',
    'bytes=-',
    'bytes=a-b',
    'bytes=5-1',
    'bytes=1.5-3',
    'bytes=-1-2',
    'bytes=+1-2',
    'bytes 0-10',
    'items=0-10',
    'bytes=0x10-20',
    'bytes=99999999999999999999-',
    'bytes=0-10,',
  ])('ignores a header it cannot understand: %s', (header) => {
    expect(parseRange(header, 100)).toEqual(whole);
  });
});
