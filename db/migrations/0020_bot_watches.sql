CREATE TABLE "bot_watches" (
	"bot_id" uuid NOT NULL,
	"watch_key" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_watches_bot_id_watch_key_pk" PRIMARY KEY("bot_id","watch_key")
);
--> statement-breakpoint
ALTER TABLE "bot_watches" ADD CONSTRAINT "bot_watches_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;