CREATE TABLE "table_trigger_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "table_trigger_runs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"bot_id" uuid NOT NULL,
	"script" text NOT NULL,
	"table_name" text NOT NULL,
	"event" text NOT NULL,
	"row" jsonb,
	"count" integer NOT NULL,
	"depth" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "table_trigger_runs" ADD CONSTRAINT "table_trigger_runs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;