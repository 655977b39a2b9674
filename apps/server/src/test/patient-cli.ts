import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const run = promisify(execFile);

/**
 * `npm run patient -- …` against the portal at `base`, as a patient would act from the terminal:
 * resolves with what it printed, rejects with its message. The end-to-end journeys and the push
 * bench both act as patients this way.
 */
export async function runPatientCommand(args: string[], base: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/cli/patient.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, PORTAL_URL: base },
  });
  return stdout;
}
