CREATE TABLE "program_pauses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"reason_id" integer NOT NULL,
	"description" text,
	"paused_at" date NOT NULL,
	"resumed_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spraying_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"spraying_id" integer NOT NULL,
	"pesticide_id" integer NOT NULL,
	"dose" double precision NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "spraying_products_unique" UNIQUE("account_id","spraying_id","pesticide_id")
);
--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "season_crop_id" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "main_disease_id" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "secondary_disease_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "severity_id" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "white_mold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "white_mold_sprayings" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "rational" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "expected_emergence" date;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "cycle_days" integer;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "imported_from_id" integer;--> statement-breakpoint
ALTER TABLE "sprayings" ADD COLUMN "original_date" date;--> statement-breakpoint
ALTER TABLE "sprayings" ADD COLUMN "white_mold" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "program_pauses" ADD CONSTRAINT "program_pauses_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_pauses" ADD CONSTRAINT "program_pauses_reason_id_paused_climate_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."paused_climate_reasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spraying_products" ADD CONSTRAINT "spraying_products_spraying_id_sprayings_id_fk" FOREIGN KEY ("spraying_id") REFERENCES "public"."sprayings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spraying_products" ADD CONSTRAINT "spraying_products_pesticide_id_pesticides_id_fk" FOREIGN KEY ("pesticide_id") REFERENCES "public"."pesticides"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "program_pauses_program_index" ON "program_pauses" USING btree ("account_id","program_id");--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_main_disease_id_diseases_id_fk" FOREIGN KEY ("main_disease_id") REFERENCES "public"."diseases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_severity_id_severity_levels_id_fk" FOREIGN KEY ("severity_id") REFERENCES "public"."severity_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programs_account_variety_index" ON "programs" USING btree ("account_id","farm_variety_id");