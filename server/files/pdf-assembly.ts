// One PDF from the pages of an upload, in the order they were sent: each photo (already an upright,
// downscaled JPEG) centred on a Letter page turned its way, and every page of any PDF sent with them.
//
// pdf-lib does the work in a worker thread started for the upload. Its parsing of an uploaded PDF is
// plain JavaScript: in the server's own thread a 7 MB PDF held the event loop for up to ~0.2 s at a
// time. In a worker, other requests are answered meanwhile, and a hostile PDF meets the worker's memory
// limit and a time limit instead of the server's. Starting a worker costs ~0.2 s, small beside the
// upload itself.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { PDFDocument as PdfLibDocument } from 'pdf-lib';
import { PHOTO_PAGE } from './images.js';

export type PagePart = { kind: 'image'; jpeg: Buffer; width: number; height: number } | { kind: 'pdf'; bytes: Buffer };

/** A PDF among the parts could not be read (damaged, or encrypted with a password). */
export class PdfNotCombinedError extends Error {}
/** The worker did not finish within ASSEMBLY_TIMEOUT_MS. */
export class AssemblyTimeoutError extends Error {}

const ASSEMBLY_TIMEOUT_MS = 20_000;
const WORKER_HEAP_MB = 512;
const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');

type WorkerAnswer = { ok: true; pdf: Uint8Array } | { ok: false; unreadablePdf: boolean; message: string };

interface WorkerInput {
  pdfLib: string;
  page: typeof PHOTO_PAGE;
  parts: PagePart[];
}

/**
 * The worker's program. It is sent to the worker as source text (`eval`), so it uses nothing of this
 * module, only its arguments: the prelude in WORKER_SOURCE loads pdf-lib (by its resolved path: the
 * worker resolves from the working folder) and hands over the input and a way to answer. The server's
 * build and the tests' on-the-fly compiler both turn it into plain JavaScript; a worker file of its own
 * would exist only in the build.
 */
async function assembleInWorker(
  input: WorkerInput,
  PDFDocument: typeof PdfLibDocument,
  answer: (a: WorkerAnswer, transfer?: ArrayBuffer[]) => void,
): Promise<void> {
  try {
    // No Producer, Creator or dates: nothing about how the file was made.
    const out = await PDFDocument.create({ updateMetadata: false });
    const { widthPt, heightPt, marginPt } = input.page;
    for (const part of input.parts) {
      if (part.kind === 'image') {
        const image = await out.embedJpg(part.jpeg);
        const [w, h] = part.width > part.height ? [heightPt, widthPt] : [widthPt, heightPt];
        const scale = Math.min((w - 2 * marginPt) / part.width, (h - 2 * marginPt) / part.height);
        const [dw, dh] = [part.width * scale, part.height * scale];
        out.addPage([w, h]).drawImage(image, { x: (w - dw) / 2, y: (h - dh) / 2, width: dw, height: dh });
      } else {
        let source;
        try {
          source = await PDFDocument.load(part.bytes, { updateMetadata: false });
        } catch (e) {
          answer({ ok: false, unreadablePdf: true, message: e instanceof Error ? e.message : String(e) });
          return;
        }
        for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
      }
    }
    const pdf = await out.save();
    answer({ ok: true, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (e) {
    answer({ ok: false, unreadablePdf: false, message: e instanceof Error ? e.message : String(e) });
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PDFDocument } = require(workerData.pdfLib);
(${assembleInWorker.toString()})(workerData, PDFDocument, (answer, transfer) =>
  parentPort.postMessage(answer, transfer));
`;

/**
 * At most this many assemblies at once in the process (each worker may use up to WORKER_HEAP_MB);
 * further uploads wait their turn rather than each starting a worker.
 */
const MAX_WORKERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_WORKERS) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing assembly hands over its turn
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The PDF of `parts`, assembled in a worker thread (two at a time at most). */
export function assemblePdf(parts: PagePart[]): Promise<Buffer> {
  return inTurn(() => assembleNow(parts));
}

function assembleNow(parts: PagePart[]): Promise<Buffer> {
  const input: WorkerInput = { pdfLib: PDF_LIB, page: PHOTO_PAGE, parts };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    stdout: true, // the worker has nothing to say; keep pdf-lib's parser warnings out of the JSON log
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  const hasPdf = parts.some((p) => p.kind === 'pdf');
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new AssemblyTimeoutError('PDF assembly timed out'))),
      ASSEMBLY_TIMEOUT_MS,
    );
    worker.on('message', (a: WorkerAnswer) =>
      settle(() => {
        if (a.ok) resolve(Buffer.from(a.pdf.buffer, a.pdf.byteOffset, a.pdf.byteLength));
        else
          reject(a.unreadablePdf ? new PdfNotCombinedError(a.message) : new Error(`PDF assembly failed: ${a.message}`));
      }),
    );
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY) or any other crash: with a PDF among the parts, that PDF is
    // the likely cause.
    worker.on('error', (e) => settle(() => reject(hasPdf ? new PdfNotCombinedError(e.message) : e)));
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`PDF assembly worker exited (${code}) without an answer`))),
    );
  });
}
