import type { FastifyBaseLogger } from 'fastify';

export interface Coordinates {
  latitude: number;
  longitude: number;
}

export interface GeocodeAddress {
  streetAddress: string;
  suburb: string;
  state: string;
  postalCode: string;
  countryCode: string;
}

/** Turns a warehouse address into coordinates, or null when it cannot; never throws, never invents. */
export interface Geocoder {
  readonly enabled: boolean;
  geocode(address: GeocodeAddress): Promise<Coordinates | null>;
}

const TIMEOUT_MS = 5_000;

/**
 * The geocoding adapter. With a maps key it asks a geocoding service in the shape of Google's
 * Geocoding JSON API (`GET {url}?address=…&components=country:ZA&key=…` answering
 * `{status, results: [{geometry: {location: {lat, lng}}}]}`); without a key it answers null, so
 * the warehouse keeps empty coordinates. A failing service is logged and answers null: the
 * warehouse is saved all the same.
 */
export function createGeocoder(opts: { key?: string; url: string; log: FastifyBaseLogger; fetch?: typeof fetch }): Geocoder {
  const doFetch = opts.fetch ?? fetch;
  if (!opts.key) return { enabled: false, geocode: async () => null };
  const key = opts.key;

  return {
    enabled: true,
    async geocode(address) {
      const url = new URL(opts.url);
      url.searchParams.set('address', [address.streetAddress, address.suburb, address.state, address.postalCode].join(', '));
      url.searchParams.set('components', `country:${address.countryCode}`);
      url.searchParams.set('key', key);
      try {
        const res = await doFetch(url, {
          signal: AbortSignal.timeout(TIMEOUT_MS),
          headers: { accept: 'application/json' },
        });
        if (!res.ok) {
          opts.log.warn({ status: res.status }, 'geocoding failed: the warehouse is saved without coordinates');
          return null;
        }
        const body = (await res.json()) as {
          status?: string;
          results?: Array<{
            geometry?: { location?: { lat?: unknown; lng?: unknown } };
          }>;
        };
        if (body.status === 'ZERO_RESULTS') {
          opts.log.info('geocoding found no match for a warehouse address');
          return null;
        }
        const location = body.results?.[0]?.geometry?.location;
        const lat = location?.lat;
        const lng = location?.lng;
        if (
          body.status !== 'OK' ||
          typeof lat !== 'number' ||
          typeof lng !== 'number' ||
          !Number.isFinite(lat) ||
          !Number.isFinite(lng) ||
          Math.abs(lat) > 90 ||
          Math.abs(lng) > 180
        ) {
          opts.log.warn({ status: body.status }, 'geocoding answered without usable coordinates: the warehouse is saved without them');
          return null;
        }
        return { latitude: lat, longitude: lng };
      } catch (err) {
        opts.log.warn({ err: err instanceof Error ? err.message : String(err) }, 'geocoding failed: the warehouse is saved without coordinates');
        return null;
      }
    },
  };
}
