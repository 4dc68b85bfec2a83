/**
 * Legacy time-zone names and the current name of the same place, from the IANA tz database's `backward` file (tzdata
 * 2025b): its sections "Two-part names that were renamed mostly to three-part names in 1995" and "Alternate names for
 * the same location" (each to its `#= TARGET1` where one is given; not Asia/Chungking, whose Chongqing is itself merged
 * into Shanghai), the 2021b rename of Pacific/Enderbury to Pacific/Kanton, and America/Coral_Harbour, which zone.tab
 * files under America/Atikokan ("NU (Coral H)"). Links that merge one place into another (Europe/Oslo → Europe/Berlin)
 * or name no place (US/Pacific, EST5EDT) are left out: a person there still reads their own city.
 *
 * Browsers and Node name some zones by the old spelling (ICU keeps CLDR's ids): Chromium in India reports
 * 'Asia/Calcutta', `Intl.supportedValuesOf` lists 'Europe/Kiev'. canonicalZone reads every name through this map, so a
 * zone is stored, compared and shown by its current name ('Asia/Kolkata', shown as Kolkata).
 */
export const ZONE_ALIASES: Readonly<Record<string, string>> = Object.freeze({
  // Renamed to three-part names in 1995.
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Virgin': 'America/St_Thomas',
  'Pacific/Samoa': 'Pacific/Pago_Pago',
  // Alternate names for the same location.
  'Africa/Asmera': 'Africa/Asmara',
  'America/Godthab': 'America/Nuuk',
  'Asia/Ashkhabad': 'Asia/Ashgabat',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Istanbul': 'Europe/Istanbul',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Nicosia': 'Asia/Nicosia',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
  // Renamed in tzdata 2021b; the place zone.tab names for Coral Harbour.
  'Pacific/Enderbury': 'Pacific/Kanton',
  'America/Coral_Harbour': 'America/Atikokan',
});

const byLowerCase = new Map(Object.entries(ZONE_ALIASES).map(([legacy, current]) => [legacy.toLowerCase(), current]));

/** The current name of a legacy zone name, whatever its case ('asia/calcutta' → 'Asia/Kolkata'); else undefined. */
export const currentZoneName = (zone: string): string | undefined => byLowerCase.get(zone.toLowerCase());
