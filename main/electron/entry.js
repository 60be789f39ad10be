// Electron's entry (package.json "main"): the main process runs the TypeScript sources through tsx's
// loader, then the desktop shell. Everything it drives is plain Node, tested without Electron.
import { register } from 'tsx/esm/api';

register();
await import('./electron-main.ts');
