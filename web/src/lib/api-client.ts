import type { ApiErrorBody, SessionEndReason } from '../../../shared/api-types.js';
import { MESSAGES } from '../../../shared/constants.js';

/**
 * The one way the web client talks to the server (docs/design.md §4.7): same origin with cookies, the
 * XSRF token echoed on every state-changing request, one error type, and a signal when the server
 * says the session has ended (401).
 */

const CSRF_COOKIE = 'XSRF-TOKEN';
const CSRF_HEADER = 'X-XSRF-TOKEN';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly body: ApiErrorBody | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(body?.message || statusText || `Request failed (${status})`);
    this.name = 'ApiError';
  }
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * docs/product.md §8: the first message of the `errors` object when there is one, else the body's message, else the
 * HTTP status text. Anything that is not an API answer (the network is down) gets a plain sentence.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const first = Object.values(error.body?.errors ?? {}).find((messages) => messages.length > 0)?.[0];
    return first ?? (error.body?.message || error.statusText || `Request failed (${error.status})`);
  }
  return 'The portal cannot be reached. Check your connection and try again.';
}

/** `reason`: why, as the server's 401 says it (docs/product.md §4 Sign-in). */
type SessionEndedListener = (reason: SessionEndReason | undefined) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Counts sign-ins: a 401 to a request sent before the latest sign-in speaks of the old session, not
 * of the one she has just started, so it does not end it.
 */
let sessionGeneration = 0;

/** The client has just signed in (or in again): requests from now on belong to the new session. */
export function markSignedIn(): void {
  sessionGeneration++;
}

/** Called whenever an API answer is 401: the server no longer knows this browser's session. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** When the server last answered this browser (any tab): a request keeps a session from going idle. */
const ACTIVITY_KEY = 'portal.last-activity';

/** The time of the server's last answer to this browser, or null when none is known. */
export function lastApiActivity(): number | null {
  try {
    return Number(localStorage.getItem(ACTIVITY_KEY)) || null;
  } catch {
    return null;
  }
}

/**
 * Every answer but a 401 is recorded, the sign-in's own included, so the idle warning counts from
 * the last one (in whichever tab); a 401 says the session has ended anyway.
 */
function answered(status: number): void {
  if (status === 401) return;
  try {
    localStorage.setItem(ACTIVITY_KEY, String(Date.now()));
  } catch {
    // Storage refused (private mode): the idle warning then counts from this tab's own start.
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let priming: Promise<void> | null = null;

/** GET /sanctum/csrf-cookie (docs/product.md §4 Sign-in step 1); concurrent callers share one request. */
function primeCsrf(): Promise<void> {
  priming ??= fetch('/sanctum/csrf-cookie', { credentials: 'same-origin', cache: 'no-store' })
    .then((res) => {
      if (!res.ok) throw new ApiError(res.status, res.statusText, null);
    })
    .finally(() => {
      priming = null;
    });
  return priming;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return undefined;
  try {
    return await res.json();
  } catch {
    return undefined;
  }
}

type Method = 'GET' | 'POST';

interface SendOptions {
  signal?: AbortSignal;
  /** The request outlives the page (a save made as she leaves it). */
  keepalive?: boolean;
}

async function send(
  method: Method,
  path: string,
  body: unknown,
  { signal, keepalive }: SendOptions,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') {
    if (!readCookie(CSRF_COOKIE)) await primeCsrf();
    headers[CSRF_HEADER] = readCookie(CSRF_COOKIE) ?? '';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
    keepalive,
  });
}

async function request<T>(method: Method, path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  const generation = sessionGeneration;
  let res = await send(method, path, body, options);
  let data = await parseBody(res);
  // A stale or missing token (e.g. the cookie was cleared): fetch a fresh one and try exactly once more.
  if (res.status === 403 && method !== 'GET' && isErrorBody(data) && data.message === MESSAGES.csrf) {
    await primeCsrf();
    res = await send(method, path, body, options);
    data = await parseBody(res);
  }
  answered(res.status);
  if (res.ok) return data as T;
  throw failure(res.status, res.statusText, data, res.headers.get('Retry-After'), generation);
}

/** The ApiError of a refused answer; a 401 also tells the listeners that the session has ended. */
function failure(
  status: number,
  statusText: string,
  data: unknown,
  retryAfterHeader: string | null,
  generation: number,
): ApiError {
  if (status === 401 && generation === sessionGeneration) {
    const reason = isErrorBody(data) ? data.reason : undefined;
    sessionEndedListeners.forEach((listener) => listener(reason));
  }
  const retryAfter = Number(retryAfterHeader);
  return new ApiError(
    status,
    statusText,
    isErrorBody(data) ? data : null,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
  );
}

export interface UploadOptions {
  /** Called as the request body goes out: 0-100. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface XhrAnswer {
  status: number;
  statusText: string;
  data: unknown;
  retryAfter: string | null;
}

/** fetch() reports no upload progress; XMLHttpRequest does. Same cookies and XSRF header as send(). */
function sendWithProgress(path: string, form: FormData, options: UploadOptions): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, readCookie(CSRF_COOKIE) ?? '');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0)
        options.onProgress?.(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    };
    xhr.onload = () => {
      let data: unknown;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('application/json')) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = undefined;
        }
      }
      resolve({
        status: xhr.status,
        statusText: xhr.statusText,
        data,
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach the portal.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

async function upload<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  const generation = sessionGeneration;
  if (!readCookie(CSRF_COOKIE)) await primeCsrf();
  let answer = await sendWithProgress(path, form, options);
  if (answer.status === 403 && isErrorBody(answer.data) && answer.data.message === MESSAGES.csrf) {
    await primeCsrf();
    options.onProgress?.(0);
    answer = await sendWithProgress(path, form, options);
  }
  answered(answer.status);
  if (answer.status >= 200 && answer.status < 300) return answer.data as T;
  throw failure(answer.status, answer.statusText, answer.data, answer.retryAfter, generation);
}

/** A binary answer (a PDF) as a Blob; a refused one as ApiError with the server's message. */
async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const generation = sessionGeneration;
  const res = await fetch(path, { credentials: 'same-origin', signal });
  answered(res.status);
  if (res.ok) return res.blob();
  throw failure(res.status, res.statusText, await parseBody(res), res.headers.get('Retry-After'), generation);
}

export const apiClient = {
  get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return request<T>('GET', path, undefined, { signal });
  },
  getBlob,
  /** multipart/form-data POST with upload progress (XMLHttpRequest), XSRF header and the same errors. */
  upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
    return upload<T>(path, form, options);
  },
  /** multipart/form-data POST without progress (the same path as upload). */
  postForm<T>(path: string, form: FormData): Promise<T> {
    return upload<T>(path, form, {});
  },
  post<T>(path: string, body?: unknown, options: { keepalive?: boolean } = {}): Promise<T> {
    return request<T>('POST', path, body, options);
  },
};
