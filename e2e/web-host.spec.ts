/**
 * The web host's cookie in Chromium: a page served on another port of 127.0.0.1 cannot play a studio's audio, two
 * studios open in one browser each keep their own cookie, and the token leaves the address bar once the page has it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/browser';
import { startHost, type TestHost } from './support/host';
import { StudioPage } from './pages/studio-page';

let first: TestHost;
let second: TestHost;
let other: Server;
let otherOrigin: string;
let recorder: Server;
let recorderOrigin: string;
/** The `Sec-Fetch-Site` of each request the recorder (a third port) received. */
const probeSites: string[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  [first, second] = await Promise.all([startHost(), startHost()]);
  other = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>other</title>');
  });
  recorder = createServer((req, res) => {
    probeSites.push(String(req.headers['sec-fetch-site']));
    res.writeHead(404).end();
  });
  [otherOrigin, recorderOrigin] = await Promise.all([listen(other), listen(recorder)]);
  browser = await launchChromium();
  context = await browser.newContext();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([other, recorder].map((s) => new Promise((resolve) => s?.close(resolve))));
  await Promise.all([first?.stop(), second?.stop()]);
});

/** Whether an audio element in `page` loads `src` ('loaded', its metadata) or fails ('error'). */
function audioOutcome(page: Page, src: string): Promise<string> {
  return page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        const audio = new Audio();
        audio.preload = 'metadata';
        audio.onloadedmetadata = () => resolve('loaded');
        audio.onerror = () => resolve('error');
        setTimeout(() => resolve('timeout'), 10_000);
        audio.src = url;
      }),
    src,
  );
}

describe('the web host cookie in a browser', () => {
  it("serves React's production build, though the tests start the host with NODE_ENV=test", async () => {
    expect(process.env.NODE_ENV).toBe('test');
    const page = await context.newPage();
    try {
      await page.goto(first.url);
      const scripts = await page.evaluate(async () => {
        const urls = [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => s.src);
        urls.push(...[...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href));
        return Promise.all(urls.map(async (u) => ({ url: u, text: await (await fetch(u)).text() })));
      });
      expect(scripts.length).toBeGreaterThan(1);
      // The development build's JSX calls and React's development-only console hint.
      const dev = scripts.filter((s) => /jsxDEV|Download the React DevTools/.test(s.text)).map((s) => s.url);
      expect(dev).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("refuses a page on another port of 127.0.0.1 loading the studio's audio; the studio plays it", async () => {
    const studio = await context.newPage();
    await studio.goto(first.url);
    await expect(audioOutcome(studio, '/media/1')).resolves.toBe('loaded');
    const page = await context.newPage();
    await page.goto(otherOrigin);
    const failed = page.waitForEvent('requestfailed', (r) => r.url() === `${first.origin}/media/1`);
    await expect(audioOutcome(page, `${first.origin}/media/1`)).resolves.toBe('error');
    // Cross-Origin-Resource-Policy keeps the answer from the page
    expect((await failed).failure()?.errorText).toBe('net::ERR_BLOCKED_BY_RESPONSE.NotSameOrigin');
    // and Chromium marks a media load from one port of 127.0.0.1 to another `same-site`, on which the host refuses the
    // cookie with 403 (main/web/server.test.ts)
    await expect(audioOutcome(page, `${recorderOrigin}/probe`)).resolves.toBe('error');
    expect(probeSites).toEqual(['same-site']);
    await Promise.all([studio.close(), page.close()]);
  });

  it('takes the token out of the address bar once the page has it; a reload and new calls are let in by the cookie', async () => {
    const studio = new StudioPage(await context.newPage());
    await studio.open(first.url);
    expect(first.url).toContain('token=');
    await studio.page.waitForFunction(() => !location.search.includes('token'));
    expect(studio.page.url()).toBe(`${first.origin}/`);
    await studio.page.reload();
    await studio.episodeRows().first().click();
    await studio.waitForWaveform();
    expect(studio.page.url()).toBe(`${first.origin}/`);
    await studio.page.close();
  });

  it("keeps the first studio's audio playing after a second studio opens in the same browser", async () => {
    const a = await context.newPage();
    await a.goto(first.url);
    const b = await context.newPage();
    await b.goto(second.url);
    await expect(audioOutcome(a, '/media/1')).resolves.toBe('loaded');
    await expect(audioOutcome(b, '/media/1')).resolves.toBe('loaded');
    await Promise.all([a.close(), b.close()]);
  });
});
