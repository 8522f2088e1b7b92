// One PDF from the pages of an upload, in the order they were sent: each photo (already an upright,
// downscaled JPEG without metadata) centred on a Letter page turned its way, and every page of any PDF sent
// with them. And a PDF sent on its own, stored without what could run or tell about it: document and page
// actions (JavaScript, launching, submitting), embedded files, its Info dictionary and XMP metadata.
//
// pdf-lib does the work in a worker thread started for the upload. Its parsing of an uploaded PDF is
// plain JavaScript: in the server's own thread a 7 MB PDF held the event loop for up to ~0.2 s at a
// time. In a worker, other requests are answered meanwhile, and a hostile PDF meets the worker's memory
// limit and a time limit instead of the server's. Starting a worker costs ~0.2 s, small beside the
// upload itself.

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type * as PdfLib from 'pdf-lib';
import { MAX_DOCUMENT_PAGES } from '../../shared/documents.js';
import { PHOTO_PAGE } from './images.js';

export type PagePart = { kind: 'image'; jpeg: Buffer; width: number; height: number } | { kind: 'pdf'; bytes: Buffer };

/** A PDF among the parts could not be read (damaged, or encrypted with a password). */
export class PdfNotCombinedError extends Error {}
/** A PDF sent on its own could not be read (damaged). */
export class UnreadablePdfError extends Error {}
/** The document would have more than MAX_DOCUMENT_PAGES pages. */
export class TooManyPagesError extends Error {}
/** The worker did not finish within ASSEMBLY_TIMEOUT_MS. */
export class AssemblyTimeoutError extends Error {}

const ASSEMBLY_TIMEOUT_MS = 20_000;
const WORKER_HEAP_MB = 512;
const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');

type WorkerAnswer =
  { ok: true; pdf: Uint8Array } | { ok: false; unreadablePdf: boolean; tooManyPages?: boolean; message: string };

interface WorkerInput {
  pdfLib: string;
  page: typeof PHOTO_PAGE;
  /** 'combine': one PDF of the parts; 'clean': the one PDF part, without its actions and metadata */
  mode: 'combine' | 'clean';
  parts: PagePart[];
  /** MAX_DOCUMENT_PAGES: a PDF naming one page 200,000 times held a worker for its whole time limit */
  maxPages: number;
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
  lib: typeof PdfLib,
  answer: (a: WorkerAnswer, transfer?: ArrayBuffer[]) => void,
): Promise<void> {
  const { PDFDocument, PDFName, PDFDict, PDFArray } = lib;
  const unreadable = (e: unknown) =>
    answer({ ok: false, unreadablePdf: true, message: e instanceof Error ? e.message : String(e) });
  const tooManyPages = () => answer({ ok: false, unreadablePdf: false, tooManyPages: true, message: 'too many pages' });
  /** Actions that only move within the document or open a web link; every other kind is removed. */
  const harmless = new Set(['GoTo', 'URI', 'Named']);
  // Lookups that take a value of the wrong type (an /A that is an array, /Annots that is a dictionary) as
  // absent rather than throw: a careless PDF is still stored, and one with a photo is not a 500.
  const dictOf = (owner: PdfLib.PDFDict, key: string) => {
    const value = owner.lookup(PDFName.of(key));
    return value instanceof PDFDict ? value : undefined;
  };
  const arrayOf = (owner: PdfLib.PDFDict, key: string) => {
    const value = owner.lookup(PDFName.of(key));
    return value instanceof PDFArray ? value : undefined;
  };
  const dictsIn = (array: PdfLib.PDFArray | undefined): PdfLib.PDFDict[] =>
    array
      ? array
          .asArray()
          .map((_, n) => array.lookup(n))
          .filter((d): d is PdfLib.PDFDict => d instanceof PDFDict)
      : [];
  /** Removes the additional actions (/AA) and any action (/A) that is not harmless, with its /Next chain. */
  const withoutActions = (dict: PdfLib.PDFDict) => {
    dict.delete(PDFName.of('AA'));
    if (!dict.has(PDFName.of('A'))) return;
    const action = dictOf(dict, 'A');
    const type = action?.lookup(PDFName.of('S'));
    if (!action || !(type instanceof lib.PDFName) || !harmless.has(type.decodeText())) dict.delete(PDFName.of('A'));
    else action.delete(PDFName.of('Next'));
  };
  /**
   * The bytes of an image stream that is a JPEG (only /DCTDecode) without its APP1 (EXIF, XMP), APP3-APP13
   * (IPTC…), APP15 and comment segments: its JFIF, colour profile, Adobe segment and image data as they were.
   * Undefined for any other object, and for a JPEG whose segments cannot be followed (kept as it is).
   */
  const jpegWithoutMetadata = (obj: unknown): Uint8Array | undefined => {
    if (!(obj instanceof lib.PDFRawStream)) return undefined;
    const filter = obj.dict.lookup(PDFName.of('Filter'));
    const only = filter instanceof PDFArray && filter.size() === 1 ? filter.lookup(0) : filter;
    if (!(only instanceof lib.PDFName) || only.decodeText() !== 'DCTDecode') return undefined;
    const bytes = obj.contents;
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
    const kept: Uint8Array[] = [bytes.subarray(0, 2)];
    let at = 2;
    let removed = false;
    while (at + 4 <= bytes.length && bytes[at] === 0xff) {
      const marker = bytes[at + 1];
      if (marker === 0xda) {
        // Start of scan: the image data, kept to its end marker (its bytes never hold 0xFF 0xD9 before
        // that: an 0xFF in the data is followed by 0x00 or a restart marker); what follows it is not the image.
        const eoi = bytes.findIndex((b, n) => n > at && b === 0xff && bytes[n + 1] === 0xd9);
        if (eoi >= 0 && eoi + 2 < bytes.length) removed = true;
        kept.push(bytes.subarray(at, eoi >= 0 ? eoi + 2 : bytes.length));
        if (!removed) return undefined;
        const out = new Uint8Array(kept.reduce((n, k) => n + k.length, 0));
        kept.reduce((n, k) => (out.set(k, n), n + k.length), 0);
        return out;
      }
      const end = at + 2 + ((bytes[at + 2] << 8) | bytes[at + 3]);
      if (end > bytes.length) return undefined;
      const metadata = marker === 0xe1 || (marker >= 0xe3 && marker <= 0xed) || marker === 0xef || marker === 0xfe;
      if (metadata) removed = true;
      else kept.push(bytes.subarray(at, end));
      at = end;
    }
    return undefined;
  };
  /** Everything of a document that runs, submits, embeds or describes, removed (docs/product.md §5). */
  const clean = (doc: PdfLib.PDFDocument) => {
    const catalog = doc.catalog;
    for (const key of ['OpenAction', 'AA', 'Metadata', 'URI', 'Perms', 'AF', 'Collection', 'PieceInfo'] as const)
      catalog.delete(PDFName.of(key));
    const names = dictOf(catalog, 'Names');
    names?.delete(PDFName.of('JavaScript'));
    names?.delete(PDFName.of('EmbeddedFiles'));
    const form = dictOf(catalog, 'AcroForm');
    if (form) {
      form.delete(PDFName.of('XFA'));
      const seen = new Set<PdfLib.PDFDict>();
      const fields = (list: PdfLib.PDFDict[]) => {
        for (const field of list) {
          if (seen.has(field)) continue;
          seen.add(field);
          withoutActions(field);
          fields(dictsIn(arrayOf(field, 'Kids')));
        }
      };
      fields(dictsIn(arrayOf(form, 'Fields')));
    }
    const outlines = dictOf(catalog, 'Outlines');
    const visited = new Set<PdfLib.PDFDict>();
    const outline = (item: PdfLib.PDFDict | undefined) => {
      for (let at = item; at && !visited.has(at); at = dictOf(at, 'Next')) {
        visited.add(at);
        withoutActions(at);
        outline(dictOf(at, 'First'));
      }
    };
    if (outlines) outline(dictOf(outlines, 'First'));
    /** Annotations that carry a file or media of their own rather than mark the page. */
    const carriers = new Set(['FileAttachment', 'RichMedia', 'Sound', 'Movie', '3D']);
    for (const page of doc.getPages()) {
      for (const key of ['AA', 'Metadata', 'AF', 'PieceInfo']) page.node.delete(PDFName.of(key));
      const annots = arrayOf(page.node, 'Annots');
      if (!annots) {
        page.node.delete(PDFName.of('Annots'));
        continue;
      }
      for (let n = annots.size() - 1; n >= 0; n--) {
        const annot = annots.lookup(n);
        const subtype = annot instanceof PDFDict ? annot.lookup(PDFName.of('Subtype')) : undefined;
        if (!(annot instanceof PDFDict) || (subtype instanceof lib.PDFName && carriers.has(subtype.decodeText())))
          annots.remove(n);
        else {
          withoutActions(annot);
          // A form field's own actions sit on the widget's /Parent chain, which /AcroForm need not list
          // (and does not, in pages copied among photos).
          const parents = new Set<PdfLib.PDFDict>();
          for (let field = dictOf(annot, 'Parent'); field && !parents.has(field); field = dictOf(field, 'Parent')) {
            parents.add(field);
            withoutActions(field);
          }
        }
      }
    }
    doc.context.trailerInfo.Info = undefined;
    // What was removed is no longer referenced, but still among the objects written: keep only those
    // reachable from the catalog (and the encryption dictionary).
    // On the way, wherever they are: additional actions, JavaScript, embedded and associated files; and the
    // EXIF, XMP and comments of a JPEG image (a phone's scan carries its GPS there) when the streams are not
    // encrypted.
    const encrypted = doc.context.trailerInfo.Encrypt !== undefined;
    const reachable = new Set<string>();
    const todo: unknown[] = [doc.context.trailerInfo.Root, doc.context.trailerInfo.Encrypt];
    while (todo.length > 0) {
      const obj = todo.pop();
      if (obj instanceof lib.PDFRef) {
        if (reachable.has(obj.tag)) continue;
        reachable.add(obj.tag);
        const target = doc.context.lookup(obj);
        const jpeg = encrypted ? undefined : jpegWithoutMetadata(target);
        if (jpeg && target instanceof lib.PDFRawStream) doc.context.assign(obj, lib.PDFRawStream.of(target.dict, jpeg));
        todo.push(target);
      } else if (obj instanceof PDFDict) {
        for (const key of ['AA', 'JS', 'EF', 'AF']) obj.delete(PDFName.of(key));
        todo.push(...obj.values());
      } else if (obj instanceof PDFArray) todo.push(...obj.asArray());
      else if (obj instanceof lib.PDFStream) todo.push(obj.dict);
    }
    for (const [ref] of doc.context.enumerateIndirectObjects()) if (!reachable.has(ref.tag)) doc.context.delete(ref);
  };

  try {
    if (input.mode === 'clean') {
      const part = input.parts[0];
      let doc: PdfLib.PDFDocument;
      try {
        if (part.kind !== 'pdf') throw new Error('not a PDF');
        // A password-protected PDF is read as it is: its dictionaries are not encrypted, only its strings and
        // streams, which are written back unchanged (object numbers and /ID kept, no object streams).
        doc = await PDFDocument.load(part.bytes, { updateMetadata: false, ignoreEncryption: true });
        if (doc.getPageCount() === 0) throw new Error('no pages');
      } catch (e) {
        unreadable(e);
        return;
      }
      if (doc.getPageCount() > input.maxPages) return tooManyPages();
      try {
        clean(doc);
      } catch (e) {
        unreadable(e);
        return;
      }
      // No object streams (here and below): every object stays as it is, readable by anyone checking what is
      // stored, and an encrypted PDF's strings stay valid.
      const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
      answer({ ok: true, pdf }, [pdf.buffer as ArrayBuffer]);
      return;
    }
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
        // Anything wrong with a PDF part (damaged, encrypted, no pages) is that PDF's fault: 415, not 500.
        let source: PdfLib.PDFDocument;
        try {
          source = await PDFDocument.load(part.bytes, { updateMetadata: false });
          if (source.getPageCount() === 0) throw new Error('no pages');
        } catch (e) {
          unreadable(e);
          return;
        }
        // Counted before any page is copied: copying is what takes the time.
        if (out.getPageCount() + source.getPageCount() > input.maxPages) return tooManyPages();
        try {
          for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
        } catch (e) {
          unreadable(e);
          return;
        }
      }
    }
    clean(out);
    const pdf = await out.save({ useObjectStreams: false });
    answer({ ok: true, pdf }, [pdf.buffer as ArrayBuffer]);
  } catch (e) {
    // A PDF among the parts is the likely cause (as for a crash of the worker below): 415, not 500.
    const hasPdf = input.parts.some((p) => p.kind === 'pdf');
    answer({ ok: false, unreadablePdf: hasPdf, message: e instanceof Error ? e.message : String(e) });
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(${assembleInWorker.toString()})(workerData, require(workerData.pdfLib), (answer, transfer) =>
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
  return inTurn(() => inWorker('combine', parts));
}

/**
 * A PDF sent on its own as it is stored: its pages and content as they came, without actions, embedded
 * files or metadata (in a worker thread, in turn with the assemblies). UnreadablePdfError when pdf-lib
 * cannot read it or it has no pages.
 */
export async function cleanPdf(bytes: Buffer): Promise<Buffer> {
  try {
    return await inTurn(() => inWorker('clean', [{ kind: 'pdf', bytes }]));
  } catch (e) {
    throw e instanceof PdfNotCombinedError ? new UnreadablePdfError(e.message) : e;
  }
}

function inWorker(mode: WorkerInput['mode'], parts: PagePart[]): Promise<Buffer> {
  const input: WorkerInput = { pdfLib: PDF_LIB, page: PHOTO_PAGE, mode, parts, maxPages: MAX_DOCUMENT_PAGES };
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
        else if (a.tooManyPages) reject(new TooManyPagesError(a.message));
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
