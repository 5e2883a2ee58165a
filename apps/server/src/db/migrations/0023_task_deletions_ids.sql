-- Which tasks each deleting statement removed, so that a board's model drops them from a read of what changed
-- (modules/tasks/service/board-model.ts) instead of reading every task of the board again: on the bench's board of
-- 5,000 that whole read took p50 323–335 ms on PGlite and 169–180 ms on PostgreSQL, at every reader's next request
-- after any deletion. A row written before this migration names none (NULL): a model that finds one reads the
-- board whole, as before.
ALTER TABLE "task_deletions" ADD COLUMN "task_ids" uuid[];--> statement-breakpoint
CREATE OR REPLACE FUNCTION tasks_log_deletions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO task_deletions (project_id, task_ids)
    SELECT project_id, array_agg(id) FROM deleted_tasks GROUP BY project_id;
  RETURN NULL;
END
$$;
