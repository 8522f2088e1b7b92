import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import puppeteer, { type Browser, type HTTPRequest, type Page } from 'puppeteer-core';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { fontStack } from './fonts.js';
import { escapeHtml, type SafeHtml } from './html.js';
import { COLOR } from '../../shared/design-tokens.js';

/*
 * PdfRenderer: HTML → PDF with the system Chromium (puppeteer-core). Import PdfModule and inject it.
 *
 *   const pdf: Buffer = await this.pdf.render(html`...`, { format: 'Legal', landscape: false });
 *   return pdfFile(pdf, 'Registration Form.pdf');   // pdfFile() in pdf-file.ts: inline, under that file name
 *
 * Options: format 'Legal' (8.5 × 14 in, the school's paper) or 'Letter'; landscape; margin (CSS lengths,
 * default 0.5 in all round); footer: text printed at the foot of every page with 'Page n of m';
 * timeoutMs (default 20 s, queue wait included).
 * Write templates with `html` from ./html.ts so every value is escaped. The page runs no JavaScript
 * and may load nothing: every request is aborted except data: URLs, so embed images with dataUrl().
 * CSS @page size is ignored in favour of `format` (preferCSSPageSize is off).
 *
 * Errors are Nest ServiceUnavailableException (503) with a message for the user: no Chromium
 * configured or it cannot start (says how to set CHROMIUM_PATH), the render took too long, or the
 * queue is full. Let them propagate from the controller.
 *
 * Inside: one Chromium, launched on first use and reused; at most POOL_SIZE pages render at once and
 * further calls wait in a queue; a page that rendered cleanly is kept for the next render (opening a
 * page costs more than printing one), any page whose render failed or timed out is closed in
 * `finally`, and every page is replaced after PAGE_MAX_USES renders; if Chromium dies
 * it is launched again on the next call (a render that lost its browser is retried once); it is
 * closed when the application shuts down.
 */

export interface PdfOptions {
  format: 'Legal' | 'Letter';
  landscape?: boolean;
  margin?: { top?: string; right?: string; bottom?: string; left?: string };
  /** Printed, escaped, at the foot of every page beside 'Page n of m'. */
  footer?: string;
  /** The whole render, waiting in the queue included. */
  timeoutMs?: number;
  /**
   * Tagged PDF (a structure tree for screen readers), on by default. A long table (a report of 1,500
   * rows) renders about twice as fast and a quarter the size without it.
   */
  tagged?: boolean;
}

const POOL_SIZE = 4;
const MAX_QUEUED = 200;
const DEFAULT_TIMEOUT_MS = 20_000;
const LAUNCH_TIMEOUT_MS = 15_000;
/** A page is closed and replaced after this many renders, so a long-lived page cannot grow without bound. */
const PAGE_MAX_USES = 100;

export const PDF_MESSAGES = {
  noChromium:
    'PDF documents are not available: Chromium was not found. Install it (Debian: apt-get install chromium) ' +
    'or set CHROMIUM_PATH to the Chromium executable, then restart the portal.',
  cannotStart: (p: string) =>
    `PDF documents are not available: Chromium could not be started from ${p}. ` +
    'Check that it is installed there or set CHROMIUM_PATH to the Chromium executable, then restart the portal.',
  timeout: 'The document took too long to prepare. Please try again in a moment.',
  busy: 'Too many documents are being prepared right now. Please try again in a moment.',
} as const;

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--disable-default-apps',
  '--mute-audio',
  '--font-render-hinting=none',
];

class RenderTimeout extends Error {}

@Injectable()
export class PdfRenderer implements OnModuleDestroy {
  private readonly logger = new Logger('PdfRenderer');
  private browser: Promise<Browser> | null = null;
  private userDataDir: string | null = null;
  private active = 0;
  /** Set-up pages waiting for the next render (at most POOL_SIZE), and how often each was used. */
  private readonly idle: Page[] = [];
  private readonly uses = new WeakMap<Page, number>();
  private readonly waiting: Array<() => void> = [];
  private closed = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Whether a Chromium is configured at all (it may still fail to start). */
  get configured(): boolean {
    return this.config.chromiumPath !== null;
  }

  async render(content: SafeHtml | string, options: PdfOptions): Promise<Buffer> {
    if (!this.config.chromiumPath) throw new ServiceUnavailableException(PDF_MESSAGES.noChromium);
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    const htmlText = content.toString();
    await this.acquire(deadline);
    try {
      try {
        return await this.renderOnce(htmlText, options, deadline);
      } catch (e) {
        // Chromium died under this render (crash, OOM kill): launch a new one and try once more.
        if (e instanceof ServiceUnavailableException || e instanceof RenderTimeout || this.closed) throw e;
        if (!(await this.browserLost())) throw e;
        this.logger.warn({ msg: 'Chromium was lost during a render; retrying once', error: (e as Error).message });
        return await this.renderOnce(htmlText, options, deadline);
      }
    } catch (e) {
      if (e instanceof RenderTimeout) throw new ServiceUnavailableException(PDF_MESSAGES.timeout);
      throw e;
    } finally {
      this.release();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    await this.closeBrowser();
  }

  // ---- the pool

  private async acquire(deadline: number): Promise<void> {
    if (this.active < POOL_SIZE) {
      this.active++;
      return;
    }
    if (this.waiting.length >= MAX_QUEUED) throw new ServiceUnavailableException(PDF_MESSAGES.busy);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          const at = this.waiting.indexOf(turn);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(new ServiceUnavailableException(PDF_MESSAGES.timeout));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(turn);
    });
    // the slot was handed over by release(): `active` already counts it
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  // ---- one render

  private async renderOnce(htmlText: string, options: PdfOptions, deadline: number): Promise<Buffer> {
    const remaining = () => Math.max(1, deadline - Date.now());
    let page: Page | null = null;
    let settled = false;
    let ok = false;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeout()), remaining());
    });
    const work = async (): Promise<Buffer> => {
      page = await this.takePage();
      if (settled) throw new RenderTimeout(); // timed out while the page was opening: finally closes it
      await page.setContent(htmlText, { waitUntil: 'load', timeout: remaining() });
      const margin = { top: '0.5in', right: '0.5in', bottom: '0.5in', left: '0.5in', ...options.margin };
      const bytes = await page.pdf({
        format: options.format,
        landscape: options.landscape ?? false,
        printBackground: true,
        margin: options.footer ? { ...margin, bottom: options.margin?.bottom ?? '0.7in' } : margin,
        displayHeaderFooter: options.footer !== undefined,
        headerTemplate: '<span></span>',
        footerTemplate: options.footer !== undefined ? footerTemplate(options.footer) : undefined,
        tagged: options.tagged ?? true,
        timeout: remaining(),
      });
      if (settled) throw new RenderTimeout();
      ok = true;
      return Buffer.from(bytes);
    };
    const working = work();
    try {
      return await Promise.race([working, timedOut]);
    } finally {
      settled = true;
      clearTimeout(timer);
      const used = page as Page | null;
      // A page that rendered cleanly goes back to the pool; after any failure or timeout it is closed.
      if (used && ok) this.givePage(used);
      else if (used) await used.close().catch(() => undefined);
      // a page opened after the timeout fired is closed here once work() gives up
      working
        .catch(() => undefined)
        .then(() => {
          const late = page as Page | null;
          if (late && !ok) void late.close().catch(() => undefined);
        });
    }
  }

  /** An idle page of the current Chromium, or a new one set up with no JavaScript and no network. */
  private async takePage(): Promise<Page> {
    const browser = await this.getBrowser();
    while (this.idle.length > 0) {
      const page = this.idle.pop()!;
      if (!page.isClosed() && page.browser() === browser && browser.connected) return page;
      void page.close().catch(() => undefined);
    }
    const page = await browser.newPage();
    this.uses.set(page, 0);
    try {
      await page.setJavaScriptEnabled(false);
      await page.setRequestInterception(true);
      page.on('request', (req: HTTPRequest) => {
        if (req.isInterceptResolutionHandled()) return;
        const url = req.url();
        if (url.startsWith('data:') || url === 'about:blank') void req.continue().catch(() => undefined);
        else void req.abort('blockedbyclient').catch(() => undefined);
      });
    } catch (e) {
      await page.close().catch(() => undefined);
      throw e;
    }
    return page;
  }

  private givePage(page: Page): void {
    const uses = (this.uses.get(page) ?? 0) + 1;
    this.uses.set(page, uses);
    if (uses >= PAGE_MAX_USES || this.closed || page.isClosed() || this.idle.length >= POOL_SIZE)
      void page.close().catch(() => undefined);
    else this.idle.push(page);
  }

  // ---- the browser

  private getBrowser(): Promise<Browser> {
    if (this.closed) return Promise.reject(new ServiceUnavailableException('The portal is shutting down.'));
    if (!this.browser) {
      const launching = this.launch();
      this.browser = launching;
      launching.catch(() => {
        if (this.browser === launching) this.browser = null;
      });
    }
    return this.browser;
  }

  private async launch(): Promise<Browser> {
    const executablePath = this.config.chromiumPath!;
    const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-chromium-'));
    this.userDataDir = userDataDir;
    const started = performance.now();
    let browser: Browser;
    try {
      browser = await puppeteer.launch({
        executablePath,
        headless: true,
        args: [...ARGS, `--user-data-dir=${userDataDir}`],
        timeout: LAUNCH_TIMEOUT_MS,
        // The application closes Chromium itself (onModuleDestroy), after in-flight renders finish.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
    } catch (e) {
      this.logger.error({
        msg: 'Chromium could not be started',
        chromium: executablePath,
        error: (e as Error).message,
      });
      await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
      throw new ServiceUnavailableException(PDF_MESSAGES.cannotStart(executablePath));
    }
    this.logger.log({
      msg: 'Chromium started',
      chromium: executablePath,
      version: await browser.version(),
      ms: Math.round(performance.now() - started),
    });
    browser.on('disconnected', () => {
      if (this.closed) return;
      this.logger.warn({ msg: 'Chromium exited; it will be started again on the next document' });
      void this.forget(browser, userDataDir);
    });
    return browser;
  }

  /** After a failed render: true when the browser is gone (and forgotten, so the next call relaunches). */
  private async browserLost(): Promise<boolean> {
    const current = this.browser;
    if (!current) return true;
    const browser = await current.catch(() => null);
    if (browser && browser.connected) return false;
    if (this.browser === current) this.browser = null;
    return true;
  }

  private async forget(browser: Browser, userDataDir: string): Promise<void> {
    if (this.browser && (await this.browser.catch(() => null)) === browser) this.browser = null;
    browser.process()?.kill('SIGKILL');
    await rm(userDataDir, { recursive: true, force: true }).catch(() => undefined);
  }

  private async closeBrowser(): Promise<void> {
    this.idle.length = 0;
    const current = this.browser;
    this.browser = null;
    const browser = current ? await current.catch(() => null) : null;
    if (browser) {
      const proc = browser.process();
      await Promise.race([browser.close().catch(() => undefined), new Promise((r) => setTimeout(r, 3000))]);
      if (proc && proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    }
    if (this.userDataDir) await rm(this.userDataDir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** Test hook: the running Chromium's process id, or null. */
  async chromiumPid(): Promise<number | null> {
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    return browser?.process()?.pid ?? null;
  }
}

/** Chromium fills .pageNumber and .totalPages itself (no JavaScript involved). */
function footerTemplate(text: string): string {
  const escaped = escapeHtml(text);
  return (
    `<div style="font-size:8pt;font-family:${fontStack().replace(/"/g, "'")};color:${COLOR.printMuted};width:100%;` +
    'padding:0 0.5in;display:flex;justify-content:space-between">' +
    `<span>${escaped}</span>` +
    '<span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>'
  );
}
