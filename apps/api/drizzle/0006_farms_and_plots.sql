CREATE TABLE "farm_bag_prices" (
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	CONSTRAINT "farm_bag_prices_unique" UNIQUE("account_id","farm_id","crop_id"),
	CONSTRAINT "farm_bag_prices_price_positive" CHECK ("farm_bag_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "farm_notification_settings" (
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"notification_type_ids" integer[] DEFAULT '{}' NOT NULL,
	"whatsapp_opt_in" boolean DEFAULT false NOT NULL,
	"phone" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_notification_settings_unique" UNIQUE("account_id","farm_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "farm_varieties" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"season_crop_id" integer NOT NULL,
	"variety_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "farm_varieties_unique" UNIQUE("account_id","farm_id","season_crop_id","variety_id")
);
--> statement-breakpoint
CREATE TABLE "farms" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"country_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"time_zone" text NOT NULL,
	"reenabled_season_id" integer,
	"reenabled_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "farms_account_id_unique" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "plots" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"name" text NOT NULL,
	"area" double precision NOT NULL,
	"area_calculated" double precision NOT NULL,
	"geometry" jsonb NOT NULL,
	"min_lat" double precision NOT NULL,
	"min_lng" double precision NOT NULL,
	"max_lat" double precision NOT NULL,
	"max_lng" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"elevation" double precision,
	"clay_percent" double precision,
	"enabled" boolean DEFAULT true NOT NULL,
	"ndvi_contracted_at" timestamp with time zone,
	"contracted_area" double precision,
	"reenabled_season_id" integer,
	"reenabled_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "plots_account_id_unique" UNIQUE("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "sowings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"plot_id" integer NOT NULL,
	"crop_id" integer NOT NULL,
	"season_crop_id" integer NOT NULL,
	"area" double precision NOT NULL,
	"sowing_date" date,
	"emergence_date" date,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "farm_bag_prices" ADD CONSTRAINT "farm_bag_prices_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_bag_prices" ADD CONSTRAINT "farm_bag_prices_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_notification_settings" ADD CONSTRAINT "farm_notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_notification_settings" ADD CONSTRAINT "farm_notification_settings_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_varieties" ADD CONSTRAINT "farm_varieties_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_varieties" ADD CONSTRAINT "farm_varieties_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_state_id_states_id_fk" FOREIGN KEY ("state_id") REFERENCES "public"."states"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farms" ADD CONSTRAINT "farms_reenabled_season_id_seasons_id_fk" FOREIGN KEY ("reenabled_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_reenabled_season_id_seasons_id_fk" FOREIGN KEY ("reenabled_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plots" ADD CONSTRAINT "plots_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_crop_id_crops_id_fk" FOREIGN KEY ("crop_id") REFERENCES "public"."crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_season_crop_id_season_crops_id_fk" FOREIGN KEY ("season_crop_id") REFERENCES "public"."season_crops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sowings" ADD CONSTRAINT "sowings_plot_fk" FOREIGN KEY ("account_id","plot_id") REFERENCES "public"."plots"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "farms_account_listing_index" ON "farms" USING btree ("account_id","enabled","created_at");--> statement-breakpoint
CREATE INDEX "plots_account_farm_index" ON "plots" USING btree ("account_id","farm_id","created_at");--> statement-breakpoint
CREATE INDEX "sowings_account_farm_index" ON "sowings" USING btree ("account_id","farm_id");--> statement-breakpoint
CREATE INDEX "sowings_account_plot_index" ON "sowings" USING btree ("account_id","plot_id","season_crop_id");--> statement-breakpoint
ALTER TABLE "membership_farms" ADD CONSTRAINT "membership_farms_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;