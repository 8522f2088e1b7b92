/**
 * The hand-over from the server's sign-in form to the client's page (docs/design.md §7). The server draws the real
 * form (server/web-client/sign-in-shell.ts), so she can type before the code arrives; boot.ts, the client's first
 * script, calls `watchSignInShell()`, which keeps, until the page takes over, what is typed in each box, which box has
 * the focus (and the caret), and whether she pressed LOGIN (or Enter in the password box). The page starts from
 * those values (`shellValues`), puts the focus back and, when she asked to sign in, signs in (`takeShellHandover`).
 * No dependency: this module is in the code that runs first.
 */
export interface ShellHandover {
  values: Record<string, string>;
  /** The name of the box that had the focus, and its selection. */
  focused: { name: string; start: number | null; end: number | null } | null;
  /** LOGIN was pressed (or Enter in the last box) after this module ran and before the page took over. */
  submitted: boolean;
  /** 'Click here to get your student ID' was pressed meanwhile. */
  lookup: boolean;
  /** The password boxes she made show their text (the eye button), by name. */
  shown: Record<string, boolean>;
}

let state: { formId: string; handover: ShellHandover } | null = null;
let taken = false;

function boxes(form: HTMLFormElement): HTMLInputElement[] {
  return [...form.querySelectorAll<HTMLInputElement>('input[name]')];
}

/** Starts watching the server's sign-in form, if the page has one (`form[data-sign-in-shell]` in #root). */
export function watchSignInShell(): void {
  const form = document.querySelector<HTMLFormElement>('#root form[data-sign-in-shell]');
  if (!form) return;
  const handover: ShellHandover = { values: {}, focused: null, submitted: false, lookup: false, shown: {} };
  state = { formId: form.id, handover };
  const readValues = () => {
    for (const input of boxes(form)) handover.values[input.name] = input.value;
  };
  // Only while a box of the form has the focus: the form's removal (the page taking over) must not clear it.
  const readFocus = () => {
    const active = document.activeElement;
    if (active instanceof HTMLInputElement && active.form === form && active.name)
      handover.focused = { name: active.name, start: active.selectionStart, end: active.selectionEnd };
  };
  readValues();
  readFocus();
  form.addEventListener('input', () => {
    readValues();
    readFocus();
  });
  for (const type of ['keyup', 'select', 'click'] as const) form.addEventListener(type, readFocus);
  document.addEventListener('selectionchange', readFocus);
  document.addEventListener('focusin', () => {
    if (form.isConnected) handover.focused = null;
    readFocus();
  });
  // Focus left for nowhere (a tap beside the boxes): nothing to give the focus back to.
  form.addEventListener('focusout', () =>
    setTimeout(() => {
      if (form.isConnected && !form.contains(document.activeElement)) handover.focused = null;
    }),
  );
  // The shell's LOGIN is type="button" (nothing is sent before the code is here): remembered, performed by the page.
  form.addEventListener('click', (e) => {
    if (e.target instanceof Element && e.target.closest('button[data-shell-submit]')) handover.submitted = true;
  });
  // The eye button shows and hides the password as the page's does (the page starts as she left it).
  form.addEventListener('click', (e) => {
    const eye = e.target instanceof Element ? e.target.closest('button.pf-eye') : null;
    const input = eye?.parentElement?.querySelector('input');
    if (!eye || !input) return;
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    eye.setAttribute('aria-pressed', String(show));
    eye.setAttribute('aria-label', show ? 'Hide password' : 'Show password');
    handover.shown[input.name] = show;
  });
  document.querySelector('#root [data-shell-lookup]')?.addEventListener('click', () => (handover.lookup = true));
  form.addEventListener('keydown', (e) => {
    const input = e.target;
    if (e.key !== 'Enter' || e.isComposing || !(input instanceof HTMLInputElement)) return;
    e.preventDefault();
    const all = boxes(form);
    const next = all[all.indexOf(input) + 1];
    // Enter moves on to the next box, and signs in from the last one, as on the page (the administrator's form
    // signs in from any box: data-enter="submit").
    if (next && form.dataset.enter !== 'submit') next.focus();
    else handover.submitted = true;
  });
}

/** What was typed in the server's form `formId` so far (the page's first values), or null. */
export function shellValues(formId: string): Record<string, string> | null {
  return state?.formId === formId && !taken ? { ...state.handover.values } : null;
}

/** Whether she made the password box `name` of the server's form `formId` show its text. */
export function shellShown(formId: string, name: string): boolean {
  return state?.formId === formId && !taken && state.handover.shown[name] === true;
}

/**
 * The server's form `formId` as it was when the page replaced it (call after the page's first commit: a layout
 * effect), once: later calls (a page drawn again) answer null.
 */
export function takeShellHandover(formId: string): ShellHandover | null {
  if (state?.formId !== formId || taken) return null;
  taken = true;
  return state.handover;
}
