// Fails when a package in package-lock.json declares a Node.js range that the project's own
// `engines.node` (its lowest version) or the Node.js running this check does not satisfy: the
// EBADENGINE warning of `npm install`, made an error before it reaches a machine (decision 019).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const ours = lock.packages[''].engines?.node;
if (!ours) throw new Error('package.json declares no engines.node');
const targets = [semver.minVersion(ours).version, process.version];

/** An optional package for another platform is never installed here (npm skips it), so its engines do not matter. */
const installsHere = (entry) => (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));

const problems = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  const range = entry.engines?.node;
  if (!path || !range || !installsHere(entry)) continue;
  for (const version of targets) {
    if (!semver.satisfies(version, range)) problems.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} needs node ${range}, not ${version}`);
  }
}
if (problems.length > 0) {
  console.error(`Node.js engines not met (engines.node is "${ours}"):\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every locked package accepts Node.js ${targets.join(' and ')}`);
