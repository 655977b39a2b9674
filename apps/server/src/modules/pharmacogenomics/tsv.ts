/**
 * Tab-separated text as the knowledge-base files and PharmCAT write it: one record per line, and
 * a field may be quoted ("…", with "" for a quote inside) when it holds quotes, tabs or newlines.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let atFieldStart = true;
  while (i < s.length) {
    const c = s[i]!;
    if (atFieldStart && c === '"') {
      // Quoted field: up to the closing quote that is not doubled.
      i++;
      for (;;) {
        if (i >= s.length) throw new Error('an unterminated quoted field');
        const q = s[i]!;
        if (q === '"') {
          if (s[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += q;
        i++;
      }
      atFieldStart = false;
      continue;
    }
    if (c === '\t') {
      row.push(field);
      field = '';
      atFieldStart = true;
      i++;
      continue;
    }
    if (c === '\n' || c === '\r') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      atFieldStart = true;
      i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    field += c;
    atFieldStart = false;
    i++;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  // Blank lines carry nothing.
  return rows.filter((r) => !(r.length === 1 && r[0]!.trim() === ''));
}

/** Rows as records keyed by the header line's names. */
export function parseTsvRecords(text: string): { header: string[]; records: Array<Record<string, string>> } {
  const [header, ...rest] = parseTsv(text);
  if (!header) return { header: [], records: [] };
  const names = header.map((h) => h.trim());
  const records = rest.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i] ?? ''])));
  return { header: names, records };
}
