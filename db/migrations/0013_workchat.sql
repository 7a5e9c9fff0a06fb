CREATE TABLE "workchat_conversations" (
	"bot" text NOT NULL,
	"conversation_id" text NOT NULL,
	"service_url" text NOT NULL,
	"channel_id" text NOT NULL,
	"tenant_id" text,
	"bot_account_id" text NOT NULL,
	"bot_account_name" text,
	"user_id" text,
	"user_name" text,
	"directory_id" text,
	"email" text,
	"attendant_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workchat_conversations_bot_conversation_id_pk" PRIMARY KEY("bot","conversation_id")
);
--> statement-breakpoint
ALTER TABLE "workchat_conversations" ADD CONSTRAINT "workchat_conversations_attendant_user_id_users_id_fk" FOREIGN KEY ("attendant_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workchat_conversations_attendant_idx" ON "workchat_conversations" USING btree ("attendant_user_id");