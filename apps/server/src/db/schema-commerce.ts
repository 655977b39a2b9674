import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { kits, practitioners, users } from './schema';

/**
 * Running the practice (issue 7): consignment warehouses, the provider's shipments of kits to
 * them, discount codes and patients' orders. Money is an integer of minor units with its
 * currency. The kits themselves and the transactions live in schema.ts.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const practitionerRef = () =>
  uuid('practitioner_id')
    .notNull()
    .references(() => practitioners.id, { onDelete: 'cascade' });

/** SPEC §3 'Warehouse': the form's eight fields, coordinates from the geocoder (or null) and primary. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    name: text('name').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactNumber: text('contact_number').notNull(),
    streetAddress: text('street_address').notNull(),
    suburb: text('suburb').notNull(),
    state: text('state').notNull(),
    postalCode: text('postal_code').notNull(),
    countryCode: text('country_code').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    primary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('warehouses_practitioner_idx').on(t.practitionerId, t.createdAt),
    // At most one primary warehouse per practice, whatever the timing of two requests.
    uniqueIndex('warehouses_primary_idx')
      .on(t.practitionerId)
      .where(sql`${t.primary}`),
    check('warehouses_coordinates_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
  ],
);

/** A shipment of kits from the provider to a warehouse: in transit until the practitioner receives it. */
export const consignments = pgTable(
  'consignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    kitCount: integer('kit_count').notNull(),
    dispatchedAt: timestamp('dispatched_at', {
      withTimezone: true,
      mode: 'date',
    })
      .notNull()
      .defaultNow(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('consignments_practitioner_idx').on(t.practitionerId, t.dispatchedAt.desc()),
    index('consignments_warehouse_idx').on(t.warehouseId),
    check('consignments_kit_count_check', sql`${t.kitCount} between 1 and 500`),
  ],
);

/** SPEC §3 'Discount code'. The code is stored normalised (upper case, no spaces) and unique across practices. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    code: text('code').notNull(),
    ruleType: text('rule_type').notNull(),
    /** Whole percent for 'percentage', minor units for 'fixed'. */
    value: integer('value').notNull(),
    currency: text('currency').notNull(),
    minimumOrderCents: integer('minimum_order_cents').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }),
    usageLimit: integer('usage_limit'),
    usageCount: integer('usage_count').notNull().default(0),
    upsell: text('upsell').notNull().default(''),
    appliesTo: text('applies_to').array().notNull(),
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    addNewKit: boolean('add_new_kit').notNull().default(false),
    deactivatedAt: timestamp('deactivated_at', {
      withTimezone: true,
      mode: 'date',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(sql`upper(${t.code})`),
    index('discount_codes_practitioner_idx').on(t.practitionerId, t.createdAt.desc(), t.id),
    check('discount_codes_rule_type_check', sql`${t.ruleType} in ('percentage', 'fixed')`),
    check('discount_codes_value_check', sql`${t.value} >= 1 and (${t.ruleType} <> 'percentage' or ${t.value} <= 100)`),
    check('discount_codes_minimum_check', sql`${t.minimumOrderCents} >= 0`),
    check('discount_codes_validity_check', sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`),
    check(
      'discount_codes_usage_check',
      sql`${t.usageCount} >= 0 and (${t.usageLimit} is null or (${t.usageLimit} >= 1 and ${t.usageCount} <= ${t.usageLimit}))`,
    ),
    check('discount_codes_applies_to_check', sql`cardinality(${t.appliesTo}) >= 1 and ${t.appliesTo} <@ array['kit', 'consultation']::text[]`),
  ],
);

/** A patient's order through a practice (the patient API), with the code it used and the kit it took. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    practitionerId: practitionerRef(),
    product: text('product').notNull(),
    quantity: smallint('quantity').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    upsell: text('upsell'),
    requiresShipping: boolean('requires_shipping').notNull().default(false),
    kitId: uuid('kit_id').references(() => kits.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_practitioner_idx').on(t.practitionerId, t.createdAt.desc()),
    index('orders_patient_idx').on(t.patientId, t.createdAt.desc()),
    check('orders_product_check', sql`${t.product} in ('kit', 'consultation')`),
    check('orders_quantity_check', sql`${t.quantity} between 1 and 10`),
    check(
      'orders_amounts_check',
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} between 0 and ${t.subtotalCents} and ${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`,
    ),
  ],
);
