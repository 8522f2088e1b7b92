import { Injectable } from '@nestjs/common';

/**
 * The server's time source for rules that depend on the time of day (a report card's release time). Tests move
 * it forward instead of sleeping (`app.get(Clock).advance(ms)`); in production it is the system clock.
 */
@Injectable()
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves this instance's time forward (tests only). */
  advance(ms: number): void {
    this.offsetMs += ms;
  }

  /** Back to the system clock (tests only). */
  reset(): void {
    this.offsetMs = 0;
  }
}
