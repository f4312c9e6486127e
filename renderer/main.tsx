/** Renderer entry: mounts the studio. */
import { createRoot } from 'react-dom/client';
import { App } from './views/App';
import { warmAudioOutput } from './player/media';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);
warmAudioOutput();
