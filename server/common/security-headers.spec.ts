import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetOptions, PERMISSIONS_POLICY, securityHeaders } from './security-headers.js';

type Handler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The headers a real answer carries after `handler` ran on it. */
async function headersAfter(handler: Handler): Promise<Record<string, string>> {
  const server = createServer((req, res) => handler(req, res, () => res.end('ok')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers = Object.fromEntries(res.headers);
    for (const name of ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'])
      delete headers[name];
    return headers;
  } finally {
    server.close();
  }
}

describe('securityHeaders', () => {
  it.each([false, true])(
    'sets what helmet sets on each request, plus the Permissions-Policy (HSTS %s)',
    async (hsts) => {
      const ours = await headersAfter(securityHeaders(hsts) as unknown as Handler);
      const perRequest = helmet(helmetOptions(hsts));
      const theirs = await headersAfter(perRequest as unknown as Handler);
      expect(ours).toEqual({ ...theirs, 'permissions-policy': PERMISSIONS_POLICY });
      expect(ours['content-security-policy']).toContain("script-src 'self'");
      expect('strict-transport-security' in ours).toBe(hsts);
    },
  );
});
