import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { dataRequests, practitionerRef, practitioners, sessions, users } from './schema-core';
import { createdAt, instant, updatedAt } from './columns';

/**
 * Running the practice (issue 7): consignment warehouses, the provider's shipments of kits to
 * them, the kits themselves, discount codes, patients' orders and the practice's transactions.
 * Money is an integer of minor units with its currency. Imports only schema-core.ts (decision 014).
 */

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
    receivedAt: instant('received_at'),
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

/** A kit the provider ships: its sample label, collections and where it is in the lab's steps. */
export const kits = pgTable(
  'kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sampleLabel: text('sample_label').notNull(),
    practitionerId: uuid('practitioner_id').references(() => practitioners.id, { onDelete: 'set null' }),
    patientId: uuid('patient_id').references(() => users.id, { onDelete: 'set null' }),
    /** A kit serves one session at most: the unique index enforces it. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('in_stock'),
    collectionIds: integer('collection_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The warehouse and consignment a kit came in with; both null for kits stocked directly with the practice. */
    warehouseId: uuid('warehouse_id').references(() => warehouses.id, { onDelete: 'set null' }),
    consignmentId: uuid('consignment_id').references(() => consignments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('kits_sample_label_idx').on(t.sampleLabel),
    uniqueIndex('kits_session_idx').on(t.sessionId),
    index('kits_practitioner_idx').on(t.practitionerId),
    index('kits_practitioner_created_idx').on(t.practitionerId, t.createdAt.desc(), t.id),
    index('kits_consignment_idx').on(t.consignmentId),
    check('kits_status_check', sql`${t.status} in ('in_stock', 'assigned', 'sample_received', 'processing', 'results_available')`),
  ],
);

/**
 * Money of the practice, in minor units (cents) with its currency, signed from the practice's side:
 * sales positive, fees owed and discounts given negative.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practitionerId: practitionerRef(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    dataRequestId: uuid('data_request_id').references(() => dataRequests.id, { onDelete: 'set null' }),
    /** The patient order a sale or discount belongs to. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    dueAt: instant('due_at'),
    paidAt: instant('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_practitioner_idx').on(t.practitionerId, t.createdAt.desc(), t.id),
    index('transactions_practitioner_kind_idx').on(t.practitionerId, t.kind, t.createdAt.desc(), t.id),
    // What is still owed: the overdue and due filters and the totals' outstanding figure.
    index('transactions_unpaid_idx')
      .on(t.practitionerId, t.dueAt)
      .where(sql`${t.paidAt} is null`),
    index('transactions_order_idx').on(t.orderId),
    uniqueIndex('transactions_data_request_idx').on(t.dataRequestId),
    check('transactions_kind_check', sql`${t.kind} in ('data_request_fee', 'kit_sale', 'consultation_sale', 'discount')`),
    check(
      'transactions_sign_check',
      sql`(${t.kind} in ('kit_sale', 'consultation_sale') and ${t.amountCents} >= 0) or (${t.kind} in ('data_request_fee', 'discount') and ${t.amountCents} <= 0)`,
    ),
  ],
);
