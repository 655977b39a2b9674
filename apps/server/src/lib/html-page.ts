/**
 * The shell of the server-rendered pages, with the sign-on's look (its stylesheet is served by
 * modules/sso): the sign-on's forms and messages, and the dev mailbox (modules/system).
 */

export const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} | Practitioner Portal sign-on</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/sso/static/sso.css">
</head>
<body>
<main class="card">
<p class="brand">Practitioner Portal</p>
${body}
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string, link?: { href: string; label: string }) {
  return page(title, `<h1>${esc(title)}</h1><p role="alert">${esc(message)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}`);
}
