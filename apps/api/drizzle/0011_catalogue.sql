CREATE TABLE "account_pesticide_values" (
	"account_id" integer NOT NULL,
	"pesticide_id" integer NOT NULL,
	"price" numeric(14, 2),
	"dose" double precision,
	"uses" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_pesticide_values_pk" PRIMARY KEY("account_id","pesticide_id")
);
--> statement-breakpoint
CREATE TABLE "catalogue_views" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"category" text NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "catalogue_views_pk" PRIMARY KEY("account_id","day","category","item_id")
);
--> statement-breakpoint
CREATE TABLE "pesticide_doses" (
	"pesticide_id" integer NOT NULL,
	"disease_id" integer NOT NULL,
	"registered" boolean,
	"dose_min" double precision,
	"dose_max" double precision,
	"dose_unit" text,
	CONSTRAINT "pesticide_doses_pk" PRIMARY KEY("pesticide_id","disease_id")
);
--> statement-breakpoint
CREATE TABLE "pesticide_efficacies" (
	"pesticide_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"disease_id" integer NOT NULL,
	"efficacy" double precision NOT NULL,
	"tag" text NOT NULL,
	"source_id" text NOT NULL,
	"note" text,
	CONSTRAINT "pesticide_efficacies_pk" PRIMARY KEY("pesticide_id","country_id","disease_id"),
	CONSTRAINT "pesticide_efficacies_tag" CHECK ("pesticide_efficacies"."tag" in ('S', 'D', 'A'))
);
--> statement-breakpoint
CREATE TABLE "pesticides" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"categories" text[] NOT NULL,
	"classes" text[] NOT NULL,
	"company" text,
	"registration_number" text,
	"formulation" text,
	"crop_ids" integer[] NOT NULL,
	"toxicological_class" text,
	"environmental_class" text,
	"is_corrosive" boolean,
	"is_flammable" boolean,
	"packaging" jsonb,
	"leaflet_link" text,
	"actives" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"white_mold" boolean NOT NULL,
	"search_text" text NOT NULL,
	"chemical_group_keys" text[] NOT NULL,
	"active_keys" text[] NOT NULL,
	"target_keys" text[] NOT NULL,
	"source_id" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pesticides_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "varieties" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"crop_id" integer NOT NULL,
	"country_ids" integer[] NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"gmr" double precision,
	"growth_habit" text,
	"cycle_class" text,
	"min_cycle" integer,
	"max_cycle" integer,
	"rust_tolerant" boolean,
	"min_population" double precision,
	"max_population" double precision,
	"start_sowing" smallint,
	"end_sowing" smallint,
	"gmo" boolean,
	"region_states" text[],
	"registration_number" text,
	"reactions" jsonb NOT NULL,
	"search_text" text NOT NULL,
	"target_keys" text[] NOT NULL,
	"source_id" text NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	CONSTRAINT "varieties_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "variety_solicitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"suggestion_name" text NOT NULL,
	"suggestion_description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_pesticide_values" ADD CONSTRAINT "account_pesticide_values_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_pesticide_values" ADD CONSTRAINT "account_pesticide_values_pesticide_id_pesticides_id_fk" FOREIGN KEY ("pesticide_id") REFERENCES "public"."pesticides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_views" ADD CONSTRAINT "catalogue_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_doses" ADD CONSTRAINT "pesticide_doses_pesticide_id_pesticides_id_fk" FOREIGN KEY ("pesticide_id") REFERENCES "public"."pesticides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_doses" ADD CONSTRAINT "pesticide_doses_disease_id_diseases_id_fk" FOREIGN KEY ("disease_id") REFERENCES "public"."diseases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_efficacies" ADD CONSTRAINT "pesticide_efficacies_pesticide_id_pesticides_id_fk" FOREIGN KEY ("pesticide_id") REFERENCES "public"."pesticides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_efficacies" ADD CONSTRAINT "pesticide_efficacies_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticide_efficacies" ADD CONSTRAINT "pesticide_efficacies_disease_id_diseases_id_fk" FOREIGN KEY ("disease_id") REFERENCES "public"."diseases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticides" ADD CONSTRAINT "pesticides_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varieties" ADD CONSTRAINT "varieties_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variety_solicitations" ADD CONSTRAINT "variety_solicitations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variety_solicitations" ADD CONSTRAINT "variety_solicitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pesticides_country_index" ON "pesticides" USING btree ("country_id","listed");--> statement-breakpoint
CREATE INDEX "varieties_crop_index" ON "varieties" USING btree ("crop_id","listed");--> statement-breakpoint
CREATE INDEX "variety_solicitations_account_index" ON "variety_solicitations" USING btree ("account_id","created_at");--> statement-breakpoint
ALTER TABLE "farm_varieties" ADD CONSTRAINT "farm_varieties_variety_id_varieties_id_fk" FOREIGN KEY ("variety_id") REFERENCES "public"."varieties"("id") ON DELETE restrict ON UPDATE no action;