import { z } from 'zod';

export const searchResultTypes = ['card', 'task', 'message', 'file'] as const;
export type SearchResultType = (typeof searchResultTypes)[number];

export const searchLimits = {
  pageDefault: 20,
  pageMax: 50,
  /** A query longer than this is refused: nobody types more, and every word costs the index a lookup. */
  queryMaxChars: 500,
  snippetMaxChars: 200,
  /** Suggestions of each kind at most. */
  suggestMax: 8,
} as const;

/** What a task's searched text puts between its title and its labels; the web's palette cuts its snippet there. */
export const taskLabelsSeparator = ' · ';

/** One thing found: where it lives, what to show, and the web path that opens it. */
export const SearchResult = z.object({
  type: z.enum(searchResultTypes),
  id: z.uuid(),
  project_id: z.uuid(),
  project_name: z.string(),
  card_id: z.uuid(),
  card_title: z.string(),
  chat_id: z.uuid().nullable(),
  /** The card's or task's title, the file's name, or for a message "<author> in <chat>". */
  title: z.string(),
  /** Plain text around the best match, at most `searchLimits.snippetMaxChars` characters. */
  snippet: z.string(),
  /** `[start, end)` character offsets in `snippet` of the matched words. */
  highlights: z.array(z.tuple([z.number().int(), z.number().int()])),
  url: z.string(),
  updated_at: z.string(),
});
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchQuery = z.object({
  q: z.string().max(searchLimits.queryMaxChars).default(''),
  project_id: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(searchLimits.pageMax).default(searchLimits.pageDefault),
  /** `next_cursor` of the previous page. */
  cursor: z.string().max(300).optional(),
  /** The caller's IANA time zone, for `due:today` and `due:week`; UTC when absent. */
  tz: z.string().max(64).optional(),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchPage = z.object({ items: z.array(SearchResult), next_cursor: z.string().nullable() });
export type SearchPage = z.infer<typeof SearchPage>;

export const SearchSuggestQuery = z.object({ q: z.string().max(200).default('') });
export type SearchSuggestQuery = z.infer<typeof SearchSuggestQuery>;

export const SearchSuggestions = z.object({
  projects: z.array(z.object({ id: z.uuid(), name: z.string() })),
  people: z.array(z.object({ user_id: z.uuid(), name: z.string() })),
});
export type SearchSuggestions = z.infer<typeof SearchSuggestions>;
