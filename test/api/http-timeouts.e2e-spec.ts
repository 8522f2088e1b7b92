import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TIMEOUT_MESSAGE } from '../../server/common/http-timeouts.js';
import { startTestApp, type TestApp } from '../fixtures/test-app.js';

/*
 * Slow bodies (750 connections sending their bodies slowly once stayed open over 95 s). Here the body limit is
 * one second (BODY_TIMEOUT_SECONDS) and the whole-request limit five (REQUEST_TIMEOUT_SECONDS).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    listen: true,
    env: { BODY_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '2', REQUEST_TIMEOUT_SECONDS: '5' },
  });
});
afterAll(() => t.close());

/** Sends the request's start, then nothing more; resolves with what came back and how long until the socket closed. */
function sendAndWait(
  head: string,
  firstBytes: string,
  giveUpMs: number,
): Promise<{ answer: string; closedAfter: number }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve) => {
    const started = Date.now();
    let answer = '';
    const socket: Socket = connect(Number(port), '127.0.0.1', () => socket.write(head + firstBytes));
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (answer += d));
    const done = () => resolve({ answer, closedAfter: Date.now() - started });
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfter: Infinity });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      done();
    });
    socket.on('error', () => undefined);
  });
}

const jsonHead = (length: number) =>
  'POST /api/login-student HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
  `Content-Length: ${length}\r\n\r\n`;

describe('headers that do not arrive', () => {
  it("are answered 408 and closed once the headers limit has passed, not at Node's next 30 s check", async () => {
    // 200 slow-header connections once stayed open 48.7 s against a documented 20 s: Node looks for expired
    // headers only every connectionsCheckingInterval (30 s by default).
    const { answer, closedAfter } = await sendAndWait(
      'GET /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      'X-A: b',
      8000,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfter).toBeGreaterThanOrEqual(1900);
    expect(closedAfter).toBeLessThan(4000);
  });
});

describe('a body that does not arrive', () => {
  it('is answered 408 and its connection closed once the body limit has passed', async () => {
    const { answer, closedAfter } = await sendAndWait(jsonHead(100), '{"student_id":', 4000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain(BODY_TIMEOUT_MESSAGE);
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(3000);
  });

  it('closes the connection of an upload refused before its body has arrived, after the body limit', async () => {
    const head =
      'POST /api/store-file HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      'Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 100000\r\n\r\n';
    const { answer, closedAfter } = await sendAndWait(head, '--x\r\n', 9000);
    expect(answer).toMatch(/^HTTP\/1\.1 403/); // no CSRF token
    expect(closedAfter).toBeGreaterThanOrEqual(900);
    expect(closedAfter).toBeLessThan(3000); // not the whole-request limit (5 s)
  });

  it('leaves an upload to the whole-request limit, set on the server with the others', () => {
    const server = t.app.getHttpServer() as Server;
    expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([2000, 5000, 5000]);
  });

  it('does not stop a body that arrives in time', async () => {
    const res = await fetch(`${t.baseUrl}/api/session`);
    expect(res.status).toBe(200);
    const { answer } = await sendAndWait(jsonHead(2), '{}', 800);
    expect(answer).not.toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toMatch(/^HTTP\/1\.1 4\d\d/); // refused for its missing CSRF token, in time
  });
});
