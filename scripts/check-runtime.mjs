// Fails when the Node.js that runs the project's scripts is not the supported runtime that
// package.json's `engines.node` names (decision 028). npm puts node_modules/.bin first on the PATH
// of every script, and `npm install` places the registry's Node.js 24 there on Linux (x64, arm64),
// so `node` here is that one even where the machine's own Node.js is older.
//
//   node scripts/check-runtime.mjs            checks the Node.js running this file
//   node scripts/check-runtime.mjs PATH       checks the Node.js binary at PATH (used by its test)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import semver from 'semver';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines?.node;
if (!range) throw new Error('package.json declares no engines.node');

const binary = process.argv[2] ?? process.execPath;
const version = process.argv[2] ? execFileSync(binary, ['--version'], { encoding: 'utf8' }).trim() : process.version;

if (!semver.satisfies(version, range)) {
  console.error(
    [
      `The portal runs on Node.js ${range} (package.json "engines"), but ${binary} is Node.js ${version}.`,
      'Run `npm install` first: on Linux (x64, arm64) it installs Node.js 24 from the npm registry into',
      'node_modules/.bin, which npm scripts use. Elsewhere, install Node.js 24 LTS and put it first on PATH.',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`runtime: Node.js ${version} (${binary}) meets engines.node ${range}`);
