CREATE TABLE "crm_campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"address" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"provider_message_id" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"handed_off_at" timestamp with time zone,
	"session_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"ref" text,
	"utm_source" text,
	"utm_medium" text,
	"ad_id" text,
	"segment" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"channel" text,
	"message" text,
	"template" text,
	"template_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"handoff_on_reply" boolean DEFAULT false NOT NULL,
	"rate_per_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contact_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "crm_contacts_bot_phone_idx";--> statement-breakpoint
ALTER TABLE "content_contacts" ADD COLUMN "crm_contact_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "tier" text;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "ltv" numeric;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "last_purchase" date;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "crm_contacts" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD COLUMN "bot_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "crm_campaign_recipients" ADD CONSTRAINT "crm_campaign_recipients_campaign_id_crm_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."crm_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaign_recipients" ADD CONSTRAINT "crm_campaign_recipients_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaign_recipients" ADD CONSTRAINT "crm_campaign_recipients_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_campaigns" ADD CONSTRAINT "crm_campaigns_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_identities" ADD CONSTRAINT "crm_contact_identities_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_contact_identities" ADD CONSTRAINT "crm_contact_identities_contact_id_crm_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_campaign_recipients_key" ON "crm_campaign_recipients" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_status_idx" ON "crm_campaign_recipients" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_address_idx" ON "crm_campaign_recipients" USING btree ("address");--> statement-breakpoint
CREATE INDEX "crm_campaign_recipients_provider_message_idx" ON "crm_campaign_recipients" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_campaigns_bot_ref_key" ON "crm_campaigns" USING btree ("bot_id","ref") WHERE ref is not null;--> statement-breakpoint
CREATE INDEX "crm_campaigns_bot_ad_idx" ON "crm_campaigns" USING btree ("bot_id","ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contact_identities_key" ON "crm_contact_identities" USING btree ("bot_id","channel","external_id");--> statement-breakpoint
CREATE INDEX "crm_contact_identities_contact_idx" ON "crm_contact_identities" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "content_contacts" ADD CONSTRAINT "content_contacts_crm_contact_id_crm_contacts_id_fk" FOREIGN KEY ("crm_contact_id") REFERENCES "public"."crm_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_deals" ADD CONSTRAINT "crm_deals_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Emails are compared lower case from now on; of contacts that share a bot's phone or email, the
-- oldest keeps it and the others carry it in custom_fields (docs/crm.md, "Duplicates").
UPDATE "crm_contacts" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
UPDATE "crm_contacts" c SET "custom_fields" = c."custom_fields" || jsonb_build_object('duplicate_phone', c."phone"), "phone" = NULL
  WHERE c."phone" IS NOT NULL AND EXISTS (SELECT 1 FROM "crm_contacts" o WHERE o."bot_id" IS NOT DISTINCT FROM c."bot_id" AND o."phone" = c."phone"
    AND (o."created_at", o."id") < (c."created_at", c."id"));--> statement-breakpoint
UPDATE "crm_contacts" c SET "custom_fields" = c."custom_fields" || jsonb_build_object('duplicate_email', c."email"), "email" = NULL
  WHERE c."email" IS NOT NULL AND EXISTS (SELECT 1 FROM "crm_contacts" o WHERE o."bot_id" IS NOT DISTINCT FROM c."bot_id" AND o."email" = c."email"
    AND (o."created_at", o."id") < (c."created_at", c."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contacts_bot_phone_key" ON "crm_contacts" USING btree ("bot_id","phone") WHERE phone is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_contacts_bot_email_key" ON "crm_contacts" USING btree ("bot_id","email") WHERE email is not null;--> statement-breakpoint
CREATE INDEX "crm_contacts_bot_created_idx" ON "crm_contacts" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_deals_campaign_idx" ON "crm_deals" USING btree ("campaign_id");