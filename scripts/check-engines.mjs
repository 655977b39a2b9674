// Fails when a package in package-lock.json declares a Node.js range that one of three Node.js
// versions does not satisfy: the lowest of the project's runtime (`engines.node`), the one running
// this check (npm scripts run it on that runtime), and the lowest Node.js that npm itself may run on
// to install (`devEngines.runtime`): npm checks every package's engines against its own Node.js, so
// that is where the EBADENGINE warning of `npm install` comes from (decisions 019 and 028).
import { readFileSync } from 'node:fs';
import semver from 'semver';

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const ours = manifest.engines?.node;
if (!ours) throw new Error('package.json declares no engines.node');
const installer = manifest.devEngines?.runtime?.version;
if (!installer) throw new Error('package.json declares no devEngines.runtime.version');
const targets = [...new Set([semver.minVersion(ours).version, process.version.slice(1), semver.minVersion(installer).version])];

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
  console.error(`Node.js engines not met (engines.node is "${ours}", devEngines.runtime "${installer}"):\n  ${[...new Set(problems)].join('\n  ')}`);
  process.exit(1);
}
console.log(`engines: every locked package accepts Node.js ${targets.join(' and ')}`);
