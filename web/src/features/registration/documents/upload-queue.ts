/**
 * The page's one queue of uploads (docs/product.md §4 Document upload): at most UPLOADS_AT_ONCE documents are sent at
 * the same time, the server's own number of uploads in flight per account (server/files/upload-gate.ts), so documents
 * that wait together (for a connection, for example) do not all start at once and get refused; the others wait their
 * turn, first chosen first sent. A turn is held until its upload has ended, retries included.
 */
export const UPLOADS_AT_ONCE = 2;

let running = 0;
const queued: (() => void)[] = [];

function next(): void {
  while (running < UPLOADS_AT_ONCE && queued.length > 0) {
    running++;
    queued.shift()!();
  }
}

/** Runs `job` when one of the page's turns is free; the turn is given back when it settles. */
export function inTurn<T>(job: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queued.push(() => {
      job()
        .then(resolve, reject)
        .finally(() => {
          running--;
          next();
        });
    });
    next();
  });
}
