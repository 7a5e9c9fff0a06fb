CREATE TABLE "attendance_sla_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"queue_id" uuid,
	"tier" text,
	"first_response_seconds" integer,
	"resolution_seconds" integer,
	"business_hours" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_sla_policies_scope_key" UNIQUE NULLS NOT DISTINCT("queue_id","tier")
);
--> statement-breakpoint
ALTER TABLE "attendance_sla_policies" ADD CONSTRAINT "attendance_sla_policies_queue_id_attendance_queues_id_fk" FOREIGN KEY ("queue_id") REFERENCES "public"."attendance_queues"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "attendance_sla_clocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"cycle_at" timestamp with time zone NOT NULL,
	"metric" text NOT NULL,
	"bot_id" uuid,
	"queue_id" uuid,
	"attendant_id" uuid,
	"policy_id" uuid,
	"target_seconds" integer NOT NULL,
	"business_hours" boolean NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone,
	"met_at" timestamp with time zone,
	"breached_at" timestamp with time zone,
	CONSTRAINT "attendance_sla_clocks_cycle_key" UNIQUE("subject","subject_id","metric","cycle_at"),
	CONSTRAINT "attendance_sla_clocks_subject_check" CHECK ("attendance_sla_clocks"."subject" in ('conversation', 'ticket')),
	CONSTRAINT "attendance_sla_clocks_metric_check" CHECK ("attendance_sla_clocks"."metric" in ('first_response', 'resolution'))
);
--> statement-breakpoint
CREATE INDEX "attendance_sla_clocks_running_idx" ON "attendance_sla_clocks" USING btree ("subject_id") WHERE "attendance_sla_clocks"."met_at" is null;
--> statement-breakpoint
CREATE INDEX "attendance_sla_clocks_started_idx" ON "attendance_sla_clocks" USING btree ("started_at");
