/**
 * Writes src/addresses/: for every module of src/api, its endpoints' addresses (method, path, reply)
 * without their schemas, typed by the endpoints (`AddressesOf`), so `tsc` refuses an address that no
 * longer matches its endpoint and src/addresses/addresses.test.ts one that is missing. The portal
 * imports these (`@portal/contract/addresses`) to call the API without building zod schemas.
 * Run after changing an endpoint's method, path or reply, or adding one: `npx tsx packages/contract/scripts/write-addresses.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import type { Endpoint } from '../src/endpoint';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const out = path.join(src, 'addresses');
const modules = fs
  .readdirSync(path.join(src, 'api'))
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'addresses.ts')
  .sort();

const written: string[] = [];
for (const file of modules) {
  const name = file.slice(0, -'.ts'.length);
  const exports = (await import(pathToFileURL(path.join(src, 'api', file)).href)) as Record<string, unknown>;
  const apis = Object.entries(exports).filter(([key]) => key.endsWith('Api')) as Array<[string, Record<string, Endpoint>]>;
  if (apis.length === 0) continue;
  const lines = [
    `// Written by packages/contract/scripts/write-addresses.ts from src/api/${file}: do not edit.`,
    `import type { AddressesOf } from '../endpoint';`,
    `import type { ${apis.map(([key]) => `${key} as ${key}Endpoints`).join(', ')} } from '../api/${name}';`,
    '',
  ];
  for (const [key, endpoints] of apis) {
    const entries = Object.entries(endpoints).map(([k, e]) => {
      const address: Record<string, string> = { method: e.method, path: e.path };
      if (e.reply) address.reply = e.reply;
      return `  ${k}: ${JSON.stringify(address)},`;
    });
    lines.push(`export const ${key}: AddressesOf<typeof ${key}Endpoints> = {`, ...entries, '};', '');
  }
  written.push(name);
  fs.writeFileSync(path.join(out, `${name}.ts`), lines.join('\n'));
}
fs.writeFileSync(
  path.join(out, 'index.ts'),
  ['// Written by packages/contract/scripts/write-addresses.ts: do not edit.', ...written.map((name) => `export * from './${name}';`), ''].join('\n'),
);
for (const name of [...written, 'index']) {
  const file = path.join(out, `${name}.ts`);
  const options = { ...(await prettier.resolveConfig(file)), filepath: file };
  fs.writeFileSync(file, await prettier.format(fs.readFileSync(file, 'utf8'), options));
}
console.log(`wrote ${written.length + 1} files in ${path.relative(process.cwd(), out)}`);
