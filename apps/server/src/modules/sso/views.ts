/** Server-rendered pages of the stand-in sign-on: plain forms, no script, readable without CSS. */

import { esc, page } from '../../lib/html-page';

export interface Field {
  name: string;
  label: string;
  type?: string;
  value?: string;
  autocomplete?: string;
  errors?: string[];
  hint?: string;
}

export function field(f: Field): string {
  const id = `f-${f.name}`;
  const errs = f.errors?.length ? `<p class="error" id="${id}-error">${esc(f.errors[0])}</p>` : '';
  const hint = f.hint ? `<p class="hint" id="${id}-hint">${esc(f.hint)}</p>` : '';
  const describedBy = [f.errors?.length ? `${id}-error` : '', f.hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return `<div class="field${f.errors?.length ? ' invalid' : ''}">
<label for="${id}">${esc(f.label)}</label>
<input id="${id}" name="${esc(f.name)}" type="${esc(f.type ?? 'text')}" value="${esc(f.value ?? '')}"${f.autocomplete ? ` autocomplete="${esc(f.autocomplete)}"` : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${f.errors?.length ? ' aria-invalid="true"' : ''}>
${hint}${errs}
</div>`;
}

const hidden = (name: string, value?: string) => (value ? `<input type="hidden" name="${esc(name)}" value="${esc(value)}">` : '');
const withRedirect = (path: string, redirect?: string) => (redirect ? `${path}?redirect=${encodeURIComponent(redirect)}` : path);

/** The form's CSRF token (the sign-on checks it on every POST). */
const token = (csrf: string) => `<input type="hidden" name="_csrf" value="${esc(csrf)}">`;

export function signInPage(opts: { csrf: string; email?: string; redirect?: string; error?: string; notice?: string }) {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
${opts.notice ? `<p class="notice" role="status">${esc(opts.notice)}</p>` : ''}
${opts.error ? `<p class="alert" role="alert">${esc(opts.error)}</p>` : ''}
<form method="post" action="/sso/sign-in" novalidate>
${token(opts.csrf)}
${hidden('redirect', opts.redirect)}
${field({ name: 'email', label: 'Email', type: 'email', value: opts.email, autocomplete: 'username' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password' })}
<button type="submit">Sign in</button>
</form>
<p class="switch">New to the portal? <a href="${esc(withRedirect('/sso/sign-up', opts.redirect))}">Create account</a></p>`,
  );
}

export function signUpPage(opts: {
  csrf: string;
  values?: Record<string, string | undefined>;
  redirect?: string;
  errors?: Record<string, string[]>;
  error?: string;
}) {
  const v = opts.values ?? {};
  const e = opts.errors ?? {};
  return page(
    'Create account',
    `<h1>Create account</h1>
${opts.error ? `<p class="alert" role="alert">${esc(opts.error)}</p>` : ''}
<form method="post" action="/sso/sign-up" novalidate>
${token(opts.csrf)}
${hidden('redirect', opts.redirect)}
${field({ name: 'firstName', label: 'First name', value: v.firstName, autocomplete: 'given-name', errors: e.firstName })}
${field({ name: 'lastName', label: 'Last name', value: v.lastName, autocomplete: 'family-name', errors: e.lastName })}
${field({ name: 'email', label: 'Email', type: 'email', value: v.email, autocomplete: 'email', errors: e.email })}
${field({ name: 'phoneNumber', label: 'Phone number', type: 'tel', value: v.phoneNumber, autocomplete: 'tel', errors: e.phoneNumber, hint: 'Digits only, with an optional leading +' })}
${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', errors: e.password, hint: 'At least 8 characters with a lowercase letter, an uppercase letter and a number' })}
${field({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', errors: e.confirmPassword })}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${esc(withRedirect('/sso/sign-in', opts.redirect))}">Sign in</a></p>`,
  );
}

/** Sign-out asks first: only its POST (with the token) signs out, so a link or an image cannot. */
export function signOutPage(opts: { csrf: string; redirect?: string; cancel: string; error?: string }) {
  return page(
    'Sign out',
    `<h1>Sign out</h1>
${opts.error ? `<p class="alert" role="alert">${esc(opts.error)}</p>` : ''}
<p>Sign out of the Practitioner Portal on this device?</p>
<form method="post" action="/sso/sign-out">
${token(opts.csrf)}
${hidden('redirect', opts.redirect)}
<button type="submit">Sign out</button>
</form>
<p class="switch"><a href="${esc(opts.cancel)}">Cancel</a></p>`,
  );
}

export const SSO_CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f5;color:#212529}
.card{background:#fff;width:100%;max-width:420px;margin:24px;padding:32px;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.brand{margin:0 0 8px;font-weight:700;color:#1864ab}
h1{font-size:1.5rem;margin:0 0 20px}
.field{margin-bottom:14px}
label{display:block;font-weight:600;margin-bottom:4px;font-size:.9rem}
input{width:100%;padding:10px 12px;font-size:1rem;border:1px solid #868e96;border-radius:6px}
input:focus{outline:3px solid #74c0fc;outline-offset:1px}
.invalid input{border-color:#c92a2a}
.error{color:#c92a2a;margin:4px 0 0;font-size:.875rem}
.hint{color:#495057;margin:4px 0 0;font-size:.8rem}
.alert{background:#fff5f5;border:1px solid #c92a2a;color:#a51111;padding:10px 12px;border-radius:6px}
.notice{background:#e7f5ff;border:1px solid #1864ab;color:#0b4a80;padding:10px 12px;border-radius:6px}
button{width:100%;padding:12px;font-size:1rem;font-weight:600;color:#fff;background:#1864ab;border:0;border-radius:6px;cursor:pointer}
button:hover{background:#0b4a80}
button:focus-visible{outline:3px solid #74c0fc;outline-offset:2px}
.switch{margin-top:20px;text-align:center}
a{color:#1864ab}
`;
