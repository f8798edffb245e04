CREATE TABLE "spray_window_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "spray_window_settings" ADD CONSTRAINT "spray_window_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spray_window_settings" ADD CONSTRAINT "spray_window_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The spray windows are kept per account data version (modules/programs/spray-windows.service.ts):
-- the account's own thresholds move it (0007, notified by 0027).
CREATE TRIGGER spray_window_settings_data_version AFTER INSERT OR UPDATE OR DELETE ON "spray_window_settings"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
