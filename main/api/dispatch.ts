/** The single entry both doors call: validate, run the handler, and turn every failure into a typed error. */
import { validateCall, type CallResult, type MethodName } from '../../shared/contract';
import type { Services } from '../services/services';
import { handlers, type Handler } from './handlers';
import { DomainError } from '../domain/errors';

/** Runs one call from a door; never throws. */
export async function dispatch(services: Services, method: unknown, input: unknown): Promise<CallResult<unknown>> {
  const checked = validateCall(method, input);
  if (!checked.ok) return checked;
  const { method: name, input: parsed } = checked.result;
  try {
    const handler = handlers[name] as Handler<MethodName>;
    return { ok: true, result: await handler(services, parsed as never) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, error: { code: err.code, message: err.message } };
    console.error(`[earshot] ${name} failed:`, err);
    return { ok: false, error: { code: 'internal', message: `${name} failed: ${(err as Error).message}` } };
  }
}
