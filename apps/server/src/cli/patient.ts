import { parseArgs } from 'node:util';
import { errorText, formatMoney } from '@portal/contract';

/**
 * `npm run patient -- COMMAND [options]`: act as a patient from the terminal, through the same API
 * the provider's mobile app calls. Every command signs in with --email and --password.
 */
const USAGE = `Usage: npm run patient -- COMMAND [options]

Commands:
  sign-up        --email E --password P --first-name F --last-name L --phone N   create a patient account
  practitioners  [--search TEXT]                    practitioners listed for patients
  request        --practitioner ID (--in-days D | --at ISO-TIME)   request a session
  sessions                                          your sessions
  confirm-data   --session ID                       confirm the practitioner's data request
  decline-data   --session ID                       decline it
  journal        --session ID                       read the notes your practitioner submitted
  order          --practitioner ID --product kit|consultation [--quantity N] [--code CODE]   order through a practice, with its discount code

Options for every command: --email E --password P (or PATIENT_EMAIL, PATIENT_PASSWORD),
--url URL of the portal (or PORTAL_URL; default http://localhost:3000).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    url: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    phone: { type: 'string' },
    search: { type: 'string' },
    practitioner: { type: 'string' },
    'in-days': { type: 'string' },
    at: { type: 'string' },
    session: { type: 'string' },
    product: { type: 'string' },
    quantity: { type: 'string' },
    code: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const base = (values.url ?? process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const email = values.email ?? process.env.PATIENT_EMAIL;
const password = values.password ?? process.env.PATIENT_PASSWORD;
// Amounts as the portal writes them: the configured locale (the server's DEFAULT_LOCALE, en-ZA by default).
const locale = process.env.DEFAULT_LOCALE || 'en-ZA';

class CliError extends Error {}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new CliError(`Cannot reach the portal at ${base}: is it running (npm start)?`);
  }
  const data = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const err = (data as { error?: { code?: string; message?: string; fieldErrors?: Record<string, string[]> } })?.error;
    const fields = err?.fieldErrors
      ? Object.entries(err.fieldErrors)
          .map(([k, v]) => `\n  ${k}: ${v.join(', ')}`)
          .join('')
      : '';
    throw new CliError(`${errorText(err)} (HTTP ${res.status})${fields}`);
  }
  return data as T;
}

function need(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`${flag} is required.\n\n${USAGE}`);
  return value;
}

async function signIn() {
  const pair = await call<{ accessToken: string }>('POST', '/sso/api/token', { email: need(email, '--email'), password: need(password, '--password') });
  return pair.accessToken;
}

async function main() {
  const [command] = positionals;
  if (!command || values.help || command === 'help') {
    console.log(USAGE);
    return;
  }
  switch (command) {
    case 'sign-up': {
      await call('POST', '/sso/api/patients', {
        email: need(email, '--email'),
        password: need(password, '--password'),
        firstName: need(values['first-name'], '--first-name'),
        lastName: need(values['last-name'], '--last-name'),
        phoneNumber: need(values.phone, '--phone'),
      });
      console.log(`Patient account ${email} created.`);
      return;
    }
    case 'practitioners': {
      const token = await signIn();
      const q = values.search ? `?search=${encodeURIComponent(values.search)}` : '';
      const { results } = await call<{ results: Array<{ id: string; firstName: string; lastName: string; category: string | null }> }>(
        'GET',
        `/api/patient/practitioners/${q}`,
        undefined,
        token,
      );
      if (!results.length) console.log('No practitioners are listed yet.');
      for (const p of results) console.log(`${p.id}  ${p.firstName} ${p.lastName}  (${p.category ?? 'no category'})`);
      return;
    }
    case 'request': {
      const token = await signIn();
      const at = values.at ? new Date(values.at) : new Date(Date.now() + Number(need(values['in-days'], '--in-days or --at')) * 86_400_000);
      if (Number.isNaN(at.getTime())) throw new CliError('--at is not a valid date and time.');
      const s = await call<{ id: string; bookingTime: string }>(
        'POST',
        '/api/patient/sessions/',
        { practitionerId: need(values.practitioner, '--practitioner'), bookingTime: at.toISOString() },
        token,
      );
      console.log(`Session ${s.id} requested for ${s.bookingTime}.`);
      return;
    }
    case 'sessions': {
      const token = await signIn();
      const { results } = await call<{ results: Array<{ id: string; status: number; bookingTime: string; dataRequest: { status: string } | null }> }>(
        'GET',
        '/api/patient/sessions/',
        undefined,
        token,
      );
      const labels: Record<number, string> = { 1: 'requested', 2: 'accepted', 3: 'declined', 4: 'completed' };
      if (!results.length) console.log('No sessions yet.');
      for (const s of results)
        console.log(`${s.id}  ${labels[s.status]}  booked ${s.bookingTime}${s.dataRequest ? `  data request ${s.dataRequest.status}` : ''}`);
      return;
    }
    case 'confirm-data':
    case 'decline-data': {
      const token = await signIn();
      const action = command === 'confirm-data' ? 'confirm' : 'decline';
      const r = await call<{ status: string }>('POST', `/api/patient/sessions/${need(values.session, '--session')}/data-request/${action}`, undefined, token);
      console.log(`Data request ${r.status}.`);
      return;
    }
    case 'journal': {
      const token = await signIn();
      type Entry = { description: string; submittedAt: string | null };
      const j = await call<{ entry: Entry | null; addenda: Entry[] }>(
        'GET',
        `/api/patient/sessions/${need(values.session, '--session')}/journal`,
        undefined,
        token,
      );
      if (!j.entry) {
        console.log('Your practitioner has not submitted notes for this session yet.');
        return;
      }
      console.log(`Notes submitted ${j.entry.submittedAt}:\n\n${j.entry.description}`);
      for (const a of j.addenda) console.log(`\nAddendum ${a.submittedAt}:\n\n${a.description}`);
      return;
    }
    case 'order': {
      const token = await signIn();
      const product = need(values.product, '--product');
      if (product !== 'kit' && product !== 'consultation') throw new CliError('--product must be kit or consultation.');
      const quantity = values.quantity ? Number(values.quantity) : 1;
      type Placed = {
        id: string;
        quantity: number;
        subtotalCents: number;
        discountCents: number;
        totalCents: number;
        currency: string;
        discountCode: string | null;
        upsell: string | null;
        requiresShipping: boolean;
        kitID: string | null;
      };
      const o = await call<Placed>(
        'POST',
        '/api/patient/orders',
        { practitionerID: need(values.practitioner, '--practitioner'), product, quantity, discountCode: values.code },
        token,
      );
      console.log(`Order ${o.id}: ${o.quantity} × ${product}, subtotal ${formatMoney(o.subtotalCents, o.currency, locale)}`);
      if (o.discountCode) console.log(`Discount code ${o.discountCode}: -${formatMoney(o.discountCents, o.currency, locale)}`);
      console.log(`Total ${formatMoney(o.totalCents, o.currency, locale)}${o.requiresShipping ? ' (to be shipped)' : ''}`);
      if (o.kitID) console.log(`A kit from the practice's stock comes with it (kit ${o.kitID}).`);
      if (o.upsell) console.log(`The practice suggests: ${o.upsell}`);
      return;
    }
    default:
      throw new CliError(`Unknown command '${command}'.\n\n${USAGE}`);
  }
}

main().catch((err) => {
  console.error(err instanceof CliError ? err.message : err);
  process.exitCode = 1;
});
