import type { Server } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { HttpTimeouts } from '../config/app-config.js';

/** The answer to a body that did not arrive in time. */
export const BODY_TIMEOUT_MESSAGE = 'The request took too long to arrive. Please check your connection and try again.';

/** How often Node looks for requests past their headers or whole-request limit (its default is 30 s). */
export const TIMEOUT_CHECK_MS = 1000;

/**
 * Node's own limits on the server: the headers within `headers` seconds, a whole request within `request`
 * (an upload on a slow phone lives under this one), idle keep-alive connections closed after `keepAlive`.
 * Node enforces the first two only when it checks its connections, every 30 s by default: a connection trickling its
 * headers stayed open up to 50 s under a 20 s limit. Checked every second, each limit holds within a second. Must
 * be set before the server listens (Node starts its check timer then).
 */
export function applyServerTimeouts(server: Server, t: HttpTimeouts): void {
  server.headersTimeout = t.headers * 1000;
  server.requestTimeout = t.request * 1000;
  server.keepAliveTimeout = t.keepAlive * 1000;
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = TIMEOUT_CHECK_MS;
}

/**
 * Any body but a file upload (multipart/form-data) must have arrived within `seconds`: such a body is at most
 * 200 kB, so one still arriving after that is someone holding a connection open. It is answered 408 and the
 * connection closed. Uploads are limited by the server's requestTimeout alone. And whenever a request is answered
 * before its body has all arrived (refused at once: 401, 403, 413), its connection is closed `seconds` after the
 * answer if the rest has not arrived by then, rather than kept open reading it until the request limit.
 */
export function bodyDeadline(seconds: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (!hasBody || req.complete) return next();
    res.once('finish', () => {
      if (req.complete) return;
      // Not at once: a browser still sending an upload reads the answer (a 413's message) only if the connection lives.
      const grace = setTimeout(() => req.complete || req.socket.destroy(), seconds * 1000);
      grace.unref();
      req.once('end', () => clearTimeout(grace));
    });
    if (req.is('multipart/form-data')) return next();
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      res.end(JSON.stringify({ statusCode: 408, message: BODY_TIMEOUT_MESSAGE }));
    }, seconds * 1000);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once('end', clear);
    res.once('close', clear);
    next();
  };
}
