// Section 14's queries (search.mjs): a fixed mix drawn from the rows, run one at a time and timed.
import { summarize } from './latency-stats.mjs';
import { formatMs } from './report.mjs';
import { between, labels, people, pick, projectName, seeded } from './search-rows.mjs';

const wordsIn = (text) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/**
 * The queries, in a fixed order: { kind, q, nextPage? } (nextPage: the next page is asked for right after).
 * Words come from the rows themselves (a person searches for what they remember) or from the vocabulary at a
 * rank drawn evenly on a log scale (as many common words as rare ones); the last word is cut to its first 3–5
 * letters most of the time, as it is while being typed.
 */
export function queryMix(rows, seed, { oneWords = 60, twoWords = 50, threeWords = 40, phrases = 20, perFilter = 7 }) {
  const random = seeded(seed);
  const { words } = rows.vocab;
  const anyWord = () => words[Math.min(words.length - 1, Math.floor(Math.exp(random() * Math.log(words.length))))];
  const typed = (word) => (random() < 0.3 ? word : word.slice(0, between(random, 3, 5)));
  const firstName = () => pick(random, people.slice(1)).split(' ')[0].toLowerCase();
  /** `count` words of one message or task title, in their order. */
  const wordsTogether = (count) => {
    const source = random() < 0.75 ? pick(random, rows.messages).text : pick(random, rows.tasks).title;
    const all = wordsIn(source);
    const start = Math.floor(random() * (all.length - count + 1));
    // Not always neighbours: a word skipped now and then.
    const chosen = [];
    for (let i = start; i < all.length && chosen.length < count; i += 1) {
      if (chosen.length === 0 || random() < 0.7 || all.length - i <= count - chosen.length) chosen.push(all[i]);
    }
    return chosen;
  };
  const phrase = () => {
    const all = wordsIn(random() < 0.5 ? pick(random, rows.messages).text : pick(random, rows.cards).body);
    const i = Math.floor(random() * (all.length - 1));
    return `"${all[i]} ${all[i + 1]}"`;
  };
  const filterQueries = [
    () => 'assignee:me is:open due:week',
    () => 'assignee:me is:open',
    () => `due:overdue assignee:${firstName()}`,
    () => `type:message from:${firstName()} ${typed(anyWord())}`,
    () => `type:task label:${pick(random, labels)} ${typed(anyWord())}`,
    () => `in:"${projectName}" ${typed(anyWord())}`,
    () => `type:file ${typed(anyWord())}`,
    () => `status:"In progress" assignee:${firstName()}`,
    () => `from:${firstName()} ${typed(anyWord())}`,
    () => `type:card ${typed(anyWord())}`,
    () => `is:done label:${pick(random, labels)}`,
    // Filters alone: the newest first.
    () => `from:${firstName()}`,
    () => 'type:file',
  ];
  const mix = [];
  for (let i = 0; i < oneWords; i += 1) mix.push({ kind: 'one word', q: typed(anyWord()), nextPage: i % 8 === 0 });
  for (let i = 0; i < twoWords; i += 1) {
    const [a, b] = wordsTogether(2);
    mix.push({ kind: 'two words', q: `${a} ${typed(b)}` });
  }
  for (let i = 0; i < threeWords; i += 1) {
    const [a, b, c] = wordsTogether(3);
    mix.push({ kind: 'three words', q: `${a} ${b} ${typed(c)}` });
  }
  for (let i = 0; i < phrases; i += 1) mix.push({ kind: 'phrase', q: phrase() });
  for (let round = 0; round < perFilter; round += 1) {
    for (const make of filterQueries) mix.push({ kind: 'filters', q: make() });
  }
  for (let i = mix.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [mix[i], mix[j]] = [mix[j], mix[i]];
  }
  return mix;
}

/** One GET, timed as timeGets times it (latency-stats.mjs), with the page read afterwards. @throws on any but 200 */
async function timedSearch(baseUrl, token, params) {
  const url = `${baseUrl}/api/search?${new URLSearchParams({ limit: '20', tz: 'UTC', ...params })}`;
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  const text = Buffer.from(body).toString('utf8');
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return { ms, page: JSON.parse(text) };
}

/** Runs the mix one request at a time; resolves to [{ kind, q, ms, found }]. */
export async function runMix(baseUrl, token, mix) {
  const timings = [];
  for (const { kind, q, nextPage } of mix) {
    const first = await timedSearch(baseUrl, token, { q });
    timings.push({ kind, q, ms: first.ms, found: first.page.items.length });
    if (nextPage && first.page.next_cursor) {
      const next = await timedSearch(baseUrl, token, { q, cursor: first.page.next_cursor });
      timings.push({ kind: 'next page', q, ms: next.ms, found: next.page.items.length });
    }
  }
  return timings;
}

const kindOrder = ['one word', 'two words', 'three words', 'phrase', 'filters', 'next page'];

/** A line per kind in the log: the figures, and how many of its queries found something. */
export function logKinds(timings) {
  for (const kind of kindOrder) {
    const of = timings.filter((t) => t.kind === kind);
    if (of.length === 0) continue;
    const { p50, p99, max } = summarize(of.map((t) => t.ms));
    const found = of.filter((t) => t.found > 0).length;
    console.log(
      `  ${kind}: ${of.length} queries, p50 ${formatMs(p50)}, p99 ${formatMs(p99)}, max ${formatMs(max)}; ` +
        `${found} found something`,
    );
  }
  const slowest = [...timings].sort((a, b) => b.ms - a.ms).slice(0, 5);
  console.log(`  slowest: ${slowest.map((t) => `${formatMs(t.ms)} ${JSON.stringify(t.q)} (${t.kind})`).join('; ')}`);
}

/** A mix whose queries find nothing measures nothing: the rows or the index went wrong. @throws then */
export function checkFound(timings) {
  for (const kind of kindOrder) {
    const of = timings.filter((t) => t.kind === kind);
    if (of.length > 0 && !of.some((t) => t.found > 0)) throw new Error(`no ${kind} query found anything`);
  }
  const found = timings.filter((t) => t.found > 0).length;
  if (found < timings.length / 2) throw new Error(`only ${found} of ${timings.length} queries found anything`);
}
