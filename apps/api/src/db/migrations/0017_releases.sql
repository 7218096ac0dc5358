CREATE TABLE "release_apartments" (
	"release_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	CONSTRAINT "release_apartments_release_id_apartment_id_pk" PRIMARY KEY("release_id","apartment_id")
);
--> statement-breakpoint
CREATE TABLE "release_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"run_id" integer,
	"entry_id" integer NOT NULL,
	"apartment_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"responded_by" integer,
	"hold_id" integer
);
--> statement-breakpoint
CREATE TABLE "release_rule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"version" integer NOT NULL,
	"rules" jsonb NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" integer
);
--> statement-breakpoint
CREATE TABLE "release_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"input" jsonb NOT NULL,
	"protocol" jsonb NOT NULL,
	"input_digest" text NOT NULL,
	"algorithm_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"approved_at" timestamp with time zone,
	"approved_by" integer,
	"superseded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_wishes" (
	"release_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"apartment_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_wishes_release_id_entry_id_pk" PRIMARY KEY("release_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"max_wishes" integer DEFAULT 5 NOT NULL,
	"one_per_household" boolean DEFAULT true NOT NULL,
	"offer_hours" integer DEFAULT 48 NOT NULL,
	"checkout_minutes" integer DEFAULT 15 NOT NULL,
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wishes_open_at" timestamp with time zone,
	"wishes_close_at" timestamp with time zone,
	"public_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"show_demand" boolean DEFAULT false NOT NULL,
	"rules_version" integer DEFAULT 0 NOT NULL,
	"seed" text,
	"seed_commitment" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interest_entries" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "interest_entries" ADD COLUMN "household" text;--> statement-breakpoint
ALTER TABLE "release_apartments" ADD CONSTRAINT "release_apartments_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_apartments" ADD CONSTRAINT "release_apartments_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_run_id_release_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."release_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_entry_id_interest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."interest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_responded_by_users_id_fk" FOREIGN KEY ("responded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_offers" ADD CONSTRAINT "release_offers_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rule_versions" ADD CONSTRAINT "release_rule_versions_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rule_versions" ADD CONSTRAINT "release_rule_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_runs" ADD CONSTRAINT "release_runs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_runs" ADD CONSTRAINT "release_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_runs" ADD CONSTRAINT "release_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_wishes" ADD CONSTRAINT "release_wishes_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_wishes" ADD CONSTRAINT "release_wishes_entry_id_interest_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."interest_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "release_apartments_apartment_idx" ON "release_apartments" USING btree ("apartment_id");--> statement-breakpoint
CREATE INDEX "release_offers_release_idx" ON "release_offers" USING btree ("release_id","state");--> statement-breakpoint
CREATE INDEX "release_offers_entry_idx" ON "release_offers" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_offers_one_live_per_apartment" ON "release_offers" USING btree ("apartment_id") WHERE "release_offers"."state" in ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "release_rule_versions_idx" ON "release_rule_versions" USING btree ("release_id","version");--> statement-breakpoint
CREATE INDEX "release_runs_release_idx" ON "release_runs" USING btree ("release_id","id");--> statement-breakpoint
CREATE INDEX "releases_project_idx" ON "releases" USING btree ("project_id");