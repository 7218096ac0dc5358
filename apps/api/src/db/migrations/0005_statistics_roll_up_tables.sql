CREATE TABLE "apartment_status_counts" (
	"project_id" integer NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "apartment_status_counts_project_id_status_pk" PRIMARY KEY("project_id","status")
);
--> statement-breakpoint
CREATE TABLE "click_daily" (
	"apartment_id" integer NOT NULL,
	"day" date NOT NULL,
	"project_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_daily_apartment_id_day_pk" PRIMARY KEY("apartment_id","day")
);
--> statement-breakpoint
CREATE TABLE "click_daily_projects" (
	"project_id" integer NOT NULL,
	"day" date NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_daily_projects_project_id_day_pk" PRIMARY KEY("project_id","day")
);
--> statement-breakpoint
CREATE TABLE "click_windows" (
	"apartment_id" integer PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"d7" integer DEFAULT 0 NOT NULL,
	"d30" integer DEFAULT 0 NOT NULL,
	"d90" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "click_windows_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"day" date,
	CONSTRAINT "click_windows_state_single_row" CHECK ("click_windows_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "apartment_status_counts" ADD CONSTRAINT "apartment_status_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_daily" ADD CONSTRAINT "click_daily_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_daily" ADD CONSTRAINT "click_daily_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_daily_projects" ADD CONSTRAINT "click_daily_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_windows" ADD CONSTRAINT "click_windows_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_windows" ADD CONSTRAINT "click_windows_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_daily_project_day_idx" ON "click_daily" USING btree ("project_id","day");--> statement-breakpoint
CREATE INDEX "click_daily_day_idx" ON "click_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "click_windows_project_idx" ON "click_windows" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "apartment_status_changes_changed_at_idx" ON "apartment_status_changes" USING btree ("changed_at");