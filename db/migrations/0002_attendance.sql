CREATE TABLE "attendance_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "attendance_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"session_id" uuid,
	"bot_id" uuid,
	"queue_id" uuid,
	"attendant_id" uuid,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_queue_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"queue_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"max_conversations" integer DEFAULT 5 NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_queue_members_queue_user_key" UNIQUE("queue_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "attendance_queues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"channels" jsonb DEFAULT '["mobile_msg"]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority_order" integer DEFAULT 0 NOT NULL,
	"max_wait_seconds" integer DEFAULT 600 NOT NULL,
	"auto_assign" boolean DEFAULT true NOT NULL,
	"bot_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "attendance_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"ticket_number" serial NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"status" varchar(50) DEFAULT 'open' NOT NULL,
	"priority" varchar(20) DEFAULT 'normal' NOT NULL,
	"category" varchar(50),
	"assigned_to" uuid,
	"attendant_id" varchar(50),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"channel" varchar(20),
	"customer_id" uuid,
	"contact_phone" varchar(20),
	"contact_email" varchar(100),
	"tags" jsonb,
	"custom_fields" jsonb,
	CONSTRAINT "attendance_tickets_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "attendance_tickets_status_check" CHECK ("attendance_tickets"."status" in ('open', 'in_progress', 'pending', 'resolved', 'closed')),
	CONSTRAINT "attendance_tickets_priority_check" CHECK ("attendance_tickets"."priority" in ('low', 'normal', 'high', 'urgent'))
);
--> statement-breakpoint
CREATE TABLE "attendant_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"name" text,
	"channel" text DEFAULT 'all' NOT NULL,
	"preferences" text,
	"department" text,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phone" text,
	"email" text,
	"status" text DEFAULT 'offline' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendant_profiles_status_check" CHECK ("attendant_profiles"."status" in ('online', 'busy', 'away', 'offline'))
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"bot_id" uuid,
	"first_name" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"value" numeric,
	"stage" text,
	"contact_id" uuid,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_pipeline_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"order_index" integer DEFAULT 0 NOT NULL,
	"probability" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "crm_pipeline_stages_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_queue_id_attendance_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."attendance_queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_events" ADD CONSTRAINT "attendance_events_attendant_id_users_id_fk" FOREIGN KEY ("attendant_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_queue_members" ADD CONSTRAINT "attendance_queue_members_queue_id_attendance_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."attendance_queues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_queue_members" ADD CONSTRAINT "attendance_queue_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_queues" ADD CONSTRAINT "attendance_queues_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_queues" ADD CONSTRAINT "attendance_queues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tickets" ADD CONSTRAINT "attendance_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tickets" ADD CONSTRAINT "attendance_tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_tickets" ADD CONSTRAINT "attendance_tickets_customer_id_crm_contacts_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."crm_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendant_profiles" ADD CONSTRAINT "attendant_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD CONSTRAINT "crm_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_events_bot_at_idx" ON "attendance_events" USING btree ("bot_id","at");--> statement-breakpoint
CREATE INDEX "attendance_events_session_at_idx" ON "attendance_events" USING btree ("session_id","at");--> statement-breakpoint
CREATE INDEX "attendance_queue_members_user_idx" ON "attendance_queue_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attendance_queues_bot_idx" ON "attendance_queues" USING btree ("bot_id");--> statement-breakpoint
CREATE INDEX "attendance_tickets_session_idx" ON "attendance_tickets" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "attendance_tickets_assigned_status_idx" ON "attendance_tickets" USING btree ("assigned_to","status");--> statement-breakpoint
CREATE INDEX "attendant_profiles_department_idx" ON "attendant_profiles" USING btree ("department");--> statement-breakpoint
CREATE INDEX "crm_contacts_bot_phone_idx" ON "crm_contacts" USING btree ("bot_id","phone");--> statement-breakpoint
CREATE INDEX "crm_deals_contact_idx" ON "crm_deals" USING btree ("contact_id");