/**
 * What she does on the server's page before the client has adopted it (she typed, and perhaps pressed LOGIN, while
 * the code was on its way). React adopts the HTML as it is, her text in the boxes included; each box of the light kit
 * hands what it holds to its form when first drawn (plain-controls.tsx), as the form's state starts from what the
 * server drew.
 *
 * The server draws a form's sending button as a plain button (PlainSubmitButton, until the page is live), so the
 * browser never sends a form itself (as a GET, with her password in the address). From the first script on, a press
 * on it, or Enter in the form's last box, is held and sent by the page once adopted; Enter in another box moves on to
 * the next, as the page does. boot.ts holds; the sending button sends once the page has drawn it.
 */
let held: HTMLFormElement | null = null;

const TEXT_BOXES = 'input:not([type=checkbox]):not([type=radio]):not([type=file]):not([type=hidden]), textarea';

/** A form's boxes she types in, in order. */
const boxesOf = (form: HTMLFormElement) =>
  [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_BOXES)].filter((box) => !box.disabled);

/** Forms whose sending button the page has drawn: a press there is sent at once. */
const drawn = new WeakSet<HTMLFormElement>();

/** Sends `form` once React has drawn what its boxes handed over (their updates are drawn before the next frame). */
function sendSoon(form: HTMLFormElement): void {
  sendSoonTo(() => form.isConnected && form.requestSubmit());
}

function sendSoonTo(act: () => void): void {
  requestAnimationFrame(() => setTimeout(act));
}

function hold(form: HTMLFormElement): void {
  if (drawn.has(form)) sendSoon(form);
  else held = form;
}

/** A button pressed before the page was adopted (React replays what is pressed while it adopts). */
let pressed: HTMLButtonElement | null = null;
let adopting = false;

function onPress(event: Event): void {
  const other = event.target instanceof Element ? event.target.closest('button:not([data-submit])') : null;
  if (other instanceof HTMLButtonElement && !adopting) pressed = other;
  const button = event.target instanceof Element ? event.target.closest('button[data-submit]') : null;
  // A live sending button (type="submit") sends its form itself.
  if (!(button instanceof HTMLButtonElement) || !button.form || button.type === 'submit') return;
  event.preventDefault();
  hold(button.form);
}

function onEnter(event: KeyboardEvent): void {
  const box = event.target;
  if (event.key !== 'Enter' || !(box instanceof HTMLInputElement) || !box.form) return;
  // Only before the page is live: its sending button is still a plain one.
  if (!box.form.querySelector('button[data-submit][type="button"]')) return;
  event.preventDefault();
  const boxes = boxesOf(box.form);
  const next = boxes[boxes.indexOf(box) + 1];
  if (next) next.focus();
  else hold(box.form);
}

/** From the first script on: a form sent before its sending button is live is held. */
export function holdEarlySubmits(): void {
  document.addEventListener('click', onPress, true);
  document.addEventListener('keydown', onEnter, true);
}

/**
 * Sends the form she sent before the page was live, once its sending button is drawn by the page (PlainSubmitButton,
 * PlainButton): after the boxes have handed what she typed to the form (each takes it when first drawn).
 */
export function sendHeldSubmit(form: HTMLFormElement | null | undefined): void {
  if (!form) return;
  drawn.add(form);
  if (form !== held) return;
  held = null;
  sendSoon(form);
}

/** React starts adopting (or drawing) the page: from here it answers, or replays, a press itself (main.tsx). */
export function adoptionStarted(): void {
  adopting = true;
}

/** Once the page is adopted: a button pressed before (the student-ID search, say) is pressed again, now live. */
export function pressAgain(): void {
  const button = pressed;
  pressed = null;
  if (button) sendSoonTo(() => button.isConnected && button.click());
}
