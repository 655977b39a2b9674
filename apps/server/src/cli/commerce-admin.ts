import fs from 'node:fs';
import path from 'node:path';
import { kitAdminApi, transactionAdminApi } from '@portal/contract';
import { callApi, PortalRefused, PortalUnreachable } from './api-call';

/**
 * `npm run admin -- kits …` and `npm run admin -- transactions …`: the provider's side of kits and
 * fees from the terminal, through the admin API of a running portal (kits/admin-routes.ts,
 * transactions/admin-routes.ts). Wired into admin.ts.
 */
export const COMMERCE_USAGE = `  kits consign EMAIL --count N [--collections 1,2,3]   send N kits (1-500) to a practice: to its primary warehouse (in transit until received) or straight into its stock
  kits advance LABEL                                   the lab's next step for a kit (assigned → sample received → processing → results available)
  kits results LABEL FILE                              the lab's results step for a processing kit: attach its raw genotype file (23andMe or AncestryDNA text),
                                                       compute its results and make them available (the practitioner is notified); a bad line is named
  transactions pay ID                                  mark a data-request fee paid`;

interface Options {
  base: string;
  token: string;
  count?: string;
  collections?: string;
  /** The command's second argument (kits results: the genotype file). */
  file?: string;
  fail: (message: string) => Error;
}

export async function runCommerceCommand(area: 'kits' | 'transactions', command: string | undefined, arg: string | undefined, o: Options): Promise<void> {
  try {
    await run(area, command, arg, o);
  } catch (err) {
    if (err instanceof PortalUnreachable) throw o.fail(err.message);
    if (err instanceof PortalRefused) {
      if (err.status === 401) throw o.fail('The portal refused the admin token (HTTP 401).');
      // A refused file's problems (fieldErrors.file) print one per line, each naming its line.
      const fileLines = err.error?.fieldErrors?.file;
      if (fileLines) throw o.fail(`${err.error?.message ?? 'The portal refused the file'} (HTTP ${err.status})${fileLines.map((l) => `\n  ${l}`).join('')}`);
      throw o.fail(`${err.error?.message ?? 'The portal refused the request'} (HTTP ${err.status})${err.fieldLines}`);
    }
    throw err;
  }
}

async function run(area: 'kits' | 'transactions', command: string | undefined, arg: string | undefined, o: Options): Promise<void> {
  const need = (value: string | undefined, what: string) => {
    if (!value) throw o.fail(`${what} is required.\n\n${COMMERCE_USAGE}`);
    return value;
  };
  if (area === 'kits' && command === 'consign') {
    const count = Number(need(o.count, '--count N'));
    if (!Number.isInteger(count) || count < 1 || count > 500) throw o.fail('--count must be a whole number from 1 to 500.');
    const collectionIds = o.collections ? o.collections.split(',').map((s) => Number(s.trim())) : undefined;
    const r = await callApi(o.base, kitAdminApi.consign, { body: { practitionerEmail: need(arg, 'EMAIL'), count, collectionIds }, token: o.token });
    console.log(
      r.consignment
        ? `Consignment ${r.consignment.id} of ${r.kits.length} kits is on its way to warehouse ${r.consignment.warehouseID}; the practice marks it received on /warehousing.`
        : `${r.kits.length} kits are in the practice's stock (it has no warehouse).`,
    );
    for (const k of r.kits) console.log(`  ${k.sampleLabel}`);
    return;
  }
  if (area === 'kits' && command === 'advance') {
    const label = need(arg, 'LABEL');
    const r = await callApi(o.base, kitAdminApi.advance, { params: { sampleLabel: label }, token: o.token });
    console.log(`Kit ${r.sampleLabel} is now ${r.status.replace(/_/g, ' ')}.`);
    return;
  }
  if (area === 'kits' && command === 'results') {
    const label = need(arg, 'LABEL');
    const file = need(o.file, 'FILE (the raw genotype file)');
    let genotypes: string;
    try {
      genotypes = fs.readFileSync(path.resolve(file), 'utf8');
    } catch {
      throw o.fail(`Cannot read ${file}.`);
    }
    const r = await callApi(o.base, kitAdminApi.results, { params: { sampleLabel: label }, body: { genotypes }, token: o.token });
    console.log(`Kit ${r.sampleLabel}: ${r.genotypes} genotype lines attached, results computed; it is now ${r.status.replace(/_/g, ' ')}.`);
    if (r.sessionID) console.log('The practitioner is told by the kit-results notification.');
    return;
  }
  if (area === 'transactions' && command === 'pay') {
    const id = need(arg, 'ID');
    const r = await callApi(o.base, transactionAdminApi.markPaid, { params: { id }, token: o.token });
    console.log(`${r.description} ${id} marked paid at ${r.paidAt}.`);
    return;
  }
  throw o.fail(`Unknown command '${area} ${command ?? ''}'.\n\n${COMMERCE_USAGE}`);
}
