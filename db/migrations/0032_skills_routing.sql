ALTER TABLE "attendant_profiles" ADD COLUMN "skills" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "attendance_queues" ADD COLUMN "required_skills" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "attendance_conversations" ADD COLUMN "required_skills" jsonb DEFAULT '[]'::jsonb NOT NULL;
