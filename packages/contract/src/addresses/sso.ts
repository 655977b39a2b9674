// Written by packages/contract/scripts/write-addresses.ts from src/api/sso.ts: do not edit.
import type { AddressesOf } from '../endpoint';
import type { ssoApi as ssoApiEndpoints } from '../api/sso';

export const ssoApi: AddressesOf<typeof ssoApiEndpoints> = {
  stylesheet: { method: 'GET', path: '/sso/static/sso.css', reply: 'file' },
  jwks: { method: 'GET', path: '/sso/.well-known/jwks.json', reply: 'file' },
  signInPage: { method: 'GET', path: '/sso/sign-in', reply: 'file' },
  signIn: { method: 'POST', path: '/sso/sign-in', reply: 'file' },
  signUpPage: { method: 'GET', path: '/sso/sign-up', reply: 'file' },
  signUp: { method: 'POST', path: '/sso/sign-up', reply: 'file' },
  token: { method: 'POST', path: '/sso/api/token' },
  patientSignUp: { method: 'POST', path: '/sso/api/patients' },
  signOutPage: { method: 'GET', path: '/sso/sign-out', reply: 'file' },
  signOut: { method: 'POST', path: '/sso/sign-out', reply: 'file' },
};
