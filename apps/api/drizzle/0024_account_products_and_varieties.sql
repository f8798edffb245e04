ALTER TABLE "pesticides" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "pesticides" ADD COLUMN "informed_by" integer;--> statement-breakpoint
ALTER TABLE "pesticides" ADD COLUMN "informed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "varieties" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "varieties" ADD COLUMN "informed_by" integer;--> statement-breakpoint
ALTER TABLE "varieties" ADD COLUMN "informed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pesticides" ADD CONSTRAINT "pesticides_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pesticides" ADD CONSTRAINT "pesticides_informed_by_users_id_fk" FOREIGN KEY ("informed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varieties" ADD CONSTRAINT "varieties_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "varieties" ADD CONSTRAINT "varieties_informed_by_users_id_fk" FOREIGN KEY ("informed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pesticides_account_index" ON "pesticides" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "varieties_account_index" ON "varieties" USING btree ("account_id");