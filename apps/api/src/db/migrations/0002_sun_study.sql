CREATE TABLE "file_variants" (
	"file_id" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"etag" text NOT NULL,
	CONSTRAINT "file_variants_file_id_width_content_type_pk" PRIMARY KEY("file_id","width","content_type")
);
--> statement-breakpoint
ALTER TABLE "sun_study_files" ADD COLUMN "file_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sun_study_files" ADD CONSTRAINT "sun_study_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sun_study_files_file_idx" ON "sun_study_files" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "sun_study_files_project_idx" ON "sun_study_files" USING btree ("project_id","sort_index");