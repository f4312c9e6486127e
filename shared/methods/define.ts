/** The helper every method table uses to declare a method: an input schema and a phantom output type. */
import type { z } from 'zod';

/** A method's declaration: the schema its input must pass, and the type of its result. */
export interface MethodSpec<I extends z.ZodType, O> {
  input: I;
  /** Phantom: carries the output type only. */
  output?: O;
}

/** Declares a method returning O: `method<O>()(inputSchema)`. */
export function method<O>() {
  return <I extends z.ZodType>(input: I): MethodSpec<I, O> => ({ input });
}
