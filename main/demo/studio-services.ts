/** The services as the studio opens them (desktop app, web host, command line): with the demo study on first use. */
import { createServices, type ServiceOptions, type Services } from '../services/services';
import { ensureDemoStudy } from './ensure-demo';

/** Options for opening the studio's services. */
export interface StudioOptions extends ServiceOptions {
  /** Import the built-in demo study into an empty database (default true). */
  demo?: boolean;
}

/** Opens the database at `dbPath`, builds the services, and imports the demo study into it when it has no studies. */
export async function openStudioServices(dbPath: string, options: StudioOptions = {}): Promise<Services> {
  const services = await createServices(dbPath, options);
  if (options.demo !== false) await ensureDemoStudy(services.db, services.paths.resourcesDir, services.clock());
  return services;
}
