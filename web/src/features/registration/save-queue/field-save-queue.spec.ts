import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StudentSaveResponse } from '../../../../../shared/student-fields.js';
import { ApiError, apiClient } from '../../../lib/api-client.js';
import { FieldSaveQueue, type QueueConnection } from './field-save-queue.js';

// The queue sends through the web client's one API client; here its POST is a mock the tests answer.
vi.mock('../../../lib/api-client.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/api-client.js')>();
  return { ...actual, apiClient: { ...actual.apiClient, post: vi.fn() } };
});
const post = vi.mocked(apiClient.post);

/** localStorage as a Map, so the tests can see what is kept on the device. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  keys(): string[] {
    return [...this.items.keys()];
  }
  json(key: string): Record<string, unknown> {
    return JSON.parse(this.items.get(key) ?? 'null') as Record<string, unknown>;
  }
}

const ACTOR = 'student:20260001';
const ID = '20260001';
const KEY = (field: string, actor = ACTOR, id = ID) => `portal.unsent.v1:${actor}:${id}:${field}`;
const DAY = 24 * 3600_000;

function connection(actor = ACTOR) {
  return {
    actor,
    onSaved: vi.fn<QueueConnection['onSaved']>(),
    onForbidden: vi.fn<QueueConnection['onForbidden']>(),
    onRefused: vi.fn<QueueConnection['onRefused']>(),
  } satisfies QueueConnection;
}

const saved = (fields: Record<string, unknown>) =>
  ({ id: ID, updatedAt: '2026-01-10T10:00:00.000Z', ...fields }) as StudentSaveResponse;

/** A POST that has not been answered yet, answered when the test says so. */
function deferred(): { resolve: (v: StudentSaveResponse) => void; reject: (e: unknown) => void } {
  let resolve!: (v: StudentSaveResponse) => void;
  let reject!: (e: unknown) => void;
  post.mockImplementationOnce(
    () =>
      new Promise<StudentSaveResponse>((res, rej) => {
        resolve = res;
        reject = rej;
      }) as never,
  );
  return {
    resolve: (v) => resolve(v),
    reject: (e) => reject(e),
  };
}

/** Lets the queue's promises settle (and timers that are due run). */
const settle = () => vi.advanceTimersByTimeAsync(0);
const offline = () => new TypeError('Failed to fetch');
const apiError = (status: number, body: Record<string, unknown> | null = null, retryAfter: number | null = null) =>
  new ApiError(status, 'Error', body ? { statusCode: status, message: 'Refused', ...body } : null, retryAfter);

let storage: MemoryStorage;
let queue: FieldSaveQueue;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-01-10T10:00:00Z') });
  post.mockReset();
  storage = new MemoryStorage();
  queue = new FieldSaveQueue(storage);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('sending', () => {
  it('sends a queued value with the value she started from, and forgets it once saved', async () => {
    const c = connection();
    queue.connect(c);
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.enqueue(ID, 'nationality', 'Grenadian', 'Trinidadian');
    await settle();

    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith(
      '/api/student',
      { id: ID, nationality: 'Grenadian', expected: { nationality: 'Trinidadian' } },
      { keepalive: true },
    );
    expect(c.onSaved).toHaveBeenCalledWith(ID, saved({ nationality: 'Grenadian' }));
    expect(queue.field(ID, 'nationality')).toMatchObject({ entry: undefined, savedAt: Date.now() });
    expect(queue.unsentCount()).toBe(0);
    expect(storage.keys()).toEqual([]);
  });

  it('sends no `expected` when the starting value is not known, and the extra values beside the value', async () => {
    queue.connect(connection());
    post.mockResolvedValueOnce(saved({ agree_terms_conditions: 1 }) as never);
    queue.enqueue(ID, 'agree_terms_conditions', 1, undefined, { terms_version_read: 3 });
    await settle();
    expect(post.mock.calls[0][1]).toEqual({ terms_version_read: 3, id: ID, agree_terms_conditions: 1 });
  });

  it('sends nothing before it is connected to a signed-in account, and keeps the value meanwhile', async () => {
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(post).not.toHaveBeenCalled();
    expect(queue.unsentValues(ID)).toEqual({ nationality: 'Grenadian' });
  });

  it('keeps one entry per field: typing again before it is sent replaces the value to send', async () => {
    const c = connection();
    queue.connect(c);
    post.mockRejectedValueOnce(offline());
    queue.enqueue(ID, 'nationality', 'Gren', null);
    await settle();
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1][1]).toMatchObject({ nationality: 'Grenadian' });
    expect(queue.unsentCount()).toBe(0);
  });

  it('a value typed while the previous one is on its way is sent next, building on the saved one', async () => {
    queue.connect(connection());
    const first = deferred();
    queue.enqueue(ID, 'nationality', 'Gren', 'Trinidadian');
    await settle();
    queue.enqueue(ID, 'nationality', 'Grenadian', 'Trinidadian');
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    first.resolve(saved({ nationality: 'Gren' }));
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
    expect(post.mock.calls[1][1]).toEqual({ id: ID, nationality: 'Grenadian', expected: { nationality: 'Gren' } });
    expect(queue.unsentCount()).toBe(0);
  });
});

describe('retrying a passing failure', () => {
  it('waits 2, 5, 10, 30, then 60 s between tries', async () => {
    queue.connect(connection());
    post.mockRejectedValue(offline());
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(post).toHaveBeenCalledTimes(1);

    for (const [i, seconds] of [2, 5, 10, 30, 60, 60].entries()) {
      const entry = queue.field(ID, 'nationality').entry!;
      expect(entry).toMatchObject({ state: 'retrying', attempts: i + 1 });
      expect(entry.retryAt! - Date.now()).toBe(seconds * 1000);
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(post).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(post).toHaveBeenCalledTimes(i + 2);
    }
    expect(queue.failedCount(ID)).toBe(1);
  });

  it('retries a 5xx, a 429 after its Retry-After, and sends at once on "Try now"', async () => {
    queue.connect(connection());
    post.mockRejectedValueOnce(apiError(503, {}));
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(queue.field(ID, 'nationality').entry).toMatchObject({ state: 'retrying', error: 'Refused' });

    post.mockRejectedValueOnce(apiError(429, {}, 42));
    await vi.advanceTimersByTimeAsync(2000);
    expect(queue.field(ID, 'nationality').entry!.retryAt! - Date.now()).toBe(42_000);

    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.retryNow();
    await settle();
    expect(post).toHaveBeenCalledTimes(3);
    expect(queue.unsentCount()).toBe(0);
  });

  it('after a 401, waits for the next sign-in, then sends', async () => {
    const c = connection();
    queue.connect(c);
    post.mockRejectedValueOnce(apiError(401, {}));
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    queue.pauseForSignIn();
    expect(queue.field(ID, 'nationality').entry!.state).toBe('signed-out');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(1);

    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.connect(c);
    await settle();
    expect(post).toHaveBeenCalledTimes(2);
    expect(queue.unsentCount()).toBe(0);
  });
});

describe('refused values', () => {
  it('a 422 is shown with its field message, not retried and not kept on the device', async () => {
    const c = connection();
    queue.connect(c);
    post.mockRejectedValueOnce(apiError(422, { errors: { mobile_phone_mother: ['7 Digits Needed'] } }));
    queue.enqueue(ID, 'mobile_phone_mother', '123', null);
    await settle();
    expect(queue.field(ID, 'mobile_phone_mother').entry).toMatchObject({ state: 'refused', error: '7 Digits Needed' });
    expect(c.onRefused).toHaveBeenCalledWith('mobile_phone_mother');
    expect(storage.keys()).toEqual([]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(1);

    queue.dismiss(ID, 'mobile_phone_mother');
    expect(queue.field(ID, 'mobile_phone_mother').entry).toBeUndefined();
  });

  it('a 403 tells the app (registration closed)', async () => {
    const c = connection();
    queue.connect(c);
    post.mockRejectedValueOnce(apiError(403, {}));
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(c.onForbidden).toHaveBeenCalledTimes(1);
    expect(c.onRefused).not.toHaveBeenCalled();
    expect(queue.field(ID, 'nationality').entry!.state).toBe('refused');
  });
});

describe('a value saved on another device since (409)', () => {
  async function conflict(c = connection()) {
    queue.connect(c);
    post.mockRejectedValueOnce(
      apiError(409, { message: 'Changed on another device', current: { nationality: 'Vincentian' } }),
    );
    queue.enqueue(ID, 'nationality', 'Grenadian', 'Trinidadian');
    await settle();
    return c;
  }

  it('waits for her choice: kept on the device, not retried', async () => {
    await conflict();
    expect(queue.field(ID, 'nationality').entry).toMatchObject({
      state: 'conflict',
      current: 'Vincentian',
      error: 'Changed on another device',
    });
    expect(storage.json(KEY('nationality'))).toMatchObject({ state: 'conflict', current: 'Vincentian' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(post).toHaveBeenCalledTimes(1);
    expect(queue.failedCount(ID)).toBe(1);
  });

  it('"keep mine" sends her value again over the one now saved', async () => {
    await conflict();
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.keepMine(ID, 'nationality');
    await settle();
    expect(post.mock.calls[1][1]).toEqual({
      id: ID,
      nationality: 'Grenadian',
      expected: { nationality: 'Vincentian' },
    });
    expect(queue.unsentCount()).toBe(0);
  });

  it('"use the saved one" drops her value and gives the saved one to the form and the cache', async () => {
    const c = await conflict();
    expect(queue.useSaved(ID, 'nationality')).toBe('Vincentian');
    expect(c.onSaved).toHaveBeenCalledWith(ID, { id: ID, nationality: 'Vincentian' });
    expect(queue.unsentCount()).toBe(0);
    expect(storage.keys()).toEqual([]);
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('kept on the device', () => {
  it('writes each waiting value under its own key, per account, student and field', async () => {
    queue.connect(connection());
    post.mockRejectedValue(offline());
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    queue.enqueue(ID, 'first_name', 'Jane', 'Janet');
    await settle();
    expect(storage.keys().sort()).toEqual([KEY('first_name'), KEY('nationality')]);
    expect(storage.json(KEY('first_name'))).toMatchObject({
      studentId: ID,
      field: 'first_name',
      value: 'Jane',
      expected: 'Janet',
      queuedAt: Date.now(),
    });
  });

  it('sends the values a reload left on the device at the next connection, conflicts still waiting', async () => {
    storage.setItem(
      KEY('nationality'),
      JSON.stringify({
        studentId: ID,
        field: 'nationality',
        value: 'Grenadian',
        expected: null,
        state: 'sending',
        queuedAt: Date.now() - DAY,
      }),
    );
    storage.setItem(
      KEY('first_name'),
      JSON.stringify({
        studentId: ID,
        field: 'first_name',
        value: 'Jane',
        state: 'conflict',
        current: 'Janet',
        queuedAt: Date.now(),
      }),
    );
    storage.setItem(KEY('nationality', 'student:20269999', '20269999'), JSON.stringify({ value: 'not hers' }));
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.connect(connection());
    expect(queue.loadedFor()).toBe(ACTOR);
    await settle();

    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][1]).toEqual({ id: ID, nationality: 'Grenadian', expected: { nationality: null } });
    expect(queue.field(ID, 'first_name').entry).toMatchObject({ state: 'conflict', current: 'Janet' });
    expect(storage.keys().sort()).toEqual(
      [KEY('nationality', 'student:20269999', '20269999'), KEY('first_name')].sort(),
    );
  });

  it('drops a value kept longer than a week, and one it cannot read', async () => {
    storage.setItem(
      KEY('nationality'),
      JSON.stringify({
        studentId: ID,
        field: 'nationality',
        value: 'Grenadian',
        state: 'pending',
        queuedAt: Date.now() - 7 * DAY - 1,
      }),
    );
    storage.setItem(
      KEY('first_name'),
      JSON.stringify({
        studentId: ID,
        field: 'first_name',
        value: 'Jane',
        state: 'pending',
        queuedAt: Date.now() - 7 * DAY,
      }),
    );
    storage.setItem(KEY('last_name'), '{not json');
    post.mockResolvedValue(saved({}) as never);
    queue.connect(connection());
    await settle();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0][1]).toMatchObject({ first_name: 'Jane' });
    expect(storage.keys()).toEqual([]);
  });

  it('signing out keeps them for her next sign-in; forgetting the device removes them', async () => {
    queue.connect(connection());
    post.mockRejectedValue(offline());
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    queue.connect(null);
    expect(queue.loadedFor()).toBeNull();
    expect(queue.unsentCount()).toBe(0);
    expect(storage.keys()).toEqual([KEY('nationality')]);

    queue.connect(connection());
    expect(queue.unsentValues(ID)).toEqual({ nationality: 'Grenadian' });
    queue.forgetDevice(ACTOR);
    expect(storage.keys()).toEqual([]);
    expect(queue.loadedFor()).toBeNull();
  });

  it("what a sign-out would remove counts her other tabs' unsent answers too, each value once", async () => {
    const other = new FieldSaveQueue(storage); // another tab of the same browser: the same device storage
    queue.connect(connection());
    other.connect(connection());
    post.mockRejectedValue(offline());
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    other.enqueue(ID, 'place_of_birth', 'San Fernando', null);
    other.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(queue.unsentCount()).toBe(1);
    expect(queue.deviceUnsentCount()).toBe(2);
    expect(other.deviceUnsentCount()).toBe(2);
    queue.connect(connection('student:20260002')); // another account's answers are not hers
    expect(queue.deviceUnsentCount()).toBe(0);
  });

  it('still sends from memory when the storage refuses to write', async () => {
    vi.spyOn(storage, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    queue.connect(connection());
    post.mockResolvedValueOnce(saved({ nationality: 'Grenadian' }) as never);
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    await settle();
    expect(post).toHaveBeenCalledTimes(1);
    expect(queue.unsentCount()).toBe(0);
  });
});

describe('listeners', () => {
  it('hear every change, and a field snapshot stays the same object while nothing about it changed', async () => {
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    expect(listener).toHaveBeenCalled();
    const snapshot = queue.field(ID, 'nationality');
    expect(queue.field(ID, 'nationality')).toBe(snapshot);
    queue.enqueue(ID, 'nationality', 'Grenadia', null);
    expect(queue.field(ID, 'nationality')).not.toBe(snapshot);

    unsubscribe();
    listener.mockClear();
    queue.enqueue(ID, 'nationality', 'Grenadian', null);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('a guardian with two daughters', () => {
  const GUARDIAN = 'guardian:mother@example.org';
  const A = '20260001';
  const B = '20260002';

  it('sends each answer to the daughter it was typed for, even after she switched; keeps both meanwhile', async () => {
    const c = connection(GUARDIAN);
    queue.connect(c);
    post.mockRejectedValueOnce(offline());
    queue.enqueue(A, 'mother_name', 'Sara Mohammed', null);
    await settle();
    // She switched to her other daughter and typed there while A's answer waits for the connection.
    post.mockRejectedValueOnce(offline());
    queue.enqueue(B, 'mother_name', 'Sara M. Mohammed', null);
    await settle();
    expect(storage.json(KEY('mother_name', GUARDIAN, A))).toMatchObject({ studentId: A, value: 'Sara Mohammed' });
    expect(storage.json(KEY('mother_name', GUARDIAN, B))).toMatchObject({ studentId: B, value: 'Sara M. Mohammed' });
    expect(queue.unsentValues(A)).toEqual({ mother_name: 'Sara Mohammed' });
    expect(queue.unsentValues(B)).toEqual({ mother_name: 'Sara M. Mohammed' });

    post.mockReset();
    post.mockImplementation(((_path: string, body: Record<string, unknown>) =>
      Promise.resolve({ ...body, updatedAt: '2026-01-10T10:00:00.000Z' })) as never);
    queue.retryNow();
    await settle();
    const sent = post.mock.calls.map((call) => call[1] as Record<string, unknown>);
    expect(sent).toHaveLength(2);
    expect(sent).toContainEqual({ id: A, mother_name: 'Sara Mohammed', expected: { mother_name: null } });
    expect(sent).toContainEqual({ id: B, mother_name: 'Sara M. Mohammed', expected: { mother_name: null } });
    expect(c.onSaved).toHaveBeenCalledWith(A, expect.objectContaining({ id: A, mother_name: 'Sara Mohammed' }));
    expect(c.onSaved).toHaveBeenCalledWith(B, expect.objectContaining({ id: B, mother_name: 'Sara M. Mohammed' }));
    expect(storage.keys()).toEqual([]);
  });
});
