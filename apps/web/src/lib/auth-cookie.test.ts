import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../config/env';
import { clearAllCookies, fakeJwt, setCookie } from '../test/tokens';
import { clearAuthCookie, decodeJwtPayload, isSignedIn, readAuthCookie, tokenScope, writeAuthCookie } from './auth-cookie';

const pair = (accessToken: string, refreshToken = 'refresh-1') => encodeURIComponent(JSON.stringify({ accessToken, refreshToken }));

describe('auth cookie', () => {
  afterEach(clearAllCookies);

  it('is signed out without a cookie', () => {
    expect(readAuthCookie()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('is signed in when the access token carries a scope', () => {
    setCookie(config.cookieName, pair(fakeJwt({ sub: 'u1', scope: 'practitioner', exp: 9999999999 })));
    expect(isSignedIn()).toBe(true);
    expect(readAuthCookie()?.refreshToken).toBe('refresh-1');
  });

  it('is signed out when the access token has no scope', () => {
    setCookie(config.cookieName, pair(fakeJwt({ sub: 'u1', exp: 9999999999 })));
    expect(readAuthCookie()).not.toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('is signed out when the scope is empty', () => {
    setCookie(config.cookieName, pair(fakeJwt({ sub: 'u1', scope: '' })));
    expect(isSignedIn()).toBe(false);
  });

  it('is signed out when the cookie is not JSON', () => {
    setCookie(config.cookieName, 'not%20json');
    expect(readAuthCookie()).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('is signed out when the access token is not a JWT', () => {
    setCookie(config.cookieName, pair('garbage'));
    expect(isSignedIn()).toBe(false);
    expect(tokenScope('a.%%%.c')).toBeNull();
  });

  it('ignores a cookie with another name', () => {
    setCookie('other_cookie', pair(fakeJwt({ scope: 'practitioner' })));
    expect(isSignedIn()).toBe(false);
  });

  it('decodes base64url payloads with non-ASCII text', () => {
    // btoa cannot take non-Latin-1 text, so build this payload from UTF-8 bytes by hand.
    const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ scope: 'practitioner', name: 'Zoë ✓' })));
    const payload = btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeJwtPayload(`x.${payload}.y`)).toEqual({ scope: 'practitioner', name: 'Zoë ✓' });
  });

  it('writes and clears the pair under the configured name', () => {
    writeAuthCookie({ accessToken: 'a2', refreshToken: 'r2' });
    expect(readAuthCookie()).toEqual({ accessToken: 'a2', refreshToken: 'r2' });
    expect(document.cookie).toContain(`${config.cookieName}=`);
    clearAuthCookie();
    expect(readAuthCookie()).toBeNull();
  });
});
