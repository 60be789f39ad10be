// Countries by the short names people type for them, which the boundaries' names (Natural Earth's) are not: "UK" found
// "Uk, Irkutsk Oblast" and "Ukraine", never the United Kingdom. Folded (lower case) → ISO 3166-1 alpha-2. A name that
// is also a first-level division ("England", "Scotland") is not here: search finds the division by its own name.
export const COUNTRY_SHORT_NAMES: Readonly<Record<string, string>> = {
  uk: 'GB',
  'u.k.': 'GB',
  britain: 'GB',
  'great britain': 'GB',
  us: 'US',
  'u.s.': 'US',
  usa: 'US',
  'u.s.a.': 'US',
  america: 'US',
  'united states': 'US',
  uae: 'AE',
  'u.a.e.': 'AE',
  holland: 'NL',
  'the netherlands': 'NL',
  burma: 'MM',
  'ivory coast': 'CI',
  'czech republic': 'CZ',
  turkiye: 'TR',
  türkiye: 'TR',
  drc: 'CD',
  'dr congo': 'CD',
};

/** The country a short name stands for, or null. */
export function countryOfShortName(text: string): string | null {
  const key = text.trim().toLowerCase();
  return Object.hasOwn(COUNTRY_SHORT_NAMES, key) ? (COUNTRY_SHORT_NAMES[key] ?? null) : null;
}
