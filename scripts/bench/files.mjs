// 12. Files: a 100 MiB upload and its download (throughput, and how much the server's memory grows: a streamed
// upload holds a few chunks at a time, never the file), a 12-megapixel JPEG uploaded with its thumbnail made,
// and 20 uploads of 5 MiB at once. Bodies are made as they are sent, so the bench process holds no file either.
import http from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { callApi } from './api-client.mjs';
import { registerAccounts } from './bench-accounts.mjs';
import { summarize } from './latency-stats.mjs';
import { readRssKib, waitForStableRss } from './process-memory.mjs';
import { formatMib, formatMs } from './report.mjs';
import { startHealthyServer, stopServerNoting } from './server-process.mjs';

const mib = 1024 * 1024;
const bigBytes = 100 * mib;
const parallelCount = 20;
const parallelBytes = 5 * mib;
const thumbnailRounds = 5;
const targets = { rssGrowthMib: 30, thumbnailMs: 500 };

/** Samples a process's RSS every 25 ms while `work` runs; resolves to { result, peakKib }. */
async function withPeakRss(pid, work) {
  let peakKib = readRssKib(pid);
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakKib = Math.max(peakKib, readRssKib(pid));
      await delay(25);
    }
  })();
  try {
    const result = await work();
    return { result, peakKib };
  } finally {
    sampling = false;
    await sampler;
  }
}

/** `size` bytes of a pattern that no compressor or sniffer makes anything of, a chunk at a time. */
function patternStream(size) {
  const chunk = Buffer.alloc(256 * 1024);
  for (let i = 0; i < chunk.length; i += 1) chunk[i] = (i * 7919 + (i >> 8) * 31) & 0xff;
  let left = size;
  return new Readable({
    read() {
      if (left === 0) return this.push(null);
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      this.push(piece);
    },
  });
}

/** POSTs one multipart upload whose file part is `body` (`size` bytes); resolves to the stored file. */
function upload(baseUrl, token, projectId, { name, size, body, cardId }) {
  const boundary = `bench-${crypto.randomUUID()}`;
  const fields = cardId ? `--${boundary}\r\nContent-Disposition: form-data; name="card_id"\r\n\r\n${cardId}\r\n` : '';
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${baseUrl}/api/projects/${projectId}/files`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        if (res.statusCode !== 201) reject(new Error(`upload ${name}: ${res.statusCode} ${text.slice(0, 300)}`));
        else resolve(JSON.parse(text));
      });
    });
    req.write(head);
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/** Downloads a signed link to nowhere; resolves to the byte count. */
async function download(baseUrl, link) {
  const res = await fetch(new URL(link, baseUrl));
  if (res.status !== 200) throw new Error(`download: ${res.status}`);
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.byteLength;
  return bytes;
}

function mibPerS(bytes, ms) {
  return `${(bytes / mib / (ms / 1000)).toFixed(0)} MiB/s`;
}

/** Adds the files figures (PGlite, files on the local disk under DATA_DIR). */
export async function measureFiles(report, { workDir }) {
  const server = await startHealthyServer(workDir, 'files', { TRUST_PROXY: 'true' });
  try {
    const [owner] = await registerAccounts(server.url, { count: 1, label: 'files' });
    const project = await callApi(server.url, 'POST', '/api/projects', {
      token: owner.idToken,
      body: { name: 'Big files' },
      expect: 201,
    });
    const card = await callApi(server.url, 'POST', `/api/projects/${project.id}/cards`, {
      token: owner.idToken,
      body: { title: 'Attachments' },
      expect: 201,
    });
    const at = { baseUrl: server.url, token: owner.idToken, projectId: project.id };
    // A small upload first, so what the first one loads (multipart, sharp) is not counted as growth.
    await upload(at.baseUrl, at.token, at.projectId, { name: 'warm.bin', size: 1024, body: patternStream(1024) });

    const before = await waitForStableRss(server.pid);
    let started = performance.now();
    const up = await withPeakRss(server.pid, () =>
      upload(at.baseUrl, at.token, at.projectId, {
        name: 'hundred.bin',
        size: bigBytes,
        body: patternStream(bigBytes),
        cardId: card.id,
      }),
    );
    const upMs = performance.now() - started;
    const upGrowthKib = up.peakKib - before.rssKib;
    report.add({
      name: 'files: 100 MiB upload, server RSS growth (peak)',
      figure: `${mibPerS(bigBytes, upMs)} (${formatMs(upMs)}), +${formatMib(upGrowthKib)}`,
      target: `≤ ${targets.rssGrowthMib} MiB`,
      met: upGrowthKib / 1024 <= targets.rssGrowthMib,
    });

    const beforeDown = await waitForStableRss(server.pid);
    started = performance.now();
    const down = await withPeakRss(server.pid, () => download(at.baseUrl, up.result.url));
    const downMs = performance.now() - started;
    if (down.result !== bigBytes) throw new Error(`downloaded ${down.result} bytes of ${bigBytes}`);
    const downGrowthKib = down.peakKib - beforeDown.rssKib;
    report.add({
      name: 'files: 100 MiB download, server RSS growth (peak)',
      figure: `${mibPerS(bigBytes, downMs)} (${formatMs(downMs)}), +${formatMib(downGrowthKib)}`,
      target: `≤ ${targets.rssGrowthMib} MiB`,
      met: downGrowthKib / 1024 <= targets.rssGrowthMib,
    });

    // A photo's worth of detail (noise compresses like a photo does, unlike a flat colour).
    const jpeg = await sharp({
      create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } },
    })
      .jpeg({ quality: 85 })
      .toBuffer();
    const photoMs = [];
    const plainMs = [];
    for (let i = 0; i < thumbnailRounds; i += 1) {
      started = performance.now();
      const photo = await upload(at.baseUrl, at.token, at.projectId, {
        name: `photo-${i}.jpg`,
        size: jpeg.length,
        body: Readable.from([jpeg]),
      });
      photoMs.push(performance.now() - started);
      if (!photo.thumbnail_url || photo.width !== 4000) throw new Error('the photo got no thumbnail');
      started = performance.now();
      await upload(at.baseUrl, at.token, at.projectId, {
        name: `same-size-${i}.bin`,
        size: jpeg.length,
        body: patternStream(jpeg.length),
      });
      plainMs.push(performance.now() - started);
    }
    const photo = summarize(photoMs);
    const plain = summarize(plainMs);
    report.add({
      name: `files: 12-megapixel JPEG (${(jpeg.length / mib).toFixed(1)} MiB) uploaded with its thumbnail, p50`,
      figure: `${formatMs(photo.p50)} (a file of the same size: ${formatMs(plain.p50)}; thumbnail ≈ ${formatMs(photo.p50 - plain.p50)})`,
      target: `≤ ${targets.thumbnailMs} ms`,
      met: photo.p50 <= targets.thumbnailMs,
    });

    const beforeParallel = await waitForStableRss(server.pid);
    started = performance.now();
    const parallel = await withPeakRss(server.pid, () =>
      Promise.all(
        Array.from({ length: parallelCount }, async (_, i) => {
          const t0 = performance.now();
          await upload(at.baseUrl, at.token, at.projectId, {
            name: `part-${i}.bin`,
            size: parallelBytes,
            body: patternStream(parallelBytes),
          });
          return performance.now() - t0;
        }),
      ),
    );
    const parallelMs = performance.now() - started;
    const each = summarize(parallel.result);
    report.add({
      name: `files: ${parallelCount} uploads of 5 MiB at once`,
      figure: `${formatMs(parallelMs)} in all (${mibPerS(parallelCount * parallelBytes, parallelMs)}), each p50 ${formatMs(each.p50)}, max ${formatMs(each.max)}; RSS +${formatMib(parallel.peakKib - beforeParallel.rssKib)}`,
    });
  } finally {
    await stopServerNoting(server, 'files');
  }
}
