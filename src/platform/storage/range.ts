/** What a `Range` request header asks of a file of a given size (RFC 9110, section 14). */
type RangeRequest =
  /** No header, another unit, several ranges or a malformed header: answer the whole file (200). */
  | { kind: 'whole' }
  /** One satisfiable range, inclusive at both ends: answer 206. */
  | { kind: 'partial'; start: number; end: number }
  /** A well-formed range that lies outside the file: answer 416. */
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

/**
 * Parses `Range: bytes=a-b`, `bytes=a-` and `bytes=-n`. A header that cannot be understood is
 * ignored (the whole file), as the RFC allows; several ranges are answered with the whole file
 * too, which is also allowed and spares a multipart body no audio player needs.
 */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match?.[1]) return { kind: 'whole' };
  const specs = match[1].split(',').map((s) => s.trim());
  if (specs.length !== 1) return { kind: 'whole' };
  const parts = SPEC.exec(specs[0] ?? '');
  if (!parts) return { kind: 'whole' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first.length > 15 || last.length > 15) return { kind: 'whole' };

  if (first === '') {
    // A suffix: the last n bytes (all of them when the file is shorter).
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
