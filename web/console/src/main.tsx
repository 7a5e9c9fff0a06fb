import { createRoot } from 'react-dom/client';
import './i18n.js';
import { App } from './App.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(<App />);
