/** Handlers for studies and app facts. */
import type { MethodInput, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { listStudies } from '../db/studies';

/** `app.info`: version, database file and door. */
export function appInfo(s: Services, _input: MethodInput<'app.info'>): MethodOutput<'app.info'> {
  return { version: s.version, dbPath: s.paths.dbPath, door: s.door };
}

/** `studies.list`: every study with its episode count. */
export function studiesList(s: Services, _input: MethodInput<'studies.list'>): MethodOutput<'studies.list'> {
  return listStudies(s.db);
}
