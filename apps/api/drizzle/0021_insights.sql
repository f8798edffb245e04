CREATE TABLE "calendar_feeds" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_pk" PRIMARY KEY("account_id","user_id"),
	CONSTRAINT "calendar_feeds_secret_unique" UNIQUE("secret")
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_unique" UNIQUE("account_id","user_id","kind","subject","channel")
);
--> statement-breakpoint
CREATE TABLE "observed_precipitations" (
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"day" date NOT NULL,
	"observed_mm" double precision NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observed_precipitations_pk" PRIMARY KEY("account_id","farm_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_integrations" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"integration" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"credentials" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_integrations_pk" PRIMARY KEY("account_id","user_id","integration")
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observed_precipitations" ADD CONSTRAINT "observed_precipitations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observed_precipitations" ADD CONSTRAINT "observed_precipitations_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_integrations" ADD CONSTRAINT "user_integrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;