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

/** Codes Intl names that are no country: the unknown region, groupings, and the alias UK for GB. */
const NOT_COUNTRIES = new Set(['ZZ', 'EU', 'EZ', 'UN', 'QO', 'UK', 'AA', 'XA', 'XB']);

/** The English name of an ISO 3166-1 alpha-2 country code ("GB" → "United Kingdom"), or undefined. */
export function countryName(code: string, locale = 'en'): string | undefined {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return undefined;
  const name = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }).of(code);
  return name && name !== code ? name : undefined;
}

/** Whether a two-letter code names a country or territory (ISO 3166-1 alpha-2). */
export const isCountryCode = (code: string) => countryName(code) !== undefined;
