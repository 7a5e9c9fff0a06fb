CREATE TABLE "content_calendar_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"uid" text NOT NULL,
	"recurrence_id" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"time_zone" text,
	"rrule" text,
	"ical" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_calendar_events_uid_key" UNIQUE("owner_id","source","uid","recurrence_id")
);
--> statement-breakpoint
CREATE TABLE "content_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"external_id" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"phones" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"organization" text DEFAULT '' NOT NULL,
	"vcard" text,
	"etag" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_contacts_source_key" UNIQUE("owner_id","source","external_id")
);
--> statement-breakpoint
CREATE TABLE "content_file_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_file_versions_file_version_key" UNIQUE("file_id","version")
);
--> statement-breakpoint
CREATE TABLE "content_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"path" text NOT NULL,
	"folder" text NOT NULL,
	"version" integer NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_files_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "content_import_checkpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"cursor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_import_checkpoints_source_key" UNIQUE("kind","source")
);
--> statement-breakpoint
CREATE TABLE "content_mail_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text NOT NULL,
	"folder" text NOT NULL,
	"uid" text NOT NULL,
	"message_id" text,
	"subject" text DEFAULT '' NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sent_at" timestamp with time zone,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_mail_messages_source_uid_key" UNIQUE("owner_id","source","folder","uid")
);
--> statement-breakpoint
CREATE TABLE "content_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"shared_with_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"due_at" timestamp with time zone,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_calendar_events" ADD CONSTRAINT "content_calendar_events_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_contacts" ADD CONSTRAINT "content_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_file_versions" ADD CONSTRAINT "content_file_versions_file_id_content_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."content_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_mail_messages" ADD CONSTRAINT "content_mail_messages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_tasks" ADD CONSTRAINT "content_tasks_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_calendar_events_range_idx" ON "content_calendar_events" USING btree ("owner_id","starts_at");--> statement-breakpoint
CREATE INDEX "content_files_folder_idx" ON "content_files" USING btree ("folder");--> statement-breakpoint
CREATE INDEX "content_files_owner_idx" ON "content_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "content_mail_messages_owner_idx" ON "content_mail_messages" USING btree ("owner_id","sent_at");--> statement-breakpoint
CREATE INDEX "content_tasks_owner_idx" ON "content_tasks" USING btree ("owner_id","created_at");