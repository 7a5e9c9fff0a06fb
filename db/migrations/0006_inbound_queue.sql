CREATE TABLE "inbound_queue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inbound_queue_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"channel" text NOT NULL,
	"bot" text NOT NULL,
	"external_user_id" text NOT NULL,
	"provider_message_id" text,
	"message" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_queue_provider_message_idx" ON "inbound_queue" USING btree ("channel","bot","provider_message_id");--> statement-breakpoint
CREATE INDEX "inbound_queue_customer_idx" ON "inbound_queue" USING btree ("channel","bot","external_user_id","seq");