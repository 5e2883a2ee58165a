// Section 14's rows (search.mjs): a project's cards, chats, messages, tasks and files, generated in memory from
// fixed seeds, with a vocabulary of pseudo-words drawn with a Zipf-like skew.

export const counts = { cards: 5000, tasks: 20_000, messages: 100_000, files: 5000 };
export const entryCount = counts.cards + counts.tasks + counts.messages + counts.files;
const bodyChars = 2000;
export const projectName = 'Harbour search';
/** The owner (who searches) first; the people `assignee:` and `from:` name by their first names. */
export const people = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Edsger Dijkstra', 'Barbara Liskov'];
/** How often each person writes, creates or uploads something: the owner most. */
const authorWeights = [4, 2, 2, 1, 1];
export const labels = ['bug', 'design', 'backend', 'frontend', 'research', 'ops', 'docs', 'billing'];
const fileKinds = [
  ['pdf', 'application/pdf'],
  ['png', 'image/png'],
  ['docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['txt', 'text/plain'],
];
const dayMs = 24 * 60 * 60 * 1000;

/** A small seeded generator (mulberry32): the same rows and queries on every run. */
export function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = (random, items) => items[Math.floor(random() * items.length)];
export const between = (random, low, high) => low + Math.floor(random() * (high - low + 1));

/** A picker of an index by weight. */
function weighted(weights) {
  const cumulative = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight;
    cumulative.push(sum);
  }
  return (random) => {
    const x = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] > x) high = mid;
      else low = mid + 1;
    }
    return low;
  };
}

/**
 * 4,096 pseudo-words of three syllables, in a shuffled order that is their rank: word k is drawn with weight
 * 1 / (k + 10) (Zipf–Mandelbrot), so the commonest is about 1.5 % of all words (a fifth of the messages) and the
 * rarest is in about a hundred rows. The shuffle keeps a word's rank apart from its first letters (its prefixes).
 */
export function vocabulary(random) {
  const syllables = [
    'ka',
    'lo',
    'mi',
    'ne',
    'ru',
    'ta',
    'vo',
    'shi',
    'pe',
    'dra',
    'gul',
    'fen',
    'bo',
    'tir',
    'sa',
    'quen',
  ];
  const words = [];
  for (const a of syllables) for (const b of syllables) for (const c of syllables) words.push(a + b + c);
  for (let i = words.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [words[i], words[j]] = [words[j], words[i]];
  }
  const rank = weighted(words.map((_, k) => 1 / (k + 11)));
  return { words, draw: (r) => words[rank(r)] };
}

/** A UUIDv7 of the moment `ms`, as the server makes them (ids order by time). */
function uuidv7(ms, random) {
  const hex = (length) =>
    Math.floor(random() * 16 ** length)
      .toString(16)
      .padStart(length, '0');
  const time = Math.floor(ms).toString(16).padStart(12, '0');
  const variant = (8 + Math.floor(random() * 4)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8)}-7${hex(3)}-${variant}${hex(3)}-${hex(6)}${hex(6)}`;
}

/** An order key (modules/tasks/service/order-keys.ts): 'e' and five base-62 digits, so n in order. */
function orderKey(n) {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let text = '';
  for (let rest = n; text.length < 5; rest = Math.floor(rest / 62)) text = digits[rest % 62] + text;
  return `e${text}`;
}

const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function wordsText(random, vocab, count) {
  return Array.from({ length: count }, () => vocab.draw(random)).join(' ');
}

/** Sentences of 6–16 words until about `bodyChars` characters. */
function bodyText(random, vocab) {
  const sentences = [];
  let length = 0;
  while (length < bodyChars) {
    const sentence = `${capitalized(wordsText(random, vocab, between(random, 6, 16)))}.`;
    sentences.push(sentence);
    length += sentence.length + 1;
  }
  return sentences.join(' ').slice(0, bodyChars);
}

/** The rows of the project, in memory: what is inserted, and what the queries are drawn from. */
export function generateRows({ projectId, statuses, members, now }) {
  const random = seeded(14);
  const vocab = vocabulary(random);
  const author = weighted(authorWeights);
  const person = () => members[author(random)];
  const past = (days) => now - random() * days * dayMs;

  const cards = [];
  const chats = [];
  for (let i = 0; i < counts.cards; i += 1) {
    const createdAt = past(365);
    const by = person();
    const id = uuidv7(createdAt, random);
    cards.push({
      id,
      title: capitalized(wordsText(random, vocab, between(random, 2, 5))),
      body: bodyText(random, vocab),
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt: Math.min(now, createdAt + random() * 30 * dayMs),
    });
    chats.push({ id: uuidv7(createdAt, random), cardId: id, createdBy: by.userId, createdByName: by.name, createdAt });
  }

  const messages = [];
  for (let i = 0; i < counts.messages; i += 1) {
    const chatIndex = Math.floor(random() * chats.length);
    const chat = chats[chatIndex];
    const createdAt = chat.createdAt + random() * (now - chat.createdAt);
    const by = person();
    const text = wordsText(random, vocab, between(random, 5, 25));
    messages.push({
      id: uuidv7(createdAt, random),
      chatId: chat.id,
      cardId: chat.cardId,
      authorId: by.userId,
      authorName: by.name,
      text: `${capitalized(text)}${random() < 0.2 ? '?' : '.'}`,
      createdAt,
      editedAt: random() < 0.05 ? Math.min(now, createdAt + random() * 3_600_000) : null,
    });
    chat.lastMessageAt = Math.max(chat.lastMessageAt ?? 0, createdAt);
  }

  const statusWeights = weighted([4, 2, 4]); // To do, In progress, Done
  const positions = statuses.map(() => 0);
  const tasks = [];
  for (let i = 0; i < counts.tasks; i += 1) {
    const card = pick(random, cards);
    const createdAt = card.createdAt + random() * (now - card.createdAt);
    const updatedAt = Math.min(now, createdAt + random() * 20 * dayMs);
    const statusIndex = statusWeights(random);
    const by = person();
    const assignees = new Set();
    const assigneeCount = random() < 0.3 ? 0 : random() < 0.8 ? 1 : 2;
    while (assignees.size < assigneeCount) assignees.add(person().userId);
    const taskLabels = new Set();
    const labelCount = random() < 0.5 ? 0 : random() < 0.8 ? 1 : 2;
    while (taskLabels.size < labelCount) taskLabels.add(pick(random, labels));
    tasks.push({
      id: uuidv7(createdAt, random),
      cardId: card.id,
      statusId: statuses[statusIndex].id,
      title: capitalized(wordsText(random, vocab, between(random, 3, 6))),
      position: orderKey(positions[statusIndex]++),
      assignees: [...assignees].join(','),
      dueAt: random() < 0.5 ? now + (random() * 120 - 60) * dayMs : null,
      priority: pick(random, ['none', 'none', 'low', 'medium', 'high', 'urgent']),
      labels: [...taskLabels].join(','),
      doneAt: statuses[statusIndex].category === 'done' ? updatedAt : null,
      createdBy: by.userId,
      createdByName: by.name,
      createdAt,
      updatedAt,
    });
  }

  const files = [];
  for (let i = 0; i < counts.files; i += 1) {
    // Half of them were sent with a message, the others added to the card.
    const message = random() < 0.5 ? pick(random, messages) : null;
    const card = message ? null : pick(random, cards);
    const createdAt = message ? message.createdAt : card.createdAt + random() * (now - card.createdAt);
    const by = message ? members.find((m) => m.userId === message.authorId) : person();
    const [extension, contentType] = pick(random, fileKinds);
    const id = uuidv7(createdAt, random);
    files.push({
      id,
      cardId: message ? message.cardId : card.id,
      messageId: message?.id ?? null,
      uploaderId: by.userId,
      uploaderName: by.name,
      name: `${vocab.draw(random)}_${vocab.draw(random)}-${between(random, 2023, 2026)}.${extension}`,
      contentType,
      size: between(random, 10_000, 5_000_000),
      storageKey: `uploads/${id}`,
      createdAt,
    });
  }
  return { projectId, vocab, cards, chats, messages, tasks, files };
}
