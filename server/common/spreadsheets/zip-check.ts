import { inflateRawSync } from 'node:zlib';

/**
 * Looks inside an .xlsx (a zip) before exceljs unpacks it: refuses macro-enabled workbooks, files that
 * are zips but not workbooks, and archives that would unpack to more than `maxUnpackedBytes` (a "zip
 * bomb" fits in a small upload). Sizes are measured by inflating each part with an output cap, not
 * taken from the archive's own claims.
 */

export type ZipVerdict =
  | { ok: true }
  | { ok: false; reason: 'not-zip' | 'not-workbook' | 'macro' | 'too-large' | 'encrypted' | 'unsupported' }
  | { ok: false; reason: 'too-many-rows'; rows: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

function readEntries(buf: Buffer): Entry[] | null {
  // The end-of-central-directory record is in the last 22 + 65535 (comment) bytes.
  const from = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let n = buf.length - 22; n >= from; n--) {
    if (buf.readUInt32LE(n) === EOCD) {
      eocd = n;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = buf.readUInt16LE(eocd + 10);
  const cdOffset = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || cdOffset === 0xffffffff) return null; // zip64: no workbook of a few MB needs it
  const entries: Entry[] = [];
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== CENTRAL) return null;
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    entries.push({
      flags: buf.readUInt16LE(p + 8),
      method: buf.readUInt16LE(p + 10),
      compressedSize: buf.readUInt32LE(p + 20),
      localOffset: buf.readUInt32LE(p + 42),
      name: buf.toString('utf8', p + 46, p + 46 + nameLen),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** Row elements in a worksheet part: lets a sheet with too many rows be refused before it is parsed. */
function countRows(xml: string): number {
  return xml.match(/<(?:\w+:)?row[\s>]/g)?.length ?? 0;
}

export function checkWorkbookZip(buf: Buffer, maxUnpackedBytes: number, maxRowsPerSheet: number): ZipVerdict {
  if (buf.length < 30 || buf.readUInt32LE(0) !== LOCAL) return { ok: false, reason: 'not-zip' };
  const entries = readEntries(buf);
  if (!entries) return { ok: false, reason: 'unsupported' };
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  if ([...names].some((n) => n.endsWith('vbaproject.bin'))) return { ok: false, reason: 'macro' };
  if (!names.has('xl/workbook.xml') || !names.has('[content_types].xml')) return { ok: false, reason: 'not-workbook' };
  if (entries.length > 2000) return { ok: false, reason: 'too-large' };
  let total = 0;
  for (const e of entries) {
    if (e.flags & 0x1) return { ok: false, reason: 'encrypted' };
    const lp = e.localOffset;
    if (lp + 30 > buf.length || buf.readUInt32LE(lp) !== LOCAL) return { ok: false, reason: 'unsupported' };
    const start = lp + 30 + buf.readUInt16LE(lp + 26) + buf.readUInt16LE(lp + 28);
    const data = buf.subarray(start, start + e.compressedSize);
    const remaining = maxUnpackedBytes - total;
    let unpacked: Buffer;
    if (e.method === 0) {
      unpacked = data;
    } else if (e.method === 8) {
      try {
        unpacked = inflateRawSync(data, { maxOutputLength: Math.max(1, remaining) });
      } catch (err) {
        if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError)
          return { ok: false, reason: 'too-large' };
        return { ok: false, reason: 'unsupported' };
      }
    } else {
      return { ok: false, reason: 'unsupported' };
    }
    total += unpacked.length;
    if (total > maxUnpackedBytes) return { ok: false, reason: 'too-large' };
    const name = e.name.toLowerCase();
    if (name === '[content_types].xml' && /macroEnabled/i.test(unpacked.toString('utf8')))
      return { ok: false, reason: 'macro' };
    if (/^xl\/worksheets\/[^/]+\.xml$/.test(name)) {
      const rows = countRows(unpacked.toString('utf8'));
      if (rows > maxRowsPerSheet) return { ok: false, reason: 'too-many-rows', rows };
    }
  }
  return { ok: true };
}
