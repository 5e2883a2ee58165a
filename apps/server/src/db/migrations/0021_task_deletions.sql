-- Tasks deleted, one row per statement and project. A board's cached answer is checked and made again from the
-- task rows written since it was read (modules/tasks/service/board-model.ts), and a deleted task leaves no row to
-- find: this table is what says one went. A trigger writes it, so no way of deleting tasks (a task, its card, its
-- project, or a later one) is missed. `xact` is the deleting transaction, its top-level id even inside a
-- savepoint, which a read's snapshot can be asked about (pg_visible_in_snapshot). Rows older than a board model may
-- live are removed by the board's whole reads.
CREATE TABLE "task_deletions" (
	"project_id" uuid NOT NULL,
	"xact" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);--> statement-breakpoint
CREATE INDEX "task_deletions_project_idx" ON "task_deletions" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "task_deletions_deleted_at_idx" ON "task_deletions" USING btree ("deleted_at");--> statement-breakpoint
CREATE FUNCTION tasks_log_deletions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_deletions (project_id) SELECT DISTINCT project_id FROM deleted_tasks;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER tasks_log_deletions AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS deleted_tasks FOR EACH STATEMENT EXECUTE FUNCTION tasks_log_deletions();
