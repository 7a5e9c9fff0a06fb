CREATE TABLE "meeting_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"members" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meeting_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bot_id" uuid,
	"session_id" uuid,
	"conversation_id" uuid,
	"provider" text NOT NULL,
	"media" text DEFAULT 'video' NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'support' NOT NULL,
	"max_participants" integer NOT NULL,
	"recording" boolean DEFAULT false NOT NULL,
	"transcription" boolean DEFAULT false NOT NULL,
	"transcription_status" text,
	"transcript" text,
	"participants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_rooms_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "meeting_conversations" ADD CONSTRAINT "meeting_conversations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_rooms_session_idx" ON "meeting_rooms" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "meeting_rooms_created_idx" ON "meeting_rooms" USING btree ("created_at");