ALTER TABLE "cities" ADD COLUMN "official_code" text;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "official_code" text;--> statement-breakpoint
ALTER TABLE "states" ADD COLUMN "listed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_state_official_code_unique" UNIQUE("state_id","official_code");