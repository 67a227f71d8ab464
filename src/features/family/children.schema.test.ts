import { describe, expect, it } from 'vitest';
import { childInputSchema } from './children.schema';

describe('childInputSchema', () => {
  it('reports every problem at once, the missing age with the others', () => {
    const result = childInputSchema.safeParse({ firstName: 'R2D2', interests: [] });
    const fields = result.error?.issues.map((i) => i.path.join('.'));
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'readingLevel', 'ageBand']));
  });

  it('accepts a first name with accents, hyphens and apostrophes, trimmed', () => {
    const result = childInputSchema.safeParse({
      firstName: "  Anne-Zoë O'Neil ",
      ageBand: '8-10',
      readingLevel: 'branch',
    });
    expect(result.success && result.data.firstName).toBe("Anne-Zoë O'Neil");
    expect(result.success && result.data.interests).toEqual([]);
  });

  it('takes names as phones and other scripts write them, and refuses markup and digits', () => {
    const named = (firstName: string) =>
      childInputSchema.safeParse({ firstName, ageBand: '8-10', readingLevel: 'branch' }).success;
    for (const name of ['O’Brien', "O'Neill", 'Zoë‐Anne', 'محمد', 'Đặng', '美咲', 'Ngāti', 'Ólafur Ragnar'])
      expect(named(name), name).toBe(true);
    for (const name of ['<b>Maya</b>', 'Maya2', 'Ma\u0007ya', '’Brien', '-Ann', 'Maya;'])
      expect(named(name), name).toBe(false);
  });
});
