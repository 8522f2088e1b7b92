/**
 * What she does on the server's page before the client has adopted it (she typed, and perhaps pressed LOGIN, while
 * the code was on its way). React adopts the HTML as it is, her text in the boxes included, but its forms' state
 * starts from what the server drew (empty), so each box she typed in is handed to its form as she typed it. A form
 * she sent meanwhile is held (the browser would send it itself, as a GET with her password in the address) and sent
 * by the page once adopted. boot.ts holds, main.tsx hands over.
 */
let held: HTMLFormElement | null = null;

function hold(event: Event): void {
  if (!(event.target instanceof HTMLFormElement)) return;
  event.preventDefault();
  held = event.target;
}

/** From the first script on: a form sent now is held. */
export function holdEarlySubmits(): void {
  document.addEventListener('submit', hold, true);
}

/** From the moment React adopts the page, its handlers answer; nothing more is held. */
export function stopHoldingSubmits(): void {
  document.removeEventListener('submit', hold, true);
}

const TEXT_BOXES = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

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
