import { timeZones } from '@portal/contract';

/** This browser's IANA time zone when the runtime knows it by a name the list holds; null otherwise. */
export function browserZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && timeZones().includes(zone) ? zone : null;
}
