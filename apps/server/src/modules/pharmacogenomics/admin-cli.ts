import fs from 'node:fs';
import path from 'node:path';
import { pgxAdminApi } from '@portal/contract';
import { callApi, PortalRefused, PortalUnreachable } from '../../cli/api-call';

/**
 * `npm run admin -- pgx …`: the provider's pharmacogenomics administration from the terminal,
 * through the admin API of a running portal (admin-routes.ts). Wired into src/cli/admin.ts.
 */
export const PGX_USAGE = `  pgx import-calls --kit LABEL FILE [--outside FILE]   import a kit's PharmCAT calls-only TSV (and outside calls) and build its report
  pgx load-cpic FILE [--label TEXT] [--data-date D]   load a newer CPIC recommendation table (TSV, CPIC JSON rows or PharmCAT's per-drug JSON) over the shipped ones; flags changed reports.
                                                       --data-date YYYY-MM-DD: the date of the CPIC data it holds (default today), so later CPIC changes flag its rows
  pgx load-brands FILE                                 load a brand-name list (TSV: generic_name, market US|ZA, brand_name)
  pgx knowledge-bases                                  knowledge-base versions, newest (current) first`;

interface Options {
  base: string;
  token: string;
  kit?: string;
  outside?: string;
  label?: string;
  dataDate?: string;
  /** The CLI's own error type, so messages print without a stack. */
  fail: (message: string) => Error;
}

function read(file: string | undefined, what: string, o: Options): string {
  if (!file) throw o.fail(`${what} is required.`);
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch {
    throw o.fail(`Cannot read ${file}.`);
  }
}

export async function runPgxCommand(command: string | undefined, file: string | undefined, o: Options): Promise<void> {
  try {
    await run(command, file, o);
  } catch (err) {
    if (err instanceof PortalUnreachable) throw o.fail(err.message);
    if (err instanceof PortalRefused) {
      if (err.status === 401) throw o.fail('The portal refused the admin token (HTTP 401).');
      // A refused file's lines are its field errors (fieldErrors.file): printed as they are, without the field's name.
      const lines = Object.values(err.error?.fieldErrors ?? {}).flat();
      throw o.fail(`${err.error?.message ?? 'The portal refused the request'} (HTTP ${err.status})${lines.map((l) => `\n  ${l}`).join('')}`);
    }
    throw err;
  }
}

async function run(command: string | undefined, file: string | undefined, o: Options): Promise<void> {
  switch (command) {
    case 'import-calls': {
      if (!o.kit) throw o.fail(`--kit LABEL is required.\n\n${PGX_USAGE}`);
      const calls = read(file, 'FILE (the calls-only TSV)', o);
      const outsideCalls = o.outside ? read(o.outside, '--outside FILE', o) : undefined;
      const r = await callApi(o.base, pgxAdminApi.importCalls, { body: { kit: o.kit, calls, outsideCalls }, token: o.token });
      console.log(
        `Imported the calls of kit ${r.sampleLabel}${r.pharmcatVersion ? ` (PharmCAT ${r.pharmcatVersion})` : ''}: ${r.genesCalled} genes called, ${r.rows} report rows built with ${r.knowledgeBase}.`,
      );
      return;
    }
    case 'load-cpic': {
      const table = read(file, 'FILE (the recommendation table)', o);
      const r = await callApi(o.base, pgxAdminApi.loadKnowledgeBase, { body: { table, label: o.label, dataDate: o.dataDate }, token: o.token });
      if (!r.loaded) {
        console.log(`This table is already loaded as ${r.version} (${r.label}); nothing changed.`);
        return;
      }
      console.log(`Loaded ${r.version} (${r.label}): ${r.recommendations} recommendations; it is now the current knowledge base.`);
      console.log(
        `Reports: ${r.reports.unchanged} unchanged (moved to it), ${r.reports.flagged} would change (their sessions are flagged for the practitioner), ${r.reports.rebuilt} built.`,
      );
      return;
    }
    case 'load-brands': {
      const list = read(file, 'FILE (the brand-name list)', o);
      const r = await callApi(o.base, pgxAdminApi.brandNames, { body: { list }, token: o.token });
      console.log(
        `Loaded brand names: ${r.us === null ? 'US list unchanged' : `${r.us} US`}, ${r.za === null ? 'South African list unchanged' : `${r.za} South African`}.`,
      );
      return;
    }
    case 'knowledge-bases': {
      const { results } = await callApi(o.base, pgxAdminApi.knowledgeBases, { token: o.token });
      for (const k of results)
        console.log(
          `${k.current ? '*' : ' '} ${k.version}  ${k.loadedAt.slice(0, 19)}  ${String(k.recommendationCount).padStart(5)} recommendations  ${k.source.padEnd(7)}  ${k.label}`,
        );
      return;
    }
    default:
      throw o.fail(`Unknown command 'pgx ${command ?? ''}'.\n\n${PGX_USAGE}`);
  }
}
