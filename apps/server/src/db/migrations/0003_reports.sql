CREATE TABLE "error_group_users" (
	"group_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "error_group_users_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "error_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"title" text NOT NULL,
	"culprit" text,
	"count" integer DEFAULT 1 NOT NULL,
	"latest_event" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"message" text NOT NULL,
	"name" text,
	"email" text,
	"url" text,
	"user_id" text,
	"associated_event_id" text,
	"replay_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replay_segments" (
	"replay_id" text NOT NULL,
	"segment_id" integer NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replay_segments_replay_id_segment_id_pk" PRIMARY KEY("replay_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "report_attachments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"feedback_id" uuid,
	"group_id" uuid,
	"event_id" text,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"attachment_type" text,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "error_group_users" ADD CONSTRAINT "error_group_users_group_id_error_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."error_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_attachments" ADD CONSTRAINT "report_attachments_feedback_id_feedback_reports_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_attachments" ADD CONSTRAINT "report_attachments_group_id_error_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."error_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "error_groups_fingerprint_idx" ON "error_groups" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "error_groups_last_seen_idx" ON "error_groups" USING btree ("last_seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_reports_event_idx" ON "feedback_reports" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "feedback_reports_created_idx" ON "feedback_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "report_attachments_feedback_id_index" ON "report_attachments" USING btree ("feedback_id");--> statement-breakpoint
CREATE INDEX "report_attachments_group_id_index" ON "report_attachments" USING btree ("group_id");