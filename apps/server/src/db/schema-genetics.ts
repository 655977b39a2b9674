import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kits } from './schema-commerce';
import { createdAt } from './columns';

/**
 * What the lab returns for a kit: its raw genotype file and the results the genetics module computes
 * from it. Sits after schema-commerce.ts (which holds kits) in the one-way order of decision 014.
 */

/** The lab's raw genotype file for a kit (consumer format), and whether it is synthetic demo data. */
export const genotypeFiles = pgTable(
  'genotype_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kitId: uuid('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    synthetic: boolean('synthetic').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('genotype_files_kit_idx').on(t.kitId)],
);

/** Results computed from a kit's genotype file by the genetics module. */
export const results = pgTable(
  'results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kitId: uuid('kit_id')
      .notNull()
      .references(() => kits.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    data: jsonb('data').notNull(),
    engineVersion: text('engine_version').notNull(),
    computedAt: createdAt(),
  },
  (t) => [index('results_kit_idx').on(t.kitId)],
);
