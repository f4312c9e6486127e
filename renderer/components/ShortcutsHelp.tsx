/** The list of keyboard shortcuts, shown with `?`. */
import { SHORTCUTS } from '../keyboard';
import { Dialog } from './Dialog';

/** A dialog listing every shortcut; closes on Escape, its × or a click beside it. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <Dialog label="Keyboard shortcuts" testId="shortcuts" cardClass="shortcuts-card" onBackdrop={onClose}>
      <header className="panel-head">
        <h2 data-testid="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" className="close" data-testid="shortcuts-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      <table>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys} data-testid="shortcut">
              <th>
                <kbd>{keys}</kbd>
              </th>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
