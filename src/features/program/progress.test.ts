import { describe, expect, it } from 'vitest';
import {
  enrolmentState,
  isBehind,
  missedWeek,
  pastMidpoint,
  planReading,
  programProgress,
  programWeekAt,
  programWeeks,
  shortOfGoal,
  type WeekReading,
} from './progress';

const DAY = 86_400_000;
const start = new Date('2026-11-02T09:00:00Z'); // a Monday
const dayAt = (days: number) => new Date(start.getTime() + days * DAY);

/** Week `i` of a program from `start`: seven days, a goal of 100 minutes unless said. */
const week = (i: number, minutesRead: number, goalMinutes = 100): WeekReading => ({
  weekIndex: i,
  startsAt: dayAt(7 * i),
  endsAt: dayAt(7 * i + 7),
  goalMinutes,
  minutesRead,
});

describe('the weeks of a program', () => {
  it('counts whole weeks, a short last one included, and the week under way by the clock', () => {
    expect(programWeeks(start, dayAt(28))).toBe(4);
    expect(programWeeks(start, dayAt(30))).toBe(5);
    expect(programWeeks(start, dayAt(1))).toBe(1);
    expect(programWeekAt(start, dayAt(0))).toBe(0);
    expect(programWeekAt(start, dayAt(6.9))).toBe(0);
    expect(programWeekAt(start, dayAt(7))).toBe(1);
  });

  it('says where a program stands: upcoming, current, ended or cancelled', () => {
    const program = { status: 'active', startsAt: start, endsAt: dayAt(28) };
    expect(enrolmentState(program, dayAt(-1))).toBe('upcoming');
    expect(enrolmentState(program, dayAt(0))).toBe('current');
    expect(enrolmentState(program, dayAt(28))).toBe('ended');
    expect(enrolmentState({ ...program, status: 'ended' }, dayAt(3))).toBe('ended');
    expect(enrolmentState({ ...program, status: 'cancelled' }, dayAt(3))).toBe('cancelled');
  });
});

describe('what a plan counts of the reading log', () => {
  const plan = { startsAt: start, endsAt: dayAt(7), sessionMinutes: [20, 20, 20, 20, 20] };
  const log = (
    readOn: string,
    minutes: number,
    title = 'A book',
    bookId: string | null = null,
    finished = true,
  ) => ({ readOn, minutes, title, bookId, finished });

  it('adds the minutes on the plan’s days only, and each session’s day', () => {
    const reading = planReading(plan, [
      log('2026-11-01', 50), // the day before
      log('2026-11-02', 15),
      log('2026-11-02', 10),
      log('2026-11-07', 30), // Saturday: counts for the week, no session
      log('2026-11-09', 40), // the next week
    ]);
    expect(reading.startsOn).toBe('2026-11-02');
    expect(reading.endsOn).toBe('2026-11-08');
    expect(reading.minutesRead).toBe(55);
    expect(reading.sessions.map((s) => [s.day, s.readMinutes])).toEqual([
      ['2026-11-02', 25],
      ['2026-11-03', 0],
      ['2026-11-04', 0],
      ['2026-11-05', 0],
      ['2026-11-06', 0],
    ]);
  });

  it('ticks off a book logged from the first day on, by id, by title or as its alternative', () => {
    const reading = planReading(plan, [
      log('2026-11-01', 10, 'Before', 'b-before'),
      log('2026-11-03', 10, 'Matilda ', null),
      log('2026-11-20', 10, 'Later', 'b-later'),
      log('2026-11-04', 10, 'Other', 'b-alt'),
    ]);
    expect(reading.done({ bookId: 'b-before', title: 'Before', alternativeId: null })).toBe(false);
    expect(reading.done({ bookId: 'b-matilda', title: 'matilda', alternativeId: null })).toBe(true);
    expect(reading.done({ bookId: 'b-later', title: 'Later', alternativeId: null })).toBe(true);
    expect(reading.done({ bookId: 'b-x', title: 'X', alternativeId: 'b-alt' })).toBe(true);
    expect(reading.done({ bookId: null, title: 'Gone', alternativeId: null })).toBe(false);
  });

  it('counts a book begun but not finished as in progress, not done (issue 24)', () => {
    const reading = planReading(plan, [
      log('2026-11-03', 30, 'Matilda', 'b-matilda', false),
      log('2026-11-04', 20, 'The BFG', 'b-bfg', false),
      log('2026-11-05', 25, 'The BFG', 'b-bfg', true),
    ]);
    const matilda = { bookId: 'b-matilda', title: 'Matilda', alternativeId: null };
    const bfg = { bookId: 'b-bfg', title: 'The BFG', alternativeId: null };
    expect(reading.started(matilda)).toBe(true);
    expect(reading.done(matilda)).toBe(false);
    expect(reading.done(bfg)).toBe(true);
    expect(reading.started({ bookId: 'b-x', title: 'X', alternativeId: null })).toBe(false);
  });
});

describe('behind on the plan', () => {
  it('is short of a goal under half of it, exactly half being enough', () => {
    expect(shortOfGoal({ goalMinutes: 100, minutesRead: 49 })).toBe(true);
    expect(shortOfGoal({ goalMinutes: 100, minutesRead: 50 })).toBe(false);
    expect(shortOfGoal({ goalMinutes: 75, minutesRead: 37 })).toBe(true);
    expect(shortOfGoal({ goalMinutes: 75, minutesRead: 38 })).toBe(false);
  });

  it('passes the middle of a week at half its time, a short week’s own half', () => {
    expect(pastMidpoint(week(0, 0), dayAt(3.49))).toBe(false);
    expect(pastMidpoint(week(0, 0), dayAt(3.5))).toBe(true);
    const short = { startsAt: start, endsAt: dayAt(2) };
    expect(pastMidpoint(short, dayAt(1))).toBe(true);
  });

  it('misses a week only once it has ended short of its goal', () => {
    expect(missedWeek(week(0, 10), dayAt(6))).toBe(false);
    expect(missedWeek(week(0, 10), dayAt(7))).toBe(true);
    expect(missedWeek(week(0, 60), dayAt(8))).toBe(false);
  });

  const current = (w: WeekReading | null, last: WeekReading | null) => ({
    state: 'current' as const,
    current: w,
    lastFinished: last,
  });

  it('is behind past the middle of the week with under half the goal', () => {
    expect(isBehind(current(week(0, 20), null), dayAt(2))).toBe(false);
    expect(isBehind(current(week(0, 20), null), dayAt(4))).toBe(true);
    expect(isBehind(current(week(0, 50), null), dayAt(6))).toBe(false);
  });

  it('is behind when the last finished week ended under half its goal, whatever this week', () => {
    expect(isBehind(current(week(1, 0), week(0, 30)), dayAt(7.5))).toBe(true);
    expect(isBehind(current(week(1, 100), week(0, 30)), dayAt(12))).toBe(true);
    expect(isBehind(current(week(1, 0), week(0, 80)), dayAt(8))).toBe(false);
    // The week's plan not made yet: the last week alone decides.
    expect(isBehind(current(null, week(0, 10)), dayAt(8))).toBe(true);
    expect(isBehind(current(null, null), dayAt(5))).toBe(false);
  });

  it('is never behind outside a running program', () => {
    for (const state of ['upcoming', 'ended', 'cancelled'] as const)
      expect(isBehind({ state, current: week(0, 0), lastFinished: week(0, 0) }, dayAt(6))).toBe(false);
  });
});

describe('a program’s progress', () => {
  const program = { status: 'active', startsAt: start, endsAt: dayAt(28) };

  it('shows the week under way, counts the missed ones and says behind', () => {
    const plans = [week(0, 20), week(1, 70), week(2, 10)];
    const now = dayAt(16); // two days into week 3: not past its middle
    const progress = programProgress(program, plans, now);
    expect(progress).toMatchObject({ state: 'current', week: 3, weeks: 4, missedWeeks: 1, behind: false });
    expect(progress.shown?.weekIndex).toBe(2);
    expect(programProgress(program, plans, dayAt(18)).behind).toBe(true);
  });

  it('leaves the week under way empty while its plan is being made, keeping its number', () => {
    const progress = programProgress(program, [week(0, 10)], dayAt(8));
    expect(progress).toMatchObject({ week: 2, shown: null, missedWeeks: 1, behind: true });
  });

  it('shows the latest week of a program that ended or stopped, and none of one not begun', () => {
    const plans = [week(0, 80), week(1, 10), week(2, 90), week(3, 90)];
    expect(programProgress(program, plans, dayAt(40))).toMatchObject({
      state: 'ended',
      week: 4,
      missedWeeks: 1,
      behind: false,
    });
    expect(programProgress({ ...program, status: 'cancelled' }, plans.slice(0, 2), dayAt(15))).toMatchObject({
      state: 'cancelled',
      week: 2,
      missedWeeks: 1,
      behind: false,
    });
    expect(programProgress(program, [], dayAt(-3))).toMatchObject({
      state: 'upcoming',
      week: null,
      shown: null,
      missedWeeks: 0,
    });
  });
});
