import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { SAVE_INDICATOR_DELAY_MS } from '../../../../../shared/constants.js';
import { type FieldName, type FieldSnapshot, type FieldValue, fieldSaveQueue } from './field-save-queue.js';

/**
 * What a field shows about its value:
 * - 'none': nothing to say (saved long ago, or never changed; a quick save shows no spinner);
 * - 'saving': a save on its way for more than 600 ms (docs/product.md §4);
 * - 'saved': the server has it (the success check of docs/product.md §4);
 * - 'unsent': not on the server yet, kept on this device and retried ("Not saved yet — will retry");
 * - 'conflict': another device saved a different value since she started (she chooses);
 * - 'refused': the server refused it, with its message.
 */
export type FieldSaveStatus = 'none' | 'saving' | 'saved' | 'unsent' | 'conflict' | 'refused';

export interface FieldSave {
  status: FieldSaveStatus;
  snapshot: FieldSnapshot;
  /** Queues the value; `expected` is what the field held on the server when she started editing. */
  save(value: FieldValue, expected: FieldValue | undefined, extra?: Record<string, unknown>): void;
  keepMine(): void;
  /** Drops her value for the one saved on the other device, and answers that value. */
  useSaved(): FieldValue | undefined;
  dismiss(): void;
}

function statusOf(snapshot: FieldSnapshot, slow: boolean): FieldSaveStatus {
  const e = snapshot.entry;
  if (!e) return snapshot.savedAt ? 'saved' : 'none';
  switch (e.state) {
    case 'sending':
      return e.attempts > 0 ? 'unsent' : slow ? 'saving' : 'none';
    case 'pending':
      return e.attempts > 0 ? 'unsent' : 'none';
    case 'retrying':
    case 'signed-out':
      return 'unsent';
    case 'conflict':
      return 'conflict';
    case 'refused':
      return 'refused';
  }
}

/*
 * What is kept on this device is the browser's to know: the server draws (and the browser, while it adopts the
 * server's HTML, reads) an empty queue, not loaded yet, and the page then shows what the device keeps.
 */
const NOTHING_KEPT: FieldSnapshot = { entry: undefined, savedAt: undefined };

/** One field's place in the save queue, for the registration form. */
export function useFieldSave(studentId: string, field: FieldName): FieldSave {
  const snapshot = useSyncExternalStore(
    (listener) => fieldSaveQueue.subscribe(listener),
    () => fieldSaveQueue.field(studentId, field),
    () => NOTHING_KEPT,
  );
  const inFlight = snapshot.entry?.state === 'sending' || snapshot.entry?.state === 'pending';
  // Slow: still in flight after the indicator's delay; reset (while rendering) once it is not.
  const [slow, setSlow] = useState(false);
  if (slow && !inFlight) setSlow(false);
  useEffect(() => {
    if (!inFlight) return undefined;
    const timer = setTimeout(() => setSlow(true), SAVE_INDICATOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [inFlight]);

  return {
    status: statusOf(snapshot, slow),
    snapshot,
    save: useCallback(
      (value, expected, extra) => fieldSaveQueue.enqueue(studentId, field, value, expected, extra),
      [studentId, field],
    ),
    keepMine: useCallback(() => fieldSaveQueue.keepMine(studentId, field), [studentId, field]),
    useSaved: useCallback(() => fieldSaveQueue.useSaved(studentId, field), [studentId, field]),
    dismiss: useCallback(() => fieldSaveQueue.dismiss(studentId, field), [studentId, field]),
  };
}

/** How many values of a student (or of anyone, without an id) are not on the server yet. */
export function useUnsentCount(studentId?: string): number {
  return useSyncExternalStore(
    (listener) => fieldSaveQueue.subscribe(listener),
    () => fieldSaveQueue.unsentCount(studentId),
    () => 0,
  );
}

/** How many values of a student could not be sent so far (a failed try, a conflict, an ended session). */
export function useFailedCount(studentId: string): number {
  return useSyncExternalStore(
    (listener) => fieldSaveQueue.subscribe(listener),
    () => fieldSaveQueue.failedCount(studentId),
    () => 0,
  );
}

/**
 * Whether the queue has loaded the signed-in account's values kept on this device: the form waits
 * for it, so that a value not saved yet is what its field shows.
 */
export function useQueueLoaded(): boolean {
  return useSyncExternalStore(
    (listener) => fieldSaveQueue.subscribe(listener),
    () => fieldSaveQueue.loadedFor() !== null,
    () => false,
  );
}
