CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_id" integer NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "cities_state_name_unique" UNIQUE("state_id","name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY NOT NULL,
	"acronym" text NOT NULL,
	"name" text NOT NULL,
	"message_key" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "countries_acronym_unique" UNIQUE("acronym")
);
--> statement-breakpoint
CREATE TABLE "crops" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "crops_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "diseases" (
	"id" integer PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"message_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "growth_stages" (
	"id" integer PRIMARY KEY NOT NULL,
	"crop_id" integer NOT NULL,
	"code" text NOT NULL,
	"position" smallint NOT NULL,
	"message_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	"internal" boolean NOT NULL,
	CONSTRAINT "job_titles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "note_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "note_categories_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "notification_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "notification_types_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "paused_climate_reasons" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	"requires_description" boolean NOT NULL,
	CONSTRAINT "paused_climate_reasons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"priority_level" smallint NOT NULL,
	"message_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" integer PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"message_key" text NOT NULL,
	"all_farms" boolean NOT NULL,
	"internal" boolean NOT NULL,
	CONSTRAINT "profiles_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "reference_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "season_crops" (
	"id" serial PRIMARY KEY NOT NULL,
	"season_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"start_period" date NOT NULL,
	"end_period" date NOT NULL,
	CONSTRAINT "season_crops_country_crop_season_unique" UNIQUE("country_id","crop_id","season_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "seasons_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "seed_classes" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "seed_classes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "seeder_systems" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "seeder_systems_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "severity_levels" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"message_key" text NOT NULL,
	CONSTRAINT "severity_levels_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "states" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	CONSTRAINT "states_country_code_unique" UNIQUE("country_id","code")
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diseases" ADD CONSTRAINT "diseases_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_stages" ADD CONSTRAINT "growth_stages_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;