import { describe, expect, it } from 'vitest';
import { parseDictionary, pronounce } from './pronunciations.server';
import { LISTENING_WEIGHTS, OTHER_SPEECH, positionOf, readingGraph } from './readingGraph';
import { dictionaryKey, keyParts } from './spokenWords';

const dictionary = parseDictionary(
  [
    'the DH AH',
    'the(2) DH IY',
    'fox F AA K S',
    "fox's F AA K S AH Z",
    'snow S N OW',
    'white W AY T',
    '',
  ].join('\n'),
);

describe('passage words as the dictionary knows them', () => {
  it('drops punctuation around a word, lowers it and straightens apostrophes', () => {
    expect(dictionaryKey('Mother,')).toBe('mother');
    expect(dictionaryKey('“Fox’s')).toBe("fox's");
    expect(dictionaryKey('—')).toBe('');
    expect(keyParts('snow-white')).toEqual(['snow', 'white']);
  });

  it('finds every way of saying a word, and a hyphenated word from its parts', () => {
    expect(pronounce(dictionary, ['The', 'fox’s', 'snow-white', 'Abernathy', '1960s'])).toEqual([
      ['DH AH', 'DH IY'],
      ['F AA K S AH Z'],
      ['S N OW W AY T'],
      [],
      [],
    ]);
  });
});

describe('the graph a reading is heard against', () => {
  const weights = { ...LISTENING_WEIGHTS, skip: 0.01, other: 0.001, repeat: 0.002, stop: 0.0001 };
  const graph = readingGraph([['DH AH', 'DH IY'], ['F AA K S'], [], ['R AE N'], ['AH'], ['F AA R']], weights);
  const from = (state: number) => graph.arcs.filter((a) => a.from === state);
  const read = 1 - 0.01 - 2 * 0.001 - 0.002 - 0.0001;

  it('gives each position its own word, so a repeated "the" names its place', () => {
    expect(graph.entries).toEqual([
      ['w0', 'DH AH'],
      ['w0_1', 'DH IY'],
      ['w1', 'F AA K S'],
      ['w3', 'R AE N'],
      ['w4', 'AH'],
      ['w5', 'F AA R'],
    ]);
    expect(['w0', 'w0_1', 'w3', '<sil>', '[SPEECH]', 'w'].map(positionOf)).toEqual([
      0,
      0,
      3,
      undefined,
      undefined,
      undefined,
    ]);
    expect(graph.listened).toEqual([0, 1, 3, 4, 5]);
  });

  it('reads on word by word from the start to the end, each way of saying a word an arc', () => {
    expect(graph.final).toBe(5);
    expect(from(0).filter((a) => a.to === 1 && a.token?.startsWith('w'))).toEqual([
      { from: 0, to: 1, p: read, token: 'w0' },
      { from: 0, to: 1, p: read, token: 'w0_1' },
    ]);
    // A word it cannot listen for (the third) has no state: the fourth follows the second.
    expect(from(2).find((a) => a.to === 3 && a.token === 'w3')).toBeDefined();
  });

  it('may skip up to three words, each one costing again, or say something else in a word’s place', () => {
    expect(from(1).filter((a) => a.token === undefined && a.to <= graph.final && a.to > 1)).toEqual([
      { from: 1, to: 2, p: 0.01 },
      { from: 1, to: 3, p: 0.01 ** 2 },
      { from: 1, to: 4, p: 0.01 ** 3 },
      { from: 1, to: 5, p: 0.0001 },
    ]);
    expect(from(1)).toContainEqual({ from: 1, to: 2, p: 0.001, token: OTHER_SPEECH });
    // Near the end, skipping to the end is the only way of stopping.
    expect(from(4).filter((a) => a.token === undefined && a.to <= graph.final)).toEqual([
      { from: 4, to: 5, p: 0.01 },
    ]);
  });

  it('may say the last word again, or something else between words, through a state of its own', () => {
    const again = from(2).find((a) => a.token === 'w1');
    expect(again).toMatchObject({ p: 0.002 });
    expect(again?.to).toBeGreaterThan(graph.final);
    expect(from(again?.to ?? -1)).toEqual([{ from: again?.to, to: 2, p: 1 }]);
    const inserted = from(2).find((a) => a.token === OTHER_SPEECH && a.to > graph.final);
    expect(from(inserted?.to ?? -1)).toEqual([{ from: inserted?.to, to: 2, p: 1 }]);
    expect(from(0).some((a) => a.to > graph.final && a.token?.startsWith('w'))).toBe(false);
    expect(graph.states).toBe(graph.final + 1 + 4 + 5);
  });

  it('is still a graph for a passage with no word it knows: start and end are one state', () => {
    expect(readingGraph([[], []])).toMatchObject({ states: 1, final: 0, arcs: [], listened: [] });
  });
});
