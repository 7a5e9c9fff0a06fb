CREATE TABLE "attendance_report_facts" (
	"session_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"bot_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"queue_id" uuid,
	"attendant_id" uuid,
	"campaign_id" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"accepted_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"wait_seconds" real,
	"handle_seconds" real,
	"first_response_seconds" real,
	"csat" integer,
	"transferred" boolean DEFAULT false NOT NULL,
	"abandoned" boolean DEFAULT false NOT NULL,
	"is_call" boolean DEFAULT false NOT NULL,
	"talk_seconds" real,
	CONSTRAINT "attendance_report_facts_pkey" PRIMARY KEY("session_id","started_at")
);
--> statement-breakpoint
CREATE TABLE "attendance_report_rollup" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_report_rollup_one_row" CHECK ("attendance_report_rollup"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "attendance_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"owner_id" uuid,
	"definition" jsonb NOT NULL,
	"shared_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"shared_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"schedule" text DEFAULT 'none' NOT NULL,
	"recipients" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_reports_schedule_check" CHECK ("attendance_reports"."schedule" in ('none', 'daily', 'weekly'))
);
--> statement-breakpoint
ALTER TABLE "attendance_report_facts" ADD CONSTRAINT "attendance_report_facts_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "attendance_reports" ADD CONSTRAINT "attendance_reports_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "attendance_report_facts_started_idx" ON "attendance_report_facts" USING btree ("started_at");
--> statement-breakpoint
CREATE INDEX "attendance_report_facts_bot_started_idx" ON "attendance_report_facts" USING btree ("bot_id","started_at");
--> statement-breakpoint
CREATE INDEX "attendance_reports_owner_idx" ON "attendance_reports" USING btree ("owner_id");
--> statement-breakpoint
INSERT INTO "attendance_report_rollup" ("id", "last_seq") VALUES (1, 0);
