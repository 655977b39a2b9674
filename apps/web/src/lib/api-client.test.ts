import { ErrorCode } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../config/env';
import { clearAllCookies } from '../test/tokens';
import { ApiError, apiRequest } from './api-client';
import { readAuthCookie, writeAuthCookie } from './auth-cookie';
import { goToSignIn } from './sign-on';

vi.mock('./sign-on', () => ({ goToSignIn: vi.fn(), signInUrl: vi.fn(() => '/sso/sign-in') }));

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const apiError = (status: number, code: string, message = 'failed') => json(status, { error: { message, params: null, fieldErrors: null, code, cause: null } });

type Call = { url: string; init: RequestInit };
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
const calls = (): Call[] => fetchMock.mock.calls.map(([url, init]) => ({ url, init }));
const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const isRefresh = (url: string) => url.endsWith('/account/refresh-token');

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.mocked(goToSignIn).mockClear();
  writeAuthCookie({ accessToken: 'access-1', refreshToken: 'refresh-1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearAllCookies();
});

describe('apiRequest', () => {
  it('sends the bearer token and JSON, and returns the unwrapped body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 'u1', firstName: 'Ada' }));
    const body = await apiRequest<{ id: string }>('/account/me/', { method: 'PUT', body: { firstName: 'Ada' } });
    expect(body).toEqual({ id: 'u1', firstName: 'Ada' });
    const [{ url, init }] = calls() as [Call];
    expect(url).toBe(`${config.apiBase}/account/me/`);
    expect(init.method).toBe('PUT');
    expect(authOf(init)).toBe('Bearer access-1');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ firstName: 'Ada' }));
  });

  it('sends no bearer token on public calls or to other hosts', async () => {
    fetchMock.mockImplementation(async () => json(200, {}));
    await apiRequest('/account/tos', { auth: false });
    await apiRequest('https://elsewhere.example/doc.pdf', { responseType: 'arrayBuffer' });
    expect(authOf(calls()[0]!.init)).toBeUndefined();
    expect(authOf(calls()[1]!.init)).toBeUndefined();
  });

  it('returns an ArrayBuffer for binary responses', async () => {
    fetchMock.mockResolvedValueOnce(new Response(new Uint8Array([37, 80, 68, 70]), { status: 200 }));
    const data = await apiRequest<ArrayBuffer>('/legal/x.pdf', { responseType: 'arrayBuffer' });
    expect(new Uint8Array(data)).toEqual(new Uint8Array([37, 80, 68, 70]));
  });

  it('throws an ApiError carrying the status and the error body fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        error: { message: 'Email already taken', params: { email: 'a@b.c' }, fieldErrors: { email: ['taken'] }, code: '409000', cause: 'unique' },
      }),
    );
    const error = (await apiRequest('/account/me/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.code).toBe('409000');
    expect(error.message).toBe('Email already taken');
    expect(error.params).toEqual({ email: 'a@b.c' });
    expect(error.fieldErrors).toEqual({ email: ['taken'] });
    expect(error.cause).toBe('unique');
  });

  it('gives status 0 and code 0 when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/account/me/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(error.code).toBe('0');
  });

  it('on a 401 refreshes once, saves the new pair and retries with the new token', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(401, ErrorCode.UNAUTHENTICATED))
      .mockResolvedValueOnce(json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }))
      .mockResolvedValueOnce(json(200, { id: 'u1' }));
    await expect(apiRequest('/account/me/')).resolves.toEqual({ id: 'u1' });
    const [first, refresh, retry] = calls() as [Call, Call, Call];
    expect(authOf(first.init)).toBe('Bearer access-1');
    expect(isRefresh(refresh.url)).toBe(true);
    expect(refresh.init.body).toBe(JSON.stringify({ token: 'refresh-1' }));
    expect(authOf(refresh.init)).toBeUndefined();
    expect(authOf(retry.init)).toBe('Bearer access-2');
    expect(readAuthCookie()).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('does not loop when the retry is a 401 again', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(401, ErrorCode.UNAUTHENTICATED))
      .mockResolvedValueOnce(json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }))
      .mockResolvedValueOnce(apiError(401, ErrorCode.UNAUTHENTICATED, 'still no'));
    const error = (await apiRequest('/account/me/').catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.message).toBe('still no');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (isRefresh(url)) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return json(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      }
      return authOf(init) === 'Bearer access-2' ? json(200, { url }) : apiError(401, ErrorCode.UNAUTHENTICATED);
    });
    const results = await Promise.all([apiRequest('/account/me/'), apiRequest('/portal/me/'), apiRequest('/portal/categories/')]);
    expect(results).toHaveLength(3);
    expect(refreshes).toBe(1);
  });

  it('uses the token another tab saved instead of refreshing again', async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (isRefresh(url)) return json(200, { accessToken: 'never', refreshToken: 'never' });
      if (authOf(init) === 'Bearer access-1') {
        // Meanwhile another tab rotated the tokens.
        writeAuthCookie({ accessToken: 'access-9', refreshToken: 'refresh-9' });
        return apiError(401, ErrorCode.UNAUTHENTICATED);
      }
      return json(200, { ok: authOf(init) });
    });
    await expect(apiRequest('/account/me/')).resolves.toEqual({ ok: 'Bearer access-9' });
    expect(calls().some((c) => isRefresh(c.url))).toBe(false);
  });

  it('clears the cookie and goes to the sign-on when the refresh answers 400410', async () => {
    fetchMock.mockResolvedValueOnce(apiError(401, ErrorCode.UNAUTHENTICATED)).mockResolvedValueOnce(apiError(401, ErrorCode.SESSION_EXPIRED));
    const error = (await apiRequest('/account/me/').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('400410');
    expect(readAuthCookie()).toBeNull();
    expect(goToSignIn).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('clears the cookie and goes to the sign-on on 400410 from any call', async () => {
    fetchMock.mockResolvedValueOnce(apiError(400, ErrorCode.SESSION_EXPIRED));
    await expect(apiRequest('/portal/me/')).rejects.toMatchObject({ code: '400410' });
    expect(readAuthCookie()).toBeNull();
    expect(goToSignIn).toHaveBeenCalledTimes(1);
  });

  it('does not refresh or go to the sign-on when the user signed out while a call was under way', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (isRefresh(url)) return apiError(401, ErrorCode.SESSION_EXPIRED);
      // The logout clears the cookie before this call's answer arrives.
      clearAllCookies();
      return apiError(401, ErrorCode.UNAUTHENTICATED);
    });
    await expect(apiRequest('/portal/transactions/')).rejects.toMatchObject({ status: 401 });
    expect(calls().some((c) => isRefresh(c.url))).toBe(false);
    expect(goToSignIn).not.toHaveBeenCalled();
  });

  it('leaves other errors to the caller without signing out', async () => {
    fetchMock.mockResolvedValueOnce(apiError(404, ErrorCode.NOT_FOUND));
    await expect(apiRequest('/portal/me/')).rejects.toMatchObject({ status: 404 });
    expect(readAuthCookie()).not.toBeNull();
    expect(goToSignIn).not.toHaveBeenCalled();
  });
});
