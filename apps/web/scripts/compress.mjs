// Writes .br and .gz beside the build output: the server does not compress on the fly, it serves
// these with `preCompressed` (STACK pitfall 9).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // dist/.ssr holds the server's prerenderer: never served, so not compressed either.
    if (entry.isDirectory()) {
      if (entry.name !== '.ssr') yield* walk(full);
    } else yield full;
  }
}

let count = 0;
for (const file of walk(dist)) {
  if (!EXTENSIONS.has(path.extname(file))) continue;
  const raw = fs.readFileSync(file);
  if (raw.length <= MIN_BYTES) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }));
  count += 1;
}
console.log(`compress: wrote .br and .gz for ${count} files in ${path.relative(process.cwd(), dist) || dist}`);
