/** The pages of a child's program (browser-safe). */
import { pagePath } from '~/platform/routes';

// The two page paths below are pagePath's, kept while islands still call them (issue 25).

/** A child's weekly plan, printable; without a plan id, the week under way. */
export const planPagePath = (childId: string, planId?: string) =>
  pagePath('/reading-plan/{id}', childId, { query: { plan: planId || undefined } });

/** A child's finished-books wall, printable. */
export const wallPagePath = (childId: string) => pagePath('/reading-wall/{id}', childId);

/** A title as the plans compare it: a typed "matilda " is the catalogue's "Matilda". */
export const titleKey = (title: string) => title.trim().toLowerCase();
