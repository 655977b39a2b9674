import { describe, expect, it } from 'vitest';
import { practiceTimeZone, zoneOfAddress } from './time-zone';

describe("a practice's time zone", () => {
  it('comes from a country with one zone, whatever the region says', () => {
    expect(zoneOfAddress({ countryCode: 'ZA', state: 'Western Cape', city: 'Cape Town' })).toBe('Africa/Johannesburg');
    expect(zoneOfAddress({ countryCode: 'za' })).toBe('Africa/Johannesburg');
    expect(zoneOfAddress({ countryCode: 'NA', state: 'Khomas' })).toBe('Africa/Windhoek');
    expect(zoneOfAddress({ countryCode: 'GB', city: 'Edinburgh' })).toBe('Europe/London');
    // Named as the country names it, where its zone is a link to a neighbour's (the same clock).
    expect(zoneOfAddress({ countryCode: 'LS', city: 'Maseru' })).toBe('Africa/Maseru');
    expect(zoneOfAddress({ countryCode: 'SZ', city: 'Mbabane' })).toBe('Africa/Mbabane');
    expect(zoneOfAddress({ countryCode: 'BW', city: 'Gaborone' })).toBe('Africa/Gaborone');
  });

  it("in a country with several, from the zone named after the address's city or region, accents and spaces aside", () => {
    expect(zoneOfAddress({ countryCode: 'AU', state: 'Western Australia', city: 'Perth' })).toBe('Australia/Perth');
    expect(zoneOfAddress({ countryCode: 'US', state: 'NY', city: 'New York' })).toBe('America/New_York');
    expect(zoneOfAddress({ countryCode: 'BR', state: 'SP', city: 'São Paulo' })).toBe('America/Sao_Paulo');
  });

  it("else the browser's zone at registration when it is one of the country's, and none otherwise", () => {
    expect(zoneOfAddress({ countryCode: 'US', state: 'Ohio', city: 'Columbus' }, 'America/New_York')).toBe('America/New_York');
    expect(zoneOfAddress({ countryCode: 'US', state: 'Ohio', city: 'Columbus' }, 'Europe/Paris')).toBeNull();
    expect(zoneOfAddress({ countryCode: 'US', state: 'Ohio', city: 'Columbus' })).toBeNull();
    expect(zoneOfAddress({ countryCode: 'XX' }, 'Africa/Johannesburg')).toBeNull();
  });

  it("is the one chosen in Settings first, then the address's, then the browser's, then UTC, and says which", () => {
    const capeTown = { countryCode: 'ZA', state: 'Western Cape', city: 'Cape Town' };
    expect(practiceTimeZone({ chosen: 'Europe/London', address: capeTown, browser: 'Africa/Cairo' })).toEqual({ timeZone: 'Europe/London', source: 'chosen' });
    expect(practiceTimeZone({ chosen: null, address: capeTown, browser: 'Africa/Cairo' })).toEqual({ timeZone: 'Africa/Johannesburg', source: 'address' });
    expect(practiceTimeZone({ chosen: null, address: { countryCode: 'US', city: 'Columbus' }, browser: 'Europe/Paris' })).toEqual({
      timeZone: 'Europe/Paris',
      source: 'browser',
    });
    expect(practiceTimeZone({ chosen: null, address: null, browser: 'Asia/Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo', source: 'browser' });
    expect(practiceTimeZone({ chosen: null, address: null, browser: null })).toEqual({ timeZone: 'UTC', source: 'default' });
    // A stored name this runtime does not know is passed over, not used.
    expect(practiceTimeZone({ chosen: 'Mars/Olympus', address: null, browser: 'Moon/Base' })).toEqual({ timeZone: 'UTC', source: 'default' });
  });
});
