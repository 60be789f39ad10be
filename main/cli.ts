// `npm run serve`: always headless (server use).
import { runHeadless } from './headless.js';

await runHeadless();
