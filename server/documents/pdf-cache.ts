/**
 * Generated PDFs of unchanged records, kept in memory (least recently used first out, bounded by total
 * size). The key says what the PDF was made from (e.g. the record's updatedAt and newest file id), so
 * a changed record never meets its old PDF: no invalidation is needed.
 */
export class PdfCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(key: string): Buffer | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, pdf: Buffer): void {
    if (pdf.length > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, pdf);
    this.bytes += pdf.length;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.length;
    }
  }

  /** Drops every entry whose key starts with the prefix (e.g. one student's older versions). */
  deletePrefix(prefix: string): void {
    for (const key of [...this.entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  private delete(key: string): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.length;
    }
  }
}
