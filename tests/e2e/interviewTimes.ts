import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const teamClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Sunday 07:00 to 08:00 on the team's clock (America/New_York): the window guides.spec.ts adds to
 * the demo guide's times and takes away again, while other tests run beside it.
 */
export const inGuideTestWindow = (iso: string) => teamClock.format(new Date(iso)).startsWith('Sun 07:');
export const isSundaySeven = (iso: string) => teamClock.format(new Date(iso)) === 'Sun 07:00';

/**
 * The times the page offers outside that window, in order (the radios' values): a test that books
 * picks from these, so a time that comes and goes with guides.spec.ts is never the one it books.
 */
export async function steadyTimes(page: Page): Promise<string[]> {
  const radios = page.getByRole('group', { name: 'Choose a time' }).getByRole('radio');
  await expect(radios.first()).toBeAttached();
  const values = await radios.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  return values.filter((v) => !inGuideTestWindow(v));
}

/** The radio of one time, by its value. */
export const timeRadio = (page: Page, iso: string) => page.locator(`input[type="radio"][value="${iso}"]`);
