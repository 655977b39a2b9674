/**
 * `npm run admin -- kits …` and `npm run admin -- transactions …`: the provider's side of kits and
 * fees from the terminal, through the admin API of a running portal (kits/admin-routes.ts,
 * transactions/admin-routes.ts). Wired into admin.ts.
 */
export const COMMERCE_USAGE = `  kits consign EMAIL --count N [--collections 1,2,3]   send N kits (1-500) to a practice: to its primary warehouse (in transit until received) or straight into its stock
  kits advance LABEL                                   the lab's next step for a kit (assigned → sample received → processing → results available)
  transactions pay ID                                  mark a data-request fee paid`;

interface Options {
  base: string;
  token: string;
  count?: string;
  collections?: string;
  fail: (message: string) => Error;
}

async function post<T>(o: Options, path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${o.base}/api/admin${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${o.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw o.fail(`Cannot reach the portal at ${o.base}: is it running (npm start)?`);
  }
  const data = (await res.json().catch(() => null)) as {
    error?: { message?: string; fieldErrors?: Record<string, string[]> };
  } | null;
  if (!res.ok) {
    if (res.status === 401) throw o.fail('The portal refused the admin token (HTTP 401).');
    const fields = Object.entries(data?.error?.fieldErrors ?? {})
      .map(([k, v]) => `\n  ${k}: ${v.join(', ')}`)
      .join('');
    throw o.fail(`${data?.error?.message ?? 'The portal refused the request'} (HTTP ${res.status})${fields}`);
  }
  return data as T;
}

export async function runCommerceCommand(area: 'kits' | 'transactions', command: string | undefined, arg: string | undefined, o: Options): Promise<void> {
  const need = (value: string | undefined, what: string) => {
    if (!value) throw o.fail(`${what} is required.\n\n${COMMERCE_USAGE}`);
    return value;
  };
  if (area === 'kits' && command === 'consign') {
    const count = Number(need(o.count, '--count N'));
    if (!Number.isInteger(count) || count < 1 || count > 500) throw o.fail('--count must be a whole number from 1 to 500.');
    const collectionIds = o.collections ? o.collections.split(',').map((s) => Number(s.trim())) : undefined;
    const r = await post<{
      consignment: { id: string; warehouseID: string } | null;
      kits: Array<{ sampleLabel: string }>;
    }>(o, '/consignments', {
      practitionerEmail: need(arg, 'EMAIL'),
      count,
      collectionIds,
    });
    console.log(
      r.consignment
        ? `Consignment ${r.consignment.id} of ${r.kits.length} kits is on its way to warehouse ${r.consignment.warehouseID}; the practice marks it received on /warehousing.`
        : `${r.kits.length} kits are in the practice's stock (it has no warehouse).`,
    );
    for (const k of r.kits) console.log(`  ${k.sampleLabel}`);
    return;
  }
  if (area === 'kits' && command === 'advance') {
    const label = need(arg, 'LABEL');
    const r = await post<{ sampleLabel: string; status: string }>(o, `/kits/${encodeURIComponent(label)}/advance`);
    console.log(`Kit ${r.sampleLabel} is now ${r.status.replace(/_/g, ' ')}.`);
    return;
  }
  if (area === 'transactions' && command === 'pay') {
    const id = need(arg, 'ID');
    const r = await post<{ description: string; paidAt: string }>(o, `/transactions/${encodeURIComponent(id)}/paid`);
    console.log(`${r.description} ${id} marked paid at ${r.paidAt}.`);
    return;
  }
  throw o.fail(`Unknown command '${area} ${command ?? ''}'.\n\n${COMMERCE_USAGE}`);
}
