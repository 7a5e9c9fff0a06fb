CREATE TABLE "attendance_conversations" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"bot_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"queue_id" uuid,
	"assigned_to" uuid,
	"topic" text,
	"last_message" text,
	"waiting_since" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_conversations_status_check" CHECK ("attendance_conversations"."status" in ('waiting', 'assigned', 'active', 'pending', 'resolved'))
);
--> statement-breakpoint
ALTER TABLE "attendance_conversations" ADD CONSTRAINT "attendance_conversations_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_conversations" ADD CONSTRAINT "attendance_conversations_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_conversations" ADD CONSTRAINT "attendance_conversations_queue_id_attendance_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."attendance_queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_conversations" ADD CONSTRAINT "attendance_conversations_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_conversations_status_priority_idx" ON "attendance_conversations" USING btree ("status","priority" DESC NULLS LAST,"waiting_since");--> statement-breakpoint
CREATE INDEX "attendance_conversations_assigned_status_idx" ON "attendance_conversations" USING btree ("assigned_to","status");