CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid,
	"task_id" uuid,
	"chat_id" uuid,
	"file_id" uuid,
	"actor_id" uuid,
	"actor_name" text,
	"verb" text NOT NULL,
	"subject" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"member" jsonb,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"subscriber" text NOT NULL,
	"event" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_project_idx" ON "activities" USING btree ("project_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_card_idx" ON "activities" USING btree ("card_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_task_idx" ON "activities" USING btree ("task_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_run_after_idx" ON "outbox" USING btree ("run_after");