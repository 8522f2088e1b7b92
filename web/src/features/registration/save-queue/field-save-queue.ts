import { sameFieldValue, type StudentFields, type StudentSaveResponse } from '../../../../../shared/student-fields.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';

/**
 * Every field save of the registration form goes through this one queue, so that nothing a parent
 * types is lost to a dropped connection, a server hiccup or an ended session:
 *
 * - a value waiting to be sent is kept on the device (localStorage, per signed-in account and student)
 *   until the server has it, so a reload or a new sign-in sends it again;
 * - a save that fails for a passing reason (no connection, 5xx, 429) is retried with backoff, and at
 *   once when the browser comes back online; a 401 waits for the next sign-in;
 * - each save carries the value the field held on the server when she started editing (`expected`):
 *   when another device has saved that field since, the server answers 409 and the entry waits for her
 *   choice (keep mine / use the saved one) instead of overwriting the newer answer;
 * - one entry per field: typing again while a save is pending replaces the value to send.
 *
 * The queue is plain TypeScript (no React): fields subscribe to it (use-field-save.ts), and the app
 * connects it to the signed-in account (FieldSaveQueueConnector).
 */

export type FieldName = keyof StudentFields;
export type FieldValue = StudentFields[FieldName];

export type EntryState =
  /** waiting for its turn (or for the connection) */
  | 'pending'
  /** on its way to the server */
  | 'sending'
  /** a send failed for a passing reason; tried again at `retryAt` */
  | 'retrying'
  /** the session ended: sent after the next sign-in */
  | 'signed-out'
  /** the server holds a newer value from another device (`current`): she chooses */
  | 'conflict'
  /** the server refused the value (422, 403): shown with its message, not retried, not kept */
  | 'refused';

export interface QueueEntry {
  studentId: string;
  field: FieldName;
  value: FieldValue;
  /** What the field held on the server when she started editing (undefined: not known, not checked). */
  expected: FieldValue | undefined;
  state: EntryState;
  attempts: number;
  retryAt?: number;
  /** The server's message for the last failure. */
  error?: string;
  /** 'conflict': the value another device saved. */
  current?: FieldValue;
  /** When it was first queued (ms): a value kept on the device is dropped after a week. */
  queuedAt: number;
  /** Sent beside the value (the terms version she read, with her tick). */
  extra?: Record<string, unknown>;
}

/** What a field shows once its entry is gone: when it was last saved (for the success check). */
export interface FieldSnapshot {
  entry: QueueEntry | undefined;
  savedAt: number | undefined;
}

export interface QueueConnection {
  /** 'student:20260001' or 'admin:office': whose device copy to load and send. */
  actor: string;
  /** A value reached the server: the cached record takes it. */
  onSaved(studentId: string, saved: StudentSaveResponse): void;
  /** A 403 (e.g. registration closed while the form was open). */
  onForbidden(): void;
  /** The server refused a value (422): what the page shows may be out of date (e.g. the terms). */
  onRefused(field: FieldName): void;
}

/** Seconds before the n-th retry: quick at first (a tunnel, a lift), then once a minute. */
const BACKOFF_SECONDS = [2, 5, 10, 30, 60];
const STORAGE_PREFIX = 'portal.unsent.v1:';
/** A value kept on the device longer than this (she has not been back for a week) is dropped. */
const KEEP_ON_DEVICE_MS = 7 * 24 * 3600_000;
/** Entries worth keeping on the device: everything that may still reach the server. */
const KEPT: readonly EntryState[] = ['pending', 'sending', 'retrying', 'signed-out', 'conflict'];

const keyOf = (studentId: string, field: string) => `${studentId}\u0000${field}`;

function backoffMs(attempts: number): number {
  return BACKOFF_SECONDS[Math.min(attempts, BACKOFF_SECONDS.length) - 1] * 1000;
}

/** Passing failures: the same request may succeed later. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true; // no answer at all: offline, connection dropped
  return error.status >= 500 || error.status === 429 || error.status === 408;
}

export class FieldSaveQueue {
  private entries = new Map<string, QueueEntry>();
  private savedAt = new Map<string, number>();
  private snapshots = new Map<string, FieldSnapshot & { signature: string }>();
  private listeners = new Set<() => void>();
  /** The signed-in account whose values these are (kept while paused for a sign-in). */
  private actor: string | null = null;
  /** Set while the session is live: only then is anything sent. */
  private connection: QueueConnection | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** The storage keys this tab wrote (removed once their value is saved; other tabs' keys are left alone). */
  private written = new Set<string>();

  constructor(private readonly storage: Storage | null) {}

  /**
   * Starts sending for a signed-in account: its values kept on this device are loaded and sent.
   * null (signed out) forgets them from memory; the device copy stays for her next sign-in.
   */
  connect(connection: QueueConnection | null): void {
    const actor = connection?.actor ?? null;
    if (actor !== this.actor) {
      this.actor = actor;
      this.entries = new Map(actor ? this.load(actor).map((e) => [keyOf(e.studentId, e.field), e]) : []);
      this.savedAt.clear();
      this.snapshots.clear();
    }
    this.connection = connection;
    if (connection) for (const e of this.entries.values()) if (e.state === 'signed-out') e.state = 'pending';
    this.changed();
    this.pump();
  }

  /** Queues a field's value for sending; `expected` is the server's value she started from. */
  enqueue(
    studentId: string,
    field: FieldName,
    value: FieldValue,
    expected: FieldValue | undefined,
    extra?: Record<string, unknown>,
  ): void {
    const key = keyOf(studentId, field);
    const existing = this.entries.get(key);
    if (existing && existing.state !== 'refused') {
      existing.value = value;
      existing.extra = extra;
      existing.error = undefined;
      // A conflict stays a conflict until she chooses; anything else goes out again at once.
      if (existing.state === 'retrying' || existing.state === 'pending') {
        existing.state = 'pending';
        existing.attempts = 0;
      }
    } else {
      this.entries.set(key, {
        studentId,
        field,
        value,
        expected,
        state: 'pending',
        attempts: 0,
        queuedAt: Date.now(),
        extra,
      });
    }
    this.savedAt.delete(key);
    this.changed();
    this.pump();
  }

  /** 409, "keep mine": send her value again over the one now saved. */
  keepMine(studentId: string, field: FieldName): void {
    const e = this.entries.get(keyOf(studentId, field));
    if (!e || e.state !== 'conflict') return;
    e.expected = e.current ?? null;
    e.current = undefined;
    e.state = 'pending';
    e.attempts = 0;
    e.error = undefined;
    this.changed();
    this.pump();
  }

  /** 409, "use the saved one": her value is dropped; answers the value to show. */
  useSaved(studentId: string, field: FieldName): FieldValue | undefined {
    const key = keyOf(studentId, field);
    const e = this.entries.get(key);
    if (!e || e.state !== 'conflict') return undefined;
    this.entries.delete(key);
    this.connection?.onSaved(studentId, { id: studentId, [field]: e.current ?? null } as StudentSaveResponse);
    this.changed();
    return e.current ?? null;
  }

  /** Forgets a refused value and an earlier save's check (the field now holds a value not to be saved). */
  dismiss(studentId: string, field: FieldName): void {
    const key = keyOf(studentId, field);
    if (this.entries.get(key)?.state === 'refused') this.entries.delete(key);
    this.savedAt.delete(key);
    this.changed();
  }

  /** Tries every waiting entry now (back online, "Try now"). */
  retryNow(): void {
    for (const e of this.entries.values()) {
      if (e.state === 'retrying') {
        e.state = 'pending';
        e.retryAt = undefined;
      }
    }
    this.pump();
    this.changed();
  }

  /** The session ended (a 401, or the idle time is up): nothing is sent until she signs in again. */
  pauseForSignIn(): void {
    this.connection = null;
    for (const e of this.entries.values()) if (e.state === 'pending' || e.state === 'retrying') e.state = 'signed-out';
    this.changed();
  }

  /** The account whose values are loaded (null before the app connects the queue, and after sign-out). */
  loadedFor(): string | null {
    return this.actor;
  }

  /** One field's entry and last save, as an unchanging object while nothing about it changed. */
  field(studentId: string, field: FieldName): FieldSnapshot {
    const key = keyOf(studentId, field);
    const entry = this.entries.get(key);
    const savedAt = this.savedAt.get(key);
    const signature = JSON.stringify([entry, savedAt]);
    const last = this.snapshots.get(key);
    if (last && last.signature === signature) return last;
    const snapshot = { entry: entry ? { ...entry } : undefined, savedAt, signature };
    this.snapshots.set(key, snapshot);
    return snapshot;
  }

  /** Values not on the server yet for one student: the form shows these rather than the saved ones. */
  unsentValues(studentId: string): Partial<Record<FieldName, FieldValue>> {
    const out: Partial<Record<FieldName, FieldValue>> = {};
    for (const e of this.entries.values())
      if (e.studentId === studentId && KEPT.includes(e.state)) out[e.field] = e.value as never;
    return out;
  }

  /** How many values are still to reach the server (conflicts included). */
  unsentCount(studentId?: string): number {
    let n = 0;
    for (const e of this.entries.values()) if (KEPT.includes(e.state) && (!studentId || e.studentId === studentId)) n++;
    return n;
  }

  /**
   * What signing out would remove from this device (the sign-out's warning): this account's values not yet saved in
   * this tab and in her other tabs of this browser (they keep theirs on the device too, under their own keys, and a
   * sign-out removes them all). A value another tab kept longer than the device keeps one is not counted.
   */
  deviceUnsentCount(): number {
    if (!this.actor) return this.unsentCount();
    const keys = new Set<string>();
    for (const e of this.entries.values()) if (KEPT.includes(e.state)) keys.add(this.storageKey(this.actor, e));
    for (const key of this.storedKeys(this.actor)) {
      try {
        const e = JSON.parse(this.storage?.getItem(key) ?? 'null') as QueueEntry | null;
        if (e && Date.now() - (e.queuedAt ?? 0) <= KEEP_ON_DEVICE_MS) keys.add(key);
      } catch {
        // Unreadable: nothing of hers is lost with it.
      }
    }
    return keys.size;
  }

  /**
   * Values that could not be sent so far (a failed attempt, a conflict, an ended session): leaving the
   * page asks first. A value on its first trip is not counted: it is kept on the device and, if the
   * page goes away before the answer, sent again at her next visit.
   */
  failedCount(studentId?: string): number {
    let n = 0;
    for (const e of this.entries.values()) {
      if (studentId && e.studentId !== studentId) continue;
      if (
        e.state === 'retrying' ||
        e.state === 'signed-out' ||
        e.state === 'conflict' ||
        (KEPT.includes(e.state) && e.attempts > 0)
      )
        n++;
    }
    return n;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends what is due, one request per field; schedules the next retry. */
  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.connection) return;
    const now = Date.now();
    let next = Infinity;
    for (const e of this.entries.values()) {
      if (e.state === 'retrying' && (e.retryAt ?? 0) <= now) e.state = 'pending';
      if (e.state === 'pending') void this.send(e);
      else if (e.state === 'retrying') next = Math.min(next, e.retryAt ?? now);
    }
    if (next !== Infinity) this.timer = setTimeout(() => this.pump(), Math.max(0, next - now));
  }

  private async send(e: QueueEntry): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    const sent = e.value;
    e.state = 'sending';
    this.changed();
    const body: Record<string, unknown> = { ...e.extra, id: e.studentId, [e.field]: sent };
    if (e.expected !== undefined) body.expected = { [e.field]: e.expected };
    try {
      // keepalive: a save started as the page unloads still reaches the server.
      const saved = await apiClient.post<StudentSaveResponse>('/api/student', body, { keepalive: true });
      connection.onSaved(e.studentId, saved);
      const key = keyOf(e.studentId, e.field);
      if (this.entries.get(key) !== e) return;
      if (sameFieldValue(e.value, sent)) {
        this.entries.delete(key);
        this.savedAt.set(key, Date.now());
      } else {
        // She typed on while it was on its way: the next value builds on the one just saved.
        e.expected = (saved as Record<string, unknown>)[e.field] as FieldValue;
        e.state = 'pending';
        e.attempts = 0;
      }
    } catch (error) {
      this.failed(e, error);
    }
    this.changed();
    this.pump();
  }

  private failed(e: QueueEntry, error: unknown): void {
    if (this.entries.get(keyOf(e.studentId, e.field)) !== e) return;
    if (error instanceof ApiError && error.status === 409) {
      e.state = 'conflict';
      e.current = (error.body?.current?.[e.field] ?? null) as FieldValue;
      e.error = error.body?.message;
    } else if (isTransient(error) || (error instanceof ApiError && error.status === 401)) {
      // A 401 ends the session: the app then pauses the queue (pauseForSignIn) until she signs in
      // again. Retried like a passing failure meanwhile, since a 401 from before a sign-in is stale.
      e.attempts += 1;
      e.state = 'retrying';
      const wait =
        error instanceof ApiError && error.retryAfterSeconds ? error.retryAfterSeconds * 1000 : backoffMs(e.attempts);
      e.retryAt = Date.now() + wait;
      e.error = error instanceof ApiError ? error.message : undefined;
    } else {
      e.state = 'refused';
      e.error =
        error instanceof ApiError ? (Object.values(error.body?.errors ?? {})[0]?.[0] ?? error.message) : String(error);
      if (error instanceof ApiError && error.status === 403) this.connection?.onForbidden();
      else this.connection?.onRefused(e.field);
    }
  }

  private changed(): void {
    this.persist();
    for (const listener of this.listeners) listener();
  }

  /** One key per value, so that two tabs of the same account never overwrite each other's. */
  private storageKey(actor: string, e?: Pick<QueueEntry, 'studentId' | 'field'>): string {
    return `${STORAGE_PREFIX}${actor}:${e ? `${e.studentId}:${e.field}` : ''}`;
  }

  private storedKeys(actor: string): string[] {
    if (!this.storage) return [];
    const prefix = this.storageKey(actor);
    const keys: string[] = [];
    for (let i = 0; i < this.storage.length; i++) {
      const key = this.storage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
    return keys;
  }

  private load(actor: string): QueueEntry[] {
    const out: QueueEntry[] = [];
    this.written.clear();
    for (const key of this.storedKeys(actor)) {
      try {
        const e = JSON.parse(this.storage?.getItem(key) ?? 'null') as QueueEntry | null;
        if (!e || Date.now() - (e.queuedAt ?? 0) > KEEP_ON_DEVICE_MS) {
          this.storage?.removeItem(key);
          continue;
        }
        // Whatever was on its way when the page went away is sent again.
        out.push({ ...e, state: e.state === 'conflict' ? 'conflict' : 'pending', attempts: 0, retryAt: undefined });
        this.written.add(key);
      } catch {
        this.storage?.removeItem(key);
      }
    }
    return out;
  }

  /** Written on every change, synchronously: a value queued as the page unloads is on the device. */
  private persist(): void {
    if (!this.storage || !this.actor) return;
    const keep = new Set<string>();
    try {
      for (const e of this.entries.values()) {
        if (!KEPT.includes(e.state)) continue;
        const key = this.storageKey(this.actor, e);
        keep.add(key);
        const { studentId, field, value, expected, state, current, queuedAt, extra } = e;
        this.storage.setItem(
          key,
          JSON.stringify({ studentId, field, value, expected, state, current, queuedAt, extra }),
        );
      }
      for (const key of this.written) if (!keep.has(key)) this.storage.removeItem(key);
    } catch {
      // Storage full or refused (private mode): the values still go out from memory.
    }
    this.written = keep;
  }

  /**
   * Signed out on purpose: her values not yet saved are removed from this device (it may be a shared
   * phone); the sign-out asked her first (signOutWarning).
   */
  forgetDevice(actor: string): void {
    for (const key of this.storedKeys(actor)) this.storage?.removeItem(key);
    if (this.actor === actor) this.connect(null);
  }
}

/** The one queue of this browser tab. */
export const fieldSaveQueue = new FieldSaveQueue(typeof localStorage === 'undefined' ? null : localStorage);
