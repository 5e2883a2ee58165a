import type { ProjectExport, ProjectImport } from '@deckhand/contract/transfer';
import yauzl from 'yauzl';
import type { TestApp, TestResponse, TestUser } from './test-app';

/** How long a test waits for an export or import job (the worker polls every 2 s). */
const jobTimeoutMs = 60_000;

/** Polls a job's state until it has ended: the condition itself, read every 100 ms, up to the timeout. */
async function waitFor<T extends { status: string }>(read: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + jobTimeoutMs;
  for (;;) {
    const value = await read();
    if (value.status === 'done' || value.status === 'failed') return value;
    if (Date.now() > deadline) throw new Error(`job still ${value.status} after ${jobTimeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks for an export and waits until its job has finished. */
export async function exportProject(t: TestApp, user: TestUser, projectId: string): Promise<ProjectExport> {
  const queued = await t.request<{ id: string }>('POST', `/api/projects/${projectId}/exports`, { token: user.token });
  if (queued.status !== 202) throw new Error(`export not queued: ${queued.status} ${queued.text}`);
  return waitExport(t, user, queued.body.id);
}

export function waitExport(t: TestApp, user: TestUser, exportId: string): Promise<ProjectExport> {
  return waitFor(async () => {
    const res = await t.request<ProjectExport>('GET', `/api/exports/${exportId}`, { token: user.token });
    if (res.status !== 200) throw new Error(`export not readable: ${res.status} ${res.text}`);
    return res.body;
  });
}

/** Downloads a finished export's zip through its signed link, with no Authorization header. */
export async function downloadExport(t: TestApp, exported: ProjectExport): Promise<Buffer> {
  if (!exported.url) throw new Error(`export has no link: ${JSON.stringify(exported)}`);
  const res = await fetch(new URL(exported.url, t.url));
  if (res.status !== 200) throw new Error(`download failed: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/** Every entry of a zip, by name. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  for await (const entry of archive.eachEntry()) {
    const stream = await archive.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  archive.close();
  return entries;
}

export function jsonOf<T = unknown>(entries: Map<string, Buffer>, name: string): T {
  const bytes = entries.get(name);
  if (!bytes) throw new Error(`${name} is not in the zip`);
  return JSON.parse(bytes.toString('utf8')) as T;
}

/** POSTs a file to /api/imports as a browser's FormData does. */
export async function postImport(
  t: TestApp,
  user: TestUser,
  file: { bytes: Uint8Array; name: string; type?: string },
  name?: string,
): Promise<TestResponse<{ id: string }>> {
  const form = new FormData();
  if (name !== undefined) form.append('name', name);
  form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
  const res = await fetch(`${t.url}/api/imports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  const text = await res.text();
  const body = res.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
  return { status: res.status, headers: res.headers, body, text };
}

export function waitImport(t: TestApp, user: TestUser, importId: string): Promise<ProjectImport> {
  return waitFor(async () => {
    const res = await t.request<ProjectImport>('GET', `/api/imports/${importId}`, { token: user.token });
    if (res.status !== 200) throw new Error(`import not readable: ${res.status} ${res.text}`);
    return res.body;
  });
}

/** Sends a file to import and waits for the job's outcome. */
export async function importFile(
  t: TestApp,
  user: TestUser,
  file: { bytes: Uint8Array; name: string },
  name?: string,
): Promise<ProjectImport> {
  const res = await postImport(t, user, file, name);
  if (res.status !== 202) throw new Error(`import not queued: ${res.status} ${res.text}`);
  return waitImport(t, user, res.body.id);
}
