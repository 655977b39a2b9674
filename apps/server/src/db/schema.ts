/**
 * Every table, for drizzle-kit (drizzle.config.ts), the typed db (client.ts) and the modules. Only
 * re-exports: no schema-*.ts file imports this barrel, so it closes no cycle (decision 014). The
 * files' one-way order: schema-core <- schema-commerce <- schema-genetics, schema-pgx,
 * schema-notifications; schema-core <- the others; schema-audit imports none.
 */
export * from './schema-core';
export * from './schema-commerce';
export * from './schema-genetics';
export * from './schema-journals';
export * from './schema-practice';
export * from './schema-pgx';
export * from './schema-audit';
export * from './schema-ask-ai';
export * from './schema-calendar';
export * from './schema-notifications';
