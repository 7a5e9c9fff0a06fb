CREATE TABLE "team_chat_threads" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"ts" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_chat_threads" ADD CONSTRAINT "team_chat_threads_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_chat_threads" ADD CONSTRAINT "team_chat_threads_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_chat_threads_thread_key" ON "team_chat_threads" USING btree ("bot_id","channel","ts");