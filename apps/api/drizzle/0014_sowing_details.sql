CREATE TABLE "harvests" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sowing_id" integer NOT NULL,
	"harvest_date" date NOT NULL,
	"productivity" double precision,
	"lost" boolean DEFAULT false NOT NULL,
	"desiccation" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "irrigations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sowing_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"blade_mm" double precision NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sowing_stage_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sowing_id" integer NOT NULL,
	"growth_stage_id" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seed_quantity" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seed_origin" text;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seeder_system_id" integer;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seed_class_id" integer;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "estimated_cycle" integer;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "germinative_power" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seed_vigor" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "line_spacing" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "population_lines" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "operating_speed" double precision;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "seed_treatment" text;--> statement-breakpoint
ALTER TABLE "sowings" ADD COLUMN "inoculant" text;--> statement-breakpoint
ALTER TABLE "harvests" ADD CONSTRAINT "harvests_sowing_id_sowings_id_fk" FOREIGN KEY ("sowing_id") REFERENCES "public"."sowings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "irrigations" ADD CONSTRAINT "irrigations_sowing_id_sowings_id_fk" FOREIGN KEY ("sowing_id") REFERENCES "public"."sowings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowing_stage_observations" ADD CONSTRAINT "sowing_stage_observations_sowing_id_sowings_id_fk" FOREIGN KEY ("sowing_id") REFERENCES "public"."sowings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowing_stage_observations" ADD CONSTRAINT "sowing_stage_observations_growth_stage_id_growth_stages_id_fk" FOREIGN KEY ("growth_stage_id") REFERENCES "public"."growth_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowing_stage_observations" ADD CONSTRAINT "sowing_stage_observations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "harvests_sowing_index" ON "harvests" USING btree ("account_id","sowing_id");--> statement-breakpoint
CREATE INDEX "irrigations_sowing_index" ON "irrigations" USING btree ("account_id","sowing_id","start_at");--> statement-breakpoint
CREATE INDEX "sowing_stage_observations_sowing_index" ON "sowing_stage_observations" USING btree ("account_id","sowing_id","observed_at");--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_seeder_system_id_seeder_systems_id_fk" FOREIGN KEY ("seeder_system_id") REFERENCES "public"."seeder_systems"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_seed_class_id_seed_classes_id_fk" FOREIGN KEY ("seed_class_id") REFERENCES "public"."seed_classes"("id") ON DELETE restrict ON UPDATE no action;