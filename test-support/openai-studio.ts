/** Test setup shared by the runner and judge tests: a local OpenAI-protocol server with its key in OPENAI_API_KEY, and a fresh studio. */
import { afterAll, beforeAll } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi, type FakeOpenAiOptions } from './openai-server/server';
import { tempServices, type TempServices } from './temp-services';

/** What `useFakeOpenAiStudio` provides once its beforeAll has run. */
export interface FakeOpenAiStudio {
  fake: FakeOpenAi;
  t: TempServices;
}

/** Registers beforeAll/afterAll that start the server and a demo-less studio, and stop both (restoring the key) after. */
export function useFakeOpenAiStudio(options: FakeOpenAiOptions = {}): FakeOpenAiStudio {
  const ctx = {} as FakeOpenAiStudio;
  const savedKey = process.env.OPENAI_API_KEY;
  beforeAll(async () => {
    ctx.fake = await startFakeOpenAi(options);
    process.env.OPENAI_API_KEY = ctx.fake.apiKey;
    ctx.t = await tempServices({ demo: false });
  });
  afterAll(async () => {
    // An unset key stays unset (assigning undefined to process.env would store the string "undefined").
    if (savedKey === undefined) delete process.env.OPENAI_API_KEY;
    else process.env.OPENAI_API_KEY = savedKey;
    await ctx.fake?.close();
    ctx.t?.cleanup();
  });
  return ctx;
}
