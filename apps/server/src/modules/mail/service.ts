import { esc } from '../../lib/html-page';

/**
 * One line of a mail, written once and rendered twice (decision 025): as the plain-text part and as
 * the HTML part. A string is text; a list of pieces mixes text with links, which are the only markup
 * the HTML part gets. Nothing interpolated becomes markup: every piece of text is escaped, and a link
 * is one only where the sender made it one (a name that looks like an address stays text). An
 * empty string ends a paragraph; '--' opens the footer.
 */
export type MailLine = string | ReadonlyArray<string | MailLink>;
interface MailLink {
  href: string;
}

/** What the mailer sends: both parts, and the page that stops such mail (null where the recipient has none). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The List-Unsubscribe target (RFC 2369): a page, never a one-click POST target (RFC 8058), since it needs a sign-in. */
  listUnsubscribe: string | null;
}

/** Where a practitioner chooses which mails they get, and when: what every mail to a practitioner unsubscribes with. */
export const notificationSettingsUrl = (portalUrl: string) => `${portalUrl}/settings?tab=notifications`;

const pieces = (line: MailLine) => (typeof line === 'string' ? [line] : line);

function hrefOf(link: MailLink): string {
  // The portal's own pages and the provider's contact page only: never a javascript: or data: address.
  if (!/^https?:\/\//i.test(link.href)) throw new Error('mail: a link must be an http(s) address');
  return link.href;
}

function textOf(lines: readonly MailLine[]): string {
  return lines
    .map((line) =>
      pieces(line)
        .map((p) => (typeof p === 'string' ? p : hrefOf(p)))
        .join(''),
    )
    .join('\n');
}

function htmlLine(line: MailLine): string {
  return pieces(line)
    .map((p) => (typeof p === 'string' ? esc(p) : `<a href="${esc(hrefOf(p))}" style="color:#1d4ed8">${esc(hrefOf(p))}</a>`))
    .join('');
}

/** Paragraphs of consecutive lines (each on its own line, as in the text part); '--' starts the smaller footer. */
function htmlOf(subject: string, lines: readonly MailLine[]): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let inFooter = false;
  const flush = () => {
    if (paragraph.length) blocks.push(`<p style="margin:0 0 16px">${paragraph.join('<br>\n')}</p>`);
    paragraph = [];
  };
  for (const line of lines) {
    if (line === '') flush();
    else if (line === '--' && !inFooter) {
      flush();
      inFooter = true;
      blocks.push('<hr style="border:none;border-top:1px solid #d0d5dd;margin:24px 0 16px">\n<div style="font-size:13px;color:#52606d">');
    } else paragraph.push(htmlLine(line));
  }
  flush();
  if (inFooter) blocks.push('</div>');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(subject)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933;background:#ffffff">',
    ...blocks,
    '</body>',
    '</html>',
  ].join('\n');
}

/** A mail with its plain-text and HTML parts made from the same lines. */
export function composeMail(m: { to: string; subject: string; lines: readonly MailLine[]; listUnsubscribe: string | null }): Mail {
  return { to: m.to, subject: m.subject, text: textOf(m.lines), html: htmlOf(m.subject, m.lines), listUnsubscribe: m.listUnsubscribe };
}
