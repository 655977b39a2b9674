import type { PDFFont, rgb } from 'pdf-lib';

/** How a run of text is drawn. */
export interface TextStyle {
  font: PDFFont;
  size: number;
  color: ReturnType<typeof rgb>;
}

// Typography the standard fonts lack, written the closest way they can show it.
const NEAR: Record<string, string> = { '≥': '>=', '≤': '<=', '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-' };

/**
 * Text the given standard (WinAnsi) fonts can all draw: whitespace becomes a space, characters
 * they lack their nearest ASCII where there is one, else '?'. Never throws on odd input.
 */
export function makeSanitizer(...fonts: PDFFont[]): (text: string) => string {
  const sets = fonts.map((f) => new Set(f.getCharacterSet()));
  const drawable = (cp: number) => sets.every((s) => s.has(cp));
  return (text) => {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0x3f;
      if (/\s/.test(ch)) out += ' ';
      else if (drawable(cp)) out += ch;
      else out += NEAR[ch] ?? '?';
    }
    return out;
  };
}

/** Word-wraps text to maxWidth, breaking words that are wider than a line on their own. */
export function wrap(text: string, style: TextStyle, maxWidth: number): string[] {
  const width = (s: string) => style.font.widthOfTextAtSize(s, style.size);
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/ +/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    // A single word wider than the line: hard-break it by characters.
    // (Each pass takes at least one character, so a line narrower than one character still ends.)
    while (word && width(word) > maxWidth) {
      const chars = Array.from(word);
      let cut = 1;
      while (cut < chars.length && width(chars.slice(0, cut + 1).join('')) <= maxWidth) cut++;
      lines.push(chars.slice(0, cut).join(''));
      word = chars.slice(cut).join('');
    }
    line = word;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}
