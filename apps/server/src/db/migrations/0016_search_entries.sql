CREATE TABLE "search_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"project_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"chat_id" uuid,
	"message_id" uuid,
	"author_id" uuid,
	"updated_at" timestamp with time zone NOT NULL,
	"title_vector" "tsvector" NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_entries_vector_idx" ON "search_entries" USING gin ("vector") WITH (fastupdate=true,gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "search_entries_title_vector_idx" ON "search_entries" USING gin ("title_vector") WITH (fastupdate=true,gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "search_entries_updated_idx" ON "search_entries" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_project_idx" ON "search_entries" USING btree ("project_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_entries_chat_idx" ON "search_entries" USING btree ("chat_id") WHERE "search_entries"."chat_id" is not null;--> statement-breakpoint
CREATE INDEX "search_entries_message_idx" ON "search_entries" USING btree ("message_id") WHERE "search_entries"."message_id" is not null;--> statement-breakpoint
-- A text's words for search: English stems (so "plans" finds "planning") and the words as written (so the word
-- being typed, matched as a prefix, finds "planning" from "plann", which stems to no prefix of "plan"). The
-- words as written have no positions: phrases are matched by the stems, and the written words would otherwise
-- follow the stems' last word and make phrases that are not in the text. ASCII
-- punctuation becomes a space first, as the search box splits words: "report_Q3-final.pdf" is four words, not
-- one file-name token (a regular expression: translate() is ten times slower, and each text is parsed once).
CREATE FUNCTION search_words_vector(words text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_tsvector('english'::regconfig, words) || strip(to_tsvector('simple'::regconfig, words));
--> statement-breakpoint
CREATE FUNCTION search_text_vector(body text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN search_words_vector(regexp_replace(coalesce(body, ''), '[!-/:-@[-`{-~]', ' ', 'g'));
--> statement-breakpoint
-- The index's writers, one per type: each reads the rows by id and writes their entries, so they are idempotent
-- and a late run writes the latest state. Ids of rows that are gone write nothing; a row deleted after it was read
-- (its deletion's subscriber finding no entry yet) is looked for again by the last statement, which runs on a
-- snapshot of its own.
CREATE FUNCTION search_index_cards(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, author_id, updated_at, title_vector, vector)
  SELECT c.id, 'card', c.project_id, c.id, NULL, c.created_by, c.updated_at,
    v.title, v.title || search_text_vector(c.body_text)
  FROM cards c CROSS JOIN LATERAL (SELECT search_text_vector(c.title) AS title) v WHERE c.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET author_id = excluded.author_id, updated_at = excluded.updated_at,
    title_vector = excluded.title_vector, vector = excluded.vector;
  DELETE FROM search_entries e WHERE e.id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM cards x WHERE x.id = e.id);
END;
--> statement-breakpoint
CREATE FUNCTION search_index_tasks(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, author_id, updated_at, title_vector, vector)
  SELECT t.id, 'task', t.project_id, t.card_id, t.created_by, t.updated_at,
    v.title, v.title || search_text_vector(array_to_string(t.labels, ' '))
  FROM tasks t CROSS JOIN LATERAL (SELECT search_text_vector(t.title) AS title) v WHERE t.id = ANY(ids)
  ON CONFLICT (id) DO UPDATE SET updated_at = excluded.updated_at,
    title_vector = excluded.title_vector, vector = excluded.vector;
  DELETE FROM search_entries e WHERE e.id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM tasks x WHERE x.id = e.id);
END;
--> statement-breakpoint
CREATE FUNCTION search_index_files(ids uuid[]) RETURNS void
LANGUAGE sql
BEGIN ATOMIC
  INSERT INTO search_entries (id, type, project_id, card_id, chat_id, message_id, author_id, updated_at, title_vector, vector)
  SELECT f.id, 'file', f.project_id, f.card_id, m.chat_id, f.message_id, f.uploader_id, f.created_at,
    v.name, v.name
  FROM files f LEFT JOIN messages m ON m.id = f.message_id CROSS JOIN LATERAL (SELECT search_text_vector(f.name) AS name) v
  WHERE f.id = ANY(ids) AND f.card_id IS NOT NULL
  ON CONFLICT (id) DO UPDATE SET card_id = excluded.card_id, chat_id = excluded.chat_id, message_id = excluded.message_id,
    updated_at = excluded.updated_at, title_vector = excluded.title_vector, vector = excluded.vector;
  DELETE FROM search_entries e WHERE e.id = ANY(ids) AND NOT EXISTS (SELECT 1 FROM files x WHERE x.id = e.id);
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
  DELETE FROM search_entries e WHERE (e.id = ANY(ids) OR e.message_id = ANY(ids))
    AND NOT EXISTS (SELECT 1 FROM messages x WHERE x.id = e.message_id);
END;
--> statement-breakpoint
SELECT search_index_cards(array_agg(id)) FROM cards;--> statement-breakpoint
SELECT search_index_tasks(array_agg(id)) FROM tasks;--> statement-breakpoint
SELECT search_index_messages(array_agg(id)) FROM messages;--> statement-breakpoint
SELECT search_index_files(array_agg(id)) FROM files;
