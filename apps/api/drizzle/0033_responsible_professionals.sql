CREATE TABLE "responsible_professionals" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"name" text,
	"registration" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "responsible_professionals" ADD CONSTRAINT "responsible_professionals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_professionals" ADD CONSTRAINT "responsible_professionals_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;