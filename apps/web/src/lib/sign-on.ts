import { config } from '../config/env';

/** The single sign-on login, sending the user back to `returnTo` (an absolute portal URL) afterwards. */
export function signInUrl(returnTo: string = window.location.href): string {
  return `${config.ssoUrl}/sign-in?redirect=${encodeURIComponent(returnTo)}`;
}

export function goToSignIn(returnTo: string = window.location.href): void {
  window.location.assign(signInUrl(returnTo));
}
