CREATE TABLE "activation_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Pending activations keep their resend wait.
INSERT INTO "activation_attempts" ("email", "sent_at")
  SELECT "email", "activation_sent_at" FROM "users"
  WHERE "activated_at" IS NULL AND "activation_sent_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "activation_sent_at";