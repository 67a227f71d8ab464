/** The pages of a child's program (browser-safe). */

/** A child's weekly plan, printable; without a plan id, the week under way. */
export const planPagePath = (childId: string, planId?: string) =>
  `/reading-plan/${childId}${planId ? `?plan=${planId}` : ''}`;

/** A child's finished-books wall, printable. */
export const wallPagePath = (childId: string) => `/reading-wall/${childId}`;

/** A title as the plans compare it: a typed "matilda " is the catalogue's "Matilda". */
export const titleKey = (title: string) => title.trim().toLowerCase();
