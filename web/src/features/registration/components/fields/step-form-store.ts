import { createContext, useContext, useSyncExternalStore } from 'react';
import type { FormValue, FormValues } from './field-values.js';

/**
 * What one step's form holds: each field's shown value and its rule's message. A field's components read their own
 * entry (useStepFormValue, useStepFormError), so typing in one box draws that box only, as antd's Form did.
 */
export class StepFormStore {
  private readonly values: FormValues;
  private readonly errors = new Map<string, string>();
  private readonly listeners = new Set<() => void>();

  constructor(initial: FormValues) {
    this.values = { ...initial };
  }

  value(name: string): FormValue {
    return this.values[name];
  }

  error(name: string): string | null {
    return this.errors.get(name) ?? null;
  }

  setValue(name: string, value: FormValue): void {
    if (this.values[name] === value) return;
    this.values[name] = value;
    this.notify();
  }

  setValues(updates: FormValues): void {
    Object.assign(this.values, updates);
    this.notify();
  }

  /** The field's rule message, or null to take it away. */
  setError(name: string, message: string | null): void {
    if ((this.errors.get(name) ?? null) === message) return;
    if (message) this.errors.set(name, message);
    else this.errors.delete(name);
    this.notify();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

export const StepFormContext = createContext<StepFormStore | null>(null);

/** The store of the step form around the caller (StepForm). */
export function useStepForm(): StepFormStore {
  const store = useContext(StepFormContext);
  if (!store) throw new Error('useStepForm must be used inside StepForm');
  return store;
}

/** A field's shown value, drawn again when it changes (antd's Form.useWatch). */
export function useStepFormValue(name: string): FormValue {
  const store = useStepForm();
  const value = () => store.value(name);
  return useSyncExternalStore(store.subscribe, value, value);
}

/** A field's rule message, or null. */
export function useStepFormError(name: string): string | null {
  const store = useStepForm();
  const error = () => store.error(name);
  return useSyncExternalStore(store.subscribe, error, error);
}
