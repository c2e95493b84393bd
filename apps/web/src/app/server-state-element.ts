/**
 * The page's <script type="application/json"> with the server's state (server-state.ts); its
 * data-modules attribute names the build files of the page's routes. A module of its own: the
 * entry (main.tsx) reads it before any of the app's code has loaded.
 */
export const SERVER_STATE_ELEMENT_ID = 'app-state';
