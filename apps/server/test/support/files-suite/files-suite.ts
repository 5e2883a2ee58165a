import { afterAll, beforeAll } from 'vitest';
import { createTeam } from '../projects';
import { createTestApp } from '../test-app';
import { describeDownloads } from './downloads';
import { FilesFixture, maxBytes } from './fixture';
import { describeListing } from './listing';
import { describeMessageFiles } from './messages';
import { describeUploads } from './uploads';

/** Where the suite's server keeps its bytes: the local disk, or an S3-compatible server the caller starts. */
export interface StorageUnderTest {
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Every files route and error case, run once per storage driver (files.test.ts, files-s3.test.ts). */
export function describeFiles(label: string, startStorage: () => Promise<StorageUnderTest>): void {
  const fx = new FilesFixture();
  let storage: StorageUnderTest;

  beforeAll(async () => {
    storage = await startStorage();
    fx.t = await createTestApp({ ...storage.env, FILE_MAX_BYTES: String(maxBytes) });
    fx.team = await createTeam(fx.t, `Files on ${label}`);
    fx.cardId = await fx.newCard(fx.team.member, 'Designs');
    fx.otherCardId = await fx.newCard(fx.team.member, 'Other card');
  });
  afterAll(async () => {
    await fx.t.close();
    await storage.close();
  });

  describeUploads(label, fx);
  describeDownloads(label, fx);
  describeListing(label, fx);
  describeMessageFiles(label, fx);
}
