-- The last keys two tenants could collide on become the tenant's (docs/operations/tenants.md,
-- "Unique keys"): ticket numbers, and the mail, calendar and contact archives' source identities.
--
-- Ticket numbers count from 1 in each tenant: one counter row per tenant, taken by the column's
-- default in the statement that inserts the ticket. The counter's row stays locked until that
-- transaction ends, so two tickets of a tenant created at once get consecutive numbers, and a
-- rolled-back ticket gives its number back.
CREATE TABLE "attendance_ticket_numbers" (
	"tenant_id" uuid PRIMARY KEY DEFAULT switchboard_tenant() NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
-- Each tenant's counter starts after its highest ticket. The migration's user may be the tables'
-- owner, whom the forced policy would show the default tenant's tickets only: lifted for this read.
ALTER TABLE "attendance_tickets" NO FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
INSERT INTO "attendance_ticket_numbers" ("tenant_id", "last_number")
	SELECT "tenant_id", max("ticket_number") FROM "attendance_tickets" GROUP BY "tenant_id";
--> statement-breakpoint
ALTER TABLE "attendance_tickets" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "attendance_ticket_numbers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "attendance_ticket_numbers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "attendance_ticket_numbers" USING ("tenant_id" = switchboard_tenant()) WITH CHECK ("tenant_id" = switchboard_tenant());
--> statement-breakpoint
-- The next number of the connection's tenant, which the policy makes the new ticket's tenant too.
CREATE FUNCTION switchboard_next_ticket_number() RETURNS integer LANGUAGE sql VOLATILE AS $$
	INSERT INTO "attendance_ticket_numbers" AS c ("last_number") VALUES (1)
	ON CONFLICT ("tenant_id") DO UPDATE SET "last_number" = c."last_number" + 1
	RETURNING "last_number"
$$;
--> statement-breakpoint
ALTER TABLE "attendance_tickets" ALTER COLUMN "ticket_number" SET DEFAULT switchboard_next_ticket_number();
--> statement-breakpoint
DROP SEQUENCE "attendance_tickets_ticket_number_seq";
--> statement-breakpoint
ALTER TABLE "attendance_tickets" DROP CONSTRAINT "attendance_tickets_ticket_number_unique";
--> statement-breakpoint
ALTER TABLE "attendance_tickets" ADD CONSTRAINT "attendance_tickets_tenant_number_key" UNIQUE ("tenant_id", "ticket_number");
--> statement-breakpoint
-- The application's role (migration 0036) gets the new table as every other one, also when
-- another user than 0036's runs this migration.
DO $$
BEGIN
	IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'switchboard_app') THEN
		GRANT SELECT, INSERT, UPDATE, DELETE, TRUNCATE ON "attendance_ticket_numbers" TO "switchboard_app";
	END IF;
END $$;
--> statement-breakpoint
-- The archives' source identities: the same mailbox, calendar or address book imported by the
-- same person in two tenants is two tenants' rows.
ALTER TABLE "content_mail_messages" DROP CONSTRAINT "content_mail_messages_source_uid_key";
--> statement-breakpoint
ALTER TABLE "content_mail_messages" ADD CONSTRAINT "content_mail_messages_source_uid_key" UNIQUE ("tenant_id", "owner_id", "source", "folder", "uid");
--> statement-breakpoint
ALTER TABLE "content_calendar_events" DROP CONSTRAINT "content_calendar_events_uid_key";
--> statement-breakpoint
ALTER TABLE "content_calendar_events" ADD CONSTRAINT "content_calendar_events_uid_key" UNIQUE ("tenant_id", "owner_id", "source", "uid", "recurrence_id");
--> statement-breakpoint
ALTER TABLE "content_contacts" DROP CONSTRAINT "content_contacts_source_key";
--> statement-breakpoint
ALTER TABLE "content_contacts" ADD CONSTRAINT "content_contacts_source_key" UNIQUE ("tenant_id", "owner_id", "source", "external_id");
