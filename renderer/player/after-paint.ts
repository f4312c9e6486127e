/** Work for just after the browser has painted what is on screen now. */

/**
 * Runs `fn` once the next frame has been painted (an animation frame, then a task), or after `timeoutMs` where no frame
 * comes (a hidden window paints none); returns the cancel function.
 */
export function afterPaint(fn: () => void, timeoutMs = 100): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(task);
  };
  const run = () => {
    cancel();
    fn();
  };
  const frame = requestAnimationFrame(() => (task = setTimeout(run, 0)));
  const timer = setTimeout(run, timeoutMs);
  return cancel;
}
