import { isTimeZone } from '@portal/contract';
import { getCountry, getTimezone } from 'countries-and-timezones';

/** Where a practice's time zone came from (decision 024): Settings, its address, the browser at registration, or none (UTC). */
export type TimeZoneSource = 'chosen' | 'address' | 'browser' | 'default';

/** Letters only, without accents or case: 'São Paulo' and 'Sao_Paulo' compare equal. */
const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[^\p{L}]/gu, '')
    .toLowerCase();

/**
 * The IANA zone a practice's address names, or null when it names none. A country with one zone
 * (South Africa: Africa/Johannesburg) names it. A country with several names the one whose city is
 * the address's city or region (Perth, New York), else the browser's zone at registration when it
 * is one of the country's; otherwise none, and the caller falls back.
 */
export function zoneOfAddress(address: { countryCode: string; state?: string | null; city?: string | null }, browser?: string | null): string | null {
  const code = address.countryCode.toUpperCase();
  const zones: string[] = (getCountry(code)?.timezones ?? []).filter(isTimeZone);
  if (zones.length === 1) {
    // Named as the country names it: Lesotho's is Africa/Maseru, not the Africa/Johannesburg it is a
    // link to (the same clock), so a mail's "(Africa/Maseru)" reads as the practice's own.
    const own = (getCountry(code, { deprecated: true })?.timezones ?? []).find((alias) => {
      const z = getTimezone(alias);
      return z?.aliasOf === zones[0] && z.countries.length === 1 && z.countries[0] === code && isTimeZone(alias);
    });
    return own ?? zones[0]!;
  }
  if (zones.length === 0) return null;
  const places = [address.city, address.state].filter((p): p is string => Boolean(p?.trim())).map(plain);
  const named = zones.find((z) => places.includes(plain(z.split('/').at(-1)!)));
  if (named) return named;
  return browser && zones.includes(browser) ? browser : null;
}

/**
 * The zone a practice's mails, digest and calendar are written in: the one chosen in Settings, else
 * the one its primary address names, else the browser's at registration, else UTC.
 */
export function practiceTimeZone(p: {
  chosen: string | null;
  address: { countryCode: string; state?: string | null; city?: string | null } | null;
  browser: string | null;
}): { timeZone: string; source: TimeZoneSource } {
  if (p.chosen && isTimeZone(p.chosen)) return { timeZone: p.chosen, source: 'chosen' };
  const fromAddress = p.address ? zoneOfAddress(p.address, p.browser) : null;
  if (fromAddress) return { timeZone: fromAddress, source: 'address' };
  if (p.browser && isTimeZone(p.browser)) return { timeZone: p.browser, source: 'browser' };
  return { timeZone: 'UTC', source: 'default' };
}
