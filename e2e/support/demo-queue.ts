/**
 * A work queue in the demo study, drawn through the product's createQueue before the host starts: the CLI has no
 * command that creates a queue (the studio's Setup view does, and its own spec drives that).
 */
import { openStudioServices } from '../../main/demo/studio-services';
import { listAnnotators } from '../../main/annotation/annotators';
import { createQueue, queueItems } from '../../main/annotation/queues';
import { listStudies } from '../../main/db/studies';

/** What the queue is: its name and size, and who it is assigned to, whole (each of them gets every call). */
export interface DemoQueue {
  name: string;
  size: number;
  assignees: readonly string[];
}

/**
 * Draws `queue` from the demo study's failed calls, stratified by system, with seed 1 (the Setup form's defaults) and
 * returns the external ids of each assignee's calls in queue order. The annotators must exist already.
 */
export async function seedDemoQueue(dbPath: string, queue: DemoQueue): Promise<Map<string, string[]>> {
  const services = await openStudioServices(dbPath);
  try {
    const demo = listStudies(services.db)[0];
    const people = new Map(listAnnotators(services.db).map((a) => [a.name, a.id]));
    const ids = queue.assignees.map((name) => {
      const id = people.get(name);
      if (id === undefined) throw new Error(`no annotator ${name} to assign the queue to`);
      return id;
    });
    const request = { studyId: demo.id, name: queue.name, size: queue.size, seed: 1, onlyFailed: true };
    const made = createQueue(
      services.db,
      { ...request, stratifyBy: 'system', assignment: 'all', annotatorIds: ids },
      new Date('2026-01-02T03:04:05Z'),
    );
    const items = (id: number) => queueItems(services.db, made.id, id).map((i) => i.externalId);
    return new Map(queue.assignees.map((name, i) => [name, items(ids[i])]));
  } finally {
    services.db.close();
  }
}
