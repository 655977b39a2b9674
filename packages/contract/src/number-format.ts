/**
 * The portal's one number format: Intl's for the configured locale (DEFAULT_LOCALE, en-ZA by
 * default) for scores, percentages and money alike, so they agree on the decimal and grouping
 * separators (en-ZA: decimal comma, no-break space between thousands). The web passes its
 * configured locale, the server env.DEFAULT_LOCALE. See docs/decisions/008-one-number-format.md.
 */

const formats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for the locale and options, made once and kept (the constructor is costly). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/** The locale's decimal and grouping separators ('en-ZA': ',' and a no-break space). */
export function numberSeparators(locale: string): { decimal: string; group: string } {
  const parts = numberFormat(locale).formatToParts(12345.6);
  return { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
}

/**
 * Money held in integer minor units, in the locale's currency format ('R 1 499,00' in en-ZA).
 * Dividing by 100 is exact enough: the float nearest to n/100 rounds back to n/100 at two
 * decimals for any amount below 10^13 cents.
 */
export function formatMoney(amountCents: number, currency: string, locale: string): string {
  return numberFormat(locale, { style: 'currency', currency }).format(amountCents / 100);
}

/**
 * Parses an amount as a user types it into minor units, or null. Spaces never count; the locale's
 * grouping mark counts only where it groups thousands ('1,500.50' in en-GB); the decimal mark may
 * be a point or a comma with one or two digits after it ('99,50' and '99.50' alike). Anything
 * else is refused rather than guessed: '1,500' in en-ZA, whose comma is the decimal mark, could
 * mean 1.5 or 1500.
 */
export function parseMoney(raw: string, locale: string): number | null {
  const { decimal, group } = numberSeparators(locale);
  let value = raw.replace(/\s/g, '');
  if (!/\s/.test(group) && group !== decimal) {
    const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    if (new RegExp(`^\\d{1,3}(?:${esc(group)}\\d{3})+(?:${esc(decimal)}\\d{1,2})?$`).test(value)) value = value.split(group).join('');
  }
  const match = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
