CREATE TABLE "attendance_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "team_chat_threads" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"ts" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attendance_webhook_deliveries" ADD CONSTRAINT "attendance_webhook_deliveries_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_chat_threads" ADD CONSTRAINT "team_chat_threads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_chat_threads" ADD CONSTRAINT "team_chat_threads_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_webhook_deliveries_status_idx" ON "attendance_webhook_deliveries" USING btree ("status");--> statement-breakpoint
CREATE INDEX "attendance_webhook_deliveries_bot_idx" ON "attendance_webhook_deliveries" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_chat_threads_thread_key" ON "team_chat_threads" USING btree ("bot_id","channel","ts");