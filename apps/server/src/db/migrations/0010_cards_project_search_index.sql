-- btree_gin lets one GIN index hold the project id beside the search vector. It is a trusted extension that ships
-- with PostgreSQL (contrib) and with PGlite, so the database owner can create it.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "cards_search_idx";--> statement-breakpoint
CREATE INDEX "cards_project_search_idx" ON "cards" USING gin ("project_id","search") WITH (fastupdate=false);
