CREATE TABLE "apartment_price_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"apartment_id" integer NOT NULL,
	"user_id" integer,
	"impersonator_id" integer,
	"from_price" double precision,
	"to_price" double precision,
	"from_fee" double precision,
	"to_fee" double precision,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "apartment_price_changes" ADD CONSTRAINT "apartment_price_changes_apartment_id_apartments_id_fk" FOREIGN KEY ("apartment_id") REFERENCES "public"."apartments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_price_changes" ADD CONSTRAINT "apartment_price_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "apartment_price_changes" ADD CONSTRAINT "apartment_price_changes_impersonator_id_users_id_fk" FOREIGN KEY ("impersonator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "apartment_price_changes_apartment_idx" ON "apartment_price_changes" USING btree ("apartment_id","changed_at");