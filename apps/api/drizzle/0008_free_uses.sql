CREATE TABLE "free_uses" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "free_uses_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "free_uses" ADD CONSTRAINT "free_uses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;