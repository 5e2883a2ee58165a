import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../../../src/db/schema/files';
import { usageEvents } from '../../../src/db/schema/usage-events';
import type { Team } from '../projects';
import type { TestApp, TestUser } from '../test-app';

/** The limit the suite's server runs with: small, so over-limit uploads stay cheap. */
export const maxBytes = 2 * 1024 * 1024;

export async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .png()
    .toBuffer();
}

/**
 * What every part of the files suite works with: the server, a team, two cards, and ways to look into storage.
 * Filled by the suite's beforeAll (files-suite.ts); the methods read it when a test runs.
 */
export class FilesFixture {
  t!: TestApp;
  team!: Team;
  cardId!: string;
  otherCardId!: string;

  newCard = async (user: TestUser, title: string, projectId = this.team.projectId): Promise<string> => {
    const res = await this.t.request<{ id: string }>('POST', `/api/projects/${projectId}/cards`, {
      token: user.token,
      body: { title },
    });
    if (res.status !== 201) throw new Error(`card not created: ${res.text}`);
    return res.body.id;
  };

  storedKeys = async (prefix: string): Promise<string[]> => {
    const keys: string[] = [];
    for await (const object of this.t.app.deps.storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  };

  /** Every upload and thumbnail in storage. */
  everyStoredKey = async (): Promise<string[]> => [
    ...(await this.storedKeys('uploads/')),
    ...(await this.storedKeys('thumbnails/')),
  ];

  storedCount = async (): Promise<number> => (await this.everyStoredKey()).length;

  /** Stored uploads and thumbnails that no file row names. */
  orphanedKeys = async (): Promise<string[]> => {
    const rows = await this.t.database.db.select({ key: files.storageKey, thumbnail: files.thumbnailKey }).from(files);
    const named = new Set(rows.flatMap((row) => [row.key, row.thumbnail]));
    return (await this.everyStoredKey()).filter((key) => !named.has(key));
  };

  /** The member's usage events `name` about the file. */
  eventsFor = async (name: 'file_uploaded' | 'image_uploaded', fileId: string) => {
    const rows = await this.t.database.db
      .select()
      .from(usageEvents)
      .where(and(eq(usageEvents.name, name), eq(usageEvents.userId, this.team.member.id)));
    return rows.filter((row) => row.properties.file_id === fileId);
  };
}
