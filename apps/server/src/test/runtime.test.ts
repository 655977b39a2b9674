import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// The runtime check that `npm test`, `npm start`, `npm run dev` and `npm run bench` begin with
// (scripts/check-runtime.mjs, decision 028), and the runtime these tests themselves run on.
const run = promisify(execFile);
const root = new URL('../../../../', import.meta.url);
const script = new URL('scripts/check-runtime.mjs', root).pathname;
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A stand-in `node` that only answers `--version`, as an older machine's Node.js would. */
async function nodeThatSays(version: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'runtime-'));
  dirs.push(dir);
  const binary = join(dir, 'node');
  await writeFile(binary, `#!/bin/sh\necho ${version}\n`);
  await chmod(binary, 0o755);
  return binary;
}

describe('the supported runtime', () => {
  it('is what package.json engines names, and these tests run on it', async () => {
    const engines = JSON.parse(await readFile(new URL('package.json', root), 'utf8')).engines.node as string;
    expect(engines).toBe('^24.11.0');
    const major = Number(process.versions.node.split('.')[0]);
    expect(major, `tests run on Node.js ${process.version}`).toBe(24);
    const { stdout } = await run(process.execPath, [script]);
    expect(stdout).toContain(`Node.js ${process.version}`);
  });

  it('refuses a Node.js outside engines, naming both and the way out', async () => {
    for (const version of ['v20.20.2', 'v22.23.3', 'v24.10.0', 'v26.10.0']) {
      const binary = await nodeThatSays(version);
      const failure = await run(process.execPath, [script, binary]).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code, version).toBe(1);
      expect(failure?.stderr).toContain(`The portal runs on Node.js ^24.11.0 (package.json "engines"), but ${binary} is Node.js ${version}.`);
      expect(failure?.stderr).toContain('Run `npm install` first');
    }
  });

  it('accepts a Node.js 24 LTS release', async () => {
    const binary = await nodeThatSays('v24.11.0');
    const { stdout } = await run(process.execPath, [script, binary]);
    expect(stdout).toBe(`runtime: Node.js v24.11.0 (${binary}) meets engines.node ^24.11.0\n`);
  });
});
