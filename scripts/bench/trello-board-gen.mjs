// A Trello board's JSON export as Trello writes it (Menu → Print, export and share → Export as JSON), generated
// from a fixed seed for section 15 (transfer.mjs): lists (some archived), labels (some with only a colour),
// members, cards with Markdown descriptions, due dates, checklists and link attachments, comments and other
// actions, with the many fields Trello adds that an import ignores.
import fs from 'node:fs/promises';
import { between, pick, seeded, vocabulary } from './search-rows.mjs';

const dayMs = 24 * 60 * 60 * 1000;
const lists = [
  ['Backlog', false, 4],
  ['To do', false, 3],
  ['Doing', false, 2],
  ['In review', false, 1],
  ['Blocked', false, 1],
  ['Old ideas', true, 1],
  ['Q3 leftovers', true, 1],
  ['Done', false, 6],
];
const labelColors = ['green', 'yellow', 'orange', 'red', 'purple', 'blue', 'sky', 'lime', 'pink', 'black'];
const labelNames = ['Design', 'Bug', 'Backend', 'Frontend', 'Research', '', 'Ops', '', 'Docs', 'Billing'];
const otherPeople = [
  'Grace Hopper',
  'Alan Turing',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Ken Thompson',
  'Frances Allen',
  'Donald Knuth',
  'Margaret Hamilton',
  'John Backus',
  'Radia Perlman',
  'Niklaus Wirth',
];
const otherActionTypes = [
  'createCard',
  'updateCard',
  'addMemberToCard',
  'addChecklistToCard',
  'updateCheckItemStateOnCard',
];

/** Sums of weights, for a pick by weight. */
function weightedIndex(random, weights) {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let x = random() * total;
  for (let i = 0; i < weights.length; i += 1) {
    x -= weights[i];
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/**
 * Generates the board: `cards` cards over 8 lists (2 archived) and `comments` commentCard actions, plus half as
 * many other actions; `importerName` is one of its members (their comments stay theirs on import).
 */
export function generateTrelloBoard({ cards: cardCount, comments: commentCount, importerName, now = Date.now() }) {
  const random = seeded(2026);
  const vocab = vocabulary(random);
  const hex = (length) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  /** A Trello id: a Mongo ObjectId, its first 8 hex digits the creation second. */
  const trelloId = (ms) =>
    Math.floor(ms / 1000)
      .toString(16)
      .padStart(8, '0') + hex(16);
  const shortLink = () =>
    Array.from({ length: 8 }, () =>
      pick(random, [...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789']),
    ).join('');
  const words = (low, high) => Array.from({ length: between(random, low, high) }, () => vocab.draw(random)).join(' ');
  const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);
  const boardCreated = now - 2 * 365 * dayMs;
  const boardId = trelloId(boardCreated);
  const boardShortLink = shortLink();
  const boardName = 'Harbour roadmap';
  const board = { id: boardId, name: boardName, shortLink: boardShortLink };

  const members = [importerName, ...otherPeople].map((fullName) => {
    const username = fullName.toLowerCase().replace(/[^a-z]/g, '');
    return {
      id: trelloId(boardCreated),
      activityBlocked: false,
      avatarHash: hex(32),
      avatarUrl: `https://trello-members.s3.amazonaws.com/${hex(24)}/${hex(32)}`,
      bio: '',
      bioData: null,
      confirmed: true,
      fullName,
      idEnterprise: null,
      idEnterprisesDeactivated: [],
      idMemberReferrer: null,
      idPremOrgsAdmin: [],
      initials: fullName
        .split(' ')
        .map((part) => part[0])
        .join(''),
      memberType: 'normal',
      nonPublic: {},
      nonPublicAvailable: true,
      products: [],
      url: `https://trello.com/${username}`,
      username,
      status: 'disconnected',
    };
  });
  const memberCreator = (member) => ({
    id: member.id,
    activityBlocked: false,
    avatarHash: member.avatarHash,
    avatarUrl: member.avatarUrl,
    fullName: member.fullName,
    idMemberReferrer: null,
    initials: member.initials,
    nonPublic: {},
    nonPublicAvailable: true,
    username: member.username,
  });

  const boardLists = lists.map(([name, closed], index) => ({
    id: trelloId(boardCreated),
    name,
    closed,
    color: null,
    idBoard: boardId,
    pos: 16384 * (index + 1),
    subscribed: false,
    softLimit: null,
    type: null,
    datasource: { filter: false },
    creationMethod: null,
    idOrganization: hex(24),
    limits: { cards: { openPerList: { status: 'ok', disableAt: 5000, warnAt: 4000 } } },
    nodeId: `ari:cloud:trello::list/${hex(24)}`,
  }));
  const labels = labelColors.map((color, index) => ({
    id: trelloId(boardCreated),
    idBoard: boardId,
    name: labelNames[index],
    color,
    uses: 0,
  }));

  const cards = [];
  const checklists = [];
  const listWeights = lists.map(([, , weight]) => weight);
  const positions = boardLists.map(() => 0);
  for (let i = 0; i < cardCount; i += 1) {
    const listIndex = weightedIndex(random, listWeights);
    const list = boardLists[listIndex];
    const created = boardCreated + random() * (now - boardCreated - dayMs);
    const lastActivity = Math.min(now, created + random() * 60 * dayMs);
    const id = trelloId(created);
    const link = shortLink();
    const name = capital(words(2, 8));
    const cardLabels = [];
    for (let n = weightedIndex(random, [4, 4, 2, 1]); n > 0; n -= 1) {
      const label = pick(random, labels);
      if (!cardLabels.includes(label)) cardLabels.push(label);
    }
    for (const label of cardLabels) label.uses += 1;
    let desc = '';
    if (random() < 0.65) {
      const parts = [capital(`${words(8, 30)}.`)];
      if (random() < 0.4) parts.unshift(`## ${capital(words(1, 4))}`);
      if (random() < 0.4)
        parts.push(Array.from({ length: between(random, 2, 5) }, () => `- ${words(2, 8)}`).join('\n'));
      if (random() < 0.3) parts.push(`See **${words(1, 2)}** in [the notes](https://docs.example.com/${hex(8)}).`);
      desc = parts.join('\n\n');
    }
    const idChecklists = [];
    let checkItems = 0;
    let checkItemsChecked = 0;
    if (random() < 0.25) {
      for (let c = between(random, 1, 2); c > 0; c -= 1) {
        const checklistId = trelloId(created);
        const items = Array.from({ length: between(random, 2, 8) }, (_, k) => {
          const state = random() < 0.4 ? 'complete' : 'incomplete';
          checkItems += 1;
          if (state === 'complete') checkItemsChecked += 1;
          return {
            id: trelloId(created),
            name: capital(words(2, 7)),
            nameData: { emoji: {} },
            pos: 16384 * (k + 1),
            state,
            due: null,
            dueReminder: null,
            idMember: null,
            idChecklist: checklistId,
          };
        });
        idChecklists.push(checklistId);
        checklists.push({
          id: checklistId,
          name: c === 1 ? 'Checklist' : capital(words(1, 3)),
          idBoard: boardId,
          idCard: id,
          pos: 16384 * c,
          limits: { checkItems: { perChecklist: { status: 'ok', disableAt: 200, warnAt: 160 } } },
          checkItems: items,
        });
      }
    }
    const attachments =
      random() < 0.05
        ? [
            {
              id: trelloId(created),
              bytes: null,
              date: new Date(created).toISOString(),
              edgeColor: null,
              idMember: pick(random, members).id,
              isUpload: false,
              mimeType: '',
              name: `https://docs.example.com/${hex(10)}`,
              previews: [],
              url: `https://docs.example.com/${hex(10)}`,
              pos: 16384,
              fileName: null,
            },
          ]
        : [];
    const due = random() < 0.3 ? new Date(created + random() * 90 * dayMs).toISOString() : null;
    const idMembers = random() < 0.5 ? [pick(random, members).id] : [];
    cards.push({
      id,
      badges: {
        attachmentsByType: { trello: { board: 0, card: 0 } },
        externalSource: null,
        location: false,
        votes: 0,
        viewingMemberVoted: false,
        subscribed: false,
        fogbugz: '',
        checkItems,
        checkItemsChecked,
        checkItemsEarliestDue: null,
        comments: 0,
        attachments: attachments.length,
        description: desc !== '',
        due,
        dueComplete: false,
        start: null,
      },
      checkItemStates: [],
      closed: random() < 0.05,
      dueComplete: due !== null && random() < 0.3,
      dateLastActivity: new Date(lastActivity).toISOString(),
      desc,
      descData: { emoji: {} },
      due,
      dueReminder: null,
      email: null,
      idBoard: boardId,
      idChecklists,
      idList: list.id,
      idMembers,
      idMembersVoted: [],
      idShort: i + 1,
      idAttachmentCover: null,
      labels: cardLabels.map((label) => ({ ...label })),
      idLabels: cardLabels.map((label) => label.id),
      manualCoverAttachment: false,
      name,
      nodeId: `ari:cloud:trello::card/${hex(24)}`,
      pinned: false,
      pos: 16384 * ++positions[listIndex],
      shortLink: link,
      shortUrl: `https://trello.com/c/${link}`,
      start: null,
      subscribed: false,
      url: `https://trello.com/c/${link}/${i + 1}-${name.toLowerCase().replaceAll(' ', '-')}`,
      cover: { idAttachment: null, color: null, idUploadedBackground: null, size: 'normal', brightness: 'dark' },
      isTemplate: false,
      cardRole: null,
      attachments,
      pluginData: [],
      customFieldItems: [],
    });
  }

  const action = (type, card, memberIndex, date, extra) => {
    const member = members[memberIndex];
    const list = boardLists.find((l) => l.id === card.idList);
    return {
      id: trelloId(date),
      idMemberCreator: member.id,
      data: {
        ...extra,
        card: { id: card.id, name: card.name, idShort: card.idShort, shortLink: card.shortLink },
        board,
        list: { id: list.id, name: list.name },
      },
      appCreator: null,
      type,
      date: new Date(date).toISOString(),
      limits: type === 'commentCard' ? { reactions: { perAction: { status: 'ok', disableAt: 900, warnAt: 720 } } } : {},
      memberCreator: memberCreator(member),
    };
  };
  const actions = [];
  for (let i = 0; i < commentCount; i += 1) {
    const card = pick(random, cards);
    card.badges.comments += 1;
    // A third by the importer; the others by people with no account here.
    const memberIndex = random() < 0.33 ? 0 : between(random, 1, members.length - 1);
    const date = Date.parse(card.dateLastActivity) - random() * 30 * dayMs;
    let text = capital(`${words(4, 40)}.`);
    if (random() < 0.2) text = `@${pick(random, members).username} ${text}`;
    if (random() < 0.1) text += `\n\n> ${words(5, 15)}`;
    actions.push(action('commentCard', card, memberIndex, date, { text, textData: { emoji: {} } }));
  }
  for (let i = 0; i < Math.floor(commentCount / 2); i += 1) {
    const card = pick(random, cards);
    const type = pick(random, otherActionTypes);
    const extra = type === 'updateCard' ? { old: { pos: card.pos - 1 } } : {};
    actions.push(action(type, card, between(random, 0, members.length - 1), Date.parse(card.dateLastActivity), extra));
  }
  // Newest first, as Trello lists them.
  actions.sort((a, b) => b.date.localeCompare(a.date));

  return {
    id: boardId,
    nodeId: `ari:cloud:trello::board/${hex(24)}`,
    name: boardName,
    desc: 'What the harbour team plans, builds and ships.',
    descData: null,
    closed: false,
    dateClosed: null,
    idOrganization: hex(24),
    idEnterprise: null,
    limits: {},
    pinned: false,
    starred: false,
    url: `https://trello.com/b/${boardShortLink}/harbour-roadmap`,
    prefs: { permissionLevel: 'private', voting: 'disabled', comments: 'members', background: 'blue' },
    shortLink: boardShortLink,
    subscribed: false,
    labelNames: Object.fromEntries(labelColors.map((color, index) => [color, labelNames[index]])),
    powerUps: [],
    dateLastActivity: new Date(now).toISOString(),
    dateLastView: new Date(now).toISOString(),
    shortUrl: `https://trello.com/b/${boardShortLink}`,
    idTags: [],
    datePluginDisable: null,
    creationMethod: null,
    ixUpdate: '4512',
    templateGallery: null,
    enterpriseOwned: false,
    idBoardSource: null,
    premiumFeatures: [],
    idMemberCreator: members[0].id,
    actions,
    cards,
    labels,
    lists: boardLists,
    members,
    checklists,
    customFields: [],
    memberships: members.map((member, index) => ({
      id: trelloId(boardCreated),
      idMember: member.id,
      memberType: index === 0 ? 'admin' : 'normal',
      unconfirmed: false,
      deactivated: false,
    })),
    pluginData: [],
  };
}

/** Writes the board as Trello does (one line of JSON); resolves to the file's size. */
export async function writeTrelloBoard(filePath, board) {
  await fs.writeFile(filePath, JSON.stringify(board));
  return (await fs.stat(filePath)).size;
}
