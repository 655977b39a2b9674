import { timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns every schema file writes the same way. No table lives here, and this file imports no
 * schema file, so each of them may import it whatever their one-way order (decision 014).
 */

/** A point in time: always with its time zone, read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () => instant('updated_at').notNull().defaultNow();
