/** A dialog over the whole studio: rendered into the document body, above every pane (the waveform included). */
import type { DragEvent, MouseEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** What a dialog needs: its accessible name, its test id, its card's extra class, and optional handlers. */
export interface DialogProps {
  label: string;
  testId: string;
  cardClass?: string;
  /** Called on a click on the dimmed backdrop (not on the card). */
  onBackdrop?: () => void;
  onDrop?: (e: DragEvent) => void;
  children: ReactNode;
}

/** A modal card on a dimmed backdrop, in a portal on `document.body` so no pane's stacking can cover it. */
export function Dialog({ label, testId, cardClass, onBackdrop, onDrop, children }: DialogProps) {
  const onClick = (e: MouseEvent) => {
    if (e.target === e.currentTarget) onBackdrop?.();
  };
  return createPortal(
    <div
      className="overlay"
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-testid={testId}
      onClick={onClick}
      onDragOver={onDrop && ((e) => e.preventDefault())}
      onDrop={onDrop}
    >
      <div className={cardClass ? `overlay-card ${cardClass}` : 'overlay-card'}>{children}</div>
    </div>,
    document.body,
  );
}
