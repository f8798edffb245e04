CREATE TABLE "spraying_records" (
	"account_id" integer NOT NULL,
	"spraying_id" integer NOT NULL,
	"operator" text,
	"equipment" text,
	"spray_volume_l_ha" double precision,
	"nozzle" text,
	"start_time" text,
	"end_time" text,
	"weather" jsonb,
	"batches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "spraying_records_account_id_spraying_id_pk" PRIMARY KEY("account_id","spraying_id")
);
--> statement-breakpoint
ALTER TABLE "spraying_records" ADD CONSTRAINT "spraying_records_spraying_id_sprayings_id_fk" FOREIGN KEY ("spraying_id") REFERENCES "public"."sprayings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spraying_records" ADD CONSTRAINT "spraying_records_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;