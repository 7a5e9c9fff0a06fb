CREATE TABLE "crm_attendance_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"contact_id" uuid,
	"session_id" uuid,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_attendance_logs" ADD CONSTRAINT "crm_attendance_logs_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_attendance_logs" ADD CONSTRAINT "crm_attendance_logs_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_attendance_logs" ADD CONSTRAINT "crm_attendance_logs_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_attendance_logs_contact_idx" ON "crm_attendance_logs" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_attendance_logs_session_idx" ON "crm_attendance_logs" USING btree ("session_id","created_at");