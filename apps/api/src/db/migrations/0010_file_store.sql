CREATE TABLE "file_blobs" (
	"key" text PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_variants" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "file_variants" ADD COLUMN "blob_key" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "blob_key" text;--> statement-breakpoint
CREATE INDEX "file_blobs_touched_at_idx" ON "file_blobs" USING btree ("touched_at");--> statement-breakpoint
ALTER TABLE "file_variants" ADD CONSTRAINT "file_variants_blob_key_file_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."file_blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_blob_key_file_blobs_key_fk" FOREIGN KEY ("blob_key") REFERENCES "public"."file_blobs"("key") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_variants_blob_key_idx" ON "file_variants" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "files_blob_key_idx" ON "files" USING btree ("blob_key");