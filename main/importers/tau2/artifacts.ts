/** What the τ² runner leaves beside a simulation in `artifacts/task_<task_id>/sim_<id>/`: status, stereo audio, label tracks. */
import { TABLE_FILE } from '../limits';
import type { ImportRoot, RefSite } from '../safe-path';
import { labelSite, parseAudacityLabels, type AudacityLabel } from './audacity-labels';
import { readJsonFile, readTextFile, validate } from '../read-json';
import { tau2SimStatus } from './schema';

/** Label tracks written by tau2's `generate_audacity_labels`, by lane. */
export interface LabelTracks {
  user: AudacityLabel[] | null;
  agent: AudacityLabel[] | null;
  userTools: AudacityLabel[] | null;
  agentTools: AudacityLabel[] | null;
}

/** A simulation's artifacts; absent ones are null. */
export interface SimArtifacts {
  status: string | null;
  /** Absolute path of audio/both.wav (user left, agent right). */
  bothWav: string | null;
  labels: LabelTracks;
}

const LABEL_FILES: Record<keyof LabelTracks, string> = {
  user: 'user_labels.txt',
  agent: 'assistant_labels.txt',
  userTools: 'user_tool_calls_labels.txt',
  agentTools: 'assistant_tool_calls_labels.txt',
};

/** Reads the artifacts of simulation `simId` of task `taskId`; `site` names the simulation record whose ids built the path. */
export function readSimArtifacts(root: ImportRoot, taskId: string, simId: string, site: Omit<RefSite, 'field'>): SimArtifacts {
  const dir = `artifacts/task_${taskId}/sim_${simId}`;
  // most simulations have no artifacts: the folder is looked up in listings of artifacts/ and its task folders, read once
  if (!root.findListed(dir, { ...site, field: 'task_id / id' })) {
    return { status: null, bothWav: null, labels: { user: null, agent: null, userTools: null, agentTools: null } };
  }
  const find = (ref: string) => root.find(`${dir}/${ref}`, { ...site, field: 'task_id / id' });
  const statusPath = find('sim_status.json');
  const status = statusPath
    ? validate(tau2SimStatus, readJsonFile(statusPath, `${dir}/sim_status.json`), `${dir}/sim_status.json`, 'file').status
    : null;
  const labels = Object.fromEntries(
    Object.entries(LABEL_FILES).map(([lane, name]) => {
      const path = find(`audio/${name}`);
      const file = `${dir}/audio/${name}`;
      return [lane, path ? parseAudacityLabels(readTextFile(path, file, TABLE_FILE, labelSite), file) : null];
    }),
  ) as unknown as LabelTracks;
  return { status, bothWav: find('audio/both.wav'), labels };
}
