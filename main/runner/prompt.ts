/** The instructions and document item a session opens with, composed from the system config and the set item. */
import type { SystemConfig } from './systems/config';
import type { SetItem } from './set/types';

/** Session instructions, and the document as a separate item when the config delivers it that way. */
export interface SessionPrompt {
  instructions: string;
  contextItem: string | null;
}

/** The documents of an item as one text block. */
export function documentText(item: SetItem): string {
  return item.documents.map((d) => (d.title ? `# ${d.title}\n\n${d.text}` : d.text)).join('\n\n');
}

/** Composes the prompt: the system's instructions, the item's, then the document (in the instructions or as an item). */
export function composePrompt(config: SystemConfig, item: SetItem): SessionPrompt {
  const instructions = [config.instructions, item.instructions].filter(Boolean).join('\n\n');
  const doc = documentText(item);
  if (!doc) return { instructions, contextItem: null };
  if (config.documentDelivery === 'item') return { instructions, contextItem: `Document:\n\n${doc}` };
  return { instructions: `${instructions}\n\nDocument:\n\n${doc}`, contextItem: null };
}
