import type { Db } from '../../db/client';
import { importCalls, readPgxFile } from '../pharmacogenomics/service';

/**
 * Synthetic call sets of the demo patients: PharmCAT's two example call sets and hand-made
 * variations of the second that stay within the phenotypes PharmCAT lists (data/pgx/README.md).
 */
export const DEMO_CALL_SETS: Record<string, { calls: string; outside?: string }> = {
  'thandi.nkosi': { calls: 'pharmcat/pharmcat.example.report.tsv', outside: 'pharmcat/pharmcat.example.outsideCall.tsv' },
  'johan.smit': { calls: 'pharmcat/pharmcat.example2.report.tsv' },
  'pieter.vanwyk': { calls: 'demo/variation.calls.tsv', outside: 'demo/variation.outsideCall.tsv' },
  'nomsa.khumalo': { calls: 'demo/phenoconversion.calls.tsv', outside: 'demo/phenoconversion.outsideCall.tsv' },
};

/** Imports a demo patient's call set into their kit, as the lab would; nothing for other patients. */
export async function importDemoCallSet(db: Db, patientKey: string, kitId: string) {
  const set = DEMO_CALL_SETS[patientKey];
  if (!set) return null;
  return importCalls(db, { id: kitId }, readPgxFile(set.calls), set.outside ? readPgxFile(set.outside) : null, { synthetic: true });
}
