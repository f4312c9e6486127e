/**
 * A τ-Voice run folder whose results.json lists a task, for tests of what the importer keeps of it: the fixture's
 * experiment (its results.json lists no tasks) with `tasks` holding the retail task its simulation 49b22f0c-… ran.
 */
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fixture } from './fixtures';

/** The fixture's simulation of task 40, the one `tasks` gets an entry for. */
export const TASK_40_SIM_ID = '49b22f0c-4a56-41c5-922f-bc2a56e53a23';

/**
 * Retail task 40 as tau2-bench ships it (data/tau2/domains/retail/tasks.json at a2c02472…, the commit the fixture
 * was copied from), cut to its id and evaluation criteria, the only fields the importer reads of a task.
 */
const RETAIL_TASK_40 = {
  id: '40',
  evaluation_criteria: {
    actions: [
      {
        action_id: '40_0',
        name: 'find_user_id_by_email',
        arguments: { email: 'isabella.lopez3271@example.com' },
        info: null,
      },
      { action_id: '40_1', name: 'get_user_details', arguments: { user_id: 'isabella_lopez_6490' }, info: null },
      { action_id: '40_2', name: 'get_order_details', arguments: { order_id: '#W4923227' }, info: null },
      {
        action_id: '40_3',
        name: 'modify_pending_order_payment',
        arguments: { order_id: '#W4923227', payment_method_id: 'credit_card_8897086' },
        info: null,
      },
    ],
    communicate_info: ['60', 'mastercard'],
    nl_assertions: [
      'Agent should tell the user their gift card balance is $60.',
      'Agent should tell the user their recent order was paid with a Mastercard.',
    ],
    reward_basis: ['DB', 'NL_ASSERTION'],
  },
};

/** Copies the fixture's experiment folder into `dir` with task 40 in results.json `tasks`; returns the run's path. */
export function makeTau2RunWithTask(dir: string): string {
  const run = join(dir, 'tau2-run-with-task');
  cpSync(fixture('tau2-voice', 'experiment'), run, { recursive: true });
  const resultsPath = join(run, 'results.json');
  const results = JSON.parse(readFileSync(resultsPath, 'utf8')) as Record<string, unknown>;
  writeFileSync(resultsPath, JSON.stringify({ ...results, tasks: [RETAIL_TASK_40] }, null, 2));
  return run;
}
