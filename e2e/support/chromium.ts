/**
 * How every browser of the project's (end-to-end journeys, the push bench, the Lighthouse bench) is
 * started: Debian's Chromium, never a downloaded browser, with the background traffic that this
 * machine's closed network refuses turned off.
 */
export const chromiumExecutable = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
