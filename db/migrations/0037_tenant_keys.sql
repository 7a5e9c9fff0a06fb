-- Keys two tenants could collide on become the tenant's (docs/operations/tenants.md, "Unique keys"):
-- a notification template's name, an SMS number's opt-out, a provider's message id in the inbound
-- queue (two tenants' bots may share a name), a sender's idempotency keys, a workchat conversation
-- reference (by the bot's name), and what is kept of a person who works in several tenants: the
-- attendant's profile and presence, the notification preferences and activity, the browsers and
-- devices it receives push notifications on.
ALTER TABLE "notification_templates" DROP CONSTRAINT "notification_templates_pkey";
--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_pkey" PRIMARY KEY ("tenant_id", "name");
--> statement-breakpoint
ALTER TABLE "sms_opt_outs" DROP CONSTRAINT "sms_opt_outs_pkey";
--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_pkey" PRIMARY KEY ("tenant_id", "phone");
--> statement-breakpoint
DROP INDEX "inbound_queue_provider_message_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_queue_provider_message_idx" ON "inbound_queue" USING btree ("tenant_id", "channel", "bot", "provider_message_id");
--> statement-breakpoint
DROP INDEX "notifications_idempotency_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_idempotency_idx" ON "notifications" USING btree ("tenant_id", "sender_id", "idempotency_key");
--> statement-breakpoint
DROP INDEX "notification_broadcasts_idempotency_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "notification_broadcasts_idempotency_idx" ON "notification_broadcasts" USING btree ("tenant_id", "sender_id", "idempotency_key");
--> statement-breakpoint
ALTER TABLE "attendant_profiles" DROP CONSTRAINT "attendant_profiles_pkey";
--> statement-breakpoint
ALTER TABLE "attendant_profiles" ADD CONSTRAINT "attendant_profiles_pkey" PRIMARY KEY ("tenant_id", "user_id");
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_pkey";
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_pkey" PRIMARY KEY ("tenant_id", "user_id");
--> statement-breakpoint
ALTER TABLE "notification_activity" DROP CONSTRAINT "notification_activity_pkey";
--> statement-breakpoint
ALTER TABLE "notification_activity" ADD CONSTRAINT "notification_activity_pkey" PRIMARY KEY ("tenant_id", "user_id");
--> statement-breakpoint
ALTER TABLE "notification_push_subscriptions" DROP CONSTRAINT "notification_push_subscriptions_pkey";
--> statement-breakpoint
ALTER TABLE "notification_push_subscriptions" ADD CONSTRAINT "notification_push_subscriptions_pkey" PRIMARY KEY ("tenant_id", "endpoint");
--> statement-breakpoint
ALTER TABLE "notification_push_devices" DROP CONSTRAINT "notification_push_devices_pkey";
--> statement-breakpoint
ALTER TABLE "notification_push_devices" ADD CONSTRAINT "notification_push_devices_pkey" PRIMARY KEY ("tenant_id", "token");
--> statement-breakpoint
ALTER TABLE "workchat_conversations" DROP CONSTRAINT "workchat_conversations_bot_conversation_id_pk";
--> statement-breakpoint
ALTER TABLE "workchat_conversations" ADD CONSTRAINT "workchat_conversations_bot_conversation_id_pk" PRIMARY KEY ("tenant_id", "bot", "conversation_id");
