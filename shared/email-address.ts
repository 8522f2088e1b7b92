// E-mail addresses (docs/product.md §5, §11): what the portal accepts as one, and how it tells two spellings of the
// same mailbox apart. Framework-free: imported by the server and the web client.

/**
 * Characters that are never part of a bare address as the portal takes it: white space and control characters, and
 * what a mail library reads as a display name, a list or a comment (`x<evil@attacker.tt>`, `a@b.c, d@e.f`,
 * `"name" a@b.c`, `a@b.c (note)`). Only `local@domain.tld` passes, so what is typed is where the mail goes.
 */
const NOT_IN_ADDRESS = String.raw`\s\x00-\x1f\x7f@<>()[\]\\,;:"`;

/** A bare e-mail address: `local@domain.tld`, nothing around it. */
export const BARE_ADDRESS_PATTERN = new RegExp(
  `^[^${NOT_IN_ADDRESS}]+@[^${NOT_IN_ADDRESS}.]+(\\.[^${NOT_IN_ADDRESS}.]+)+$`,
);

export function isBareAddress(value: string): boolean {
  return value.length <= 254 && BARE_ADDRESS_PATTERN.test(value);
}

/** Providers that ignore dots in the part before @ (and where googlemail.com is gmail.com). */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

/** Characters that end a URL's host: a domain holding one is not read as a host (it is compared as typed). */
const NOT_IN_HOST = /[/?#%|^]/;

/**
 * The domain as the mail library sends to it: IDNA's mapping (UTS #46, the WHATWG URL host parser, which nodemailer's
 * domainToASCII is too) turns full-width letters and dots, other letter cases and compatibility forms into the
 * domain they reach (`ｇｍａｉｌ.com` is gmail.com), and a Unicode domain into its ASCII form.
 */
function mailDomain(domain: string): string {
  if (NOT_IN_HOST.test(domain)) return domain.toLowerCase();
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    return domain.toLowerCase();
  }
}

/**
 * The mailbox an address reaches, for comparing spellings: lower case, the domain as mail reaches it (mailDomain),
 * without a `+tag` after the local part, and for Gmail without dots in the local part (googlemail.com read as
 * gmail.com). `Ann.Lee+school@googlemail.com`, `annlee@ｇｍａｉｌ.com` and `annlee@gmail.com` are the same mailbox.
 * Used to compare, never to send: mail still goes to the address as typed.
 */
export function canonicalMailbox(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  let local = lower.slice(0, at);
  let domain = mailDomain(lower.slice(at + 1));
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (Object.hasOwn(DOTLESS_DOMAINS, domain)) {
    domain = DOTLESS_DOMAINS[domain];
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}

/** Whether two addresses reach the same mailbox (canonicalMailbox). */
export function sameMailbox(a: string, b: string): boolean {
  return canonicalMailbox(a) === canonicalMailbox(b);
}
