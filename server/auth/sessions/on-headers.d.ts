// The on-headers package (the hook express-session itself uses) has no type declarations of its own.
declare module 'on-headers' {
  import type { ServerResponse } from 'node:http';

  /** Calls `listener` once, just before `res` writes its headers, while they can still be changed. */
  export default function onHeaders<R extends ServerResponse>(res: R, listener: (this: R) => void): void;
}
