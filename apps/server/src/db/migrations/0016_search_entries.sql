CREATE TABLE "search_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"chat_id" uuid,
	"task_id" uuid,
	"message_id" uuid,
	"file_id" uuid,
	"author_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_card_id_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_entries" ADD CONSTRAINT "search_entries_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "search_entries_vector_idx" ON "search_entries" USING gin ("vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_title_vector_idx" ON "search_entries" USING gin ("title_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "search_entries_updated_idx" ON "search_entries" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_project_idx" ON "search_entries" USING btree ("project_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_author_idx" ON "search_entries" USING btree ("author_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_card_idx" ON "search_entries" USING btree ("card_id");--> statement-breakpoint
CREATE INDEX "search_entries_chat_idx" ON "search_entries" USING btree ("chat_id") WHERE "search_entries"."chat_id" is not null;--> statement-breakpoint
CREATE INDEX "search_entries_task_idx" ON "search_entries" USING btree ("task_id") WHERE "search_entries"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "search_entries_message_idx" ON "search_entries" USING btree ("message_id") WHERE "search_entries"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "search_entries_file_idx" ON "search_entries" USING btree ("file_id") WHERE "search_entries"."file_id" is not null;--> statement-breakpoint
-- A text's words for search: English stems (so "plans" finds "planning") and the words as written (so the word
-- being typed, matched as a prefix, finds "planning" from "plann", which stems to no prefix of "plan"). The
-- words as written have no positions: phrases are matched by the stems, and the written words would otherwise
-- follow the stems' last word and make phrases that are not in the text. ASCII
-- punctuation becomes a space first, as the search box splits words: "report_Q3-final.pdf" is four words, not
-- one file-name token.
CREATE FUNCTION search_text_vector(body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english'::regconfig, translate(coalesce(body, ''), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32)))
  || strip(to_tsvector('simple'::regconfig, translate(coalesce(body, ''), '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32))));
--> statement-breakpoint
-- The index's writers, one per type: each reads the rows by id and writes their entries, so they are idempotent
-- and a late run writes the latest state. Ids of rows that are gone write nothing.
CREATE FUNCTION search_index_cards(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, author_id, updated_at, title_vector, vector)
  SELECT c.id, 'card', c.project_id, c.id, NULL, c.created_by, c.updated_at,
    search_text_vector(c.title), search_text_vector(c.title) || search_text_vector(c.body_text)
  FROM cards c WHERE c.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET author_id = excluded.author_id, updated_at = excluded.updated_at,
    title_vector = excluded.title_vector, vector = excluded.vector;
END;
--> statement-breakpoint
CREATE FUNCTION search_index_tasks(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, task_id, author_id, updated_at, title_vector, vector)
  SELECT t.id, 'task', t.project_id, t.card_id, NULL, t.id, t.created_by, t.updated_at,
    search_text_vector(t.title), search_text_vector(t.title) || search_text_vector(array_to_string(t.labels, ' '))
  FROM tasks t WHERE t.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at,
    title_vector = excluded.title_vector, vector = excluded.vector;
END;
--> statement-breakpoint
CREATE FUNCTION search_index_files(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, file_id, author_id, updated_at, title_vector, vector)
  SELECT f.id, 'file', f.project_id, f.card_id, m.chat_id, f.id, f.uploader_id, f.created_at,
    search_text_vector(f.name), search_text_vector(f.name)
  FROM files f LEFT JOIN messages m ON m.id = f.message_id
  WHERE f.id = ANY(ids) AND f.card_id IS NOT NULL
  ON CONFLICT (id) DO UPDATE SET card_id = excluded.card_id, chat_id = excluded.chat_id,
    updated_at = excluded.updated_at, title_vector = excluded.title_vector, vector = excluded.vector;
END;
--> statement-breakpoint
-- A message's files are attached in its transaction: they are written with it.
CREATE FUNCTION search_index_messages(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, message_id, author_id, updated_at, title_vector, vector)
  SELECT m.id, 'message', m.project_id, m.card_id, m.chat_id, m.id, m.author_id, coalesce(m.edited_at, m.created_at),
    ''::tsvector, search_text_vector(m.text)
  FROM messages m WHERE m.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at, vector = excluded.vector;
  SELECT search_index_files(array_agg(f.id)) FROM files f WHERE f.message_id = ANY(ids);
END;
--> statement-breakpoint
SELECT search_index_cards(array_agg(id)) FROM cards;--> statement-breakpoint
SELECT search_index_tasks(array_agg(id)) FROM tasks;--> statement-breakpoint
SELECT search_index_messages(array_agg(id)) FROM messages;--> statement-breakpoint
SELECT search_index_files(array_agg(id)) FROM files;
