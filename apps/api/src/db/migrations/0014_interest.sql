CREATE TABLE "interest_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"text_version" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interest_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"lang" text DEFAULT 'sv' NOT NULL,
	"rooms" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"max_price" bigint,
	"apartment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"tier" text,
	"notes" text,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"page_token_hash" text
);
--> statement-breakpoint
ALTER TABLE "interest_consents" ADD CONSTRAINT "interest_consents_entry_id_interest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."interest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interest_entries" ADD CONSTRAINT "interest_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interest_consents_entry_idx" ON "interest_consents" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "interest_entries_project_idx" ON "interest_entries" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "interest_entries_live_email_idx" ON "interest_entries" USING btree ("project_id","email") WHERE "interest_entries"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "interest_entries_confirm_token_idx" ON "interest_entries" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "interest_entries_page_token_idx" ON "interest_entries" USING btree ("page_token_hash");