/** `earshot serve`: builds the UI if needed and serves it with the API on 127.0.0.1. */
import { startWebHost, type WebHost } from '../web/server';
import { ensureRendererBuilt } from '../../build/renderer';
import type { CliOptions } from './args';
import { openForCli } from './commands';

/** Starts the web host and prints its one line; resolves once it is listening. */
export async function serveCommand(opts: CliOptions): Promise<WebHost> {
  await ensureRendererBuilt(undefined, (line) => process.stderr.write(line + '\n'));
  const services = await openForCli(opts);
  const host = await startWebHost(services, { port: opts.port });
  process.stdout.write(`Earshot at ${host.url}\n`);
  const stop = () => void host.close().then(() => { services.db.close(); process.exit(0); });
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return host;
}
