/** Headless Chromium for the browser benchmark: the e2e flags plus memory figures, and the renderer's peak RSS. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../e2e/support/browser';

/** A fresh Chromium with the flags of e2e/support/browser.ts, plus precise memory figures and a callable gc(). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...CHROMIUM_ARGS, '--enable-precise-memory-info', '--js-flags=--expose-gc'],
  });
}

/**
 * Peak resident memory (VmHWM) of Chromium renderer processes started by this process (one browser runs at a time),
 * read from /proc (Linux only; null elsewhere).
 */
export function rendererPeakRss(ancestorPid = process.pid): number | null {
  if (!existsSync('/proc/self/status')) return null;
  const parentOf = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parentOf.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const descends = (pid: number): boolean => {
    for (let p = parentOf.get(pid); p !== undefined && p > 1; p = parentOf.get(p)) if (p === ancestorPid) return true;
    return false;
  };
  let peak: number | null = null;
  for (const pid of parentOf.keys()) {
    if (!descends(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (hwm) peak = Math.max(peak ?? 0, Number(hwm[1]) * 1024);
    } catch {
      // gone
    }
  }
  return peak;
}

/** `chromiumPath` when the binary exists, else null. */
export function chromiumBinary(): string | null {
  return existsSync(chromiumPath) ? chromiumPath : null;
}
