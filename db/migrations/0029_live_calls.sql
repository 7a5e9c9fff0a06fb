CREATE TABLE "call_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"sip_address" text NOT NULL,
	"http_url" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_calls" (
	"call_id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"bot" text NOT NULL,
	"caller" text NOT NULL,
	"session_id" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_by" text,
	"dropped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "live_calls_instance_idx" ON "live_calls" USING btree ("instance_id");
--> statement-breakpoint
CREATE INDEX "live_calls_session_idx" ON "live_calls" USING btree ("session_id");
