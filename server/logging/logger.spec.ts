import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createLogger, PinoLoggerService, requestLogging } from './logger.js';

function capture(level: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'debug') {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(level, { write: (l: string) => void lines.push(JSON.parse(l)) });
  return { logger, lines };
}

describe('logger', () => {
  it('writes one JSON object per line with an ISO time, the level name, the context and the fields', () => {
    const { logger, lines } = capture();
    new PinoLoggerService(logger).warn({ msg: 'sign-in failed', kind: 'student' }, 'Auth');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', context: 'Auth', msg: 'sign-in failed', kind: 'student' });
    expect(lines[0].time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('keeps Nest’s error(message, stack, context) call shape and drops lines below the threshold', () => {
    const { logger, lines } = capture('warn');
    const nest = new PinoLoggerService(logger);
    nest.log('started', 'Main');
    nest.debug('detail');
    nest.error('it broke', 'Error: it broke\n    at x', 'Files');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'it broke',
        context: 'Files',
        stack: 'Error: it broke\n    at x',
      }),
    ]);
  });

  it('never writes passwords, cookies, session ids or tokens', () => {
    const { logger, lines } = capture();
    new PinoLoggerService(logger).log({
      msg: 'oops',
      password: 'Sunny-Garden-42',
      body: { old_password: 'a', reset_password: 'b', token: 'c' },
      req: { headers: { cookie: 'portal.sid=s%3Aabc', 'x-xsrf-token': 'd' } },
      sessionID: 'abc',
      sid: 'abc',
    });
    const text = JSON.stringify(lines[0]);
    for (const secret of ['Sunny-Garden-42', 'portal.sid', '"a"', '"b"', '"c"', '"d"', 'abc']) {
      expect(text).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({ password: '[redacted]', sid: '[redacted]' });
  });
});

describe('request logging', () => {
  function app(level: 'debug' | 'info' = 'info') {
    const { logger, lines } = capture(level);
    const nest = new PinoLoggerService(logger);
    const a = express();
    a.use(requestLogging(logger));
    a.get('/api/thing', (_req, res) => {
      nest.warn({ msg: 'inside' }, 'Thing');
      res.json({ ok: true });
    });
    return { a, lines };
  }

  it('gives each request an id, echoes it and logs one access line without the query string', async () => {
    const { a, lines } = app();
    const res = await request(a).get('/api/thing?name=Dana%20Ali').expect(200);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const inside = lines.find((l) => l.msg === 'inside');
    expect(inside).toMatchObject({ request_id: id, context: 'Thing', level: 'warn' });
    const access = lines.find((l) => l.msg === 'request');
    expect(access).toMatchObject({ level: 'info', context: 'HTTP', request_id: id, method: 'GET', path: '/api/thing' });
    expect(access).toHaveProperty('status', 200);
    expect(typeof access?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('Dana');
    expect(Object.keys(access!).sort()).toEqual(
      ['context', 'level', 'method', 'ms', 'msg', 'path', 'request_id', 'status', 'time'].sort(),
    );
  });

  it("keeps a proxy's sane X-Request-Id and replaces anything else", async () => {
    const { a } = app();
    const kept = await request(a).get('/api/thing').set('X-Request-Id', 'proxy-1234.abc');
    expect(kept.headers['x-request-id']).toBe('proxy-1234.abc');
    const replaced = await request(a).get('/api/thing').set('X-Request-Id', 'bad id <script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
