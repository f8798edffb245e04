CREATE TABLE "programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"farm_variety_id" integer,
	"sowing_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sprayings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"ordinal" integer NOT NULL,
	"planned_date" date NOT NULL,
	"applied_at" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_farm_variety_id_farm_varieties_id_fk" FOREIGN KEY ("farm_variety_id") REFERENCES "public"."farm_varieties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_sowing_id_sowings_id_fk" FOREIGN KEY ("sowing_id") REFERENCES "public"."sowings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sprayings" ADD CONSTRAINT "sprayings_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "programs_account_sowing_index" ON "programs" USING btree ("account_id","sowing_id");--> statement-breakpoint
CREATE INDEX "programs_account_farm_index" ON "programs" USING btree ("account_id","farm_id");--> statement-breakpoint
CREATE INDEX "sprayings_account_program_index" ON "sprayings" USING btree ("account_id","program_id","ordinal");