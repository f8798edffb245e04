ALTER TABLE "membership_farms" DROP CONSTRAINT "membership_farms_unique";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_country_id_countries_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_state_id_states_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_city_id_cities_id_fk";
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_plan_id_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "cities" DROP CONSTRAINT "cities_state_id_states_id_fk";
--> statement-breakpoint
ALTER TABLE "diseases" DROP CONSTRAINT "diseases_crop_id_crops_id_fk";
--> statement-breakpoint
ALTER TABLE "growth_stages" DROP CONSTRAINT "growth_stages_crop_id_crops_id_fk";
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT "memberships_profile_id_profiles_id_fk";
--> statement-breakpoint
ALTER TABLE "season_crops" DROP CONSTRAINT "season_crops_season_id_seasons_id_fk";
--> statement-breakpoint
ALTER TABLE "season_crops" DROP CONSTRAINT "season_crops_crop_id_crops_id_fk";
--> statement-breakpoint
ALTER TABLE "season_crops" DROP CONSTRAINT "season_crops_country_id_countries_id_fk";
--> statement-breakpoint
ALTER TABLE "states" DROP CONSTRAINT "states_country_id_countries_id_fk";
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_job_title_id_job_titles_id_fk";
--> statement-breakpoint
ALTER TABLE "membership_farms" ADD COLUMN "account_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "job_title_id" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "accepted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_name" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "invited_language" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diseases" ADD CONSTRAINT "diseases_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "growth_stages" ADD CONSTRAINT "growth_stages_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_farms" ADD CONSTRAINT "membership_farms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_job_title_id_job_titles_id_fk" FOREIGN KEY ("job_title_id") REFERENCES "public"."job_titles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_crops" ADD CONSTRAINT "season_crops_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "states" ADD CONSTRAINT "states_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_last_account_id_accounts_id_fk" FOREIGN KEY ("last_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memberships_user_id_index" ON "memberships" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_at_index" ON "revoked_tokens" USING btree ("expires_at");--> statement-breakpoint
-- The job title moves from the person to each of their memberships.
UPDATE "memberships" SET "job_title_id" = "users"."job_title_id" FROM "users" WHERE "users"."id" = "memberships"."user_id";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "job_title_id";--> statement-breakpoint
ALTER TABLE "membership_farms" ADD CONSTRAINT "membership_farms_unique" UNIQUE("account_id","membership_id","farm_id");