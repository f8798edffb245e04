CREATE TABLE "billing_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tier_id" integer NOT NULL,
	"interval_count" smallint NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"names" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_plans_interval" CHECK ("billing_plans"."interval_count" in (1, 6, 12)),
	CONSTRAINT "billing_plans_price_positive" CHECK ("billing_plans"."price" > 0),
	CONSTRAINT "billing_plans_status" CHECK ("billing_plans"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"subscription_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method_code" text NOT NULL,
	"due_date" date NOT NULL,
	"typable_line" text,
	"barcode" text,
	"provider_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_status" CHECK ("bills"."status" in ('pending', 'paid', 'expired', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_attempts_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"registry_code" text NOT NULL,
	"address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_account_id_unique" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"holder_name" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_profiles_account_id_unique" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"billing_plan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"payment_method_code" text NOT NULL,
	"payment_profile_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text,
	"paid_until" date,
	"next_bill_date" date,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_account_id_unique" UNIQUE("account_id","id"),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('pending', 'active', 'canceled', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "billing_plans" ADD CONSTRAINT "billing_plans_tier_id_plans_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_subscription_fk" FOREIGN KEY ("account_id","subscription_id") REFERENCES "public"."subscriptions"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."payment_customers"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_plan_id_billing_plans_id_fk" FOREIGN KEY ("billing_plan_id") REFERENCES "public"."billing_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_fk" FOREIGN KEY ("account_id","customer_id") REFERENCES "public"."payment_customers"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_profile_fk" FOREIGN KEY ("account_id","payment_profile_id") REFERENCES "public"."payment_profiles"("account_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_plans_tier_idx" ON "billing_plans" USING btree ("tier_id");--> statement-breakpoint
CREATE INDEX "bills_account_subscription_idx" ON "bills" USING btree ("account_id","subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_status_idx" ON "subscriptions" USING btree ("account_id","status");