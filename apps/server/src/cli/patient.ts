import { parseArgs } from 'node:util';
import { errorText, formatMoney, patientApi, ssoApi } from '@portal/contract';
import { callApi, PortalRefused, PortalUnreachable } from './api-call';

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

function need(value: string | undefined, flag: string): string {
  if (!value) throw new CliError(`${flag} is required.\n\n${USAGE}`);
  return value;
}

async function signIn() {
  const body = { email: need(email, '--email'), password: need(password, '--password') };
  const pair = await callApi(base, ssoApi.token, { body }).catch((err: unknown) => {
    // The catalogue's text for 400401 is a generic one; at sign-in the sign-on's own words say what went wrong.
    if (err instanceof PortalRefused && err.status === 401 && err.error?.message) throw new CliError(`${err.error.message} (HTTP 401)`);
    throw err;
  });
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
      await callApi(base, ssoApi.patientSignUp, {
        body: {
          email: need(email, '--email'),
          password: need(password, '--password'),
          firstName: need(values['first-name'], '--first-name'),
          lastName: need(values['last-name'], '--last-name'),
          phoneNumber: need(values.phone, '--phone'),
        },
      });
      console.log(`Patient account ${email} created.`);
      return;
    }
    case 'practitioners': {
      const token = await signIn();
      const { results } = await callApi(base, patientApi.practitioners, { query: { search: values.search }, token });
      if (!results.length) console.log('No practitioners are listed yet.');
      for (const p of results) console.log(`${p.id}  ${p.firstName} ${p.lastName}  (${p.category ?? 'no category'})`);
      return;
    }
    case 'request': {
      const token = await signIn();
      const at = values.at ? new Date(values.at) : new Date(Date.now() + Number(need(values['in-days'], '--in-days or --at')) * 86_400_000);
      if (Number.isNaN(at.getTime())) throw new CliError('--at is not a valid date and time.');
      const s = await callApi(base, patientApi.requestSession, {
        body: { practitionerId: need(values.practitioner, '--practitioner'), bookingTime: at.toISOString() },
        token,
      });
      console.log(`Session ${s.id} requested for ${s.bookingTime}.`);
      return;
    }
    case 'sessions': {
      const token = await signIn();
      const { results } = await callApi(base, patientApi.sessions, { token });
      const labels: Record<number, string> = { 1: 'requested', 2: 'accepted', 3: 'declined', 4: 'completed' };
      if (!results.length) console.log('No sessions yet.');
      for (const s of results)
        console.log(`${s.id}  ${labels[s.status]}  booked ${s.bookingTime}${s.dataRequest ? `  data request ${s.dataRequest.status}` : ''}`);
      return;
    }
    case 'confirm-data':
    case 'decline-data': {
      const token = await signIn();
      const endpoint = command === 'confirm-data' ? patientApi.confirmDataRequest : patientApi.declineDataRequest;
      const r = await callApi(base, endpoint, { params: { id: need(values.session, '--session') }, token });
      console.log(`Data request ${r.status}.`);
      return;
    }
    case 'journal': {
      const token = await signIn();
      const j = await callApi(base, patientApi.journal, { params: { id: need(values.session, '--session') }, token });
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
      const o = await callApi(base, patientApi.order, {
        body: { practitionerID: need(values.practitioner, '--practitioner'), product, quantity, discountCode: values.code },
        token,
      });
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

/** A failure's text: the command's own, or the portal's error with its HTTP status and field errors. */
function messageOf(err: unknown): string | undefined {
  if (err instanceof CliError || err instanceof PortalUnreachable) return err.message;
  if (err instanceof PortalRefused) return `${errorText(err.error)} (HTTP ${err.status})${err.fieldLines}`;
  return undefined;
}

main().catch((err: unknown) => {
  console.error(messageOf(err) ?? err);
  process.exitCode = 1;
});
