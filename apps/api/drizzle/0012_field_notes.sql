CREATE TABLE "field_note_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"note_id" integer NOT NULL,
	"name" text NOT NULL,
	"mimetype" text NOT NULL,
	"size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_note_files_size_positive" CHECK ("field_note_files"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "field_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"farm_id" integer NOT NULL,
	"plot_id" integer,
	"category_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" integer NOT NULL,
	"edited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_notes_account_id_unique" UNIQUE("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "field_note_files" ADD CONSTRAINT "field_note_files_note_fk" FOREIGN KEY ("account_id","note_id") REFERENCES "public"."field_notes"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_category_id_note_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."note_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_farm_fk" FOREIGN KEY ("account_id","farm_id") REFERENCES "public"."farms"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_notes" ADD CONSTRAINT "field_notes_plot_fk" FOREIGN KEY ("account_id","plot_id") REFERENCES "public"."plots"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_note_files_account_note_index" ON "field_note_files" USING btree ("account_id","note_id");--> statement-breakpoint
CREATE INDEX "field_notes_account_farm_index" ON "field_notes" USING btree ("account_id","farm_id","created_at");