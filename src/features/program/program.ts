/** The pages of a child's program (browser-safe). */

/** A child's weekly plan, printable; without a plan id, the week under way. */
export const planPagePath = (childId: string, planId?: string) =>
  `/reading-plan/${childId}${planId ? `?plan=${planId}` : ''}`;

/** A child's finished-books wall, printable. */
export const wallPagePath = (childId: string) => `/reading-wall/${childId}`;
