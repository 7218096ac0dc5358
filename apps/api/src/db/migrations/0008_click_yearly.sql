CREATE TABLE "click_yearly" (
	"apartment_id" integer NOT NULL,
	"year" integer NOT NULL,
	"project_id" integer NOT NULL,
	"clicks" integer NOT NULL,
	CONSTRAINT "click_yearly_apartment_id_year_pk" PRIMARY KEY("apartment_id","year")
);
--> statement-breakpoint
ALTER TABLE "click_yearly" ADD CONSTRAINT "click_yearly_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "click_yearly" ADD CONSTRAINT "click_yearly_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "click_yearly_year_clicks_idx" ON "click_yearly" USING btree ("year","clicks");