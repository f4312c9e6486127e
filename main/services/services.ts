/** The services object every handler receives: database, events, jobs, paths, clock. */
import { openDatabase, type Db, type OpenOptions } from '../db/open';
import { EventBus } from './events';
import { pathsFor, type Paths } from './paths';
import { JobRegistry } from '../jobs/jobs';

/** What handlers run against. */
export interface Services {
  db: Db;
  events: EventBus;
  jobs: JobRegistry;
  paths: Paths;
  clock: () => Date;
  door: 'electron' | 'web';
  version: string;
}

/** Options for building the services. */
export interface ServiceOptions extends OpenOptions {
  door?: 'electron' | 'web';
  clock?: () => Date;
  root?: string;
}

/** Opens the database at `dbPath` and builds the services (main/demo/studio-services.ts adds the demo study). */
export async function createServices(dbPath: string, options: ServiceOptions = {}): Promise<Services> {
  const db = openDatabase(dbPath, options);
  const events = new EventBus();
  return {
    db,
    events,
    jobs: new JobRegistry(events),
    paths: pathsFor(dbPath, options.root),
    clock: options.clock ?? (() => new Date()),
    door: options.door ?? 'web',
    version: '0.1.0',
  };
}
