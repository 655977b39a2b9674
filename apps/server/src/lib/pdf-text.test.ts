import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { wrap } from './pdf-text';

describe('wrap', () => {
  it('fills lines up to the width and hard-breaks a word wider than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const style = { font, size: 10, color: rgb(0, 0, 0) };
    const lines = wrap('a b c ' + 'x'.repeat(60), style, 100);
    expect(lines[0]).toBe('a b c');
    for (const l of lines) expect(font.widthOfTextAtSize(l, 10)).toBeLessThanOrEqual(100);
    expect(lines.slice(1).join('')).toBe('x'.repeat(60));
  });

  it('ends even when the line is narrower than one character (one character a line)', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const style = { font, size: 10, color: rgb(0, 0, 0) };
    expect(wrap('abc de', style, -5)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});
