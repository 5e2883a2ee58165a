CREATE TABLE "task_statuses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"category" text NOT NULL,
	"wip_limit" integer,
	"position" text COLLATE "C" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_statuses_category_check" CHECK ("task_statuses"."category" in ('todo', 'in_progress', 'done'))
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"status_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" text COLLATE "C" NOT NULL,
	"assignee_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_at" timestamp with time zone,
	"priority" text DEFAULT 'none' NOT NULL,
	"labels" text[] DEFAULT '{}'::text[] NOT NULL,
	"done_at" timestamp with time zone,
	"due_reminded_for" timestamp with time zone,
	"overdue_reminded_for" timestamp with time zone,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_priority_check" CHECK ("tasks"."priority" in ('none', 'low', 'medium', 'high', 'urgent'))
);
--> statement-breakpoint
ALTER TABLE "task_statuses" ADD CONSTRAINT "task_statuses_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_status_id_task_statuses_id_fk" FOREIGN KEY ("status_id") REFERENCES "public"."task_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "task_statuses_project_name_idx" ON "task_statuses" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "task_statuses_project_position_idx" ON "task_statuses" USING btree ("project_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_status_position_idx" ON "tasks" USING btree ("status_id","position");--> statement-breakpoint
CREATE INDEX "tasks_card_idx" ON "tasks" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "tasks_assignees_idx" ON "tasks" USING gin ("assignee_ids");--> statement-breakpoint
-- Every project starts with To do, In progress and Done (contract: defaultStatuses); existing ones get them here.
INSERT INTO "task_statuses" ("id", "project_id", "name", "color", "category", "position")
SELECT gen_random_uuid(), p."id", d."name", d."color", d."category", d."position"
FROM "projects" p
CROSS JOIN (VALUES
  ('To do', '#64748b', 'todo', 'a0'),
  ('In progress', '#2563eb', 'in_progress', 'a1'),
  ('Done', '#16a34a', 'done', 'a2')
) AS d("name", "color", "category", "position");
