import { parseArgs } from 'node:util';
import { PRACTITIONER_STATUS_LABELS, adminApi, errorText, type EndpointAnswer, type PractitionerStatus } from '@portal/contract';
import { loadDotEnv, loadEnv } from '../env';
import { adminTokenPath, readOrCreateLocalToken } from '../modules/admin/admin-auth';
import { PGX_USAGE, runPgxCommand } from '../modules/pharmacogenomics/admin-cli';
import { callApi, PortalRefused, PortalUnreachable } from './api-call';
import { COMMERCE_USAGE, runCommerceCommand } from './commerce-admin';

/**
 * `npm run admin -- COMMAND`: the provider's staff review new practices from the terminal, through
 * the admin API of a running portal (modules/admin/routes.ts), with the admin token.
 */
const USAGE = `Usage: npm run admin -- practitioners|pgx|kits|transactions COMMAND [options]

Commands:
  practitioners list [--status created|accepted|declined]   practices, newest first
  practitioners accept EMAIL                                accept a practice awaiting review and mail the practitioner
  practitioners decline EMAIL                               decline it and mail the practitioner
${PGX_USAGE}
${COMMERCE_USAGE}

Options: --url URL of the portal (or PORTAL_URL; default http://localhost:3000),
--token TOKEN (or ADMIN_TOKEN; locally, without either, the token the server keeps in DATA_DIR/admin-token).`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    status: { type: 'string' },
    help: { type: 'boolean' },
    kit: { type: 'string' },
    outside: { type: 'string' },
    label: { type: 'string' },
    'data-date': { type: 'string' },
    count: { type: 'string' },
    collections: { type: 'string' },
  },
});

loadDotEnv();
const base = (values.url ?? process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');

class CliError extends Error {}

function adminToken(): string {
  const given = values.token ?? process.env.ADMIN_TOKEN;
  if (given) return given;
  const env = loadEnv();
  if (env.production) throw new CliError('Set ADMIN_TOKEN (or pass --token): the admin token of the portal.');
  // The same file the local server reads: whichever of the two starts first creates it.
  const token = readOrCreateLocalToken(env.DATA_DIR);
  if (!token) throw new CliError(`No admin token: set ADMIN_TOKEN, or check ${adminTokenPath(env.DATA_DIR)}.`);
  return token;
}

/** The practitioners commands' failures to call the portal, worded as before (pgx, kits and transactions word their own). */
function worded(err: unknown): unknown {
  if (err instanceof PortalUnreachable) return new CliError(err.message);
  if (!(err instanceof PortalRefused)) return err;
  if (err.status === 401) return new CliError(`The portal refused the admin token (HTTP 401). ${err.error?.message ?? ''}`.trim());
  return new CliError(`${errorText(err.error)} (HTTP ${err.status})`);
}

type Practice = EndpointAnswer<typeof adminApi.accept>;

const STATUS_BY_NAME: Record<string, number> = { created: 1, accepted: 2, declined: 3, '1': 1, '2': 2, '3': 3 };
// The contract declares the status as the integer the wire carries (1-3), the labels are keyed by its values.
const line = (p: Practice) =>
  `${p.email.padEnd(32)} ${`${p.firstName} ${p.lastName}`.padEnd(24)} ${PRACTITIONER_STATUS_LABELS[p.status as PractitionerStatus].padEnd(15)} ${(p.category ?? '-').padEnd(24)} HPCSA ${(p.hpcsaNumber ?? '-').padEnd(10)} test ${p.testPassed ? 'passed' : 'not passed'}`;

async function findByEmail(email: string, token: string) {
  const { results } = await callApi(base, adminApi.practitioners, { query: { email }, token });
  if (!results[0]) throw new CliError(`No practice is registered for ${email}.`);
  return results[0];
}

async function main() {
  const [area, command, email, file] = positionals;
  if (!area || values.help) {
    console.log(USAGE);
    return;
  }
  if (area === 'pgx') {
    return runPgxCommand(command, email, {
      base,
      token: adminToken(),
      kit: values.kit,
      outside: values.outside,
      label: values.label,
      dataDate: values['data-date'],
      fail: (m) => new CliError(m),
    });
  }
  if (area === 'kits' || area === 'transactions') {
    return runCommerceCommand(area, command, email, {
      base,
      token: adminToken(),
      count: values.count,
      collections: values.collections,
      file,
      fail: (m) => new CliError(m),
    });
  }
  if (area !== 'practitioners') throw new CliError(`Unknown command '${area}'.\n\n${USAGE}`);
  const token = adminToken();
  switch (command) {
    case 'list': {
      const status = values.status ? STATUS_BY_NAME[values.status.toLowerCase()] : undefined;
      if (values.status && !status) throw new CliError(`--status must be created, accepted or declined.\n\n${USAGE}`);
      const { results, count } = await callApi(base, adminApi.practitioners, { query: { limit: 100, status }, token });
      if (!results.length) console.log('No practices.');
      for (const p of results) console.log(line(p));
      if (count > results.length) console.log(`… and ${count - results.length} more.`);
      return;
    }
    case 'accept':
    case 'decline': {
      if (!email) throw new CliError(`EMAIL is required.\n\n${USAGE}`);
      const practice = await findByEmail(email, token);
      const updated = await callApi(base, adminApi[command], { params: { id: practice.id }, token });
      console.log(`${command === 'accept' ? 'Accepted' : 'Declined'}: ${line(updated)}`);
      console.log(`${updated.firstName} ${updated.lastName} has been told by email.`);
      return;
    }
    default:
      throw new CliError(`Unknown command 'practitioners ${command ?? ''}'.\n\n${USAGE}`);
  }
}

main().catch((err: unknown) => {
  const failure = worded(err);
  console.error(failure instanceof CliError ? failure.message : failure);
  process.exitCode = 1;
});
