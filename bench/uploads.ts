/**
 * Upload and download of one large document (default 1 GiB) through the real HTTP API:
 * the body is generated while it is sent (never held in memory), streamed as multipart to
 * POST /api/documents/{id}/upload, then read back through the document's temporary_url.
 * The server's resident memory (VmRSS of /proc/<pid>/status) is sampled every 50 ms.
 * Figures are reported, never asserted.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';

export type UploadBenchOptions = {
  baseUrl: string;
  clientToken: string;
  documentId: string;
  serverPid: number;
  sizeMiB?: number;
};
export type UploadBenchResult = { uploadMBps: number; downloadMBps: number; peakRssGrowthMiB: number };

const MiB = 1024 * 1024;

function readRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  return match?.[1] ? Number(match[1]) * 1024 : 0;
}

/** Samples the server's RSS every 50 ms until stopped; reports the highest value seen. */
function sampleRss(pid: number): { stop: () => number } {
  let peak = readRssBytes(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, readRssBytes(pid));
    } catch {
      // the process may be gone at the very end
    }
  }, 50);
  return {
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}

/** Writes `chunk` repeatedly until `total` bytes are out, honouring back-pressure. */
async function writeGenerated(request: http.ClientRequest, total: number): Promise<void> {
  const chunk = randomBytes(MiB);
  let sent = 0;
  while (sent < total) {
    const part = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
    sent += part.length;
    if (!request.write(part)) await new Promise<void>((resolve) => request.once('drain', resolve));
  }
}

function upload(options: UploadBenchOptions, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`/api/documents/${options.documentId}/upload`, options.baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.clientToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + size + tail.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    });
    request.write(head);
    writeGenerated(request, size)
      .then(() => request.end(tail))
      .catch(reject);
  });
}

function download(url: URL): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (response) => {
        let bytes = 0;
        response.on('data', (c: Buffer) => (bytes += c.length));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

export async function benchUploads(opts: UploadBenchOptions): Promise<UploadBenchResult> {
  const size = (opts.sizeMiB ?? 1024) * MiB;
  const baseline = readRssBytes(opts.serverPid);
  const sampler = sampleRss(opts.serverPid);
  try {
    const uploadStarted = performance.now();
    const uploaded = await upload(opts, size);
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    if (uploaded.status !== 200) throw new Error(`upload answered ${uploaded.status}: ${uploaded.body.slice(0, 300)}`);
    const temporaryUrl = (JSON.parse(uploaded.body) as { data: { temporary_url: string | null } }).data.temporary_url;
    if (!temporaryUrl) throw new Error('the upload answer has no temporary_url');

    const downloadStarted = performance.now();
    const downloaded = await download(new URL(temporaryUrl, opts.baseUrl));
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    if (downloaded.status !== 200 || downloaded.bytes !== size)
      throw new Error(`download answered ${downloaded.status} with ${downloaded.bytes} of ${size} bytes`);

    const peak = sampler.stop();
    return {
      uploadMBps: size / 1e6 / uploadSeconds,
      downloadMBps: size / 1e6 / downloadSeconds,
      peakRssGrowthMiB: Math.max(0, peak - baseline) / MiB,
    };
  } finally {
    sampler.stop();
  }
}
