import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvFileName, exportTransactionsCsv } from './export-csv';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const CSV = 'Date,Type,Description,Amount,Currency,State,Due,Paid,Session\n2026-11-20,Data request fee,Data request,-250.00,ZAR,Due,2026-12-04,,\n';

describe('CSV export', () => {
  it('fetches the filtered CSV through the API client and downloads it from a Blob URL', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(CSV, {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="transactions-2026-11.csv"',
            'x-export-rows': '1',
            'x-export-truncated': 'false',
          },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    let blob: Blob | null = null;
    const createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:portal/1';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const { name, rows, truncated } = await exportTransactionsCsv({ kind: 'data_request_fee', from: '2026-11-01' });
    expect(rows).toBe(1);
    expect(truncated).toBe(false);

    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/portal\/transactions\/export\.csv\?kind=data_request_fee&from=2026-11-01$/);
    expect((init.headers as Record<string, string>).Accept).toBe('text/csv');
    expect(name).toBe('transactions-2026-11.csv');
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.download).toBe('transactions-2026-11.csv');
    expect(clicked[0]!.href).toBe('blob:portal/1');
    expect(await blob!.text()).toBe(CSV);
    // The link does not stay in the page.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('a failed export is an error, not an empty file', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: { code: '500505', message: 'x' } }), { status: 500 })),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    await expect(exportTransactionsCsv({})).rejects.toMatchObject({ code: '500505' });
    expect(click).not.toHaveBeenCalled();
  });

  it('names the file after the filters when the server names none', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    expect(csvFileName(null, {}, now)).toBe('transactions-2026-11-21.csv');
    expect(csvFileName(null, { from: '2026-01-01', to: '2026-03-31' }, now)).toBe('transactions-2026-01-01_to_2026-03-31.csv');
    expect(csvFileName("attachment; filename*=UTF-8''tx%20list.csv", {}, now)).toBe('tx list.csv');
  });
});
