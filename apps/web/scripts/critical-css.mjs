// Writes dist/.ssr/visitor-home.css: the rules of the portal's stylesheet that apply to the visitor
// home the server prerenders (dist/.ssr/prerender.js). The server inlines them into that page and
// loads the whole stylesheet without blocking the first paint; the rules are the stylesheet's own,
// in its order, so the page looks the same before and after the whole stylesheet arrives.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import postcss from 'postcss';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const [cssFile] = manifest['index.html']?.css ?? [];
if (!cssFile) throw new Error('the entry has no stylesheet in the build manifest');

// The markup does not depend on the run-time configuration's values, only its shape: the local defaults.
const { renderVisitorHome } = await import(pathToFileURL(path.join(dist, '.ssr/prerender.js')).href);
const markup = await renderVisitorHome({ portalUrl: 'http://localhost' });
const { document } = new JSDOM(
  `<!doctype html><html lang="en" data-mantine-color-scheme="light"><head></head><body><div id="root">${markup}</div></body></html>`,
).window;

// States and parts a selector may name that a first paint has no element for: matched without them.
const STATEFUL =
  /::?(?:before|after|placeholder|selection|marker|backdrop|file-selector-button|-webkit-[\w-]+|-moz-[\w-]+)|:(?:hover|active|focus-visible|focus-within|focus|visited|link|checked|disabled|enabled|indeterminate|placeholder-shown|invalid|valid|autofill|target)(?![\w-])/g;

function applies(selector) {
  const bare = selector.replace(STATEFUL, '').trim() || '*';
  try {
    return document.querySelector(bare) !== null;
  } catch {
    return true; // a selector jsdom cannot read (:host, say) is kept rather than guessed at
  }
}

const root = postcss.parse(fs.readFileSync(path.join(dist, cssFile), 'utf8'));
root.walkRules((rule) => {
  if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return;
  const kept = rule.selectors.filter(applies);
  if (kept.length === 0) rule.remove();
  else rule.selectors = kept;
});
// Media queries and the like left empty go; animations only if something kept names them.
root.walkAtRules((at) => {
  if (/keyframes$/i.test(at.name)) return;
  if (at.nodes && at.nodes.length === 0) at.remove();
});
const used = root.toString();
root.walkAtRules(/keyframes$/i, (at) => {
  if (!new RegExp(`animation(-name)?:[^;}]*\\b${at.params.trim()}\\b`).test(used)) at.remove();
});
const css = root.toString();
fs.writeFileSync(path.join(dist, '.ssr/visitor-home.css'), css);
console.log(
  `critical-css: ${(css.length / 1024).toFixed(1)} KiB of ${cssFile}'s ${(fs.statSync(path.join(dist, cssFile)).size / 1024).toFixed(1)} KiB apply to the visitor home`,
);
