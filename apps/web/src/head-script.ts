/**
 * The prerendered and server-drawn pages' head script (decisions 030, 037, 044): the build bundles
 * this file on its own into one inline script (build/prerender.ts), so it carries everything it
 * uses and nothing else of the app.
 */
import { OWN_RENDER_ATTRIBUTE, prerenderedPageStart, readerNeedsOwnRender } from './prerender-gate';

prerenderedPageStart(readerNeedsOwnRender, OWN_RENDER_ATTRIBUTE);
