DROP INDEX "cards_project_updated_idx";--> statement-breakpoint
CREATE INDEX "cards_project_updated_idx" ON "cards" USING btree ("project_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);