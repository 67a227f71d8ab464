/** The visitor's preferred locale from an Accept-Language header, if this runtime formats it. */
export function preferredLocale(acceptLanguage: string | null | undefined, fallback = 'en-US'): string {
  if (!acceptLanguage) return fallback;
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag = '', q = 'q=1'] = part.trim().split(';');
      return { tag: tag.trim(), q: Number(q.replace(/^q=/, '')) || 0 };
    })
    .filter((t) => t.tag && t.tag !== '*')
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    try {
      const [supported] = Intl.NumberFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a valid language tag: try the next.
    }
  }
  return fallback;
}
