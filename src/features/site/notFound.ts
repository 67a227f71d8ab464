/** How long the 404 page waits before taking the visitor home. */
export const REDIRECT_HOME_DELAY_MS = 5000;
