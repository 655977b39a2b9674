/** An unsigned JWT-shaped token with the given payload: the client only reads, never verifies. */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${enc({ alg: 'EdDSA', typ: 'JWT' })}.${enc(payload)}.signature`;
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${value}; path=/`;
}

export function clearAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}
