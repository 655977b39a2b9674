import { SignInBody, SignUpBody, TokenPair } from '../account';
import { defineEndpoint } from '../endpoint';

const tags = ['sign-on'];

/**
 * The stand-in for the provider's sign-on app, under /sso. Its pages read their forms themselves
 * (a refused form is drawn again with what was typed), so no body schema validates them here; the
 * JSON calls check theirs in the handler for the same reason, answering the error catalogue's bodies,
 * with the `checkedBody` the document shows.
 * The portal reaches the pages by navigation at its configured sign-on address (lib/sign-on.ts), not
 * by call.
 */
export const ssoApi = {
  stylesheet: defineEndpoint({ method: 'GET', path: '/sso/static/sso.css', reply: 'file', hide: true }),
  jwks: defineEndpoint({
    method: 'GET',
    path: '/sso/.well-known/jwks.json',
    tags,
    summary: 'The public keys access tokens are verified with (JWKS)',
    // An RFC 7517 key set, answered as the key store holds it.
    reply: 'file',
    media: ['application/json'],
  }),
  signInPage: defineEndpoint({ method: 'GET', path: '/sso/sign-in', reply: 'file', hide: true }),
  signIn: defineEndpoint({ method: 'POST', path: '/sso/sign-in', reply: 'file', hide: true }),
  signUpPage: defineEndpoint({ method: 'GET', path: '/sso/sign-up', reply: 'file', hide: true }),
  signUp: defineEndpoint({ method: 'POST', path: '/sso/sign-up', reply: 'file', hide: true }),
  token: defineEndpoint({
    method: 'POST',
    path: '/sso/api/token',
    tags,
    summary: 'Sign in with email and password (the mobile app and the CLI): a token pair',
    checkedBody: SignInBody.omit({ redirect: true }),
    responses: { 200: TokenPair },
  }),
  patientSignUp: defineEndpoint({
    method: 'POST',
    path: '/sso/api/patients',
    tags,
    summary: 'Create a patient account (the mobile app): a token pair',
    checkedBody: SignUpBody.omit({ redirect: true, confirmPassword: true }),
    responses: { 201: TokenPair },
  }),
  signOutPage: defineEndpoint({ method: 'GET', path: '/sso/sign-out', reply: 'file', hide: true }),
  signOut: defineEndpoint({ method: 'POST', path: '/sso/sign-out', reply: 'file', hide: true }),
};
