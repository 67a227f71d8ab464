import { expect } from 'vitest';

/**
 * How many rounds each race runs. On Postgres every request has its own connection and they really
 * interleave, so a race that is lost once in many tries has many chances to show; PGlite has one
 * connection and runs them one after another, where a few rounds check each outcome is well formed.
 */
export const RACE_ROUNDS = process.env.DATABASE_URL ? 20 : 3;

/** Vitest's time limit for a test running RACE_ROUNDS rounds of a race. */
export const RACE_TIMEOUT = 60_000;

/**
 * Runs a race RACE_ROUNDS times, one round after another, each with its own fresh data: `round`
 * makes its data, starts the contenders at once, checks there was exactly one winner and what is
 * stored, and may answer who won (a name). A failure names its round. Answers how often each one won.
 */
export async function raceRounds(
  round: (n: number) => Promise<unknown>,
  rounds = RACE_ROUNDS,
): Promise<Record<string, number>> {
  const wins: Record<string, number> = {};
  for (let n = 1; n <= rounds; n++) {
    let winner: unknown;
    try {
      winner = await round(n);
    } catch (error) {
      if (error instanceof Error) error.message = `round ${n} of ${rounds}: ${error.message}`;
      throw error;
    }
    if (typeof winner === 'string') wins[winner] = (wins[winner] ?? 0) + 1;
  }
  return wins;
}

/** Starts every contender before any is awaited, so they run at the same moment; answers their results in order. */
export const atOnce = <T>(contenders: readonly (() => Promise<T>)[]): Promise<T[]> =>
  Promise.all(contenders.map((start) => start()));

/** Asserts that exactly one of the results `won`; answers its index (the rest lost). */
export function onlyWinner<T>(results: readonly T[], won: (result: T) => boolean): number {
  const winners = results.flatMap((result, index) => (won(result) ? [index] : []));
  expect(winners, 'exactly one winner').toHaveLength(1);
  return winners[0] as number;
}
