/** IPC registration with a recording ipcMain: every contract method reaches the real dispatcher, from our page only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods, type CallResult, type MethodName } from '../../shared/contract';
import { IPC_CALL, IPC_EVENT } from '../../shared/ipc-channels';
import type { StudySummary } from '../../shared/domain';
import { tempServices, type TempServices } from '../../test-support/temp-services';
import { fakeIpcMain, FakeWindow } from './fake-electron';
import { BAD_FRAME, registerIpc } from './ipc';

const PAGE = 'app://earshot/index.html';

let t: TempServices;
let ipc: ReturnType<typeof fakeIpcMain>;
let window: FakeWindow;

beforeAll(async () => {
  t = await tempServices({ door: 'electron' });
  ipc = fakeIpcMain();
  window = new FakeWindow({});
  registerIpc(ipc.ipcMain, t.services, window);
});
afterAll(() => t.cleanup());

const call = (frameUrl: string | null, method: unknown, input?: unknown) =>
  ipc.invoke(IPC_CALL, frameUrl, method, input) as Promise<CallResult<unknown>>;

describe('IPC registration', () => {
  it('registers the one call channel the preload invokes', () => {
    expect([...ipc.handlers.keys()]).toEqual([IPC_CALL]);
  });

  it('reaches every contract method: an input of the wrong shape is answered invalid_input by the dispatcher', async () => {
    const names = Object.keys(methods) as MethodName[];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      // Every method's input is an object schema; a number is never one, so validateCall refuses it by name.
      const answer = await call(PAGE, name, 42);
      expect(answer, name).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
      expect((answer as { error: { message: string } }).error.message.startsWith(`${name}:`), name).toBe(true);
    }
    expect(await call(PAGE, 'studies.drop', {})).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
  });

  it('answers a valid call with the handler result: the demo study the services seeded', async () => {
    const answer = (await call(PAGE, 'studies.list', {})) as { ok: true; result: StudySummary[] };
    expect(answer.ok).toBe(true);
    expect(answer.result.map((s) => s.name)).toEqual(['Demo study']);
    expect(await call(PAGE, 'app.info', {})).toMatchObject({
      ok: true,
      result: { door: 'electron', dbPath: t.dbPath },
    });
  });

  it('refuses calls whose sender frame is not our app://earshot page, before any validation', async () => {
    for (const frame of [
      null,
      'https://evil.example/',
      'app://evil/index.html',
      'file:///tmp/index.html',
      'http://127.0.0.1:5173/',
      'app://user:pw@earshot/index.html',
    ]) {
      expect(await call(frame, 'studies.list', {}), String(frame)).toEqual(BAD_FRAME);
      expect(await call(frame, 'no.such.method', 42), String(frame)).toEqual(BAD_FRAME);
    }
  });

  it('forwards every pushed event to the window on the event channel, and none once it is destroyed', () => {
    const payload = { scope: 'studies' as const, studyId: 1 };
    t.services.events.emit('data.changed', payload);
    expect(window.sent).toEqual([[IPC_EVENT, 'data.changed', payload]]);
    window.destroyed = true;
    t.services.events.emit('data.changed', payload);
    expect(window.sent).toHaveLength(1);
  });
});
