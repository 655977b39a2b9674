CREATE TABLE "consignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"kit_count" integer NOT NULL,
	"dispatched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	CONSTRAINT "consignments_kit_count_check" CHECK ("consignments"."kit_count" between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rule_type" text NOT NULL,
	"value" integer NOT NULL,
	"currency" text NOT NULL,
	"minimum_order_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"usage_limit" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"upsell" text DEFAULT '' NOT NULL,
	"applies_to" text[] NOT NULL,
	"requires_shipping" boolean DEFAULT false NOT NULL,
	"add_new_kit" boolean DEFAULT false NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_rule_type_check" CHECK ("discount_codes"."rule_type" in ('percentage', 'fixed')),
	CONSTRAINT "discount_codes_value_check" CHECK ("discount_codes"."value" >= 1 and ("discount_codes"."rule_type" <> 'percentage' or "discount_codes"."value" <= 100)),
	CONSTRAINT "discount_codes_minimum_check" CHECK ("discount_codes"."minimum_order_cents" >= 0),
	CONSTRAINT "discount_codes_validity_check" CHECK ("discount_codes"."valid_until" is null or "discount_codes"."valid_until" >= "discount_codes"."valid_from"),
	CONSTRAINT "discount_codes_usage_check" CHECK ("discount_codes"."usage_count" >= 0 and ("discount_codes"."usage_limit" is null or ("discount_codes"."usage_limit" >= 1 and "discount_codes"."usage_count" <= "discount_codes"."usage_limit"))),
	CONSTRAINT "discount_codes_applies_to_check" CHECK (cardinality("discount_codes"."applies_to") >= 1 and "discount_codes"."applies_to" <@ array['kit', 'consultation']::text[])
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"product" text NOT NULL,
	"quantity" smallint NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"discount_code_id" uuid,
	"upsell" text,
	"requires_shipping" boolean DEFAULT false NOT NULL,
	"kit_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_product_check" CHECK ("orders"."product" in ('kit', 'consultation')),
	CONSTRAINT "orders_quantity_check" CHECK ("orders"."quantity" between 1 and 10),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."subtotal_cents" >= 0 and "orders"."discount_cents" between 0 and "orders"."subtotal_cents" and "orders"."total_cents" = "orders"."subtotal_cents" - "orders"."discount_cents")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"contact_person" text NOT NULL,
	"contact_number" text NOT NULL,
	"street_address" text NOT NULL,
	"suburb" text NOT NULL,
	"state" text NOT NULL,
	"postal_code" text NOT NULL,
	"country_code" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouses_coordinates_check" CHECK (("warehouses"."latitude" is null) = ("warehouses"."longitude" is null))
);
--> statement-breakpoint
DROP INDEX "transactions_practitioner_idx";--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "warehouse_id" uuid;--> statement-breakpoint
ALTER TABLE "kits" ADD COLUMN "consignment_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignments" ADD CONSTRAINT "consignments_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kit_id_kits_id_fk" FOREIGN KEY ("kit_id") REFERENCES "public"."kits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_practitioner_id_practitioners_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."practitioners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consignments_practitioner_idx" ON "consignments" USING btree ("practitioner_id","dispatched_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consignments_warehouse_idx" ON "consignments" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "discount_codes_practitioner_idx" ON "discount_codes" USING btree ("practitioner_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_practitioner_idx" ON "orders" USING btree ("practitioner_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_patient_idx" ON "orders" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warehouses_practitioner_idx" ON "warehouses" USING btree ("practitioner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_primary_idx" ON "warehouses" USING btree ("practitioner_id") WHERE "warehouses"."is_primary";--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kits" ADD CONSTRAINT "kits_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kits_practitioner_created_idx" ON "kits" USING btree ("practitioner_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "kits_consignment_idx" ON "kits" USING btree ("consignment_id");--> statement-breakpoint
CREATE INDEX "transactions_practitioner_kind_idx" ON "transactions" USING btree ("practitioner_id","kind","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "transactions_unpaid_idx" ON "transactions" USING btree ("practitioner_id","due_at") WHERE "transactions"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "transactions_order_idx" ON "transactions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "transactions_practitioner_idx" ON "transactions" USING btree ("practitioner_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
-- Hand-added: data-request fees were stored positive; from the practice's side they are owed, so negative.
UPDATE "transactions" SET "amount_cents" = -"amount_cents" WHERE "kind" = 'data_request_fee' AND "amount_cents" > 0;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_kind_check" CHECK ("transactions"."kind" in ('data_request_fee', 'kit_sale', 'consultation_sale', 'discount'));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_check" CHECK (("transactions"."kind" in ('kit_sale', 'consultation_sale') and "transactions"."amount_cents" >= 0) or ("transactions"."kind" in ('data_request_fee', 'discount') and "transactions"."amount_cents" <= 0));