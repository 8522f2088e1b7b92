// The framework's ceiling for a signed-in API answer, run by bench/run.mjs as its own process:
//   node bench/ceiling.mjs <file holding the answer's JSON>   → prints {"port": n} once listening.
// A bare NestJS app on Express with express-session (its memory store) and one global guard, answering the same JSON
// the portal's record read answers: what any NestJS + Express + session app pays for one signed-in read on this
// machine, before any work of the portal's own. POST /login starts a session (the bench keeps its cookie);
// GET /api/record answers the JSON to a request whose session is signed in, 401 to any other.
// Plain JavaScript (the bench runs no compiler): Nest's decorators are applied as the functions they are.
import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Controller, Get, HttpCode, Module, Post, Req, UnauthorizedException } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import session from 'express-session';

const answer = JSON.parse(readFileSync(process.argv[2], 'utf8'));

class CeilingController {
  login(req) {
    req.session.userId = 1;
    return { ok: true };
  }
  record() {
    return answer;
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(CeilingController.prototype, name);
Req()(CeilingController.prototype, 'login', 0);
Post('login')(CeilingController.prototype, 'login', method('login'));
HttpCode(200)(CeilingController.prototype, 'login', method('login'));
Get('api/record')(CeilingController.prototype, 'record', method('record'));
Controller()(CeilingController);

class CeilingModule {}
Module({ controllers: [CeilingController] })(CeilingModule);

/** Deny by default, as the portal's guard: only a signed-in session passes, but to sign in. */
class SessionGuard {
  canActivate(context) {
    const req = context.switchToHttp().getRequest();
    if (req.path === '/login') return true;
    if (req.session?.userId === undefined) throw new UnauthorizedException();
    return true;
  }
}

const app = await NestFactory.create(CeilingModule, { logger: false });
app.use(
  session({
    secret: 'ceiling-secret-ceiling-secret-0123456789',
    store: new session.MemoryStore(),
    resave: false,
    saveUninitialized: false,
    cookie: { httpOnly: true, sameSite: 'lax' },
  }),
);
app.useGlobalGuards(new SessionGuard());
await app.listen(0, '127.0.0.1');
console.log(JSON.stringify({ port: app.getHttpServer().address().port }));
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
