/** A configured judge: its id and version, and the pipeline it applies to an episode of each benchmark. */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BatchJudgement } from '../importers/batch';
import { JudgeModel } from './ask';
import type { JudgeConfig } from './config';
import type { JudgeEpisode } from './episode-input';
import { judgeGeneric, judgeGrounding, judgeVera, PIPELINE_TEMPLATES, type Verdict } from './pipelines';
import { BUILTIN_PROMPTS } from './templates';

/** A judge ready to grade episodes. */
export class Judge {
  readonly id: string;
  /** `<model>#<hash>`: the hash covers every template file, the votes, temperature and classifier switch. */
  readonly version: string;
  readonly promptsDir: string;
  private readonly model: JudgeModel;

  constructor(
    readonly config: JudgeConfig,
    onRetry?: (message: string) => void,
  ) {
    this.id = config.id;
    this.promptsDir = config.promptsDir ? resolve(config.promptsDir) : BUILTIN_PROMPTS;
    const h = createHash('sha256').update(JSON.stringify([config.model, config.votes, config.temperature, config.maxTokens, config.classifyFailures, config.benchmark ?? null]));
    for (const name of Object.values(PIPELINE_TEMPLATES).flat()) {
      const file = join(this.promptsDir, `${name}.md`);
      h.update(name).update(existsSync(file) ? readFileSync(file) : '');
    }
    this.version = `${config.model}#${h.digest('hex').slice(0, 10)}`;
    this.model = new JudgeModel(config, onRetry);
  }

  /** Grades one episode with the pipeline of its benchmark (or the config's override). */
  async judge(ep: JudgeEpisode, signal: AbortSignal): Promise<Verdict & { judgement: BatchJudgement }> {
    const kind = this.config.benchmark ?? (ep.benchmark === 'vera' || ep.benchmark === 'dsb-dg' ? ep.benchmark : 'generic');
    const run = kind === 'vera' ? judgeVera : kind === 'dsb-dg' ? judgeGrounding : judgeGeneric;
    const verdict = await run(ep, this.model, signal, this.promptsDir);
    return { ...verdict, judgement: { ...verdict.judgement, judgeId: this.id, judgeVersion: this.version } };
  }
}
