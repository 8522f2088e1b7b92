/**
 * What she does on the server's page before the client has adopted it (she typed, and perhaps pressed LOGIN, while
 * the code was on its way). React adopts the HTML as it is, her text in the boxes included, but its forms' state
 * starts from what the server drew (empty), so each box she typed in is handed to its form as she typed it.
 *
 * The server draws a form's sending button as a plain button (PlainSubmitButton, until the page is live), so the
 * browser never sends a form itself (as a GET, with her password in the address). From the first script on, a press
 * on it, or Enter in the form's last box, is held and sent by the page once adopted; Enter in another box moves on to
 * the next, as the page does. boot.ts holds, main.tsx hands over.
 */
let held: HTMLFormElement | null = null;

const TEXT_BOXES = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/** A form's boxes she types in, in order. */
const boxesOf = (form: HTMLFormElement) =>
  [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_BOXES)].filter((box) => !box.disabled);

function onPress(event: Event): void {
  const button = event.target instanceof Element ? event.target.closest('button[data-submit]') : null;
  if (!(button instanceof HTMLButtonElement) || !button.form) return;
  event.preventDefault();
  held = button.form;
}

function onEnter(event: KeyboardEvent): void {
  const box = event.target;
  if (event.key !== 'Enter' || !(box instanceof HTMLInputElement) || !box.form) return;
  if (!box.form.querySelector('button[data-submit]')) return;
  event.preventDefault();
  const boxes = boxesOf(box.form);
  const next = boxes[boxes.indexOf(box) + 1];
  if (next) next.focus();
  else held = box.form;
}

/** From the first script on: a form sent now is held. */
export function holdEarlySubmits(): void {
  document.addEventListener('click', onPress, true);
  document.addEventListener('keydown', onEnter, true);
}

/** From the moment React adopts the page, its handlers answer; nothing more is held. */
export function stopHoldingSubmits(): void {
  document.removeEventListener('click', onPress, true);
  document.removeEventListener('keydown', onEnter, true);
}

/**
 * A box whose text differs from what the page drew in it (React sets that as its default value) is handed to the
 * page as an input event: its value is set back to the drawn one through the element (React's record of it follows),
 * then to her text through the prototype (the record does not), so React sees the change and calls the form's
 * onChange. Her caret stays where it was.
 */
function handOverTyped(box: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = box.value;
  if (typed === box.defaultValue) return;
  const prototype = box instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (!setValue) return;
  const focused = document.activeElement === box;
  let selection: [number | null, number | null] = [null, null];
  try {
    selection = [box.selectionStart, box.selectionEnd];
  } catch {
    // Boxes without a caret (a date) have no selection.
  }
  box.value = box.defaultValue;
  setValue.call(box, typed);
  box.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selection[0] !== null && selection[1] !== null) box.setSelectionRange(selection[0], selection[1]);
}

/** Once the page is adopted: her text goes to its forms, then a form she sent is sent, to the page's own handler. */
export function handOverEarlyInput(root: Element): void {
  root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_BOXES).forEach(handOverTyped);
  const form = held;
  held = null;
  // After React has drawn the text handed over (an input event's update is drawn before the next task).
  if (form) setTimeout(() => form.isConnected && form.requestSubmit());
}
