import { PGlite, parse, protocol, types, type messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type BackendMessages = Awaited<ReturnType<PGlite['execProtocolStream']>>;
interface Statement {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them: what each value is serialised as. */
  paramTypes: number[];
}

/** Named statements kept per database; the least recently used is closed beyond this. */
export const STATEMENT_CACHE_LIMIT = 500;
/** SQLSTATEs after which a kept statement is made anew once: it no longer exists, or its plan no longer fits the tables. */
const STALE_STATEMENT = new Set(['26000', '0A000']);

const { serialize } = protocol;
const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/**
 * PGlite with a statement cache, as node-postgres' named statements and postgres.js's `prepare` give
 * PostgreSQL: each distinct SQL text is parsed and planned once (a named statement in the embedded
 * PostgreSQL), then only bound and executed. PGlite's own `query` parses, describes and plans the
 * text on every call, which in the WebAssembly build costs far more than running a short query
 * (measured: 0.44 ms against 0.07 ms for a primary-key look-up with two subqueries).
 *
 * Everything else is PGlite's: its locks (a query waits for a running transaction, as
 * `PGlite.query` does), its value serialisers, its result parser with drizzle's per-query parsers,
 * its error type, and the flush to disk after each statement outside a transaction. Queries inside
 * `transaction()` use the cache as well. A query with a blob (COPY) goes to PGlite unchanged.
 */
export function withStatementCache(pg: PGlite, limit = STATEMENT_CACHE_LIMIT): PGlite {
  const cache = new Map<string, Statement>();
  let sequence = 0;
  const stream = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  /** Runs one statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean, retried = false): Promise<Results<T>> {
    const messages: BackendMessages = [];
    let statement = cache.get(text);
    try {
      try {
        if (statement) {
          // Most recently used last: the Map's order is the eviction order.
          cache.delete(text);
          cache.set(text, statement);
        } else {
          const name = `portal_s${++sequence}`;
          messages.push(...(await stream(serialize.parse({ name, text, types: options?.paramTypes }))));
          const described = await stream(serialize.describe({ type: 'S', name }));
          statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
          cache.set(text, statement);
          if (cache.size > limit) {
            const [oldText, old] = cache.entries().next().value!;
            cache.delete(oldText);
            await stream(serialize.close({ type: 'S', name: old.name }));
          }
        }
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]!] ?? pg.serializers[types[i]!];
          return serializer ? serializer(value) : String(value);
        });
        messages.push(
          ...(await stream(concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})]))),
        );
      } finally {
        messages.push(...(await stream(serialize.sync())));
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (statement && code && STALE_STATEMENT.has(code)) {
        cache.delete(text);
        // Inside a transaction the error has aborted it: the caller sees the error, the next use parses anew.
        if (!retried && !inTransaction) return run(text, params, options, inTransaction, true);
      }
      if (err && typeof err === 'object') Object.assign(err, { query: text, params });
      throw err;
    }
    if (!inTransaction) await pg.syncToFs();
    return resultOf<T>(messages, options);
  }

  /**
   * PGlite's parseResults for one statement, with its precedence of parsers (the query's, then the
   * database's, then the defaults), looked up per value rather than merged into a new map of every
   * type on each call, which was a fifth of the server's time under load.
   */
  function resultOf<T>(messages: BackendMessages, options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers;
    const parserFor = (type: number) => own?.[type] ?? pg.parsers[type] ?? types.parsers[type];
    let fields: Results['fields'] = [];
    let parsers: Array<((value: string, type: number) => unknown) | undefined> = [];
    const rows: unknown[] = [];
    const asArray = options?.rowMode === 'array';
    let affectedRows = 0;
    let done: Pick<Results, 'affectedRows'> & { command?: string; rowCount?: number } = { affectedRows };
    for (const m of messages) {
      if (m.name === 'rowDescription') {
        fields = (m as messages.RowDescriptionMessage).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        parsers = fields.map((f) => parserFor(f.dataTypeID));
      } else if (m.name === 'dataRow') {
        const values = (m as messages.DataRowMessage).fields.map((v, i) => (v === null ? null : parsers[i] ? parsers[i]!(v, fields[i]!.dataTypeID) : v));
        rows.push(asArray ? values : Object.fromEntries(values.map((v, i) => [fields[i]!.name, v])));
      } else if (m.name === 'commandComplete') {
        const words = (m as messages.CommandCompleteMessage).text.split(' ');
        const command = words[0]!;
        const count = parseInt(words[words.length - 1]!, 10);
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) affectedRows += count;
        done = { command, affectedRows, ...(Number.isNaN(count) ? {} : { rowCount: count }) };
      }
    }
    return { ...done, rows, fields } as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob) return pg.query<T>(text, params, options);
    await pg._checkReady();
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => run<T>(text, params, options, false)));
  }

  function inTransaction(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get(target, prop) {
        if (prop === 'query')
          return <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (target.closed) throw new Error('Transaction is closed');
            if (options?.blob) return target.query<T>(text, params, options);
            return pg._runExclusiveQuery(() => run<T>(text, params, options, true));
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  return new Proxy(pg, {
    get(target, prop) {
      if (prop === 'query') return query;
      if (prop === 'transaction') return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)));
      // PGlite keeps its state in private fields: its methods must run on the instance itself.
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
