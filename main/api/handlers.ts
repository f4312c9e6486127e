/** The table from every contract method to its handler: the union of the per-domain handler tables. */
import type { MethodInput, MethodName, MethodOutput } from '../../shared/contract';
import type { Services } from '../services/services';
import { browseHandlers } from './browse-handlers';
import { jobHandlers } from './job-handlers';
import { importHandlers } from './import-handlers';
import { annotationHandlers } from './annotation-handlers';
import { metricsHandlers } from './metrics-handlers';
import { runHandlers } from './run-handlers';
import { judgeValidationHandlers } from './judge-validation-handlers';
import { progressHandlers } from './progress-handlers';
import { casebookHandlers } from './casebook-handlers';
import { annotationFileHandlers } from './annotation-file-handlers';
import { alignmentHandlers } from './alignment-handlers';

/** A handler: a plain function over the services, sync or async. */
export type Handler<M extends MethodName> = (s: Services, input: MethodInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** One handler per method; the type makes a missing handler a compile error. */
export const handlers: { [M in MethodName]: Handler<M> } = {
  ...browseHandlers,
  ...jobHandlers,
  ...importHandlers,
  ...annotationHandlers,
  ...metricsHandlers,
  ...runHandlers,
  ...judgeValidationHandlers,
  ...progressHandlers,
  ...casebookHandlers,
  ...annotationFileHandlers,
  ...alignmentHandlers,
};
