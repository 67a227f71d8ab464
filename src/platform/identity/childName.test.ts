import { describe, expect, it } from 'vitest';
import { navbarChildLabel } from './childName';

type Name = string | null | undefined;

/** Each rule of the navbar label, with the names that show it and the label each gets. */
const rules: [rule: string, cases: [name: Name, label: string][]][] = [
  [
    'falls back to "Profile" without a usable name',
    [
      [undefined, 'Profile'],
      [null, 'Profile'],
      ['', 'Profile'],
      ['   \t\n ', 'Profile'],
    ],
  ],
  [
    'keeps a short single word as it is',
    [
      ['Ava', 'Ava'],
      ['Oliviaa', 'Oliviaa'],
    ],
  ],
  [
    'takes the first word only',
    [
      ['Maximilian Junior', 'Maximil'],
      ['Mia Rose Carter', 'Mia'],
    ],
  ],
  [
    'cuts a long first word to 7 characters',
    [
      ['Bartholomew', 'Barthol'],
      ['Christopher Robin', 'Christo'],
    ],
  ],
  [
    'ignores extra spaces around and between words',
    [
      ['   Noah    James  ', 'Noah'],
      ['\u00a0Zoë\u00a0Lee', 'Zoë'],
    ],
  ],
  [
    'keeps hyphens and apostrophes inside a word',
    [
      ['Anne-Marie Dubois', 'Anne-Ma'],
      ["O'Connor", "O'Conno"],
    ],
  ],
  [
    'handles non-Latin names by character, not by byte or code unit',
    [
      ['Александра Петрова', 'Алексан'],
      ['さくら 山田', 'さくら'],
      ['محمد علي', 'محمد'],
      // 'Khánh-Linh' with its accent as a separate combining mark: the accent stays with its letter.
      ['Kha\u0301nh-Linh', 'Kha\u0301nh-L'],
      // Seven user-perceived characters, even when each is several code points.
      ['👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀👩🏽‍🚀', '👩🏽‍🚀'.repeat(7)],
      ['𝒜𝒷𝒸𝒹𝑒𝒻𝑔𝒽', '𝒜𝒷𝒸𝒹𝑒𝒻𝑔'],
    ],
  ],
];

describe('navbarChildLabel', () => {
  it.each(rules)('%s', (_, cases) => {
    for (const [name, label] of cases) expect(navbarChildLabel(name), JSON.stringify(name)).toBe(label);
  });
});
