/**
 * The names languages and countries have in other languages, generated from the runtime's own CLDR data
 * (Intl.DisplayNames), not typed by hand: each language by its own name of itself ('Deutsch' is German,
 * 'Español' Spanish, '日本語' Japanese), each country by its name in the major languages ('Deutschland',
 * 'Allemagne' are Germany). Keyed by the rows' codes (ISO 639-1, ISO 3166-1 alpha-2), as seeds/lookups seeds them;
 * seeds/lookups/names.ts adds them to the rows' aliases. Pure data.
 */
import { countries as countryData } from 'countries-list';
import ISO6391 from 'iso-639-1';

/** The languages a country is also named in: the product's region's and the world's most spoken written ones. */
export const COUNTRY_NAME_LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'ru', 'zh', 'ja', 'ko', 'ar'] as const;

/** 'español' → 'Español': a name starts with a capital where its script has one. */
const capitalised = (name: string, locale: string) => name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);

/** The runtime's display names in `locale`, or undefined when it has none of its own (it would answer in English). */
function displayNames(locale: string, type: 'language' | 'region'): Intl.DisplayNames | undefined {
  const names = new Intl.DisplayNames([locale], { type, fallback: 'none' });
  return names.resolvedOptions().locale.split('-')[0] === locale ? names : undefined;
}

/** Distinct names, without the one the row already has. */
const others = (names: (string | undefined)[], own: string) => {
  const key = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  return [...new Set(names.filter((n): n is string => !!n && key(n) !== key(own)))];
};

/** Each language's own name of itself, by its ISO 639-1 code. */
function languageEndonyms(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const code of ISO6391.getAllCodes()) {
    const own = displayNames(code, 'language')?.of(code);
    const names = others([own && capitalised(own, code)], ISO6391.getName(code));
    if (names.length) out[code] = names;
  }
  return out;
}

/** Each country's names in COUNTRY_NAME_LOCALES, by its ISO 3166-1 code. */
function countryNames(): Record<string, string[]> {
  const locales = COUNTRY_NAME_LOCALES.map((l) => [l, displayNames(l, 'region')] as const);
  const out: Record<string, string[]> = {};
  for (const [code, country] of Object.entries(countryData)) {
    const names = others(
      locales.map(([locale, names]) => {
        const name = names?.of(code);
        return name && capitalised(name, locale);
      }),
      country.name,
    );
    if (names.length) out[code.toUpperCase()] = names;
  }
  return out;
}

/** Other names of the rows of a table by their code (see above). */
export const namesByCode: Record<'languages' | 'countries', Record<string, string[]>> = {
  languages: languageEndonyms(),
  countries: countryNames(),
};
