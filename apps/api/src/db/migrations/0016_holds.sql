CREATE TABLE "holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'sv' NOT NULL,
	"interest_id" integer,
	"set_status" text NOT NULL,
	"previous_status" text NOT NULL,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_expires_at" timestamp with time zone NOT NULL,
	"extensions" integer DEFAULT 0 NOT NULL,
	"placed_by" integer,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	CONSTRAINT "holds_ended" CHECK (("holds"."ended_at" is null) = ("holds"."end_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_interest_id_interest_entries_id_fk" FOREIGN KEY ("interest_id") REFERENCES "public"."interest_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_active_per_apartment" ON "holds" USING btree ("apartment_id") WHERE "holds"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "holds_project_idx" ON "holds" USING btree ("project_id","expires_at");--> statement-breakpoint
CREATE INDEX "holds_email_idx" ON "holds" USING btree ("project_id",lower("email"));