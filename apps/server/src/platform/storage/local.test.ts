import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLocalStorage } from './local';
import { describeStorage } from './storage-suite';

describeStorage('local disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-storage-'));
  return { storage: createLocalStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
});
