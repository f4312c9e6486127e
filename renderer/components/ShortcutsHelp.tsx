/** The list of keyboard shortcuts, shown with `?`. */
import { SHORTCUTS } from '../keyboard';

/** An overlay listing every shortcut; closes on Escape or click. */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <div className="overlay" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts" onClick={onClose}>
      <div className="overlay-card">
        <h2>Keyboard shortcuts</h2>
        <table>
          <tbody>
            {SHORTCUTS.map(([keys, what]) => (
              <tr key={keys}><th><kbd>{keys}</kbd></th><td>{what}</td></tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
