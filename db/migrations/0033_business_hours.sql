CREATE TABLE "attendance_queue_hours" (
	"queue_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"weekly" jsonb,
	"holidays" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"closed_action" text DEFAULT 'wait' NOT NULL,
	"auto_replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_queue_hours_action_check" CHECK ("attendance_queue_hours"."closed_action" in ('wait', 'ticket', 'bot'))
);
--> statement-breakpoint
ALTER TABLE "attendance_queue_hours" ADD CONSTRAINT "attendance_queue_hours_queue_id_attendance_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."attendance_queues"("id") ON DELETE cascade ON UPDATE no action;
