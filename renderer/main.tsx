/** Renderer entry: mounts the studio. */
import { createRoot } from 'react-dom/client';
import { App } from './views/App';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);
