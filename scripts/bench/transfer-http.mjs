// Section 15's exchanges with the server beyond plain JSON calls (transfer.mjs): an import's file sent as a
// multipart body streamed from disk, an export's zip downloaded to disk, a job followed until it ends, and the
// server's RSS sampled meanwhile. Neither direction holds a file in this process's memory.
import fs from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { readRssKib, readRssPartsKib } from './process-memory.mjs';
import { formatMs } from './report.mjs';
import { readLogTail } from './server-process.mjs';

/** How often a job's status is asked for: the resolution of its measured time. */
const pollMs = 200;
/** How often the server's RSS is read. */
const rssSampleMs = 100;

function readBody(res) {
  return new Promise((resolve, reject) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk) => {
      text += chunk;
    });
    res.on('end', () => resolve(text));
    res.on('error', reject);
  });
}

/**
 * POSTs `filePath` to /api/imports as the multipart part `file` (after a field `name`), read from disk as it is
 * sent; resolves to the queued import ({ id }) once the server has stored it.
 */
export async function postImport(baseUrl, token, { filePath, fileName, contentType, name }) {
  const { size } = await fs.promises.stat(filePath);
  const boundary = `bench-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${name}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/imports`, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    let answered = false;
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    req.on('response', async (res) => {
      answered = true;
      try {
        const text = await readBody(res);
        if (res.statusCode !== 202) reject(new Error(`POST /api/imports: ${res.statusCode} ${text.slice(0, 300)}`));
        else resolve(JSON.parse(text));
      } catch (err) {
        reject(err);
      }
    });
    req.write(head);
    const file = fs.createReadStream(filePath, { highWaterMark: 256 * 1024 });
    file.on('error', (err) => req.destroy(err));
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/** Downloads `url` (a signed link) into `filePath`, streaming; resolves to the byte count. */
export function downloadTo(url, filePath) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, async (res) => {
      try {
        if (res.statusCode !== 200) {
          throw new Error(`GET ${new URL(url).pathname}: ${res.statusCode} ${(await readBody(res)).slice(0, 300)}`);
        }
        await pipeline(res, fs.createWriteStream(filePath));
        resolve((await fs.promises.stat(filePath)).size);
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

/** A job that ended `failed`: its row's error, and what the server logged as the cause. */
export class JobFailed extends Error {
  constructor(what, error, cause) {
    super(`${what} failed: ${error}${cause ? ` (the server logged: ${cause})` : ''}`);
    this.name = 'JobFailed';
    this.cause = cause;
  }
}

/** The message of the last error (level ≥ 50) in the server's JSON log, if any. */
function lastLoggedError(logPath) {
  const lines = readLogTail(logPath, 400).split('\n').reverse();
  for (const line of lines) {
    try {
      const entry = JSON.parse(line);
      if (entry.level >= 50) return entry.err?.message ?? entry.msg;
    } catch {
      // Not a JSON line.
    }
  }
  return undefined;
}

/**
 * Asks `read()` for a job's row every 200 ms until its status is done; logs its progress every 15 s. Resolves to
 * { row, finishingMs }: the last row, and how long the job stayed at 99 % (the server caps progress there until
 * the job's last step ends: for an import, the new project's members and its search index), if it was seen.
 * @throws JobFailed when the job fails (with the last error in the server's log at `logPath`); an Error when it is
 * not done within `timeoutMs`
 */
export async function waitForJob(read, { what, logPath, timeoutMs = 60 * 60 * 1000 }) {
  const started = performance.now();
  let logged = started;
  let finishingAt;
  for (;;) {
    const row = await read();
    const now = performance.now();
    if (row.status === 'done') return { row, finishingMs: finishingAt === undefined ? undefined : now - finishingAt };
    if (row.status === 'failed') throw new JobFailed(what, row.error, lastLoggedError(logPath));
    if (row.progress >= 0.99) finishingAt ??= now;
    if (now - started > timeoutMs) throw new Error(`${what} not done after ${formatMs(timeoutMs)}`);
    if (now - logged >= 15_000) {
      console.log(`    ${what}: ${row.status}, ${Math.round(row.progress * 100)}% after ${formatMs(now - started)}`);
      logged = now;
    }
    await delay(pollMs);
  }
}

/**
 * Reads a process's RSS every 100 ms until stop(), which resolves to { peakKib, peakAtMs, timeline } (peakAtMs:
 * since the start of sampling; timeline: RSS and its parts once a second, for --profile).
 */
export function sampleRss(pid) {
  const started = performance.now();
  let peakKib = readRssKib(pid);
  let peakAtMs = 0;
  let sampling = true;
  const timeline = [];
  let nextPartsMs = 0;
  const loop = (async () => {
    while (sampling) {
      await delay(rssSampleMs);
      const kib = readRssKib(pid);
      const elapsed = performance.now() - started;
      if (kib > peakKib) {
        peakKib = kib;
        peakAtMs = elapsed;
      }
      if (elapsed >= nextPartsMs) {
        timeline.push({ ms: elapsed, ...readRssPartsKib(pid) });
        nextPartsMs += 1000;
      }
    }
  })();
  return {
    async stop() {
      sampling = false;
      await loop;
      return { peakKib, peakAtMs, timeline };
    },
  };
}
