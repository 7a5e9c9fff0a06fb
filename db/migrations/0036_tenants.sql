-- Tenants (docs/operations/tenants.md): every business row belongs to one, and PostgreSQL's
-- row-level security shows a connection only the rows of the tenant it set. Existing rows move
-- into the default tenant, whose id is fixed so a single-tenant deployment never names it.
CREATE TABLE "tenants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"max_bots" integer,
	"max_attendants" integer,
	"max_storage_bytes" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suspended_at" timestamp with time zone,
	CONSTRAINT "tenants_slug_key" UNIQUE("slug"),
	CONSTRAINT "tenants_status_check" CHECK ("status" in ('active', 'suspended')),
	CONSTRAINT "tenants_slug_check" CHECK ("slug" ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
--> statement-breakpoint
INSERT INTO "tenants" ("id", "slug", "name") VALUES ('00000000-0000-0000-0000-000000000001', 'default', 'Default');
--> statement-breakpoint
-- A user's roles in a tenant other than the default one (there, `users.roles` stays the roles).
CREATE TABLE "tenant_memberships" (
	"tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_memberships_pkey" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "tenant_memberships_user_idx" ON "tenant_memberships" USING btree ("user_id");
--> statement-breakpoint
-- The connection's tenant (db/tenant-session.ts sets it); unset is the default tenant. A plain SQL
-- function, inlined by the planner, so `tenant_id = switchboard_tenant()` can use an index.
CREATE FUNCTION switchboard_tenant() RETURNS uuid LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT coalesce(nullif(current_setting('switchboard.tenant_id', true), ''), '00000000-0000-0000-0000-000000000001')::uuid
$$;
--> statement-breakpoint
-- workchat's conversation references kept the Bot Framework's directory tenant as `tenant_id`.
ALTER TABLE "workchat_conversations" RENAME COLUMN "tenant_id" TO "directory_tenant_id";
--> statement-breakpoint
-- Every tenant-owned table: the column (existing rows in the default tenant), new rows in the
-- connection's tenant, a tenant's deletion deleting its rows, and the policy, forced also on the
-- tables' owner. Not here: users (people may belong to several tenants), tenants and their
-- memberships, the deployment's row and the call instances' heartbeats (the installation's).
DO $$
DECLARE
	owned text[] := ARRAY[
		'bots', 'messages', 'outbox', 'sessions', 'bot_memory', 'bot_table_rows', 'attendance_events',
		'attendance_queue_members', 'attendance_queues', 'attendance_tickets', 'attendant_profiles', 'crm_contacts',
		'crm_deals', 'crm_pipeline_stages', 'attendance_conversations', 'crm_attendance_logs', 'engine_events',
		'inbound_queue', 'sms_opt_outs', 'notification_activity', 'notification_broadcasts', 'notification_deliveries',
		'notification_preferences', 'notification_push_subscriptions', 'notification_templates', 'notification_webhooks',
		'notifications', 'directory_group_members', 'directory_groups', 'canned_responses', 'notification_push_devices',
		'workchat_conversations', 'attendance_webhook_deliveries', 'team_chat_threads', 'knowledge_chunks',
		'knowledge_sources', 'meeting_conversations', 'meeting_rooms', 'content_calendar_events', 'content_contacts',
		'content_file_versions', 'content_files', 'content_import_checkpoints', 'content_mail_messages', 'content_tasks',
		'table_trigger_runs', 'bot_watches', 'crm_campaign_recipients', 'crm_campaigns', 'crm_contact_identities',
		'live_calls', 'attendance_queue_hours', 'attendance_sla_policies', 'attendance_sla_clocks',
		'attendance_report_facts', 'attendance_report_rollup', 'attendance_reports'
	];
	t text;
BEGIN
	FOREACH t IN ARRAY owned LOOP
		EXECUTE format('ALTER TABLE %I ADD COLUMN "tenant_id" uuid DEFAULT %L NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE', t, '00000000-0000-0000-0000-000000000001');
		EXECUTE format('ALTER TABLE %I ALTER COLUMN "tenant_id" SET DEFAULT switchboard_tenant()', t);
		EXECUTE format('CREATE INDEX %I ON %I USING btree ("tenant_id")', t || '_tenant_idx', t);
		EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
		EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
		EXECUTE format('CREATE POLICY "tenant_isolation" ON %I USING ("tenant_id" = switchboard_tenant()) WITH CHECK ("tenant_id" = switchboard_tenant())', t);
	END LOOP;
END $$;
--> statement-breakpoint
-- Names unique across the installation become unique per tenant.
ALTER TABLE "bots" DROP CONSTRAINT "bots_name_unique";
--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_tenant_name_key" UNIQUE("tenant_id","name");
--> statement-breakpoint
ALTER TABLE "crm_pipeline_stages" DROP CONSTRAINT "crm_pipeline_stages_name_unique";
--> statement-breakpoint
ALTER TABLE "crm_pipeline_stages" ADD CONSTRAINT "crm_pipeline_stages_tenant_name_key" UNIQUE("tenant_id","name");
--> statement-breakpoint
ALTER TABLE "meeting_rooms" DROP CONSTRAINT "meeting_rooms_name_unique";
--> statement-breakpoint
ALTER TABLE "meeting_rooms" ADD CONSTRAINT "meeting_rooms_tenant_name_key" UNIQUE("tenant_id","name");
--> statement-breakpoint
ALTER TABLE "content_files" DROP CONSTRAINT "content_files_path_unique";
--> statement-breakpoint
ALTER TABLE "content_files" ADD CONSTRAINT "content_files_tenant_path_key" UNIQUE("tenant_id","path");
--> statement-breakpoint
ALTER TABLE "content_import_checkpoints" DROP CONSTRAINT "content_import_checkpoints_source_key";
--> statement-breakpoint
ALTER TABLE "content_import_checkpoints" ADD CONSTRAINT "content_import_checkpoints_source_key" UNIQUE("tenant_id","kind","source");
--> statement-breakpoint
ALTER TABLE "canned_responses" DROP CONSTRAINT "canned_responses_scope_shortcut_key";
--> statement-breakpoint
ALTER TABLE "canned_responses" ADD CONSTRAINT "canned_responses_scope_shortcut_key" UNIQUE NULLS NOT DISTINCT("tenant_id","bot_id","owner_id","shortcut");
--> statement-breakpoint
ALTER TABLE "attendance_report_rollup" DROP CONSTRAINT "attendance_report_rollup_pkey";
--> statement-breakpoint
ALTER TABLE "attendance_report_rollup" ADD CONSTRAINT "attendance_report_rollup_pkey" PRIMARY KEY("tenant_id","id");
--> statement-breakpoint
-- The role the service's statements run as (db/tenant-session.ts): never a superuser, never
-- exempt from the policies. Created once per server (roles are the cluster's), when this
-- migration's user may create roles; otherwise the connecting user, a table owner subject to
-- the forced policies, is the application's role itself.
DO $$
BEGIN
	IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'switchboard_app')
		AND EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND (rolsuper OR rolcreaterole)) THEN
		BEGIN
			CREATE ROLE "switchboard_app" NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT;
		EXCEPTION WHEN duplicate_object OR unique_violation THEN
			NULL; -- another database of this server created it at the same moment
		END;
	END IF;
	IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'switchboard_app') THEN
		GRANT USAGE ON SCHEMA public TO "switchboard_app";
		GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON ALL TABLES IN SCHEMA public TO "switchboard_app";
		GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO "switchboard_app";
		ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON TABLES TO "switchboard_app";
		ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO "switchboard_app";
	END IF;
END $$;
